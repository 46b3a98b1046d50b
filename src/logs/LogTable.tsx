/**
 * The logs table: virtualised (only the rows in view are mounted), role="table" with
 * aria-rowcount = shown logs + 1 (the header). Decoding happens per visible row through the
 * memoised `decode`; the filter, the argument columns, their sorts and Group by read each log's
 * arguments where they sit (kinds.ts), so none of them waits for rows to be decoded. When
 * grouped, the grouped table (GroupTable) stands in for the rows.
 */
import { afterPaint } from "../platform/schedule";
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
} from "react";
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type VirtualItem,
} from "@tanstack/react-virtual";
import { downloadText } from "../ui";
import type { TokenMeta } from "../decoding/tokenMeta";
import { argColumns, DETAILS_WIDTH, minWidthRem, shownColumns, type ExtraColumn } from "./columns";
import { isSortable, nextSort, sortRows, type SortKey } from "./sort";
import { SlotKeys, useFling } from "../ui/virtual";
import { defaultExplore, exploreToSearch, type Explore } from "./exploreParams";
import { groupsToCsv, groupsToJson, toCsv, toJson } from "./export";
import { Facets } from "./Facets";
import { bucketSize, groupOptions, groupRows, sortGroups, type Group } from "./groups";
import { GroupTable } from "./GroupTable";
import { kindIndexOf, singleKind } from "./kinds";
import { LogRowView, ROW_HEIGHT } from "./LogRow";
import { LogsChart } from "./LogsChart";
import { LogTableToolbar } from "./LogTableToolbar";
import type { Decode } from "./model";
import { splitTerms, withTerm, type AmountUnit } from "./query";
import type { LogRow } from "./result";
import { useLogFilter } from "./useLogFilter";

export interface LogTableProps {
  rows: readonly LogRow[];
  /** Decodes a row as the table shows it (amounts in whole tokens where known). */
  decode: Decode;
  /**
   * Decodes a row exactly (integers in full): what the exports write, and what the argument
   * columns, the filter and Group by learn each event's shape from. Default: `decode`.
   */
  exactDecode?: Decode;
  /** Viewport size before the browser measures it (tests and the first paint). */
  initialRect?: Rect;
  /** Max height of the scrolling viewport. */
  maxHeight?: string;
  /** The exploration the link holds (filter, group, sorts, columns). */
  explore?: Explore;
  /** Told every change of the exploration (the page keeps it in the link). */
  onExplore?: (e: Explore) => void;
  /** A token's decimals and symbol by its contract (lower case), where known. */
  tokenOf?: (address: string) => TokenMeta | undefined;
  /** Columns the page adds before the log's own (stable: memoise them). */
  extraColumns?: readonly ExtraColumn[];
  /** The table's accessible name (default "Logs"). */
  label?: string;
  /**
   * Shows the logs-per-block chart above the table over this block range (null: the rows' own
   * span); the chart follows the filter and a bar narrows the shown rows to its blocks.
   */
  chartRange?: { from: number; to: number } | null;
}

const NO_EXTRA: readonly ExtraColumn[] = [];

/**
 * A hash or an address shown short (0xabcd…1234) copies as the full value its tooltip holds,
 * when the selection lies within it: what was meant, not the ellipsis.
 */
function copyFullValue(e: ClipboardEvent<HTMLDivElement>) {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return;
  const at = sel.anchorNode;
  const el = (at instanceof Element ? at : at?.parentElement)?.closest("[title]");
  if (!el || !sel.focusNode || !el.contains(sel.focusNode)) return;
  if (!(el.textContent ?? "").includes("…")) return;
  const full = /0x[0-9a-fA-F]{40}(?:[0-9a-fA-F]{24})?$/.exec(el.getAttribute("title") ?? "");
  if (!full) return;
  e.clipboardData.setData("text/plain", full[0]);
  e.preventDefault();
}
/**
 * The Details (open row) column's track. The header row is pinned on top; columns are not pinned
 * on the left: sticky cells in every row cost ~7 ms of scroll p95 at 100k logs (interleaved A/B,
 * 15.9/16.8 ms with them, 8.5/9.4 without), past the 16 ms frame budget.
 */

