import type { ReactNode } from "react";

/**
 * A method page's heading (the RPC method name, which outside checks look for) with what the
 * page does and the endpoint it will call (already masked).
 */
export function PageHeader({
  method,
  title,
  target,
  children,
}: {
  method: string;
  title: string;
  /** e.g. `debug_traceTransaction at https://…/v1/••••abcd`; omitted when no endpoint resolves. */
  target?: string | null;
  children: ReactNode;
}) {
  return (
    <header>
      <h1 className="text-xl font-bold break-words">
        {method}{" "}
        <span className="text-base font-normal text-slate-700 dark:text-slate-300">— {title}</span>
      </h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {children}
        {target ? <span className="ml-1 break-all font-mono text-xs">→ {target}</span> : null}
      </p>
    </header>
  );
}
