/**
 * The aligned call trees as one WAI-ARIA tree, virtualised as the call tree is (only the rows on
 * screen are in the DOM; the selected row stays mounted for roving focus; the call tree's keyboard
 * handling). Each row says its kind (same, changed, only in A, only in B), the call, and for a
 * changed row what changed. Expand all, Collapse all, search with its matches, and the next or
 * previous change. Pure of fetching: the page hands it the alignment and each side's decoding.
 */
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import {
  type AddressNamer,
  AddressNames,
  Button,
  groupedNumber,
  shortAddress,
  ShortAddress,
} from "../../ui";
import { fixedViewport, scrollFromTop, sizerStyle } from "../../ui/virtual";
import type { FrameDecodeCache } from "../decode";
import { INDENT, ROW_HEIGHT, rowStyle } from "../FrameRow";
import { frameType, type TraceModel } from "../model";
import type { CallFrame } from "../result";
import { stepIn } from "../search";
import { setSize } from "../tree";
import { StepButtons } from "../TreeControls";
import { useTreeKeyboard } from "../useTreeKeyboard";
import { CHANGED, ONLY_A, ONLY_B, type AlignedTree } from "./align";
import { KIND_WORDS, rowWords, type OutputReader } from "./describe";
import {
  alignedStructure,
  expandAllRows,
  initialRowExpansion,
  openAncestors,
  searchRows,
  visibleRows,
} from "./rows";

export interface CompareSide {
  model: TraceModel;
  decode: FrameDecodeCache;
}

export interface CompareTreeProps {
  /** The chain's native unit, for value differences (src/chain/nativeUnit.ts). */
  nativeSymbol?: string;
  tree: AlignedTree;
  a: CompareSide;
  b: CompareSide;
  /** Fixed viewport size (tests, benchmarks): skips measuring the scroll element. */
  viewport?: { width: number; height: number };
  height?: number;
}

/** The frame a row shows: A's when it has one, else B's. */
function rowFrame(
  tree: AlignedTree,
  a: CompareSide,
  b: CompareSide,
  row: number,
): { side: CompareSide; i: number; f: CallFrame } | null {
  const ia = tree.a[row] as number;
  const side = ia >= 0 ? a : b;
  const i = ia >= 0 ? ia : (tree.b[row] as number);
  const f = side.model.frames[i];
  return f ? { side, i, f } : null;
}

/** The row's function: its decoded name, else its selector; null for a call without input. */
export function rowName(
  tree: AlignedTree,
  a: CompareSide,
  b: CompareSide,
  row: number,
): string | null {
  const r = rowFrame(tree, a, b, row);
  const input = typeof r?.f.input === "string" ? r.f.input : "";
  if (!r || input.length < 10) return null;
  return r.side.decode.frame(r.i).call?.name ?? input.slice(0, 10);
}

/** The row's callee: its address, or null for a frame without one. */
function rowTo(tree: AlignedTree, a: CompareSide, b: CompareSide, row: number): string | null {
  const r = rowFrame(tree, a, b, row);
  return typeof r?.f.to === "string" ? r.f.to : null;
}

/**
 * The row's call: type, callee and function name (decoded, else the selector). The callee reads
 * as the other pages name it (`namer`: the user's label, a verified contract's name), else short.
 */
export function rowCall(
  tree: AlignedTree,
  a: CompareSide,
  b: CompareSide,
  row: number,
  namer?: AddressNamer,
): string {
  const r = rowFrame(tree, a, b, row);
  if (!r) return "";
  const address = rowTo(tree, a, b, row);
  const to = address ? (namer?.name(address)?.text ?? shortAddress(address)) : "—";
  const name = rowName(tree, a, b, row);
  return `${frameType(r.f)} ${to}${name ? ` ${name}` : ""}`;
}

/** A side's output decoded: the return values, or the revert's label; null when not decoded. */
export function outputReader(a: CompareSide, b: CompareSide): OutputReader {
  return (side, i) => {
    const d = (side === "a" ? a : b).decode.frame(i);
    if (d.revert)
      return d.revert.kind === "raw" || d.revert.kind === "empty" ? null : d.revert.label;
    const returns = d.call?.returns;
    return returns && returns.length > 0 ? returns.map((r) => r.value).join(", ") : null;
  };
}

const KIND_STYLE = [
  "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-100",
  "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
];

