/**
 * Source-level navigation in one frame: step into, over, out of and back, by line and internal
 * call. Each index is a typed array filled in one pass, so each move is O(1) or a short walk up
 * the internal calls. No React.
 */
import type { InternalCall } from "./frameTypes";

/** k as a step of a frame of `size` steps: a whole number in 0 … size-1. */
export function stepClamp(size: number): (k: number) => number {
  return (k: number) => Math.max(0, Math.min(size - 1, Math.floor(k)));
}

export interface FrameNavigation {
  /** Per step (and one past the last): the next step with a line, or -1. */
  nextPlaced: Int32Array;
  stepInto(k: number): number;
  stepOver(k: number): number;
  stepOut(k: number): number;
  stepBack(k: number): number;
}

/** The frame's navigation from each step's line (`lineAt`, -1: none) and shown internal call. */
export function navigationOf(
  size: number,
  lineAt: Int32Array,
  shownAt: Int32Array,
  internalCalls: readonly InternalCall[],
): FrameNavigation {
  const nextPlaced = new Int32Array(size + 1).fill(-1);
  const into = new Int32Array(size).fill(-1);
  for (let k = size - 1; k >= 0; k--) {
    nextPlaced[k] = (lineAt[k + 1] ?? -1) >= 0 ? k + 1 : (nextPlaced[k + 1] ?? -1);
    const j = nextPlaced[k] ?? -1;
    const own = lineAt[k] ?? -1;
    if (j < 0) into[k] = -1;
    else if (own < 0 || lineAt[j] !== own) into[k] = j;
    else into[k] = into[j] ?? -1;
  }
  const prevPlaced = new Int32Array(size).fill(-1);
  const back = new Int32Array(size).fill(-1);
  const runStart = new Int32Array(size);
  for (let k = 0; k < size; k++) {
    prevPlaced[k] = k > 0 ? ((lineAt[k - 1] ?? -1) >= 0 ? k - 1 : (prevPlaced[k - 1] ?? -1)) : -1;
    const j = prevPlaced[k] ?? -1;
    const own = lineAt[k] ?? -1;
    if (j < 0) back[k] = -1;
    else if (own < 0 || lineAt[j] !== own) back[k] = j;
    else back[k] = back[j] ?? -1;
    runStart[k] = j >= 0 && own >= 0 && lineAt[j] === own ? (runStart[j] ?? k) : k;
  }
  const depthOf = (k: number) => {
    const c = shownAt[k] ?? -1;
    return c >= 0 ? (internalCalls[c]?.depth ?? 0) : 0;
  };
  const clamp = stepClamp(size);
  /** The first placed step from j on whose line is not `line`. */
  const differentFrom = (j: number, line: number): number => {
    if (j < 0 || j >= size) return -1;
    const l = lineAt[j] ?? -1;
    if (l >= 0 && l !== line) return j;
    if (l === line) return into[j] ?? -1;
    const p = nextPlaced[j] ?? -1;
    return p < 0 ? -1 : differentFrom(p, line);
  };

  const stepInto = (k: number): number => {
    if (size === 0) return 0;
    const j = into[clamp(k)] ?? -1;
    return j < 0 ? clamp(k) : j;
  };
  const stepOver = (k: number): number => {
    if (size === 0) return 0;
    const from = clamp(k);
    const line = lineAt[from] ?? -1;
    const depth = depthOf(from);
    let j = into[from] ?? -1;
    // a step inside a deeper call: go on from the step after that call returns
    for (let guard = 0; j >= 0 && depthOf(j) > depth && guard < size; guard++) {
      let c = shownAt[j] ?? -1;
      while (c >= 0 && (internalCalls[c]?.depth ?? 0) > depth + 1)
        c = internalCalls[c]?.parent ?? -1;
      const exit = c >= 0 ? (internalCalls[c]?.exitStep ?? -1) : -1;
      if (exit < 0 || exit + 1 >= size) return size - 1;
      j = differentFrom(exit + 1, line);
    }
    return j < 0 ? from : j;
  };
  const stepOut = (k: number): number => {
    if (size === 0) return 0;
    const c = shownAt[clamp(k)] ?? -1;
    const exit = c >= 0 ? (internalCalls[c]?.exitStep ?? -1) : -1;
    return exit < 0 ? size - 1 : Math.min(size - 1, exit + 1);
  };
  const stepBack = (k: number): number => {
    if (size === 0) return 0;
    const from = clamp(k);
    const j = back[from] ?? -1;
    return j < 0 ? from : (runStart[j] ?? j);
  };
  return { nextPlaced, stepInto, stepOver, stepOut, stepBack };
}
