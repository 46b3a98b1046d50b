/**
 * Above the logs table: the results filter and its hint, the column chooser (the event's
 * arguments among the columns), Group by, the live count and the exports (saying how many rows
 * go out).
 */
import { memo, useEffect, useMemo, useState } from "react";
import { Button, groupedNumber } from "../ui";
import { LOGS_FILTER } from "../ui/handOver";
import { COLUMNS, type ShownColumn } from "./columns";
import type { GroupOption } from "./groups";
import { FILTER_HINT } from "./query";
import { queryProblem } from "./termCheck";

export interface LogTableToolbarProps {
  filterText: string;
  onFilterText: (text: string) => void;
  /** Writes the view's link now; the toolbar then copies it. Undefined: the view has no link. */
  onCopyLink?: () => void;
  hidden: ReadonlySet<string>;
  onToggleColumn: (key: string) => void;
  /** The decoded argument columns the shown event offers. */
  argColumns: readonly ShownColumn[];
  groupOptions: readonly GroupOption[];
  group: string;
  onGroup: (group: string) => void;
  /** The filter as applied; "" when none. */
  query: string;
  total: number;
  shown: number;
  /** Rows searched so far while the filter is still looking; null when done. */
  searching: number | null;
  /** The filter's pass has found nothing yet: the rows shown are those from before it. */
  searchingFromStart?: boolean;
  /** Rows (or groups) an export writes, and what they are. */
  exportCount: number;
  exportWhat: "row" | "group";
  onExport: (format: "csv" | "json") => void;
}

function plural(n: number, what: string): string {
  return `${groupedNumber(n)} ${what}${n === 1 ? "" : "s"}`;
}

/** Memoised: the table re-renders on every scroll step, its toolbar only when its props change. */
export const LogTableToolbar = memo(function LogTableToolbar({
  filterText,
  onFilterText,
  onCopyLink,
  hidden,
  onToggleColumn,
  argColumns,
  groupOptions,
  group,
  onGroup,
  query,
  total,
  shown,
  searching,
  searchingFromStart = false,
  exportCount,
  exportWhat,
  onExport,
}: LogTableToolbarProps) {
  // A term that can match nothing as typed is said, rather than a silent "0 of N logs match".
  const problem = useMemo(() => queryProblem(query), [query]);
  const choosable = [
    ...COLUMNS.map((c) => ({ key: c.id as string, label: c.label })),
    ...argColumns,
  ];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label
            htmlFor="logs-filter"
            className="text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {LOGS_FILTER.label}
          </label>
          <input
            id="logs-filter"
            name={LOGS_FILTER.name}
            type="search"
            value={filterText}
            onChange={(e) => onFilterText(e.target.value)}
            placeholder={LOGS_FILTER.placeholder}
            aria-invalid={problem !== null ? true : undefined}
            aria-describedby={
              problem !== null ? "logs-filter-problem logs-filter-hint" : "logs-filter-hint"
            }
            className={LOGS_FILTER.className}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label
            htmlFor="logs-group"
            className="text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Group by
          </label>
          <select
            id="logs-group"
            value={group}
            onChange={(e) => onGroup(e.target.value)}
            className="rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            {groupOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
            Columns
          </summary>
          <div role="group" aria-label="Visible columns" className="mt-1 flex flex-wrap gap-1">
            {choosable.map((c) => (
              <button
                key={c.key}
                type="button"
                aria-pressed={!hidden.has(c.key)}
                onClick={() => onToggleColumn(c.key)}
                className={`rounded border px-2 py-0.5 text-xs ${
                  hidden.has(c.key)
                    ? "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300"
                    : "border-indigo-700 bg-indigo-50 text-indigo-900 dark:border-indigo-300 dark:bg-indigo-950 dark:text-indigo-100"
                }`}
              >
                {c.label}
              </button>
            ))}
          </div>
        </details>
        {onCopyLink ? <CopyLinkButton onCopyLink={onCopyLink} /> : null}
        <Button onClick={() => onExport("csv")} disabled={exportCount === 0}>
          Export CSV ({plural(exportCount, exportWhat)})
        </Button>
        <Button onClick={() => onExport("json")} disabled={exportCount === 0}>
          Export JSON ({plural(exportCount, exportWhat)})
        </Button>
      </div>
      {problem !== null ? (
        <p
          id="logs-filter-problem"
          role="alert"
          className="text-sm font-medium text-red-800 dark:text-red-300"
        >
          {problem}
        </p>
      ) : null}
      <p id="logs-filter-hint" className="text-xs text-slate-700 dark:text-slate-300">
        {FILTER_HINT}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {searchingFromStart
          ? `Searching ${groupedNumber(total)} logs…`
          : query !== ""
            ? `${groupedNumber(shown)} of ${groupedNumber(total)} logs match`
            : `${groupedNumber(total)} logs`}
        {searching !== null && !searchingFromStart
          ? ` · searching (${Math.round((searching / Math.max(1, total)) * 100)}%)`
          : ""}
      </p>
    </div>
  );
});

/** Copies the page's address once the view is written to it: filter, Group by, sorts, columns. */
function CopyLinkButton({ onCopyLink }: { onCopyLink: () => void }) {
  const [state, setState] = useState<"idle" | "done" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    onCopyLink();
    try {
      await navigator.clipboard.writeText(window.location.href);
      setState("done");
    } catch {
      setState("failed");
    }
  };
  return (
    <Button onClick={() => void copy()} title="Copy a link to this view: filter, grouping, sort">
      <span aria-live="polite">
        {state === "done" ? "Link copied" : state === "failed" ? "Copy failed" : "Copy link"}
      </span>
    </Button>
  );
}
