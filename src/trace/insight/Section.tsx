/** An insight view: a region named by its heading, with a one-line note on what it shows. */
import { useId, type ReactNode } from "react";

export function InsightSection({
  title,
  note,
  children,
}: {
  title: string;
  note: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {title}
        </h3>
        <span className="text-xs text-slate-700 dark:text-slate-300">{note}</span>
      </div>
      {children}
    </section>
  );
}