/** The events whose amounts are shown in whole tokens (as chain/events.ts withTokenUnits does). */
const TOKEN_EVENTS: ReadonlySet<string> = new Set(["Transfer", "Approval"]);

/** How long typing must pause before the filter is a step in the history (Back). */
export const HISTORY_PAUSE_MS = 600;

function linkKey(e: Explore): string {
  return JSON.stringify(exploreToSearch(e));
}

/** A copy of `list` with `item` added, or removed when it was there. */
function toggled<T>(list: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(list);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

export function LogTable({
  rows,
  decode,
  exactDecode,
  initialRect,
  maxHeight = "70vh",
  explore: linked,
  onExplore,
  tokenOf,
  extraColumns = NO_EXTRA,
  label = "Logs",
  chartRange,
}: LogTableProps) {
  const [explore, setExplore] = useState<Explore>(() => linked ?? defaultExplore());
  const { sort, group } = explore;
  const [filterText, setFilterText] = useState(explore.q);
  const typedRef = useRef(filterText);
  const changeFilter = useCallback((text: string) => {
    typedRef.current = text;
    setFilterText(text);
  }, []);
  // A change of Group by, sort or columns takes the filter as typed with it (a pause not yet
  // reached still counts as one step of its own: see the link writes below).
  const update = useCallback(
    (patch: Partial<Explore>) =>
      setExplore((e) => ({ ...e, q: typedRef.current.trim(), ...patch })),
    [],
  );
  // The page keeps the exploration in the link (the first state came from it), one history entry
  // per step, so Back steps back through the exploration: a change of Group by, sort or columns
  // at once; the filter once typing pauses (HISTORY_PAUSE_MS), not per keystroke. A link that
  // changes for another reason (Back, a link opened on this page) is followed; the table's own
  // writes coming back through the link are recognised and left alone.
  const sent = useRef(explore);
  const pending = useRef<string[]>([]);
  const qTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const now = useRef(false);
  const tell = useRef(onExplore);
  useEffect(() => {
    tell.current = onExplore;
  }, [onExplore]);
  const write = useCallback((steps: readonly Explore[]) => {
    for (const step of steps) {
      sent.current = step;
      pending.current = [...pending.current.slice(-7), linkKey(step)];
      tell.current?.(step);
    }
  }, []);
  useEffect(() => () => clearTimeout(qTimer.current), []);
  useEffect(() => {
    const prev = sent.current;
    clearTimeout(qTimer.current);
    if (linkKey(prev) === linkKey(explore)) return;
    const withQ = { ...prev, q: explore.q };
    const qChanged = linkKey(withQ) !== linkKey(prev);
    const othersChanged = linkKey(withQ) !== linkKey(explore);
    const immediate = now.current;
    now.current = false;
    if (!othersChanged && !immediate) {
      qTimer.current = setTimeout(() => write([explore]), HISTORY_PAUSE_MS);
      return;
    }
    // The link is written once the change has been painted: writing it re-renders the app, which
    // a grouped table or a sorted list should not wait for. A filter typed just before is a step
    // of its own, before this one.
    return afterPaint(() => write(qChanged && othersChanged ? [withQ, explore] : [explore]));
  }, [explore, write]);
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    const key = linked ? linkKey(linked) : "";
    const at = pending.current.indexOf(key);
    if (at >= 0) pending.current = pending.current.slice(at + 1);
    else if (linked && key !== linkKey(explore)) {
      pending.current = [];
      clearTimeout(qTimer.current);
      sent.current = linked;
      setExplore(linked);
      typedRef.current = linked.q;
      setFilterText(linked.q);
    }
  }
  /** The link of this view, written now (a pause in typing not waited for). */
  const flushLink = useCallback(() => {
    clearTimeout(qTimer.current);
    const current = { ...explore, q: filterText.trim() };
    if (linkKey(sent.current) !== linkKey(current)) write([current]);
  }, [explore, filterText, write]);

  // The filter runs on the text as typed, deferred (a keystroke is painted first) and not waiting
  // for a pause: its pass goes in slices a keystroke interrupts (useLogFilter), and the 50 ms
  // pause it used to wait for was half of issue 38's 100 ms for a filter typed.
  const typed = filterText.trim().toLowerCase();
  const query = useDeferredValue(typed);
  useEffect(() => {
    setExplore((e) => (e.q.trim().toLowerCase() === query ? e : { ...e, q: filterText.trim() }));
    // the text as typed goes to the link once the filter has taken it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  const hidden = useMemo<ReadonlySet<string>>(() => new Set(explore.hide), [explore.hide]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const exact = exactDecode ?? decode;
  const kinds = kindIndexOf(exact);
  const extraFields = useMemo(
    () =>
      extraColumns.length
        ? new Map(extraColumns.map((c) => [c.key.slice(2).toLowerCase(), c.text]))
        : undefined,
    [extraColumns],
  );
  // Token amounts are shown in whole tokens where the token's decimals are known (the Arguments
  // column, the grouped sums): a filter number with a point or the symbol is read in them.
  const unit = useMemo<AmountUnit | undefined>(
    () =>
      tokenOf
        ? (row, kind, arg) => {
            if (!TOKEN_EVENTS.has(kind.name) || arg.indexed || arg.type !== "uint")
              return undefined;
            const meta = tokenOf(row.address);
            return meta?.decimals === undefined
              ? undefined
              : { decimals: meta.decimals, symbol: meta.symbol };
          }
        : undefined,
    [tokenOf],
  );
  const filtered = useLogFilter(rows, exact, query, extraFields, unit);
  const base = filtered ? filtered.matches : rows;
  // The shown logs' one event (its arguments become columns), or null when they are several.
  const kind = useMemo(() => singleKind(base, kinds), [base, kinds]);

  const hasTime = useMemo(() => rows.some((r) => r.blockTimestamp !== null), [rows]);
  const columns = useMemo(
    () => [
      ...extraColumns.filter((c) => !hidden.has(c.key)),
      ...shownColumns(kind, hidden, hasTime),
    ],
    [extraColumns, kind, hidden, hasTime],
  );
  const args = useMemo(() => argColumns(kind), [kind]);
  const tracks = useMemo(() => [DETAILS_WIDTH, ...columns.map((c) => c.width)], [columns]);
  const template = tracks.join(" ");
  // The table is at least as wide as its columns' least widths: past the box it scrolls sideways.
  const minWidth = `${minWidthRem(tracks)}rem`;
  // The first column after Details (Block, or a page's own first column) stays in view too.

  const view = useMemo(() => sortRows(base, sort, kinds), [base, sort, kinds]);

  const options = useMemo(() => {
    const list = groupOptions(kind, bucketSize(rows));
    if (!list.some((o) => o.value === group))
      list.push({ value: group, label: group.replace(/^arg:/, "") });
    return list;
  }, [kind, rows, group]);
  const grouping = useMemo(
    () => (group !== "none" ? groupRows(base, kinds, kind, group) : null),
    [base, kinds, kind, group],
  );
  const groups = useMemo(
    () => (grouping ? sortGroups(grouping.groups, explore.groupSort) : []),
    [grouping, explore.groupSort],
  );
  const keyLabel = options.find((o) => o.value === group)?.label ?? group;

  const addTerm = useCallback(
    (term: string) => {
      const next = withTerm(filterText.trim(), term);
      setFilterText(next);
      typedRef.current = next;
      // a click is a step at once, not a pause in typing
      now.current = true;
      update({ q: next, group: "none" });
    },
    [filterText, update],
  );
  /** A chart bar: the shown rows narrowed to its blocks (replacing a bar chosen before). */
  const pickBlocks = useCallback(
    (from: number, to: number) => {
      const kept = splitTerms(filterText.trim()).filter((t) => !/^block:\d+\.\.\d+$/i.test(t));
      const next = withTerm(kept.join(" "), `block:${from}..${to}`);
      setFilterText(next);
      typedRef.current = next;
      now.current = true;
      update({ q: next });
    },
    [filterText, update],
  );
  const pickGroup = useCallback((g: Group) => addTerm(g.term), [addTerm]);

  const onExport = (format: "csv" | "json") => {
    if (grouping) {
      const name = `logs-by-${group.replace(/[^\w]+/g, "-")}.${format}`;
      if (format === "csv")
        downloadText(name, groupsToCsv(grouping, groups, keyLabel, explore.minMax), "text/csv");
      else downloadText(name, groupsToJson(grouping, groups, keyLabel, explore.minMax));
      return;
    }
    if (format === "csv")
      downloadText("logs.csv", toCsv(view, columns, exact, kinds, unit), "text/csv");
    else downloadText("logs.json", toJson(view, columns, exact, kinds), "application/json");
  };

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

  const toggleSort = (key: SortKey) => update({ sort: nextSort(sort, key) });
  const toggleColumn = useCallback(
    (key: string) =>
      setExplore((e) => ({
        ...e,
        q: typedRef.current.trim(),
        hide: [...toggled(new Set(e.hide), key)],
      })),
    [],
  );
  const toggleRow = useCallback((id: number) => setExpanded((e) => toggled(e, id)), []);

  const preparing = filtered !== null && !filtered.done;

  return (
    <div className="flex flex-col gap-2">
      <LogTableToolbar
        filterText={filterText}
        onFilterText={changeFilter}
        onCopyLink={onExplore ? flushLink : undefined}
        hidden={hidden}
        onToggleColumn={toggleColumn}
        argColumns={args}
        groupOptions={options}
        group={group}
        onGroup={(g) => update({ group: g })}
        query={query}
        total={rows.length}
        shown={view.length}
        searching={preparing ? filtered.scanned : null}
        exportCount={grouping ? groups.length : view.length}
        exportWhat={grouping ? "group" : "row"}
        onExport={onExport}
      />
      {chartRange !== undefined ? (
        <LogsChart
          rows={rows}
          shown={base}
          filtered={filtered !== null}
          range={chartRange}
          onPick={pickBlocks}
        />
      ) : null}
      <Facets rows={base} index={kinds} kind={kind} onTerm={addTerm} />
      {grouping && grouping.groups.length === 0 ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {group.startsWith("arg:") && kind === null
            ? `The logs shown are of several events: narrow them to one (e.g. event=Transfer, or the Event facet) to group by its argument ${group.slice(4)}.`
            : `No logs to group by ${keyLabel}.`}
        </p>
      ) : null}
      {grouping ? (
        <GroupTable
          grouping={grouping}
          groups={groups}
          keyLabel={keyLabel}
          sort={explore.groupSort}
          onSort={(s) => update({ groupSort: s })}
          minMax={explore.minMax}
          onMinMax={(on) => update({ minMax: on })}
          onPick={pickGroup}
          tokenOf={tokenOf}
          initialRect={initialRect}
        />
      ) : null}

      <div
        ref={scrollRef}
        hidden={grouping !== null}
        role="table"
        aria-label={label}
        onFocus={onFocus}
        onCopy={copyFullValue}
        aria-rowcount={view.length + 1}
        aria-colcount={columns.length + 1}
        className="overflow-auto rounded border border-slate-200 dark:border-slate-700"
        style={{ maxHeight, height: view.length > 12 ? maxHeight : undefined }}
      >
        <div style={{ minWidth }}>
          <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-800">
            <div
              role="row"
              aria-rowindex={1}
              className="grid items-center text-xs font-semibold text-slate-800 dark:text-slate-100"
              style={{ gridTemplateColumns: template }}
            >
              <span role="columnheader" className="flex items-center self-stretch px-2 py-2">
                <span className="sr-only">Details</span>
              </span>
              {columns.map((c) => {
                const sortKey = isSortable(c.key) ? c.key : null;
                const active = sortKey !== null && sort.key === sortKey;
                return (
                  <span
                    key={c.key}
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
                  kinds={kinds}
                  unit={unit}
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
      {query !== "" && view.length === 0 && !preparing && !grouping ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          No log in this result matches “{filterText.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
