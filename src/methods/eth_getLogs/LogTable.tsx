/**
 * The logs table: virtualised (only the rows in view are mounted), role="table" with
 * aria-rowcount = shown logs + 1 (the header). Decoding happens per visible row through the
 * memoised `decode`; the text filter searches strings prepared once per result.
 */
import {
  memo,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from "react";
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Rect,
} from "@tanstack/react-virtual";
import { CopyButton } from "../../ui/CopyButton";
import { href } from "../../shared/links";
import {
  argsText,
  dataWords,
  formatTimestamp,
  shortHex,
  type Decode,
  type DecodedEvent,
} from "./model";
import type { LogRow } from "./result";
import { useLogFilter } from "./useLogFilter";

export type ColumnId =
  "block" | "time" | "txIndex" | "logIndex" | "txHash" | "address" | "event" | "args" | "removed";

const COLUMNS: { id: ColumnId; label: string; width: string }[] = [
  { id: "block", label: "Block", width: "6.5rem" },
  { id: "time", label: "Time", width: "11.5rem" },
  { id: "txIndex", label: "Tx index", width: "4.5rem" },
  { id: "logIndex", label: "Log index", width: "5rem" },
  { id: "txHash", label: "Transaction hash", width: "9.5rem" },
  { id: "address", label: "Address", width: "9.5rem" },
  { id: "event", label: "Event", width: "9rem" },
  { id: "args", label: "Arguments", width: "minmax(16rem, 1fr)" },
  { id: "removed", label: "Removed", width: "7.5rem" },
];

type SortKey = "block" | "logIndex";
interface SortState {
  key: SortKey;
  dir: "asc" | "desc";
}

const ROW_HEIGHT = 36;

export interface LogTableProps {
  rows: readonly LogRow[];
  decode: Decode;
  /** Viewport size before the browser measures it (tests and the first paint). */
  initialRect?: Rect;
  /** Max height of the scrolling viewport. */
  maxHeight?: string;
}

function compareBy(key: SortKey) {
  return (a: LogRow, b: LogRow): number => {
    const ab = a.blockNumber ?? Number.POSITIVE_INFINITY;
    const bb = b.blockNumber ?? Number.POSITIVE_INFINITY;
    const ai = a.logIndex ?? Number.POSITIVE_INFINITY;
    const bi = b.logIndex ?? Number.POSITIVE_INFINITY;
    if (key === "logIndex")
      return ai !== bi ? (ai < bi ? -1 : 1) : ab === bb ? 0 : ab < bb ? -1 : 1;
    return ab !== bb ? (ab < bb ? -1 : 1) : ai === bi ? 0 : ai < bi ? -1 : 1;
  };
}

