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
import { DEFAULT_NATIVE_SYMBOL } from "../chain/nativeUnit";
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type VirtualItem,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, useState } from "react";
import { fixedViewport, scrollFromTop, sizerStyle, SlotKeys, useFling } from "../ui/virtual";
import type { InternalCall } from "./steps";
import type { FrameDecodeCache } from "./decode";
import type { TokenMeta } from "../decoding/tokenMeta";
import { FrameLogRow } from "./FrameLogRow";
import { FrameRow, ROW_HEIGHT, rowStyle } from "./FrameRow";
import { InternalCallRow, siblingPositions } from "./InternalCallRow";
import { PendingFrameRow } from "./PendingFrameRow";
import type { TraceModel } from "./model";
import type { Rows, Structure } from "./tree";
import { useTreeKeyboard } from "./useTreeKeyboard";

export { ROW_HEIGHT };

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
  /** Frames are still arriving (a preview of the top of the tree). */
  busy?: boolean;
  nativeSymbol?: string;
  /** Fixed viewport size (tests, benchmarks): skips measuring the scroll element. */
  viewport?: { width: number; height: number };
  height?: number;
  /** The internal calls of frames whose debug trace is loaded (their rows are in `rows`). */
  internalCalls?: ReadonlyMap<number, readonly InternalCall[]> | null;
  /** Token symbols and decimals (checksummed keys): the events' ERC-20 amounts in their units. */
  tokenMeta?: ReadonlyMap<string, TokenMeta> | undefined;
}

export function CallTree(props: CallTreeProps) {
  const { model, structure, rows, expanded, selected, onSelect, onToggle, viewport } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
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
      rows.log[r] === -1
        ? (rows.frame[r] ?? r)
        : rows.log[r] === -2
          ? `${rows.frame[r] ?? r}:i${rows.internal?.[r] ?? 0}`
          : `${rows.frame[r] ?? r}:${rows.log[r] ?? 0}`,
    [rows],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    rangeExtractor,
    getItemKey,
    ...fixedViewport(viewport),
  });

  // Keep the selected frame in view (search, failures, flame chart, deep link, keyboard).
  useEffect(() => {
    if (selectedRow >= 0) virtualizer.scrollToIndex(selectedRow, { align: "auto" });
  }, [selectedRow, virtualizer]);

  const onKeyDown = useTreeKeyboard(scrollRef, props, selectedRow);

  const tabRow = selectedRow >= 0 ? selectedRow : 0;
  const items = virtualizer.getVirtualItems();
  // Rows scrolled into view reuse the elements of rows that left (the selected row keeps its own).
  const [slotKeys] = useState(() => new SlotKeys<VirtualItem["key"]>());
  const slots = slotKeys.assign(items.map((item) => item.key));
  const light = useFling(virtualizer);
  return (
    <div
      ref={scrollRef}
      role="tree"
      aria-label={props.label ?? "Call tree"}
      aria-busy={props.busy ? true : undefined}
      onKeyDown={onKeyDown}
      className="relative overflow-auto rounded border border-slate-200 bg-white font-mono text-xs dark:border-slate-700 dark:bg-slate-950"
      style={{ height: props.height ?? 480 }}
    >
      {/* As wide as the tree, not as its widest row: a row gives way (its decoded call and
          log text truncate, the full text in the detail) so the tree never pans sideways. */}
      <div style={{ ...sizerStyle(virtualizer.getTotalSize()), width: "100%" }}>
        {items.map((item, j) => {
          const key = slots[j];
          const f = rows.frame[item.index] ?? 0;
          const l = rows.log[item.index] ?? -1;
          const calls = l === -2 ? props.internalCalls?.get(f) : undefined;
          const c = rows.internal?.[item.index] ?? -1;
          const call = calls?.[c];
          if (calls && call) {
            const { size, pos } = siblingPositions(calls);
            return (
              <InternalCallRow
                key={key}
                start={item.start}
                structure={structure}
                frame={f}
                call={call}
                setSize={size[c] ?? 1}
                posInSet={pos[c] ?? 1}
              />
            );
          }
          // an internal call's row whose list is gone (another trace): nothing to draw
          if (l === -2) return null;
          if (l >= 0) {
            return (
              <div key={key} style={rowStyle(item.start)} className="flex items-center">
                <FrameLogRow
                  model={model}
                  structure={structure}
                  frame={f}
                  log={l}
                  decode={props.decode}
                  tokenMeta={props.tokenMeta}
                />
              </div>
            );
          }
          if (model.frames[f] === undefined)
            return (
              <PendingFrameRow
                key={key}
                start={item.start}
                structure={structure}
                index={f}
                tabbable={item.index === tabRow}
              />
            );
          return (
            <FrameRow
              key={key}
              start={item.start}
              model={model}
              structure={structure}
              index={f}
              expanded={expanded[f] === 1}
              selected={f === selected}
              tabbable={item.index === tabRow}
              match={props.matches ? props.matches[f] === 1 : false}
              decode={props.decode}
              nativeSymbol={props.nativeSymbol ?? DEFAULT_NATIVE_SYMBOL}
              onSelect={onSelect}
              onToggle={onToggle}
              // The selected frame (a search match, a deep link) is always drawn in full.
              light={light && f !== selected}
            />
          );
        })}
      </div>
    </div>
  );
}
