/**
 * An aligned row and the whole comparison in words (no React): what a changed row says, the
 * kind's own word, and the sentence on top ("B used 91,100 less gas; check succeeds in B").
 */
import { DEFAULT_NATIVE_SYMBOL } from "../../chain/nativeUnit";
import { formatEther } from "viem";
import { CHANGED, ONLY_A, ONLY_B, type AlignedTree, type FrameDiff } from "./align";
import { groupedNumber } from "../../ui/basics/numberText";

/** The real minus sign (U+2212): a gas difference reads `−1,200`, not a hyphen. */
export const MINUS = "\u2212";

export const KIND_WORDS = ["same", "changed", "only in A", "only in B"] as const;

/** `+1,200`, `−1,200`, `+0`: B against A, digits grouped. */
export function signedCount(n: number): string {
  const abs = groupedNumber(Math.abs(n));
  return n < 0 ? `${MINUS}${abs}` : `+${abs}`;
}

function short(hex: string): string {
  if (hex === "" || hex === "0x") return "(empty)";
  return hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : hex;
}

/**
 * How a side's output reads once decoded (the function's return values, or the revert's reason
 * or custom error); null when it cannot be decoded. `i` is the side's frame.
 */
export type OutputReader = (side: "a" | "b", i: number) => string | null;

/**
 * What changed, each part in words, in a fixed order: status, gas, value, revert reason or
 * output (decoded by `read` where it can be, for the frames `ia` of A and `ib` of B), events.
 */
export function diffParts(
  d: FrameDiff,
  read?: OutputReader,
  ia = -1,
  ib = -1,
  symbol = DEFAULT_NATIVE_SYMBOL,
): string[] {
  const out: string[] = [];
  if (d.status)
    out.push(d.status.aFailed ? "failed in A, succeeded in B" : "succeeded in A, failed in B");
  if (d.gas !== null) out.push(`gas ${signedCount(d.gas)}`);
  if (d.value) out.push(`value ${formatEther(d.value.a)} → ${formatEther(d.value.b)} ${symbol}`);
  if (d.reason) out.push(`revert "${d.reason.a}" → "${d.reason.b}"`);
  else if (d.output) {
    const a = read?.("a", ia) ?? null;
    const b = read?.("b", ib) ?? null;
    const what = d.output.failed ? "revert" : "output";
    out.push(
      a !== null && b !== null && a !== b
        ? `${what} ${a} → ${b}`
        : `${what} ${short(d.output.a)} → ${short(d.output.b)}`,
    );
  }
  if (d.events) out.push(`events ${d.events.a.length} → ${d.events.b.length}`);
  if (d.address) out.push(`created at ${short(d.address.a)} → ${short(d.address.b)}`);
  return out;
}

/**
 * The row's words after its kind: a changed row's parts; the top row always carries the
 * transaction's gas difference (even when that is all that differs, or nothing).
 */
export function rowWords(
  t: AlignedTree,
  row: number,
  read?: OutputReader,
  symbol = DEFAULT_NATIVE_SYMBOL,
): string[] {
  const d = t.diffs.get(row);
  const parts = d ? diffParts(d, read, t.a[row] as number, t.b[row] as number, symbol) : [];
  if (row === 0 && t.gasDelta !== null && !(d && d.gas !== null))
    parts.unshift(`gas ${signedCount(t.gasDelta)}`);
  return parts;
}

/**
 * One sentence: the gas B used against A, then each frame whose outcome flipped, by name
 * (`nameOf(row)`: the decoded function, else the callee), and the rows only one side has.
 */
export function summarize(t: AlignedTree, nameOf: (row: number) => string): string {
  const parts: string[] = [];
  if (t.gasDelta === null) parts.push("The gas used cannot be compared");
  else if (t.gasDelta === 0) parts.push("A and B used the same gas");
  else
    parts.push(
      `B used ${groupedNumber(Math.abs(t.gasDelta))} ${t.gasDelta < 0 ? "less" : "more"} gas`,
    );
  // Rows in order (the map's order is the alignment's); only the first three are named.
  const flipped = [...t.diffs].filter(([, d]) => d.status !== null).sort(([x], [y]) => x - y);
  const flips = flipped
    .slice(0, 3)
    .map(([row, d]) => `${nameOf(row)} ${d.status?.bFailed ? "fails" : "succeeds"} in B`);
  if (flipped.length > 3) parts.push(`${flips.join("; ")} and ${flipped.length - 3} more`);
  else parts.push(...flips);
  let onlyA = 0;
  let onlyB = 0;
  for (let r = 0; r < t.size; r++) {
    if (t.kind[r] === ONLY_A) onlyA++;
    else if (t.kind[r] === ONLY_B) onlyB++;
  }
  if (onlyA > 0) parts.push(`${groupedNumber(onlyA)} ${onlyA === 1 ? "call" : "calls"} only in A`);
  if (onlyB > 0) parts.push(`${groupedNumber(onlyB)} ${onlyB === 1 ? "call" : "calls"} only in B`);
  if (t.gasDelta !== null && flipped.length === 0 && onlyA + onlyB === 0) {
    let changed = 0;
    for (let r = 0; r < t.size; r++) if (t.kind[r] === CHANGED) changed++;
    if (changed === 0) parts.push("every call is the same");
  }
  return `${parts.join("; ")}.`;
}
