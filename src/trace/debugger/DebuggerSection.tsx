/** The Debug view's region: a section named by its "Debugger" heading, with a note on the frame. */
import { useId, type ReactNode } from "react";

export function DebuggerSection({ note, children }: { note: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          Debugger
        </h3>
        <span className="text-xs text-slate-700 dark:text-slate-300">{note}</span>
      </div>
      {children}
    </section>
  );
}
