/**
 * The call tree, flattened ONCE into pre-order arrays so that every later operation is a linear
 * pass over typed arrays (Expand all on 100,000 frames is one `fill`), or touches only the rows
 * on screen. Nothing here decodes: decoding happens for visible rows only (see decode.ts).
 *
 * Index i is the frame's position in pre-order (the top frame is 0). A frame's subtree is the
 * index range [i, end[i]). Paths ("0.2.1") are the top frame followed by 0-based child ordinals.
 */
import { FRAME_ISSUES, KNOWN_FRAME_FIELDS, type CallFrame, type CallLog } from "./result";

export interface TraceModel {
  frames: CallFrame[];
  size: number;
  /** Parent index, -1 for the top frame. */
  parent: Int32Array;
  /** 1 = top frame. */
  level: Int32Array;
  childCount: Int32Array;
  /** 1-based position among siblings (aria-posinset). */
  posInSet: Int32Array;
  /** Exclusive end of the frame's subtree in pre-order. */
  end: Int32Array;
  /** Gas figures as sent; 0 where the node sent none (see `gasKnown`). */
  gas: Float64Array;
  gasUsed: Float64Array;
  /** Which gas figures the node sent: bit GAS_SENT (`gas`) and bit GAS_USED_SENT (`gasUsed`). */
  gasKnown: Uint8Array;
  /** 1 when the frame failed: an `error`, or Klaytn's `reverted` object. */
  failed: Uint8Array;
  /** 1 when the frame or a frame above it failed: its effects (value, logs) were undone. */
  reverted: Uint8Array;
  /** Indices of failed frames, in order. */
  failures: Int32Array;
  /** Upper-cased frame types present, with counts. */
  typeCounts: Map<string, number>;
  maxLevel: number;
  /** Wei moved by value-carrying frames that took effect (not failed, not under a failed frame). */
  valueMoved: bigint;
  /** Every log the node listed, emitted or not (the rows the tree may show). */
  logCount: number;
  /** Logs of frames that took effect: the ones the chain really emitted. */
  emittedLogCount: number;
  /** Frames with at least one field the node sent with a type the app cannot read. */
  issueFrames: number;
}

export const GAS_SENT = 1;
export const GAS_USED_SENT = 2;

/** The frame's type upper-cased (`Call` → `CALL`); "?" when the node sent none. */
export function frameType(f: CallFrame): string {
  return typeof f.type === "string" && f.type !== "" ? f.type.toUpperCase() : "?";
}

function klaytnReverted(f: CallFrame): Record<string, unknown> | null {
  const r = f.reverted;
  return typeof r === "object" && r !== null && !Array.isArray(r)
    ? (r as Record<string, unknown>)
    : null;
}

/** Whether a frame failed: a non-empty `error`, or (Klaytn) a `reverted` object. */
export function frameFailed(f: CallFrame): boolean {
  return (typeof f.error === "string" && f.error !== "") || klaytnReverted(f) !== null;
}

/** The failure as the node worded it: `error`, else "reverted" for Klaytn's `reverted`; null when it did not fail. */
export function frameError(f: CallFrame): string | null {
  if (typeof f.error === "string" && f.error !== "") return f.error;
  return klaytnReverted(f) ? "reverted" : null;
}

/** The node's own revert reason: `revertReason`, else Klaytn's `reverted.message` (when not empty). */
export function nodeRevertReason(f: CallFrame): string | null {
  if (typeof f.revertReason === "string" && f.revertReason !== "") return f.revertReason;
  const message = klaytnReverted(f)?.message;
  return typeof message === "string" && message !== "" ? message : null;
}

/** Fields the node sent that the app does not read (`time`, `beforeEVMTransfers`, `reverted`…), in its order. */
export function otherFields(f: CallFrame): [string, unknown][] {
  return Object.entries(f).filter(([k]) => !KNOWN_FRAME_FIELDS.has(k));
}

