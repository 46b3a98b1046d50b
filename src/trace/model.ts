/**
 * The call tree, flattened ONCE into pre-order arrays (flatten.ts) so that every later operation
 * is a linear pass over typed arrays (Expand all on 100,000 frames is one `fill`), or touches only
 * the rows on screen (tree.ts); search has its own room (search.ts). Nothing here decodes:
 * decoding happens for visible rows only (see decode.ts). This file holds the model's shape, what
 * one frame says (type, failure, gas) and the summary.
 *
 * Index i is the frame's position in pre-order (the top frame is 0). A frame's subtree is the
 * index range [i, end[i]). Paths ("0.2.1") are the top frame followed by 0-based child ordinals.
 */
import { frameType } from "./lightRow";
import { KNOWN_FRAME_FIELDS, type CallFrame } from "./result";

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

export { frameType };

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