export function LogTable({ rows, decode, initialRect, maxHeight = "70vh" }: LogTableProps) {
  const [sort, setSort] = useState<SortState>({ key: "block", dir: "asc" });
  const [filterText, setFilterText] = useState("");
  const query = useDeferredValue(filterText.trim().toLowerCase());
  const [hidden, setHidden] = useState<ReadonlySet<ColumnId>>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const filtered = useLogFilter(rows, decode, query);

  const hasTime = useMemo(() => rows.some((r) => r.blockTimestamp !== null), [rows]);
  const columns = useMemo(
    () => COLUMNS.filter((c) => !hidden.has(c.id) && (c.id !== "time" || hasTime)),
    [hidden, hasTime],
  );
  const template = useMemo(() => ["2.25rem", ...columns.map((c) => c.width)].join(" "), [columns]);

  const view = useMemo(() => {
    const list: readonly LogRow[] = filtered ? filtered.matches : rows;
    if (sort.key === "block") return sort.dir === "asc" ? list : [...list].reverse();
    const sorted = [...list].sort(compareBy("logIndex"));
    return sort.dir === "asc" ? sorted : sorted.reverse();
  }, [rows, filtered, sort]);

  // Stable between renders: a new function would make the virtualizer lay out every row again
  // (100,000 of them) on each scroll.
  const getItemKey = useCallback((i: number) => view[i]?.id ?? i, [view]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is the point here
  const virtualizer = useVirtualizer({
    count: view.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    initialRect,
    // A viewport that measures 0×0 (a DOM without layout, a hidden tab) keeps `initialRect`.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height === 0 && initialRect ? initialRect : rect),
      ),
    getItemKey,
    // Collapsed rows have a fixed height (set in their style): no layout read, and the cached
    // size never changes under the scroll. Only an open row (its details inside) is measured; a
    // row not laid out yet (or a test DOM) measures 0 and keeps the estimate.
    measureElement: (el, entry, instance) =>
      el.getAttribute("data-expanded") === "true"
        ? measureElement(el, entry, instance) || ROW_HEIGHT
        : ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();

  const toggleSort = (key: SortKey) =>
    setSort((s) =>
      s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" },
    );
  const toggleColumn = (id: ColumnId) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleRow = useCallback(
    (id: number) =>
      setExpanded((e) => {
        const next = new Set(e);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const preparing = filtered !== null && !filtered.done;

  return (
    <div className="flex flex-col gap-2">
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
            onChange={(e) => setFilterText(e.target.value)}
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
                onClick={() => toggleColumn(c.id)}
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
            ? `${view.length.toLocaleString("en-US")} of ${rows.length.toLocaleString("en-US")} logs match`
            : `${rows.length.toLocaleString("en-US")} logs`}
          {preparing
            ? ` · searching (${Math.round(((filtered?.scanned ?? 0) / Math.max(1, rows.length)) * 100)}%)`
            : ""}
        </p>
      </div>

      <div
        ref={scrollRef}
        role="table"
        aria-label="Logs"
        aria-rowcount={view.length + 1}
        aria-colcount={columns.length + 1}
        className="overflow-auto rounded border border-slate-200 dark:border-slate-700"
        style={{ maxHeight, height: view.length > 12 ? maxHeight : undefined }}
      >
        <div className="min-w-[60rem]">
          <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-800">
            <div
              role="row"
              aria-rowindex={1}
              className="grid items-center text-xs font-semibold text-slate-800 dark:text-slate-100"
              style={{ gridTemplateColumns: template }}
            >
              <span role="columnheader" className="px-2 py-2">
                <span className="sr-only">Details</span>
              </span>
              {columns.map((c) => {
                const sortable = c.id === "block" || c.id === "logIndex";
                const active = sortable && sort.key === c.id;
                return (
                  <span
                    key={c.id}
                    role="columnheader"
                    aria-sort={
                      active
                        ? sort.dir === "asc"
                          ? "ascending"
                          : "descending"
                        : sortable
                          ? "none"
                          : undefined
                    }
                    className="px-2 py-2"
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="font-semibold underline-offset-2 hover:underline"
                        onClick={() => toggleSort(c.id as SortKey)}
                      >
                        {c.label}
                        <span aria-hidden="true">
                          {active ? (sort.dir === "asc" ? " ▲" : " ▼") : " ↕"}
                        </span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </span>
                );
              })}
            </div>
          </div>
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = view[item.index];
              if (!row) return null;
              return (
                <LogRowView
                  key={item.key}
                  row={row}
                  index={item.index}
                  start={item.start}
                  template={template}
                  columns={columns}
                  decode={decode}
                  expanded={expanded.has(row.id)}
                  onToggle={toggleRow}
                  measure={expanded.has(row.id) ? virtualizer.measureElement : undefined}
                />
              );
            })}
          </div>
        </div>
      </div>
      {query !== "" && view.length === 0 && !preparing ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          No log in this result matches “{filterText.trim()}”.
        </p>
      ) : null}
    </div>
  );
}

interface RowProps {
  row: LogRow;
  index: number;
  start: number;
  template: string;
  columns: { id: ColumnId; label: string }[];
  decode: Decode;
  expanded: boolean;
  onToggle: (id: number) => void;
  /** Only open rows are measured (and observed); collapsed ones are ROW_HEIGHT. */
  measure: ((el: HTMLElement | null) => void) | undefined;
}

const cellCls = "truncate px-2 py-2 font-mono text-xs";

const LogRowView = memo(function LogRowView({
  row,
  index,
  start,
  template,
  columns,
  decode,
  expanded,
  onToggle,
  measure,
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
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={`Details of the log at ${where}`}
          onClick={() => onToggle(row.id)}
          className="h-6 w-6 rounded text-xs text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700"
        >
          {expanded ? "▾" : "▸"}
        </button>
      </span>
      {columns.map((c) => (
        <Cell key={c.id} id={c.id} row={row} ev={ev} />
      ))}
      {expanded ? (
        <div
          role="cell"
          className="border-t border-slate-200 px-3 py-2 dark:border-slate-700"
          style={{ gridColumn: "1 / -1" }}
        >
          <LogDetail row={row} ev={ev} />
        </div>
      ) : null}
    </div>
  );
});

