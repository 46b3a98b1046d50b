/**
 * What the views know about a decoded log, independent of the decoder behind it: values are
 * already formatted as text (exact: bigints as decimal strings, addresses checksummed).
 */
import type { LogRow } from "./result";

export interface DecodedArg {
  name: string;
  type: string;
  value: string;
  indexed: boolean;
}

export interface DecodedEvent {
  name: string;
  signature: string;
  args: DecodedArg[];
}

export type Decode = (row: LogRow) => DecodedEvent | null;

/**
 * Wraps a decoder with a cache per log object: the table decodes only the rows it shows, once,
 * and rows kept across streamed snapshots keep their entry. A new decoder (an ABI was added)
 * gets a new cache.
 */
export function memoDecode(decode: (row: LogRow) => DecodedEvent | null): Decode {
  const cache = new WeakMap<LogRow, DecodedEvent | null>();
  return (row) => {
    const hit = cache.get(row);
    if (hit !== undefined) return hit;
    let out: DecodedEvent | null;
    try {
      out = decode(row);
    } catch {
      out = null; // a log that does not fit its ABI stays raw
    }
    cache.set(row, out);
    return out;
  };
}

export function shortHex(s: string, head = 6, tail = 4): string {
  return s.length > head + tail + 2 ? `${s.slice(0, head + 2)}…${s.slice(-tail)}` : s;
}

export function formatTimestamp(seconds: number): string {
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? String(seconds) : `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function argsText(ev: DecodedEvent): string {
  return ev.args.map((a) => `${a.name || "_"}=${a.value}`).join(", ");
}

/** data split into 32-byte words (the last one may be shorter when data is not word-aligned). */
export function dataWords(data: string): string[] {
  const body = data.startsWith("0x") ? data.slice(2) : data;
  const out: string[] = [];
  for (let i = 0; i < body.length; i += 64) out.push(`0x${body.slice(i, i + 64)}`);
  return out;
}

/** The lower-case text the results filter searches: address, event, arguments, hashes, topics. */
export function searchText(row: LogRow, decode: Decode): string {
  const ev = decode(row);
  const parts = [row.address, row.transactionHash ?? "", ...row.topics];
  if (ev) {
    parts.push(ev.name, ev.signature);
    for (const a of ev.args) parts.push(a.name, a.value);
  }
  if (row.removed) parts.push("removed");
  if (row.pending) parts.push("pending");
  return parts.join(" ").toLowerCase();
}
