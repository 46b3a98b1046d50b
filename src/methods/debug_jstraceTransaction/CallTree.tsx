/**
 * The call tree view: a WAI-ARIA tree, virtualised (only the rows on screen are in the DOM,
 * whatever the trace size). Pure props: the model, the shown structure, the visible rows and the
 * selection come from outside, so tests and the benchmark can mount it with any data.
 *
 * Rows are flat treeitems carrying aria-level / aria-setsize / aria-posinset (the pattern for
 * virtualised trees). Log rows (withLog) are plain text rows between the frames, not treeitems;
 * the frame's detail panel lists them too. Focus is roving: the selected row holds tabIndex 0 and
 * is always kept mounted (rangeExtractor), so keyboard focus survives scrolling.
 */
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from "@tanstack/react-virtual";
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { formatEther } from "viem";
import type { FrameDecodeCache } from "./decode";
import {
  frameType,
  hexBigint,
  isShown,
  setSize,
  type Rows,
  type Structure,
  type TraceModel,
} from "./model";
import type { CallFrame } from "./result";

export const ROW_HEIGHT = 28;
const INDENT = 16;

export interface CallTreeProps {
  model: TraceModel;
  structure: Structure;
  rows: Rows;
  expanded: Uint8Array;
  selected: number;
  decode: FrameDecodeCache;
  /** 1 for frames matching the current search (null: no search). */
  matches: Uint8Array | null;
  onSelect: (frame: number) => void;
  onToggle: (frame: number) => void;
  onExpandSiblings: (frame: number) => void;
  label?: string;
  nativeSymbol?: string;
  /** Fixed viewport size (tests, benchmarks): skips measuring the scroll element. */
  viewport?: { width: number; height: number };
  height?: number;
}

export const TYPE_STYLES: Record<string, string> = {
  CALL: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  STATICCALL: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  DELEGATECALL: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100",
  CALLCODE: "bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900 dark:text-fuchsia-100",
  CREATE: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  CREATE2: "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-100",
  SELFDESTRUCT: "bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-100",
};

export function typeStyle(type: string): string {
  return TYPE_STYLES[type] ?? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100";
}

