import type { ReactNode } from "react";

/**
 * A page's heading: what the page shows, in people's words ("Transaction", "Logs"), or what was
 * looked up ("Transaction 0xabcd…1234"); below it, quietly, what the page does and the RPC method
 * it sends to which endpoint (already masked). `method` is the method actually sent (the resolved
 * endpoint's `rpcMethod`), never the name the app routes it by. With `compact`, a phone shows the
 * heading alone (the page's own view needs the first screen).
 */
export function PageHeader({
  title,
  heading,
  method,
  target,
  compact = false,
  children,
}: {
  /** What the page shows: "Transaction", "Trace", "Gas estimate"… */
  title: string;
  /** What was looked up, when the page has it; the heading then (else `title`). */
  heading?: string | null;
  /** The RPC method(s) the page sends, as sent; omitted when no endpoint resolves. */
  method?: string | null;
  /** The endpoint's masked URL; omitted when no endpoint resolves. */
  target?: string | null;
  /** Below 640 px, the description is left out (the heading stays). */
  compact?: boolean;
  children: ReactNode;
}) {
  // The method sent sits beside the heading, quietly; the description below it (on a compact
  // page, on the same line where there is room, and not at all on a phone: the page's own view
  // needs the first screen).
  const description = compact
    ? "text-sm text-slate-700 max-sm:hidden dark:text-slate-300"
    : "basis-full text-sm text-slate-700 dark:text-slate-300";
  return (
    <header className="flex flex-wrap items-baseline gap-x-3">
      <h1 className="text-xl font-bold break-words">{heading || title}</h1>
      {method ? (
        <p className="min-w-0 text-xs break-all text-slate-600 dark:text-slate-400">
          sends <span className="font-mono">{method}</span>
          {target ? <span className="font-mono"> → {target}</span> : null}
        </p>
      ) : null}
      <p className={description}>{children}</p>
    </header>
  );
}