function Cell({ id, row, ev }: { id: ColumnId; row: LogRow; ev: DecodedEvent | null }) {
  switch (id) {
    case "block":
      return (
        <span role="cell" className={cellCls}>
          {row.blockNumber === null ? (
            <em className="text-amber-800 dark:text-amber-200">pending</em>
          ) : (
            row.blockNumber
          )}
        </span>
      );
    case "time":
      return (
        <span role="cell" className={cellCls}>
          {row.blockTimestamp === null ? "" : formatTimestamp(row.blockTimestamp)}
        </span>
      );
    case "txIndex":
      return (
        <span role="cell" className={cellCls}>
          {row.transactionIndex ?? (row.pending ? "pending" : "")}
        </span>
      );
    case "logIndex":
      return (
        <span role="cell" className={cellCls}>
          {row.logIndex ?? (row.pending ? "pending" : "")}
        </span>
      );
    case "txHash":
      return (
        <span role="cell" className={cellCls} title={row.transactionHash ?? undefined}>
          {row.transactionHash ? (
            <a
              className="text-indigo-700 underline dark:text-indigo-300"
              href={href("trace", { hash: row.transactionHash })}
            >
              {shortHex(row.transactionHash)}
            </a>
          ) : (
            "pending"
          )}
        </span>
      );
    case "address":
      return (
        <span role="cell" className={cellCls} title={row.address}>
          {shortHex(row.address)}
        </span>
      );
    case "event":
      return (
        <span
          role="cell"
          className={`${cellCls} ${ev ? "font-sans font-semibold" : ""}`}
          title={ev?.signature ?? row.topics[0]}
        >
          {ev ? ev.name : row.topics[0] ? shortHex(row.topics[0]) : "(no topics)"}
        </span>
      );
    case "args":
      return (
        <span role="cell" className={cellCls} title={ev ? argsText(ev) : undefined}>
          {ev
            ? argsText(ev)
            : `topics ${row.topics.length} · data ${(row.data.length - 2) / 2} bytes`}
        </span>
      );
    case "removed":
      return (
        <span role="cell" className={`${cellCls} font-sans`}>
          {row.removed ? (
            <strong className="text-amber-900 dark:text-amber-200">removed (reorg)</strong>
          ) : (
            "no"
          )}
        </span>
      );
  }
}

const KNOWN_FIELDS = new Set([
  "address",
  "topics",
  "data",
  "blockNumber",
  "blockHash",
  "transactionHash",
  "transactionIndex",
  "logIndex",
  "removed",
  "blockTimestamp",
]);

function LogDetail({ row, ev }: { row: LogRow; ev: DecodedEvent | null }) {
  const words = dataWords(row.data);
  const extra = Object.entries(row.raw).filter(([k]) => !KNOWN_FIELDS.has(k));
  return (
    <div className="flex flex-col gap-3 text-xs">
      {row.removed ? (
        <p className="font-semibold text-amber-900 dark:text-amber-200">
          Removed by a chain reorganisation: this log is no longer part of the chain.
        </p>
      ) : null}
      {ev ? (
        <section>
          <h3 className="font-semibold">
            {ev.name}{" "}
            <span className="font-mono font-normal text-slate-700 dark:text-slate-300">
              {ev.signature}
            </span>
          </h3>
          <table className="mt-1 w-full border-collapse text-left">
            <thead>
              <tr className="text-slate-700 dark:text-slate-300">
                <th className="pr-3 font-medium">Name</th>
                <th className="pr-3 font-medium">Type</th>
                <th className="font-medium">Value</th>
              </tr>
            </thead>
            <tbody>
              {ev.args.map((a, i) => (
                <tr key={i}>
                  <td className="pr-3 align-top font-mono">{a.name || `arg${i}`}</td>
                  <td className="pr-3 align-top font-mono">
                    {a.type}
                    {a.indexed ? " indexed" : ""}
                  </td>
                  <td className="break-all font-mono">{a.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          Not decoded: no known event has this topic0. Add the contract's ABI to decode it.
        </p>
      )}
      <section>
        <h3 className="font-semibold">Topics</h3>
        {row.topics.length === 0 ? <p>none (anonymous event)</p> : null}
        <ol className="font-mono">
          {row.topics.map((t, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2 break-all">
              <span className="text-slate-700 dark:text-slate-300">topic{i}</span> {t}{" "}
              <CopyButton text={t} label={`Copy topic ${i}`} />
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3 className="font-semibold">Data ({(row.data.length - 2) / 2} bytes, 32-byte words)</h3>
        {words.length === 0 ? <p className="font-mono">0x</p> : null}
        <ol className="font-mono">
          {words.map((w, i) => (
            <li key={i} className="break-all">
              <span className="text-slate-700 dark:text-slate-300">{`0x${(i * 32).toString(16).padStart(3, "0")}`}</span>{" "}
              {w}
            </li>
          ))}
        </ol>
      </section>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 font-mono">
        <dt>address</dt>
        <dd className="break-all">{row.address}</dd>
        <dt>blockNumber</dt>
        <dd>{row.blockNumber ?? "pending"}</dd>
        <dt>blockHash</dt>
        <dd className="break-all">{row.blockHash ?? "pending"}</dd>
        <dt>transactionHash</dt>
        <dd className="break-all">{row.transactionHash ?? "pending"}</dd>
        <dt>transactionIndex</dt>
        <dd>{row.transactionIndex ?? "pending"}</dd>
        <dt>logIndex</dt>
        <dd>{row.logIndex ?? "pending"}</dd>
        <dt>removed</dt>
        <dd>{String(row.removed)}</dd>
        {row.blockTimestamp !== null ? (
          <>
            <dt>blockTimestamp</dt>
            <dd>
              {row.blockTimestamp} ({formatTimestamp(row.blockTimestamp)})
            </dd>
          </>
        ) : null}
        {extra.map(([k, v]) => (
          <FragmentRow key={k} name={k} value={v} />
        ))}
      </dl>
    </div>
  );
}

function FragmentRow({ name, value }: { name: string; value: unknown }) {
  return (
    <>
      <dt>{name}</dt>
      <dd className="break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
    </>
  );
}