/** Whether the frame's gas (`"gas"`) or gas used (`"gasUsed"`) was sent. */
export function gasSent(m: TraceModel, i: number, which: "gas" | "gasUsed"): boolean {
  return ((m.gasKnown[i] as number) & (which === "gas" ? GAS_SENT : GAS_USED_SENT)) !== 0;
}

/**
 * The frame's gas used as a share (0..1) of its parent's (of its own gas for the top frame), or
 * null when it cannot be told: a figure missing, the parent's zero, or figures a client counts
 * differently (Klaytn's gasUsed above gas, gas near 2^63) that give no share between 0 and 1.
 */
export function gasShare(m: TraceModel, i: number): number | null {
  const p = m.parent[i] as number;
  const of = p >= 0 ? p : i;
  if (!gasSent(m, i, "gasUsed") || !gasSent(m, of, "gasUsed")) return null;
  const used = m.gasUsed[i] as number;
  const whole = m.gasUsed[of] as number;
  if (!(whole > 0) || !Number.isFinite(used)) return null;
  const share = used / whole;
  return Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : null;
}

/** A hex quantity as a float (gas fits comfortably); 0 for absent or unreadable. */
export function hexNumber(s: unknown): number {
  if (typeof s === "number") return s;
  if (typeof s !== "string" || s.length < 3) return 0;
  const n = Number(s);
  return Number.isFinite(n) ? n : 0;
}

export function hexBigint(s: unknown): bigint {
  if (typeof s === "number") return BigInt(s);
  if (typeof s !== "string" || s === "0x" || s === "0x0" || s === "") return 0n;
  try {
    return BigInt(s);
  } catch {
    return 0n;
  }
}

/**
 * Frame types whose `value` is not moved by the frame: a DELEGATECALL's `value` (Erigon, Besu,
 * Arbitrum send one) is its caller's, a STATICCALL moves none.
 */
const NO_VALUE_TYPES = new Set(["DELEGATECALL", "STATICCALL"]);

/** A typed array twice as long, with the old contents (flatten does not know the size up front). */
function grow<T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T {
  const b = make(a.length * 2);
  b.set(a);
  return b;
}

