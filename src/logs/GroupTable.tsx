/**
 * The grouped table: one row per group with its count and, per numeric argument, the exact sum
 * (min and max on demand), sortable; above it a bar chart of the top groups. Choosing a group
 * (its key, or its bar) narrows the log table to it. Virtualised as the log table is (one
 * scroller, its header pinned, only the rows in view mounted), so every group is reached by
 * scrolling, and by the keyboard: the arrows, Page Up/Down, Home and End move between the groups'
 * keys (one tab stop), Enter chooses one.
 */
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useVirtualizer, type Rect, type VirtualItem } from "@tanstack/react-virtual";
import { getAddress } from "viem";
import { formatUnits } from "viem";
import type { TokenMeta } from "../decoding/tokenMeta";
import { observeRectFrom, scrollFromTop, SlotKeys } from "../ui/virtual";
import { minWidthRem } from "./columns";
import type { Group, Grouping, GroupSort, GroupSortKey } from "./groups";
import { groupedNumber } from "../ui";

export interface GroupTableProps {
  grouping: Grouping;
  /** Already sorted. */
  groups: readonly Group[];
  keyLabel: string;
  sort: GroupSort;
  onSort: (s: GroupSort) => void;
  minMax: boolean;
  onMinMax: (on: boolean) => void;
  onPick: (g: Group) => void;
  tokenOf?: (address: string) => TokenMeta | undefined;
  /** Viewport size before the browser measures it (tests and the first paint). */
  initialRect?: Rect;
}

/** A row's height: a line of text-xs (16 px), its cells' py-1.5 (12 px) and the 1 px border. */
export const GROUP_ROW_HEIGHT = 29;
/**
 * The pinned header's height (text-xs and py-2): the rows start below it, so a row the keyboard
 * moves to is scrolled clear of it.
 */
const HEADER_HEIGHT = 32;
const BARS = 10;
/** Rows a Page Up / Page Down moves when the viewport is not measured yet. */
const PAGE_ROWS = 10;

function keyText(g: Group, isAddress: boolean): string {
  if (!isAddress) return g.key;
  try {
    return getAddress(g.key);
  } catch {
    return g.key;
  }
}

function amount(v: bigint | undefined, token: TokenMeta | undefined): string {
  if (v === undefined) return "";
  const exact = groupedNumber(v);
  if (token?.decimals === undefined) return exact;
  return `${exact} (${formatUnits(v, token.decimals)}${token.symbol ? ` ${token.symbol}` : ""})`;
}

