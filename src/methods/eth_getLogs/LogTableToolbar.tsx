/** Above the logs table: the results filter, the column chooser and the live count. */
import { memo } from "react";
import { COLUMNS, type ColumnId } from "./columns";

export interface LogTableToolbarProps {
  filterText: string;
  onFilterText: (text: string) => void;
  hidden: ReadonlySet<ColumnId>;
  onToggleColumn: (id: ColumnId) => void;
  /** The filter as applied (deferred, trimmed, lower-case); "" when none. */
  query: string;
  total: number;
  shown: number;
  /** Rows searched so far while the filter's search texts are being prepared; null when done. */
  searching: number | null;
}

/** Memoised: the table re-renders on every scroll step, its toolbar only when its props change. */
export const LogTableToolbar = memo(function LogTableToolbar({
  filterText,
  onFilterText,
  hidden,
  onToggleColumn,
  query,
  total,
  shown,
  searching,
}: LogTableToolbarProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label
          htmlFor="logs-filter"
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Filter results
        </label>
        <input
          id="logs-filter"
          type="search"
          value={filterText}
          onChange={(e) => onFilterText(e.target.value)}
          placeholder="address, event, argument value…"
          className="w-72 max-w-full rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
          Columns
        </summary>
        <div role="group" aria-label="Visible columns" className="mt-1 flex flex-wrap gap-1">
          {COLUMNS.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={!hidden.has(c.id)}
              onClick={() => onToggleColumn(c.id)}
              className={`rounded border px-2 py-0.5 text-xs ${
                hidden.has(c.id)
                  ? "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300"
                  : "border-indigo-700 bg-indigo-50 text-indigo-900 dark:border-indigo-300 dark:bg-indigo-950 dark:text-indigo-100"
              }`}
            >
              {c.label}
            </button>
          ))}
        </div>
      </details>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {query !== ""
          ? `${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} logs match`
          : `${total.toLocaleString("en-US")} logs`}
        {searching !== null
          ? ` · searching (${Math.round((searching / Math.max(1, total)) * 100)}%)`
          : ""}
      </p>
    </div>
  );
});
