/**
 * The tree as shown (no React): the structure under a type filter, which frames are expanded, the
 * visible rows (frames, and logs placed among a frame's subcalls) and frame paths. Each is a
 * linear pass over the model's typed arrays, or touches only the rows asked for.
 */
import type { CallFrame, CallLog } from "./result";
import { frameType, hexNumber, type TraceModel } from "./model";

// ---------------------------------------------------------------------------------------------
// Structure as shown: with a type filter, hidden frames disappear and their children move up to
// the nearest shown ancestor (so a hidden STATICCALL never hides the calls made inside it).

export interface Structure {
  /** null: every frame is shown. */
  shown: Uint8Array | null;
  /** Nearest shown ancestor (-1 for the top frame). */
  parent: Int32Array;
  level: Int32Array;
  childCount: Int32Array;
  posInSet: Int32Array;
  hiddenCount: number;
}

export function baseStructure(m: TraceModel): Structure {
  return {
    shown: null,
    parent: m.parent,
    level: m.level,
    childCount: m.childCount,
    posInSet: m.posInSet,
    hiddenCount: 0,
  };
}

/** The tree with frames of `hiddenTypes` left out. The top frame is always shown. */
export function filteredStructure(m: TraceModel, hiddenTypes: ReadonlySet<string>): Structure {
  if (hiddenTypes.size === 0) return baseStructure(m);
  const n = m.size;
  const shown = new Uint8Array(n);
  const parent = new Int32Array(n);
  const level = new Int32Array(n);
  const childCount = new Int32Array(n);
  const posInSet = new Int32Array(n);
  let hiddenCount = 0;
  for (let i = 0; i < n; i++) {
    const p = m.parent[i] as number;
    const ep = p < 0 ? -1 : shown[p] ? p : (parent[p] as number);
    parent[i] = ep;
    const isShown = i === 0 || !hiddenTypes.has(frameType(m.frames[i] as CallFrame));
    if (!isShown) {
      hiddenCount++;
      continue;
    }
    shown[i] = 1;
    level[i] = ep < 0 ? 1 : (level[ep] as number) + 1;
    if (ep >= 0) {
      childCount[ep] = (childCount[ep] as number) + 1;
      posInSet[i] = childCount[ep] as number;
    } else posInSet[i] = 1;
  }
  return { shown, parent, level, childCount, posInSet, hiddenCount };
}

export function isShown(s: Structure, i: number): boolean {
  return s.shown === null || s.shown[i] === 1;
}

export function setSize(s: Structure, i: number): number {
  const p = s.parent[i] as number;
  return p < 0 ? 1 : (s.childCount[p] as number);
}

// ---------------------------------------------------------------------------------------------
// Expansion: one byte per frame.

export function allExpanded(m: TraceModel): Uint8Array {
  return new Uint8Array(m.size).fill(1);
}

/** Frames at levels < depth are expanded, so levels 1..depth are visible. */
export function expandToDepth(
  m: TraceModel,
  s: Structure,
  depth: number,
  into?: Uint8Array,
): Uint8Array {
  const out = into ?? new Uint8Array(m.size);
  for (let i = 0; i < m.size; i++)
    out[i] =
      (s.shown === null || s.shown[i] ? (s.level[i] as number) : (m.level[i] as number)) < depth
        ? 1
        : 0;
  return out;
}

/** A big trace opens expanded down to this level (exclusive): its level-4 rows show collapsed. */
export const OPEN_DEPTH = 4;

/** The state a trace opens in: small traces fully open; big ones down to a few levels. */
export function initialExpansion(m: TraceModel, s: Structure = baseStructure(m)): Uint8Array {
  return m.size <= 1000 ? allExpanded(m) : expandToDepth(m, s, OPEN_DEPTH);
}

export function expandAncestors(m: TraceModel, expanded: Uint8Array, i: number): void {
  for (let p = m.parent[i] as number; p >= 0; p = m.parent[p] as number) expanded[p] = 1;
}

/** `*`: expand every sibling of frame i (siblings as shown). */
export function expandSiblings(m: TraceModel, s: Structure, expanded: Uint8Array, i: number): void {
  const p = s.parent[i] as number;
  if (p < 0) {
    expanded[0] = 1;
    return;
  }
  const stop = m.end[p] as number;
  for (let c = p + 1; c < stop; c++) if (s.parent[c] === p && isShown(s, c)) expanded[c] = 1;
}