export const GroupTable = memo(function GroupTable({
  grouping,
  groups,
  keyLabel,
  sort,
  onSort,
  minMax,
  onMinMax,
  onPick,
  tokenOf,
  initialRect,
}: GroupTableProps) {
  const { numeric, keyIsAddress, tokenAmounts } = grouping;
  const cols = 2 + numeric.length * (minMax ? 3 : 1);
  const tracks = [
    "minmax(16rem, 2fr)",
    "6rem",
    ...Array.from({ length: cols - 2 }, () => "minmax(10rem, 1fr)"),
  ];
  const template = tracks.join(" ");
  const minWidth = `${minWidthRem(tracks)}rem`;
  // The bars measure what the table is sorted by (a sum, or the count).
  const measure = sort.key.startsWith("sum:") ? Number(sort.key.slice(4)) : null;
  const bars = useMemo(() => {
    const top = groups.slice(0, BARS);
    const val = (g: Group) => (measure === null ? BigInt(g.count) : (g.sums[measure] ?? 0n));
    const max = top.reduce((m, g) => (val(g) > m ? val(g) : m), 0n);
    return top.map((g) => ({
      g,
      share: max > 0n ? Number((val(g) * 1000n) / max) / 10 : 0,
      label: measure === null ? `${groupedNumber(g.count)} logs` : amount(val(g), undefined),
    }));
  }, [groups, measure]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: groups.length,
    getScrollElement: () => scrollRef.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => GROUP_ROW_HEIGHT,
    overscan: 2,
    initialRect,
    observeElementRect: observeRectFrom(initialRect),
    // Rows are keyed by their place (the default): a group's own key, text, would be hashed
    // once per group (80,000 of them grouped by an amount) for sizes that never change.
    // The rows sit below the pinned header, which must not hide the row the keyboard moves to.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // Every row has the same fixed height: nothing to measure.
    measureElement: () => GROUP_ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();

  // One tab stop among the rows: the row last moved to (or the first one in view when it has
  // been scrolled away). Its element is never handed to another row while it is in view.
  const [active, setActive] = useState(0);
  const tabStop = items.some((it) => it.index === active) ? active : (items[0]?.index ?? -1);
  const [slotKeys] = useState(() => new SlotKeys<VirtualItem["key"]>());
  const slots = slotKeys.assign(
    items.map((item) => item.key),
    active,
  );
  // A row moved to by the keyboard is focused once it is rendered (after the scroll to it).
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const at = focusNext.current;
    if (at === null) return;
    const button = scrollRef.current?.querySelector<HTMLButtonElement>(
      `[data-index="${at}"] button`,
    );
    if (button) {
      focusNext.current = null;
      button.focus();
    }
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest("[data-index]");
    if (row === null || groups.length === 0) return;
    const from = Number(row.getAttribute("data-index"));
    const page = Math.max(
      1,
      Math.floor((virtualizer.scrollRect?.height ?? 0) / GROUP_ROW_HEIGHT) - 2,
    );
    const to =
      e.key === "ArrowDown"
        ? from + 1
        : e.key === "ArrowUp"
          ? from - 1
          : e.key === "PageDown"
            ? from + (page || PAGE_ROWS)
            : e.key === "PageUp"
              ? from - (page || PAGE_ROWS)
              : e.key === "Home"
                ? 0
                : e.key === "End"
                  ? groups.length - 1
                  : null;
    if (to === null) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(groups.length - 1, to));
    setActive(next);
    focusNext.current = next;
    virtualizer.scrollToIndex(next);
  };

  const header = (key: GroupSortKey, label: string) => {
    const isActive = sort.key === key;
    return (
      <span
        key={key}
        role="columnheader"
        aria-sort={isActive ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
        className="px-2 py-2"
      >
        <button
          type="button"
          className="font-semibold underline-offset-2 hover:underline"
          onClick={() =>
            onSort(
              isActive
                ? { key, dir: sort.dir === "asc" ? "desc" : "asc" }
                : { key, dir: key === "key" ? "asc" : "desc" },
            )
          }
        >
          {label}
          <span aria-hidden="true">{isActive ? (sort.dir === "asc" ? " ▲" : " ▼") : " ↕"}</span>
        </button>
      </span>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <figure aria-label={`Top ${bars.length} groups`} className="flex flex-col gap-1">
        <figcaption className="text-xs text-slate-700 dark:text-slate-300">
          Top {bars.length} of {groupedNumber(groups.length)} groups by{" "}
          {measure === null ? "count" : `sum of ${numeric[measure]?.name ?? ""}`}
        </figcaption>
        {bars.map(({ g, share, label }) => (
          <button
            key={g.key}
            type="button"
            onClick={() => onPick(g)}
            title={`Show the logs of ${keyText(g, keyIsAddress)}`}
            className="grid grid-cols-[minmax(8rem,18rem)_1fr_auto] items-center gap-2 text-left text-xs"
          >
            <span className="truncate font-mono">{keyText(g, keyIsAddress)}</span>
            <span className="h-3 rounded bg-slate-100 dark:bg-slate-800">
              <span
                className="block h-3 rounded bg-indigo-600"
                style={{ width: `${Math.max(0.5, share)}%` }}
              />
            </span>
            <span className="font-mono">{label}</span>
          </button>
        ))}
      </figure>
      {numeric.length > 0 ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={minMax} onChange={(e) => onMinMax(e.target.checked)} />
          Show min and max
        </label>
      ) : null}
      <div
        ref={scrollRef}
        role="table"
        aria-label="Groups"
        aria-rowcount={groups.length + 1}
        aria-colcount={cols}
        className="max-h-[70vh] overflow-auto rounded border border-slate-200 dark:border-slate-700"
      >
        <div style={{ minWidth }}>
          <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 dark:bg-slate-800">
            <div
              role="row"
              aria-rowindex={1}
              className="grid whitespace-nowrap text-xs font-semibold text-slate-800 dark:text-slate-100"
              style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}
            >
              {header("key", keyLabel)}
              {header("count", "Count")}
              {numeric.flatMap((a, k) => [
                header(`sum:${k}`, `Sum of ${a.name}`),
                ...(minMax
                  ? [
                      <span key={`min${k}`} role="columnheader" className="px-2 py-2">
                        Min {a.name}
                      </span>,
                      <span key={`max${k}`} role="columnheader" className="px-2 py-2">
                        Max {a.name}
                      </span>,
                    ]
                  : []),
              ])}
            </div>
          </div>
          <div
            role="rowgroup"
            className="relative"
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={onKeyDown}
          >
            {items.map((item, j) => {
              const g = groups[item.index];
              if (!g) return null;
              const token = g.contract && tokenOf ? tokenOf(g.contract) : undefined;
              const i = item.index;
              return (
                <div
                  key={slots[j]}
                  data-index={i}
                  role="row"
                  aria-rowindex={i + 2}
                  className={`absolute left-0 top-0 grid w-full border-b border-slate-100 font-mono text-xs dark:border-slate-800 ${i % 2 ? "bg-slate-50 dark:bg-slate-900" : ""}`}
                  style={{
                    transform: `translateY(${item.start - HEADER_HEIGHT}px)`,
                    gridTemplateColumns: template,
                    height: GROUP_ROW_HEIGHT,
                  }}
                >
                  <span role="cell" className="truncate px-2 py-1.5">
                    <button
                      type="button"
                      tabIndex={i === tabStop ? 0 : -1}
                      className="text-left text-indigo-700 underline dark:text-indigo-300"
                      title="Show the logs of this group"
                      onClick={() => onPick(g)}
                      onFocus={() => setActive(i)}
                    >
                      {keyText(g, keyIsAddress)}
                    </button>
                  </span>
                  <span role="cell" className="px-2 py-1.5">
                    {groupedNumber(g.count)}
                  </span>
                  {numeric.flatMap((_, k) => [
                    <span key={`s${k}`} role="cell" className="truncate px-2 py-1.5">
                      {amount(g.sums[k], tokenAmounts[k] ? token : undefined)}
                    </span>,
                    ...(minMax
                      ? [
                          <span key={`n${k}`} role="cell" className="truncate px-2 py-1.5">
                            {amount(g.mins[k], tokenAmounts[k] ? token : undefined)}
                          </span>,
                          <span key={`x${k}`} role="cell" className="truncate px-2 py-1.5">
                            {amount(g.maxs[k], tokenAmounts[k] ? token : undefined)}
                          </span>,
                        ]
                      : []),
                  ])}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
});
