/**
 * What the views know about a decoded log: the event and its arguments as src/chain decoded them,
 * values already formatted as text (exact: bigints as decimal strings, addresses checksummed).
 */
import type { DecodedEvent } from "../chain";
import type { LogRow } from "./result";
import { shortHex } from "../ui";

export type { DecodedEvent };

export interface Decode {
  (row: LogRow): DecodedEvent | null;
  /**
   * The same answer without keeping it (a cached one is still used): for passes over every row —
   * the filter's search texts, exports — so 100,000 decoded events do not stay on the heap and
   * slow every garbage collection while the table scrolls.
   */
  fresh?: (row: LogRow) => DecodedEvent | null;
}

/**
 * Wraps a decoder with a cache per log object: the table decodes only the rows it shows, once,
 * and rows kept across streamed snapshots keep their entry. A new decoder (an ABI was added)
 * gets a new cache.
 */
export function memoDecode(decode: (row: LogRow) => DecodedEvent | null): Decode {
  const cache = new WeakMap<LogRow, DecodedEvent | null>();
  const safe = (row: LogRow): DecodedEvent | null => {
    try {
      return decode(row);
    } catch {
      return null; // a log that does not fit its ABI stays raw
    }
  };
  const memo = (row: LogRow): DecodedEvent | null => {
    const hit = cache.get(row);
    if (hit !== undefined) return hit;
    const out = safe(row);
    cache.set(row, out);
    return out;
  };
  const fresh = (row: LogRow): DecodedEvent | null => {
    const hit = cache.get(row);
    return hit !== undefined ? hit : safe(row);
  };
  return Object.assign(memo, { fresh });
}

export function argsText(ev: DecodedEvent): string {
  return ev.args.map((a) => `${a.name || "_"}=${a.value}`).join(", ");
}

const LONG_HEX_RE = /^0x[0-9a-fA-F]{16,}$/;
/** The most characters a row's arguments cell holds: more than the widest cell shows. */
export const ROW_ARGS_MAX = 160;

/**
 * The arguments as a table row shows them: long hex values (addresses, hashes, bytes) shortened
 * the way the row's other columns show them, so every argument fits in view, and at most
 * ROW_ARGS_MAX characters. The cell's tooltip and the row's detail give them in full (argsText).
 */
export function argsRowText(ev: DecodedEvent): string {
  const t = ev.args
    .map((a) => `${a.name || "_"}=${LONG_HEX_RE.test(a.value) ? shortHex(a.value) : a.value}`)
    .join(", ");
  return t.length > ROW_ARGS_MAX ? `${t.slice(0, ROW_ARGS_MAX - 1)}…` : t;
}

/** data split into 32-byte words (the last one may be shorter when data is not word-aligned). */
export function dataWords(data: string): string[] {
  const body = data.startsWith("0x") ? data.slice(2) : data;
  const out: string[] = [];
  for (let i = 0; i < body.length; i += 64) out.push(`0x${body.slice(i, i + 64)}`);
  return out;
}