// ---------------------------------------------------------------------------------------------
// Visible rows: frame rows, and (with withLog) log rows placed among a frame's subcalls.

export interface Rows {
  length: number;
  /** Frame index of each row. */
  frame: Int32Array;
  /** Log index within the frame for a log row, -1 for a frame row, -2 for an internal call's. */
  log: Int32Array;
  /** The internal call's index in its frame's list for an internal call's row, else -1 (absent: none). */
  internal?: Int32Array;
  /** Row of each frame, -1 when the frame is not visible. */
  rowOfFrame: Int32Array;
}

export function logPosition(log: CallLog): number {
  const p = log.position;
  if (typeof p === "number") return p;
  return hexNumber(p);
}

/**
 * The rows on screen. `internal`: the internal function calls of the frames whose debug trace is
 * loaded (debug/frame.ts), each frame's in the order they were entered; their rows follow the
 * frame's own row while it is open (before its subcalls and logs).
 */
export function buildRows(
  m: TraceModel,
  s: Structure,
  expanded: Uint8Array,
  internal?: ReadonlyMap<number, readonly unknown[]> | null,
): Rows {
  const n = m.size;
  let internalCount = 0;
  if (internal) for (const list of internal.values()) internalCount += list.length;
  const cap = n + m.logCount + internalCount;
  const frame = new Int32Array(cap);
  const log = new Int32Array(cap);
  const inner = new Int32Array(cap).fill(-1);
  const rowOfFrame = new Int32Array(n).fill(-1);
  let len = 0;
  // Frames whose logs are being interleaved: [frame, next log index].
  const open: number[] = [];
  const nextLog: number[] = [];
  const flushUntil = (k: number, limit: number) => {
    const f = open[k] as number;
    const logs = m.frames[f]?.logs ?? [];
    let j = nextLog[k] as number;
    while (j < logs.length && logPosition(logs[j] as CallLog) <= limit) {
      frame[len] = f;
      log[len] = j;
      len++;
      j++;
    }
    nextLog[k] = j;
  };
  let i = 0;
  while (i < n) {
    while (open.length > 0 && (m.end[open[open.length - 1] as number] as number) <= i) {
      flushUntil(open.length - 1, Infinity);
      open.pop();
      nextLog.pop();
    }
    if (open.length > 0 && open[open.length - 1] === m.parent[i])
      flushUntil(open.length - 1, (m.posInSet[i] as number) - 1);
    if (s.shown !== null && !s.shown[i]) {
      i++;
      continue;
    }
    frame[len] = i;
    log[len] = -1;
    rowOfFrame[i] = len;
    len++;
    const hasKids = (s.childCount[i] as number) > 0;
    const open_ = !hasKids || expanded[i] === 1;
    const calls = open_ ? internal?.get(i) : undefined;
    if (calls)
      for (let c = 0; c < calls.length; c++) {
        frame[len] = i;
        log[len] = -2;
        inner[len] = c;
        len++;
      }
    const logs = m.frames[i]?.logs;
    if (open_ && Array.isArray(logs) && logs.length > 0) {
      open.push(i);
      nextLog.push(0);
    }
    // A collapsed frame skips its whole subtree, hidden-type frames included.
    i = hasKids && !open_ ? (m.end[i] as number) : i + 1;
  }
  while (open.length > 0) {
    flushUntil(open.length - 1, Infinity);
    open.pop();
    nextLog.pop();
  }
  return { length: len, frame, log, internal: inner, rowOfFrame };
}

// ---------------------------------------------------------------------------------------------
// Paths

export function pathOf(m: TraceModel, i: number): string {
  const parts: number[] = [];
  for (let c = i; c > 0; c = m.parent[c] as number) parts.push((m.posInSet[c] as number) - 1);
  parts.push(0);
  return parts.reverse().join(".");
}

/** The frame at a path such as "0.2.1", or -1 when the trace has no such frame. */
export function indexOfPath(m: TraceModel, path: string): number {
  if (!/^0(\.\d+)*$/.test(path.trim())) return -1;
  const parts = path.trim().split(".").slice(1).map(Number);
  let i = 0;
  for (const k of parts) {
    if (k >= (m.childCount[i] as number)) return -1;
    let c = i + 1;
    for (let j = 0; j < k; j++) c = m.end[c] as number;
    i = c;
  }
  return i;
}
