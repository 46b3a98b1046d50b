/**
 * The flame chart's maths (no React): an icicle layout of gasUsed laid out once per trace (one
 * O(n) pass: x and width in units of the top frame, which spans [0, 1]), the window on screen
 * and how zooming and panning move it, and the blocks to draw for a window.
 */
import type { InternalCall } from "./steps";
import type { TraceModel } from "./model";

/** Blocks narrower than this on screen are merged into "n more" runs. */
export const MIN_PX = 2;
const MAX_BLOCKS = 4000;

export interface FlameLayout {
  x: Float64Array;
  w: Float64Array;
}

export function flameLayout(m: TraceModel): FlameLayout {
  const n = m.size;
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  const cursor = new Float64Array(n);
  if (n === 0) return { x, w };
  w[0] = 1;
  for (let i = 1; i < n; i++) {
    const p = m.parent[i] as number;
    const pg = m.gasUsed[p] as number;
    const share =
      pg > 0 ? (m.gasUsed[i] as number) / pg : 1 / Math.max(1, m.childCount[p] as number);
    const left = (w[p] as number) - (cursor[p] as number);
    const width = Math.max(0, Math.min(share * (w[p] as number), left));
    x[i] = (x[p] as number) + (cursor[p] as number);
    w[i] = width;
    cursor[p] = (cursor[p] as number) + width;
  }
  return { x, w };
}

/** The part of the chart on screen, in layout units (the top frame spans [0, 1]). */
export interface FlameWindow {
  x0: number;
  x1: number;
}

export const FULL_WINDOW: FlameWindow = { x0: 0, x1: 1 };
/** The narrowest window: a 100,000th of the top frame still fills the chart. */
export const MIN_SPAN = 1e-6;

/** A window `span` wide centred on `centre`, kept inside [0, 1]. */
export function clampWindow(centre: number, span: number): FlameWindow {
  const s = Math.min(1, Math.max(MIN_SPAN, span));
  const x0 = Math.min(1 - s, Math.max(0, centre - s / 2));
  return { x0, x1: x0 + s };
}

/** Zooms by `factor` (< 1 zooms in) keeping the layout point at `anchor` (0–1 across the chart) still. */
export function zoomWindow(w: FlameWindow, factor: number, anchor = 0.5): FlameWindow {
  const span = w.x1 - w.x0;
  const at = w.x0 + anchor * span;
  const s = Math.min(1, Math.max(MIN_SPAN, span * factor));
  const x0 = Math.min(1 - s, Math.max(0, at - anchor * s));
  return { x0, x1: x0 + s };
}

export interface FlameBlock {
  /** A frame's pre-order index, or -1 for a merged block. */
  frame: number;
  level: number;
  x: number;
  w: number;
  /** Merged blocks: how many sibling frames (with their subtrees) are too narrow to draw. */
  merged: number;
}

/**
 * The blocks to draw for a window: frames at least `minPx` wide on screen; runs of narrower
 * siblings become one merged block ("n more") instead of vanishing, and their subtrees are
 * skipped (they are narrower still). One pre-order pass that never enters a skipped subtree.
 */
export function flameBlocks(
  m: TraceModel,
  layout: FlameLayout,
  view: FlameWindow,
  widthPx: number,
  maxLevel: number,
  minPx = MIN_PX,
  maxBlocks = MAX_BLOCKS,
  /** Each frame's row when internal calls take rows of their own (internalRows), else its level. */
  levels: Int32Array = m.level,
): FlameBlock[] {
  const out: FlameBlock[] = [];
  const scale = widthPx / (view.x1 - view.x0);
  const pending: (FlameBlock & { parent: number })[] = [];
  const flush = (level: number) => {
    const b = pending[level];
    if (b) {
      out.push({ frame: b.frame, level: b.level, x: b.x, w: b.w, merged: b.merged });
      pending[level] = undefined as unknown as FlameBlock & { parent: number };
    }
  };
  let i = 0;
  while (i < m.size && out.length < maxBlocks) {
    const x = layout.x[i] as number;
    const w = layout.w[i] as number;
    const level = levels[i] as number;
    const next = m.end[i] as number;
    if (level > maxLevel || x >= view.x1 || x + w <= view.x0) {
      i = next;
      continue;
    }
    if (w * scale < minPx) {
      const parent = m.parent[i] as number;
      const b = pending[level];
      if (b && b.parent === parent && Math.abs(b.x + b.w - x) < 1e-12) {
        b.w += w;
        b.merged++;
      } else {
        flush(level);
        pending[level] = { frame: -1, level, x, w, merged: 1, parent };
      }
      i = next;
      continue;
    }
    flush(level);
    out.push({ frame: i, level, x, w, merged: 0 });
    i++;
  }
  for (let l = 0; l < pending.length; l++) flush(l);
  return out;
}