export function shortHex(a: string | null | undefined): string {
  if (!a) return "—";
  return a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

export function formatNative(wei: bigint, symbol = "ETH"): string {
  return `${formatEther(wei)} ${symbol}`;
}

/** One formatter for every row (Number#toLocaleString builds a new one per call: slow while scrolling). */
const GAS_FORMAT = new Intl.NumberFormat("en-US");

function fmtGas(n: number): string {
  return GAS_FORMAT.format(Math.round(n));
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function CallTree(props: CallTreeProps) {
  const {
    model,
    structure,
    rows,
    expanded,
    selected,
    onSelect,
    onToggle,
    onExpandSiblings,
    viewport,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const selectedRow = selected >= 0 ? (rows.rowOfFrame[selected] ?? -1) : -1;

  // The selected row stays mounted even when scrolled away, so roving focus is never lost.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const base = defaultRangeExtractor(range);
      if (selectedRow >= 0 && selectedRow < range.count && !base.includes(selectedRow)) {
        base.push(selectedRow);
        base.sort((a, b) => a - b);
      }
      return base;
    },
    [selectedRow],
  );

  // Stable between renders: a new function would make the virtualizer lay out every row again
  // (up to 100,000+) on each scroll.
  const getItemKey = useCallback(
    (r: number) =>
      rows.log[r] === -1 ? (rows.frame[r] ?? r) : `${rows.frame[r] ?? r}:${rows.log[r] ?? 0}`,
    [rows],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    rangeExtractor,
    getItemKey,
    ...(viewport
      ? {
          initialRect: viewport,
          observeElementRect: (
            _i: Virtualizer<HTMLDivElement, Element>,
            cb: (rect: { width: number; height: number }) => void,
          ) => {
            cb(viewport);
            return () => {};
          },
        }
      : {}),
  });

  // Keep the selected frame in view (search, failures, flame chart, deep link, keyboard).
  useEffect(() => {
    if (selectedRow >= 0) virtualizer.scrollToIndex(selectedRow, { align: "auto" });
  }, [selectedRow, virtualizer]);

  useEffect(() => {
    if (!focusPending.current || selected < 0) return;
    focusPending.current = false;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-frame-row="${selected}"]`);
    el?.focus({ preventScroll: true });
  });

  const frameRowAt = (row: number, dir: 1 | -1): number => {
    for (let r = row; r >= 0 && r < rows.length; r += dir)
      if (rows.log[r] === -1) return rows.frame[r] ?? -1;
    return -1;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = selected >= 0 && selectedRow >= 0 ? selected : frameRowAt(0, 1);
    const row = rows.rowOfFrame[current] ?? 0;
    let target = -1;
    const hasKids = (structure.childCount[current] as number) > 0;
    switch (e.key) {
      case "ArrowDown":
        target = frameRowAt(row + 1, 1);
        break;
      case "ArrowUp":
        target = frameRowAt(row - 1, -1);
        break;
      case "PageDown":
        target = frameRowAt(Math.min(rows.length - 1, row + 15), -1);
        break;
      case "PageUp":
        target = frameRowAt(Math.max(0, row - 15), 1);
        break;
      case "Home":
        target = frameRowAt(0, 1);
        break;
      case "End":
        target = frameRowAt(rows.length - 1, -1);
        break;
      case "ArrowRight":
        if (hasKids && !expanded[current]) onToggle(current);
        else if (hasKids) target = frameRowAt(row + 1, 1);
        break;
      case "ArrowLeft":
        if (hasKids && expanded[current]) onToggle(current);
        else target = structure.parent[current] ?? -1;
        break;
      case "Enter":
      case " ":
        if (hasKids) onToggle(current);
        target = current;
        break;
      case "*":
        onExpandSiblings(current);
        target = current;
        break;
      default:
        return;
    }
    e.preventDefault();
    if (target >= 0) {
      focusPending.current = true;
      if (target !== selected) onSelect(target);
      else {
        const el = scrollRef.current?.querySelector<HTMLElement>(`[data-frame-row="${target}"]`);
        el?.focus({ preventScroll: true });
        focusPending.current = false;
      }
    }
  };

  const tabRow = selectedRow >= 0 ? selectedRow : 0;
  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      role="tree"
      aria-label={props.label ?? "Call tree"}
      onKeyDown={onKeyDown}
      className="relative overflow-auto rounded border border-slate-200 bg-white font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
      style={{ height: props.height ?? 480 }}
    >
      <div
        style={{
          height: virtualizer.getTotalSize(),
          position: "relative",
          minWidth: "100%",
          width: "max-content",
        }}
      >
        {items.map((item) => {
          const f = rows.frame[item.index] ?? 0;
          const l = rows.log[item.index] ?? -1;
          const style = {
            position: "absolute" as const,
            top: 0,
            left: 0,
            minWidth: "100%",
            height: ROW_HEIGHT,
            transform: `translateY(${item.start}px)`,
          };
          if (l >= 0) {
            return (
              <div key={item.key} style={style} className="flex items-center">
                <LogRow
                  model={model}
                  structure={structure}
                  frame={f}
                  log={l}
                  decode={props.decode}
                />
              </div>
            );
          }
          return (
            <FrameRow
              key={item.key}
              start={item.start}
              model={model}
              structure={structure}
              index={f}
              expanded={expanded[f] === 1}
              selected={f === selected}
              tabbable={item.index === tabRow}
              match={props.matches ? props.matches[f] === 1 : false}
              decode={props.decode}
              nativeSymbol={props.nativeSymbol ?? "ETH"}
              onSelect={onSelect}
              onToggle={onToggle}
            />
          );
        })}
      </div>
    </div>
  );
}

interface FrameRowProps {
  /** The row's offset (a number, not a style object, so memo skips rows that did not change while scrolling). */
  start: number;
  model: TraceModel;
  structure: Structure;
  index: number;
  expanded: boolean;
  selected: boolean;
  tabbable: boolean;
  match: boolean;
  decode: FrameDecodeCache;
  nativeSymbol: string;
  onSelect: (i: number) => void;
  onToggle: (i: number) => void;
}

const FrameRow = memo(function FrameRow(p: FrameRowProps) {
  const { model, structure, index: i } = p;
  const style: CSSProperties = {
    position: "absolute",
    top: 0,
    left: 0,
    minWidth: "100%",
    height: ROW_HEIGHT,
    transform: `translateY(${p.start}px)`,
  };
  const f = model.frames[i] as CallFrame;
  const type = frameType(f);
  const level = structure.level[i] as number;
  const hasKids = (structure.childCount[i] as number) > 0;
  const failed = model.failed[i] === 1;
  const d = p.decode.frame(i);
  const value = f.value ? hexBigint(f.value) : 0n;
  const parent = model.parent[i] as number;
  const parentGas = parent >= 0 ? (model.gasUsed[parent] as number) : (model.gasUsed[i] as number);
  const share = parentGas > 0 ? Math.min(1, (model.gasUsed[i] as number) / parentGas) : 0;
  const input = typeof f.input === "string" ? f.input : "";
  const to = typeof f.to === "string" ? f.to : null;
  const logCount = Array.isArray(f.logs) ? f.logs.length : 0;
  const fn = d.call
    ? `${d.call.name}(${clip(d.call.args.map((a) => a.value).join(", "), 120)})`
    : input.length >= 10
      ? `${input.slice(0, 10)}(…)`
      : input.length > 2
        ? `data ${clip(input, 20)}`
        : type === "CALL" || type === "CALLCODE"
          ? "(transfer)"
          : "";
  const target =
    type === "CREATE" || type === "CREATE2"
      ? "created "
      : type === "SELFDESTRUCT"
        ? "beneficiary "
        : "";
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-setsize={setSize(structure, i)}
      aria-posinset={structure.posInSet[i] as number}
      aria-expanded={hasKids ? p.expanded : undefined}
      aria-selected={p.selected}
      aria-invalid={failed ? true : undefined}
      data-frame-row={i}
      data-failed={failed ? "true" : undefined}
      tabIndex={p.tabbable ? 0 : -1}
      style={style}
      onClick={() => p.onSelect(i)}
      className={`flex cursor-default items-center gap-2 whitespace-nowrap pr-2 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600 ${
        p.selected
          ? "bg-indigo-100 dark:bg-indigo-950"
          : p.match
            ? "bg-yellow-100 dark:bg-yellow-900/40"
            : "hover:bg-slate-50 dark:hover:bg-slate-900"
      } ${failed ? "border-l-4 border-red-600" : "border-l-4 border-transparent"}`}
    >
      <span
        aria-hidden="true"
        className="self-stretch"
        style={{
          width: (level - 1) * INDENT,
          flex: "none",
          backgroundImage:
            level > 1
              ? `repeating-linear-gradient(to right, transparent 0 ${INDENT / 2 - 1}px, rgb(148 163 184 / 0.5) ${INDENT / 2 - 1}px ${INDENT / 2}px, transparent ${INDENT / 2}px ${INDENT}px)`
              : undefined,
        }}
      />
      <span
        aria-hidden="true"
        className="inline-block w-4 flex-none text-center text-slate-700 dark:text-slate-300"
        onClick={(e) => {
          if (!hasKids) return;
          e.stopPropagation();
          p.onToggle(i);
        }}
      >
        {hasKids ? (p.expanded ? "▾" : "▸") : ""}
      </span>
      <span className={`flex-none rounded px-1 py-px text-[10px] font-semibold ${typeStyle(type)}`}>
        {type}
      </span>
      {failed ? (
        <span className="flex-none rounded bg-red-700 px-1 py-px text-[10px] font-semibold text-white">
          failed
        </span>
      ) : null}
      <span className="text-slate-700 dark:text-slate-300" title={`${f.from} → ${to ?? "(none)"}`}>
        {shortHex(f.from)} → {target}
        <span className="text-slate-900 dark:text-slate-100">{shortHex(to)}</span>
      </span>
      {fn ? (
        <span
          className="font-semibold text-indigo-800 dark:text-indigo-300"
          title={d.call?.signature ?? input.slice(0, 10)}
        >
          {fn}
        </span>
      ) : null}
      {value > 0n ? (
        <span className="rounded bg-amber-100 px-1 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          {formatNative(value, p.nativeSymbol)}
        </span>
      ) : null}
      {failed ? (
        <span className="text-red-800 dark:text-red-300" data-error>
          {f.error}
          {d.revert && d.revert.kind !== "empty" ? (
            <span data-revert-reason={d.revert.reason}> — {clip(d.revert.label, 160)}</span>
          ) : null}
        </span>
      ) : null}
      <span
        className="ml-auto flex flex-none items-center gap-1 pl-2 text-slate-700 dark:text-slate-300"
        title={`gas used ${fmtGas(model.gasUsed[i] as number)} of ${fmtGas(model.gas[i] as number)} (${Math.round(share * 100)}% of the parent's)`}
      >
        <span
          aria-hidden="true"
          className="inline-block h-1.5 w-10 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        >
          <span className="block h-full bg-indigo-600" style={{ width: `${share * 100}%` }} />
        </span>
        {fmtGas(model.gasUsed[i] as number)} gas
      </span>
      {logCount > 0 ? (
        <span className="flex-none text-slate-700 dark:text-slate-300">
          {logCount} log{logCount === 1 ? "" : "s"}
        </span>
      ) : null}
    </div>
  );
});

