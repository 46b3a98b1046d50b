import type { ReactNode } from "react";

/**
 * A method page's heading (the RPC method name, which outside checks look for) with what the
 * page does and the endpoint it will call (already masked). With `heading`, the page is titled by
 * what was looked up ("Transaction 0xabcd…1234") and the method moves to the line below. With
 * `compact`, a phone shows the heading alone (the page's own view needs the first screen).
 */
export function PageHeader({
  method,
  title,
  heading,
  target,
  compact = false,
  children,
}: {
  method: string;
  title: string;
  heading?: string | null;
  /** e.g. `debug_traceTransaction at https://…/v1/••••abcd`; omitted when no endpoint resolves. */
  target?: string | null;
  /** Below 640 px, the description is left out (the heading stays). */
  compact?: boolean;
  children: ReactNode;
}) {
  const description = `text-sm text-slate-700 dark:text-slate-300${compact ? " max-sm:hidden" : ""}`;
  if (heading)
    return (
      <header>
        <h1 className="text-xl font-bold break-words">{heading}</h1>
        <p className={description}>
          <span className="font-mono text-xs">{method}</span> — {children}
          {target ? <span className="ml-1 break-all font-mono text-xs">→ {target}</span> : null}
        </p>
      </header>
    );
  return (
    <header>
      <h1 className="text-xl font-bold break-words">
        {method}{" "}
        <span className="text-base font-normal text-slate-700 dark:text-slate-300">— {title}</span>
      </h1>
      <p className={description}>
        {children}
        {target ? <span className="ml-1 break-all font-mono text-xs">→ {target}</span> : null}
      </p>
    </header>
  );
}
