/**
 * The logs table: virtualised (only the rows in view are mounted), role="table" with
 * aria-rowcount = shown logs + 1 (the header). Decoding happens per visible row through the
 * memoised `decode`; the text filter searches strings prepared once per result.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
} from "react";
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type VirtualItem,
} from "@tanstack/react-virtual";
import {
  COLUMNS,
  isSortable,
  nextSort,
  sortRows,
  type ColumnId,
  type SortKey,
  type SortState,
} from "./columns";
import { SlotKeys, useFling } from "../../ui/virtual";
import { LogRowView, ROW_HEIGHT } from "./LogRow";
import { LogTableToolbar } from "./LogTableToolbar";
import type { Decode } from "./model";
import type { LogRow } from "./result";
import { useLogFilter } from "./useLogFilter";

export interface LogTableProps {
  rows: readonly LogRow[];
  decode: Decode;
  /** Viewport size before the browser measures it (tests and the first paint). */
  initialRect?: Rect;
  /** Max height of the scrolling viewport. */
  maxHeight?: string;
}

/** How long the filter waits for typing to pause. */
export const FILTER_DEBOUNCE_MS = 50;

/** A copy of `set` with `item` added, or removed when it was there. */
function toggled<T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

export function LogTable({ rows, decode, initialRect, maxHeight = "70vh" }: LogTableProps) {
  const [sort, setSort] = useState<SortState>({ key: "block", dir: "asc" });
  const [filterText, setFilterText] = useState("");
  // The filter runs once typing pauses (FILTER_DEBOUNCE_MS), not on every keystroke.
  const typed = filterText.trim().toLowerCase();
  const [settledQuery, setSettledQuery] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setSettledQuery(typed), typed === "" ? 0 : FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const query = useDeferredValue(typed === "" ? "" : settledQuery);
  const [hidden, setHidden] = useState<ReadonlySet<ColumnId>>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const filtered = useLogFilter(rows, decode, query);

  const hasTime = useMemo(() => rows.some((r) => r.blockTimestamp !== null), [rows]);
  const columns = useMemo(
    () => COLUMNS.filter((c) => !hidden.has(c.id) && (c.id !== "time" || hasTime)),
    [hidden, hasTime],
  );
  const template = useMemo(() => ["2.25rem", ...columns.map((c) => c.width)].join(" "), [columns]);

  const view = useMemo(
    () => sortRows(filtered ? filtered.matches : rows, sort),
    [rows, filtered, sort],
  );

  // Stable between renders: a new function would make the virtualizer lay out every row again
  // (100,000 of them) on each scroll.
  const getItemKey = useCallback((i: number) => view[i]?.id ?? i, [view]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is the point here
  const virtualizer = useVirtualizer({
    count: view.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
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
  // Rows scrolled into view reuse the elements of rows that left. Opening or closing a row keeps
  // its element (a new one would drop the keyboard focus on its Details button).
  // The row holding focus (a link, its Details button) is never handed to another log: scrolled
  // away, it goes, as any row did before.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [slotKeys] = useState(() => new SlotKeys<VirtualItem["key"]>());
  const slots = slotKeys.assign(
    items.map((item) => item.key),
    focusedId ?? undefined,
  );
  const light = useFling(virtualizer);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const index = (e.target as HTMLElement).closest("[data-index]")?.getAttribute("data-index");
    const id = index == null ? null : (view[Number(index)]?.id ?? null);
    if (id !== focusedId) setFocusedId(id);
  };

  const toggleSort = (key: SortKey) => setSort((s) => nextSort(s, key));
  const toggleColumn = useCallback((id: ColumnId) => setHidden((h) => toggled(h, id)), []);
  const toggleRow = useCallback((id: number) => setExpanded((e) => toggled(e, id)), []);

  const preparing = filtered !== null && !filtered.done;

  return (
    <div className="flex flex-col gap-2">
      <LogTableToolbar
        filterText={filterText}
        onFilterText={setFilterText}
        hidden={hidden}
        onToggleColumn={toggleColumn}
        query={query}
        total={rows.length}
        shown={view.length}
        searching={preparing ? filtered.scanned : null}
      />

      <div
        ref={scrollRef}
        role="table"
        aria-label="Logs"
        onFocus={onFocus}
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
                const sortKey = isSortable(c.id) ? c.id : null;
                const active = sortKey !== null && sort.key === sortKey;
                return (
                  <span
                    key={c.id}
                    role="columnheader"
                    aria-sort={
                      active
                        ? sort.dir === "asc"
                          ? "ascending"
                          : "descending"
                        : sortKey !== null
                          ? "none"
                          : undefined
                    }
                    className="px-2 py-2"
                  >
                    {sortKey !== null ? (
                      <button
                        type="button"
                        className="font-semibold underline-offset-2 hover:underline"
                        onClick={() => toggleSort(sortKey)}
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
            {items.map((item, j) => {
              const row = view[item.index];
              if (!row) return null;
              const open = expanded.has(row.id);
              return (
                <LogRowView
                  key={slots[j]}
                  row={row}
                  index={item.index}
                  start={item.start}
                  template={template}
                  columns={columns}
                  decode={decode}
                  expanded={open}
                  onToggle={toggleRow}
                  measure={open ? virtualizer.measureElement : undefined}
                  light={light && !open && row.id !== focusedId}
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