function LogRow({
  model,
  structure,
  frame,
  log,
  decode,
}: {
  model: TraceModel;
  structure: Structure;
  frame: number;
  log: number;
  decode: FrameDecodeCache;
}): ReactNode {
  const l = model.frames[frame]?.logs?.[log];
  if (!l) return null;
  const d = decode.log(frame, log);
  const level = (isShown(structure, frame) ? (structure.level[frame] as number) : 1) + 1;
  return (
    <span
      data-log-of={frame}
      data-log-index={log}
      className="flex items-center gap-2 whitespace-nowrap border-l-4 border-transparent pr-2 text-emerald-900 dark:text-emerald-200"
      style={{ paddingLeft: (level - 1) * INDENT + 20 }}
    >
      <span className="rounded bg-emerald-100 px-1 text-[10px] font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
        LOG
      </span>
      <span title={l.address}>{shortHex(l.address)}</span>
      <span className="font-semibold">
        {d
          ? `${d.name}(${clip(d.args.map((a) => `${a.name ? `${a.name}: ` : ""}${a.value}`).join(", "), 140)})`
          : l.topics[0]
            ? `topic0 ${shortHex(l.topics[0])}`
            : "anonymous log"}
      </span>
      <span className="text-slate-700 dark:text-slate-300">
        {l.topics.length} topic{l.topics.length === 1 ? "" : "s"} ·{" "}
        {Math.max(0, (l.data.length - 2) / 2)} bytes
      </span>
    </span>
  );
}
