/**
 * A frame's row as one text (type, failure, from → to, function): the tree's light row while it
 * is flung through (FrameRow.tsx), and a trace link's first rows before the app has loaded
 * (app/firstPaint/trace.ts). No decoding data needed: an unknown function is its selector.
 * Addresses are shortened as sent, in lower case, as dense lists write them: the row in full
 * writes them checksummed (EIP-55). A checksum is a keccak per address, and a page's first ones
 * run cold: 40 frames' first rows were painted 15.5 ms later with them (bench/STARTUP.md).
 */
import { shortHex } from "../ui/basics/shortHex";

/** A tree row's height, and the horizontal step per tree level (FrameRow.tsx, the first paint). */
export const ROW_HEIGHT = 28;
export const INDENT = 16;

/** The frame's type upper-cased (`Call` → `CALL`); "?" when the node sent none. */
export function frameType(f: { type?: unknown }): string {
  return typeof f.type === "string" && f.type !== "" ? f.type.toUpperCase() : "?";
}

/** `functionName(selector, to)`: a known signature ("transfer(address,uint256)") or "". */
export type FunctionNamer = (selector: string, to: string | undefined) => string | undefined;

export function lightRowText(
  f: { type?: unknown; from?: unknown; to?: unknown; input?: unknown },
  failed: boolean,
  functionName: FunctionNamer = () => "",
): string {
  const input = typeof f.input === "string" ? f.input : "";
  const to = typeof f.to === "string" ? f.to : null;
  const from = typeof f.from === "string" ? f.from : null;
  const sig = input.length >= 10 ? functionName(input.slice(0, 10), to ?? undefined) : "";
  const name =
    input.length >= 10 ? `${sig ? sig.slice(0, sig.indexOf("(")) : input.slice(0, 10)}(…)` : "";
  return `${frameType(f)}${failed ? " failed" : ""}  ${shortLower(from)} → ${shortLower(to)}  ${name}`;
}

/** "0x5fbdb2…0aa3": an address shortened as sent, lower-cased ("—" for none). */
function shortLower(value: string | null): string {
  return shortHex(value).toLowerCase();
}