export function flatten(root: CallFrame): TraceModel {
  // One iterative pre-order walk (traces can be 1,024 calls deep) that fills every per-frame
  // array as it goes: parallel stacks and growable typed arrays, no object per frame (this runs
  // between the response and the first rows).
  const frames: CallFrame[] = [];
  let cap = 1024;
  let parent = new Int32Array(cap);
  let level = new Int32Array(cap);
  let childCount = new Int32Array(cap);
  let posInSet = new Int32Array(cap);
  let gas = new Float64Array(cap);
  let gasUsed = new Float64Array(cap);
  let gasKnown = new Uint8Array(cap);
  let failed = new Uint8Array(cap);
  let doomed = new Uint8Array(cap);
  const failures: number[] = [];
  // Counted per type as sent (few distinct strings), upper-cased once at the end.
  const rawTypeCounts = new Map<unknown, number>();
  let maxLevel = 0;
  let valueMoved = 0n;
  let logCount = 0;
  let emittedLogCount = 0;
  let issueFrames = 0;
  const stackFrame: CallFrame[] = [root];
  const stackParent: number[] = [-1];
  const stackOrdinal: number[] = [0];
  while (stackFrame.length > 0) {
    const f = stackFrame.pop() as CallFrame;
    const p = stackParent.pop() as number;
    const ordinal = stackOrdinal.pop() as number;
    const i = frames.length;
    if (i === cap) {
      cap *= 2;
      parent = grow(parent, (n) => new Int32Array(n));
      level = grow(level, (n) => new Int32Array(n));
      childCount = grow(childCount, (n) => new Int32Array(n));
      posInSet = grow(posInSet, (n) => new Int32Array(n));
      gas = grow(gas, (n) => new Float64Array(n));
      gasUsed = grow(gasUsed, (n) => new Float64Array(n));
      gasKnown = grow(gasKnown, (n) => new Uint8Array(n));
      failed = grow(failed, (n) => new Uint8Array(n));
      doomed = grow(doomed, (n) => new Uint8Array(n));
    }
    frames.push(f);
    parent[i] = p;
    const lv = p < 0 ? 1 : (level[p] as number) + 1;
    level[i] = lv;
    if (lv > maxLevel) maxLevel = lv;
    if (p >= 0) childCount[p] = (childCount[p] as number) + 1;
    posInSet[i] = ordinal + 1;
    gas[i] = hexNumber(f.gas);
    gasUsed[i] = hexNumber(f.gasUsed);
    gasKnown[i] =
      (typeof f.gas === "string" ? GAS_SENT : 0) |
      (typeof f.gasUsed === "string" ? GAS_USED_SENT : 0);
    if (f[FRAME_ISSUES] !== undefined) issueFrames++;
    const isFailed = frameFailed(f);
    if (isFailed) {
      failed[i] = 1;
      failures.push(i);
    }
    const isDoomed = isFailed || (p >= 0 && doomed[p] === 1);
    if (isDoomed) doomed[i] = 1;
    const rawType: unknown = f.type;
    rawTypeCounts.set(rawType, (rawTypeCounts.get(rawType) ?? 0) + 1);
    const value = f.value;
    if (!isDoomed && value && value !== "0x0" && !NO_VALUE_TYPES.has(frameType(f)))
      valueMoved += hexBigint(value);
    if (Array.isArray(f.logs)) {
      logCount += f.logs.length;
      if (!isDoomed) emittedLogCount += f.logs.length;
    }
    const calls = f.calls;
    if (Array.isArray(calls)) {
      for (let k = calls.length - 1; k >= 0; k--) {
        const child = calls[k];
        if (child) {
          stackFrame.push(child);
          stackParent.push(i);
          stackOrdinal.push(k);
        }
      }
    }
  }
  const n = frames.length;
  const typeCounts = new Map<string, number>();
  for (const [rawType, count] of rawTypeCounts) {
    const type = typeof rawType === "string" && rawType !== "" ? rawType.toUpperCase() : "?";
    typeCounts.set(type, (typeCounts.get(type) ?? 0) + count);
  }
  // Subtree sizes, children before parents (reverse pre-order).
  const end = new Int32Array(n).fill(1);
  for (let i = n - 1; i > 0; i--) {
    const p = parent[i] as number;
    end[p] = (end[p] as number) + (end[i] as number);
  }
  for (let i = 0; i < n; i++) end[i] = i + (end[i] as number);
  return {
    frames,
    size: n,
    parent: parent.slice(0, n),
    level: level.slice(0, n),
    childCount: childCount.slice(0, n),
    posInSet: posInSet.slice(0, n),
    end,
    gas: gas.slice(0, n),
    gasUsed: gasUsed.slice(0, n),
    gasKnown: gasKnown.slice(0, n),
    failed: failed.slice(0, n),
    reverted: doomed.slice(0, n),
    failures: Int32Array.from(failures),
    typeCounts,
    maxLevel,
    valueMoved,
    logCount,
    emittedLogCount,
    issueFrames,
  };
}

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
  /** Log index within the frame for a log row, -1 for a frame row. */
  log: Int32Array;
  /** Row of each frame, -1 when the frame is not visible. */
  rowOfFrame: Int32Array;
}

export function logPosition(log: CallLog): number {
  const p = log.position;
  if (typeof p === "number") return p;
  return hexNumber(p);
}