/** The window moved by `fraction` of its own width (negative: to the left), kept inside [0, 1]. */
export function panWindow(w: FlameWindow, fraction: number): FlameWindow {
  return clampWindow((w.x0 + w.x1) / 2 + fraction * (w.x1 - w.x0), w.x1 - w.x0);
}

/**
 * The window a click on a block zooms to: into a frame, with a little room around it; into a
 * merged run far enough that its frames are about 8 px wide, around `at` (the layout point
 * clicked, NaN when unknown) when it lies on the run.
 */
export function zoomIntoBlock(
  block: Pick<FlameBlock, "x" | "w" | "merged">,
  at: number,
  widthPx: number,
): FlameWindow {
  const { x, w, merged } = block;
  if (merged > 0) {
    const centre = at >= x && at <= x + w ? at : x + w / 2;
    return clampWindow(centre, Math.min(w * 1.1, ((w / merged) * widthPx) / 8));
  }
  return clampWindow(x + w / 2, w * 1.1);
}

/**
 * Rows for the internal calls of frames whose debug trace is loaded: under a frame with calls
 * nested d deep, d rows of its internal calls come before its subcalls' row, so every frame below
 * moves down by the rows its ancestors' calls take. One pass over the frames.
 */
export function internalRows(
  m: TraceModel,
  byFrame: ReadonlyMap<number, readonly InternalCall[]>,
): { levels: Int32Array; maxLevel: number } {
  const deep = new Int32Array(m.size);
  for (const [i, calls] of byFrame)
    for (const c of calls) if (c.depth > (deep[i] ?? 0)) deep[i] = c.depth;
  const shift = new Int32Array(m.size);
  const levels = new Int32Array(m.size);
  let maxLevel = 0;
  for (let i = 0; i < m.size; i++) {
    const p = m.parent[i] as number;
    shift[i] = p < 0 ? 0 : (shift[p] as number) + (deep[p] as number);
    levels[i] = (m.level[i] as number) + (shift[i] as number);
    maxLevel = Math.max(maxLevel, (levels[i] as number) + (deep[i] as number));
  }
  return { levels, maxLevel };
}

export interface InternalFlameBlock {
  frame: number;
  call: InternalCall;
  level: number;
  x: number;
  w: number;
}

/**
 * The internal calls of the frames drawn, placed in their frame's width by gas: from the gas the
 * frame had used before the call, as wide as the call's gas (the frame's gasUsed spans the frame).
 */
export function internalFlameBlocks(
  m: TraceModel,
  layout: FlameLayout,
  drawn: readonly FlameBlock[],
  byFrame: ReadonlyMap<number, readonly InternalCall[]>,
  levels: Int32Array,
  view: FlameWindow,
  widthPx: number,
  maxLevel: number,
  minPx = MIN_PX,
): InternalFlameBlock[] {
  const out: InternalFlameBlock[] = [];
  const scale = widthPx / (view.x1 - view.x0);
  for (const b of drawn) {
    if (b.frame < 0) continue;
    const calls = byFrame.get(b.frame);
    const used = m.gasUsed[b.frame] as number;
    if (!calls || !(used > 0)) continue;
    const fx = layout.x[b.frame] as number;
    const fw = layout.w[b.frame] as number;
    for (const call of calls) {
      const level = (levels[b.frame] as number) + call.depth;
      const x = fx + (Math.max(0, call.gasBefore) / used) * fw;
      const w = Math.min(fx + fw - x, (call.gas / used) * fw);
      if (level > maxLevel || w * scale < minPx || x >= view.x1 || x + w <= view.x0) continue;
      out.push({ frame: b.frame, call, level, x, w });
    }
  }
  return out;
}
