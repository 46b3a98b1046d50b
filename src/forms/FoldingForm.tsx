/**
 * Results first: once a request has run, the form folds into a one-line summary of what was
 * asked, so the result takes the viewport. The form stays mounted while folded (nothing typed is
 * lost); Edit opens it again in place, and running it folds it back.
 */
import { useId, type ReactNode } from "react";

function Toggle({
  expanded,
  controls,
  onClick,
  children,
}: {
  expanded: boolean;
  controls: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
      className="rounded border border-slate-300 px-2 py-0.5 text-xs font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}

export function FoldingForm({
  folded,
  onFold,
  onUnfold,
  summary,
  name,
  children,
}: {
  /** Folded: show the summary bar instead of the form. */
  folded: boolean;
  /** Fold again without running (offered while a result is shown); omit when there is none. */
  onFold?: () => void;
  onUnfold: () => void;
  /** What was asked, in one line: "block 0x12ab…, index 3". */
  summary: ReactNode;
  /** The form's name, e.g. "Transaction lookup". */
  name: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      {folded ? (
        <div
          role="group"
          aria-label={`${name}: what was asked`}
          className="flex min-w-0 flex-wrap items-center gap-2 rounded border border-slate-200 bg-slate-50 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <Toggle expanded={false} controls={id} onClick={onUnfold}>
            Edit
          </Toggle>
          <span className="min-w-0 flex-1 break-all font-mono text-xs text-slate-800 dark:text-slate-200">
            {summary}
          </span>
        </div>
      ) : onFold ? (
        <div className="flex justify-end">
          <Toggle expanded controls={id} onClick={onFold}>
            Fold the form
          </Toggle>
        </div>
      ) : null}
      <div id={id} hidden={folded}>
        {children}
      </div>
    </div>
  );
}
