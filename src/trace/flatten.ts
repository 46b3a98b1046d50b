/**
 * The call tree flattened ONCE into the model's pre-order arrays (see model.ts): this runs between
 * the response and the first rows, in the trace Worker.
 */
import { readQuantity } from "../chain/quantity";
import { FRAME_ISSUES, type CallFrame } from "./result";
import {
  frameFailed,
  frameType,
  GAS_SENT,
  GAS_USED_SENT,
  hexNumber,
  type TraceModel,
} from "./model";

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
      valueMoved += readQuantity(value) ?? 0n;
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
