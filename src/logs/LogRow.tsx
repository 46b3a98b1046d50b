/**
 * One log in the table: a fixed-height row while collapsed (never measured), its details below
 * once opened. Decodes its log through the memoised `decode`, so only rows on screen decode.
 */
import { memo, type CSSProperties } from "react";
import { ROW_HEIGHT, type ShownColumn } from "./columns";
import type { KindIndex } from "./kinds";
import { argCell, extraCell, lightCell, logCell } from "./LogCell";
import { LogDetail } from "./LogDetail";
import type { Decode } from "./model";
import type { AmountUnit } from "./query";
import type { LogRow } from "./result";

export { ROW_HEIGHT };

interface RowProps {
  row: LogRow;
  index: number;
  start: number;
  template: string;
  columns: readonly ShownColumn[];
  decode: Decode;
  /** Reads the decoded argument columns' values. */
  kinds: KindIndex;
  /** The unit a token amount shows in (whole tokens where known): one for the table. */
  unit?: AmountUnit | undefined;
  expanded: boolean;
  onToggle: (id: number) => void;
  /** Only open rows are measured (and observed); collapsed ones are ROW_HEIGHT. */
  measure: ((el: HTMLElement | null) => void) | undefined;
  /**
   * Drawn light while the table is flung through (ui/virtual.ts useFling): block, time and event
   * as plain text, no Details button, links, labels or tooltips, until the scrolling stops.
   */
  light?: boolean;
}

export const LogRowView = memo(function LogRowView({
  row,
  index,
  start,
  template,
  columns,
  decode,
  kinds,
  unit,
  expanded,
  onToggle,
  measure,
  light,
}: RowProps) {
  const ev = decode(row);
  const style: CSSProperties = expanded
    ? {
        transform: `translateY(${start}px)`,
        gridTemplateColumns: template,
        contain: "layout paint",
      }
    : {
        transform: `translateY(${start}px)`,
        gridTemplateColumns: template,
        height: ROW_HEIGHT,
        contain: "strict",
      };
  const where = row.pending
    ? "pending"
    : `block ${row.blockNumber ?? "?"}, index ${row.logIndex ?? "?"}`;
  return (
    <div
      ref={measure}
      data-index={index}
      data-expanded={expanded}
      data-light={light ? "true" : undefined}
      role="row"
      aria-rowindex={index + 2}
      className={`absolute left-0 top-0 grid w-full items-start border-b border-slate-100 text-slate-900 dark:border-slate-800 dark:text-slate-100 ${
        row.removed
          ? "bg-amber-50 dark:bg-amber-950"
          : index % 2
            ? "bg-slate-50 dark:bg-slate-900"
            : "bg-white dark:bg-slate-950"
      }`}
      style={style}
    >
      <span role="cell" className="px-1 py-1">
        {light ? null : (
          <button
            type="button"
            aria-expanded={expanded}
            aria-label={`Details of the log at ${where}`}
            onClick={() => onToggle(row.id)}
            className="h-6 w-6 rounded text-xs text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700"
          >
            {expanded ? "▾" : "▸"}
          </button>
        )}
      </span>
      {columns.map((c) =>
        c.text
          ? extraCell(c.key, c.text(row))
          : c.arg !== undefined
            ? argCell(c, row, kinds, light === true, unit)
            : light
              ? lightCell(c.key, row, ev)
              : logCell(c.key, row, ev),
      )}
      {expanded ? (
        <div
          role="cell"
          className="border-t border-slate-200 px-3 py-2 dark:border-slate-700"
          style={{ gridColumn: "1 / -1" }}
        >
          <LogDetail row={row} ev={ev} kinds={kinds} unit={unit} />
        </div>
      ) : null}
    </div>
  );
});
