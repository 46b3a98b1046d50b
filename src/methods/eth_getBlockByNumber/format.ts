/** How the block page words times, shares and a transaction's method. Pure. */
import { formatDecimal } from "../../chain";
import type { AbiRegistry } from "../../chain";
import type { BlockTx } from "./block";

/** A block's age from its timestamp (seconds), as people say it: "12 s ago", "3 min ago", "2 h 5 min ago". */
export function ageText(timestamp: bigint, nowSeconds: number): string {
  const diff = nowSeconds - Number(timestamp);
  const future = diff < 0;
  const s = Math.abs(Math.round(diff));
  let text: string;
  if (s < 60) text = `${s} s`;
  else if (s < 3600) text = `${Math.floor(s / 60)} min`;
  else if (s < 86_400) {
    const m = Math.floor((s % 3600) / 60);
    text = `${Math.floor(s / 3600)} h${m ? ` ${m} min` : ""}`;
  } else {
    const d = Math.floor(s / 86_400);
    text = `${formatDecimal(d)} day${d === 1 ? "" : "s"}`;
  }
  return future ? `in ${text} (the block's clock is ahead of this device's)` : `${text} ago`;
}

/** A unix timestamp (seconds) as a UTC date; null beyond what a Date holds. */
export function utcText(seconds: bigint): string | null {
  const ms = seconds * 1000n;
  if (ms > 8_640_000_000_000_000n) return null;
  return new Date(Number(ms)).toISOString().replace(".000Z", "Z").replace("T", " ");
}

/** `part` of `whole` as a percentage with one decimal ("48.2%"); null when `whole` is 0. */
export function percentOf(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  const tenths = (part * 1000n + whole / 2n) / whole;
  return `${tenths / 10n}.${tenths % 10n}%`;
}

/** What a transaction calls, in a word or a name: the decoded function's name where known. */
export function methodText(tx: BlockTx, registry: AbiRegistry | null): string {
  if (tx.to === null && tx.from !== null) return "contract creation";
  if (tx.selector === null) return tx.inputBytes === 0 ? "transfer" : `${tx.inputBytes} bytes`;
  const fn = registry?.lookupFunction(tx.selector, tx.to);
  return fn ? fn.item.name : tx.selector;
}

/** A short form of a 32-byte hash for a dense row: first 6 and last 4 hex digits. */
export function shortHash(h: string): string {
  return h.length > 14 ? `${h.slice(0, 8)}…${h.slice(-4)}` : h;
}