export function buildRows(m: TraceModel, s: Structure, expanded: Uint8Array): Rows {
  const n = m.size;
  const cap = n + m.logCount;
  const frame = new Int32Array(cap);
  const log = new Int32Array(cap);
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
  return { length: len, frame, log, rowOfFrame };
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

// ---------------------------------------------------------------------------------------------
// Search

/** What search needs to know beyond the raw frame: names the decoder can give cheaply. */
export interface SearchNames {
  /** `address`: the called contract (or the emitting one), whose verified ABI names come first. */
  functionName: (selector: string, address?: string) => string | undefined;
  eventName: (topic0: string, address?: string) => string | undefined;
  /** The decoded revert reason of a failed frame's output. */
  revertText: (output: string) => string | undefined;
}

/** Lower-case searchable text per frame, built once per model and names source. */
export function buildSearchTexts(
  m: TraceModel,
  names: SearchNames,
  /** Only frames [from, to) into `texts` (built in slices between frames of the page). */
  part?: { from: number; to: number; texts: string[] },
): string[] {
  const texts = part?.texts ?? new Array<string>(m.size);
  const fnCache = new Map<string, string>();
  const evCache = new Map<string, string>();
  for (let i = part?.from ?? 0, stop = part ? Math.min(part.to, m.size) : m.size; i < stop; i++) {
    const f = m.frames[i] as CallFrame;
    const parts: string[] = [frameType(f), f.from, typeof f.to === "string" ? f.to : ""];
    const input = typeof f.input === "string" ? f.input : "";
    if (input.length >= 10) {
      const sel = input.slice(0, 10).toLowerCase();
      const to = typeof f.to === "string" ? f.to.toLowerCase() : "";
      const key = `${to}|${sel}`;
      let name = fnCache.get(key);
      if (name === undefined) {
        name = names.functionName(sel, to || undefined) ?? "";
        fnCache.set(key, name);
      }
      parts.push(sel, name);
    }
    const error = frameError(f);
    if (error) {
      parts.push(error);
      const reason = nodeRevertReason(f);
      if (reason) parts.push(reason);
      if (typeof f.output === "string" && f.output.length > 2)
        parts.push(names.revertText(f.output) ?? "");
    }
    if (Array.isArray(f.logs)) {
      for (const l of f.logs) {
        parts.push(l.address);
        const t0 = l.topics[0];
        if (t0) {
          const key = t0.toLowerCase();
          const at = `${l.address.toLowerCase()}|${key}`;
          let name = evCache.get(at);
          if (name === undefined) {
            name = names.eventName(key, l.address) ?? "";
            evCache.set(at, name);
          }
          parts.push(key, name);
        }
      }
    }
    texts[i] = parts.join("\u0001").toLowerCase();
  }
  return texts;
}

/** Frames (shown ones only) whose text contains the query, in tree order. */
export function searchFrames(texts: readonly string[], query: string, s: Structure): Int32Array {
  const q = query.trim().toLowerCase();
  if (q === "") return new Int32Array(0);
  const out: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    if ((texts[i] as string).includes(q) && (s.shown === null || s.shown[i])) out.push(i);
  }
  return Int32Array.from(out);
}

/** The first entry of `sorted` after (or before) `from`, wrapping around; -1 when empty. */
export function stepIn(sorted: Int32Array, from: number, dir: 1 | -1): number {
  if (sorted.length === 0) return -1;
  if (dir === 1) {
    for (const x of sorted) if (x > from) return x;
    return sorted[0] as number;
  }
  for (let k = sorted.length - 1; k >= 0; k--)
    if ((sorted[k] as number) < from) return sorted[k] as number;
  return sorted[sorted.length - 1] as number;
}

// ---------------------------------------------------------------------------------------------

export interface TraceSummary {
  frames: number;
  maxDepth: number;
  failed: number;
  valueMoved: bigint;
  /** null when the top frame has no gasUsed. */
  topGasUsed: number | null;
  /** Logs emitted (of frames that took effect). */
  logs: number;
  /** Logs the node listed on reverted frames: not emitted. */
  revertedLogs: number;
  /** Frames shown with a warning (a field of the wrong type). */
  issueFrames: number;
}

export function summarize(m: TraceModel): TraceSummary {
  return {
    frames: m.size,
    maxDepth: m.maxLevel,
    failed: m.failures.length,
    valueMoved: m.valueMoved,
    topGasUsed: m.size > 0 && gasSent(m, 0, "gasUsed") ? (m.gasUsed[0] as number) : null,
    logs: m.emittedLogCount,
    revertedLogs: m.logCount - m.emittedLogCount,
    issueFrames: m.issueFrames,
  };
}