export function CompareTree({ tree, a, b, viewport, height, nativeSymbol }: CompareTreeProps) {
  const searchId = useId();
  const structure = useMemo(() => alignedStructure(tree), [tree]);
  const [expanded, setExpanded] = useState(() => initialRowExpansion(tree));
  const [selected, setSelected] = useState(0);
  const [query, setQuery] = useState("");
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const read = useMemo(() => outputReader(a, b), [a, b]);
  const namer = useContext(AddressNames);
  // The rows' words for search, built on the first search (decoding every row costs).
  const texts = useMemo(
    () =>
      query.trim() === ""
        ? null
        : Array.from({ length: tree.size }, (_, r) =>
            `${KIND_WORDS[tree.kind[r] as number]} ${rowCall(tree, a, b, r, namer)} ${rowTo(tree, a, b, r) ?? ""} ${rowWords(tree, r, read, nativeSymbol).join(" ")}`.toLowerCase(),
          ),
    // Built once per tree, decoding and names; the query only decides whether they are needed yet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tree, a, b, read, nativeSymbol, namer, query.trim() === ""],
  );
  const matches = useMemo(() => (texts ? searchRows(texts, query) : null), [texts, query]);
  const matchSet = useMemo(() => {
    if (!matches) return null;
    const m = new Uint8Array(tree.size);
    for (const r of matches) m[r] = 1;
    return m;
  }, [matches, tree.size]);

  const select = useCallback(
    (row: number) => {
      if (row < 0) return;
      setExpanded((e) => {
        if ((tree.parent[row] as number) < 0) return e;
        let closed = false;
        for (let p = tree.parent[row] as number; p >= 0; p = tree.parent[p] as number)
          if (!e[p]) closed = true;
        if (!closed) return e;
        const next = e.slice();
        openAncestors(tree, next, row);
        return next;
      });
      setSelected(row);
    },
    [tree],
  );
  const toggle = useCallback((row: number) => {
    setExpanded((e) => {
      const next = e.slice();
      next[row] = e[row] ? 0 : 1;
      return next;
    });
  }, []);
  const expandSiblings = useCallback(
    (row: number) => {
      setExpanded((e) => {
        const next = e.slice();
        const p = tree.parent[row] as number;
        if (p < 0) next[0] = 1;
        else
          for (let c = p + 1; c < (tree.end[p] as number); c = tree.end[c] as number) next[c] = 1;
        return next;
      });
    },
    [tree],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const selectedRow = rows.rowOfFrame[selected] ?? -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const base = defaultRangeExtractor(range);
      if (selectedRow >= 0 && selectedRow < range.count && !base.includes(selectedRow)) {
        base.push(selectedRow);
        base.sort((x, y) => x - y);
      }
      return base;
    },
    [selectedRow],
  );
  const getItemKey = useCallback((r: number) => rows.frame[r] ?? r, [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    rangeExtractor,
    getItemKey,
    ...fixedViewport(viewport),
  });
  useEffect(() => {
    if (selectedRow >= 0) virtualizer.scrollToIndex(selectedRow, { align: "auto" });
  }, [selectedRow, virtualizer]);
  const onKeyDown = useTreeKeyboard(
    scrollRef,
    {
      structure,
      rows,
      expanded,
      selected,
      onSelect: select,
      onToggle: toggle,
      onExpandSiblings: expandSiblings,
    },
    selectedRow,
  );

  const changeAt = stepIndex(tree.changes, selected);
  const matchAt = matches ? stepIndex(matches, selected) : -1;
  const tabRow = selectedRow >= 0 ? selectedRow : 0;
  return (
    <div className="flex flex-col gap-2">
      <div
        role="toolbar"
        aria-label="Comparison controls"
        className="flex flex-wrap items-center gap-2 text-sm"
      >
        <Button onClick={() => setExpanded(expandAllRows(tree))}>Expand all</Button>
        <Button onClick={() => setExpanded(new Uint8Array(tree.size))}>Collapse all</Button>
        <span
          className="mx-1 h-6 border-l border-slate-300 dark:border-slate-600"
          aria-hidden="true"
        />
        <span>
          {groupedNumber(tree.changes.length)} change{tree.changes.length === 1 ? "" : "s"}
          {changeAt >= 0 ? ` (${changeAt + 1} selected)` : ""}
        </span>
        <StepButtons
          what="change"
          count={tree.changes.length}
          onStep={(dir) => select(stepIn(tree.changes, selected, dir))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={searchId} className="font-medium">
          Search calls
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder="address, function, same, changed, only in A…"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && matches) {
              e.preventDefault();
              select(stepIn(matches, selected, e.shiftKey ? -1 : 1));
            }
          }}
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs sm:max-w-md dark:border-slate-600 dark:bg-slate-900"
        />
        <span role="status" className="text-slate-700 dark:text-slate-300">
          {matches
            ? matches.length
              ? `${matchAt >= 0 ? matchAt + 1 : "–"} of ${groupedNumber(matches.length)} match${matches.length === 1 ? "" : "es"}`
              : "No matches"
            : ""}
        </span>
        <StepButtons
          what="match"
          count={matches?.length ?? 0}
          onStep={(dir) => matches && select(stepIn(matches, selected, dir))}
        />
      </div>
      <div
        ref={scrollRef}
        role="tree"
        aria-label="Aligned call trees"
        onKeyDown={onKeyDown}
        className="relative overflow-auto rounded border border-slate-200 bg-white font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
        // As tall as its rows up to 480 px: a short comparison leaves no empty box.
        style={{ height: height ?? Math.min(480, rows.length * ROW_HEIGHT + 18) }}
      >
        <div style={sizerStyle(virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = rows.frame[item.index] ?? 0;
            const kind = tree.kind[r] as number;
            const level = tree.level[r] as number;
            const hasKids = (tree.childCount[r] as number) > 0;
            const open = expanded[r] === 1;
            const words = rowWords(tree, r, read, nativeSymbol);
            return (
              <div
                key={item.key}
                role="treeitem"
                aria-level={level}
                aria-setsize={setSize(structure, r)}
                aria-posinset={tree.posInSet[r] as number}
                aria-expanded={hasKids ? open : undefined}
                aria-selected={r === selected}
                data-frame-row={r}
                data-kind={KIND_WORDS[kind]}
                tabIndex={item.index === tabRow ? 0 : -1}
                onClick={() => setSelected(r)}
                style={{ ...rowStyle(item.start), width: `max(100%, ${level * INDENT + 640}px)` }}
                className={`flex cursor-default items-center gap-2 whitespace-nowrap pr-2 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600 ${
                  r === selected
                    ? "bg-indigo-100 dark:bg-indigo-950"
                    : matchSet?.[r]
                      ? "bg-yellow-100 dark:bg-yellow-900/40"
                      : "hover:bg-slate-50 dark:hover:bg-slate-900"
                }`}
              >
                <span aria-hidden="true" style={{ width: (level - 1) * INDENT, flex: "none" }} />
                <span
                  aria-hidden="true"
                  className="inline-block w-4 flex-none text-center"
                  onClick={(e) => {
                    if (!hasKids) return;
                    e.stopPropagation();
                    toggle(r);
                  }}
                >
                  {hasKids ? (open ? "▾" : "▸") : ""}
                </span>
                <span
                  className={`flex-none rounded px-1 font-sans font-semibold ${KIND_STYLE[kind] ?? ""}`}
                >
                  {KIND_WORDS[kind]}
                </span>
                <RowCall tree={tree} a={a} b={b} row={r} />
                {words.length > 0 ? (
                  <span
                    className={
                      kind === CHANGED || r === 0
                        ? "font-sans text-amber-900 dark:text-amber-200"
                        : kind === ONLY_A || kind === ONLY_B
                          ? "font-sans"
                          : "font-sans text-slate-700 dark:text-slate-300"
                    }
                  >
                    {words.join("; ")}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** A row's call as the call tree writes one: type, the callee by name (its address in the title), function. */
function RowCall({
  tree,
  a,
  b,
  row,
}: {
  tree: AlignedTree;
  a: CompareSide;
  b: CompareSide;
  row: number;
}) {
  const r = rowFrame(tree, a, b, row);
  if (!r) return null;
  const name = rowName(tree, a, b, row);
  return (
    <span className="flex-none">
      {frameType(r.f)} <ShortAddress value={rowTo(tree, a, b, row)} />
      {name ? ` ${name}` : ""}
    </span>
  );
}

/** The selected row's place among `sorted` rows; -1 when it is not one of them. */
function stepIndex(sorted: Int32Array, row: number): number {
  for (let k = 0; k < sorted.length; k++) if (sorted[k] === row) return k;
  return -1;
}
