/**
 * Logs packed to cross from the logs reader Worker to the page cheaply: the answer's bytes they
 * span and where each field is in them (scan.ts read and checked them there, as `isCanonicalLog`
 * does). The page decodes the bytes once and makes each log's strings as slices of that text: no
 * parsing, no checks, and receiving them costs less than objects would (a structured clone of
 * 100,000 logs costs the page more than parsing their JSON: bench/STARTUP.md). No React.
 */
import type { RawLog } from "../row";
import { ABSENT, FLAGS, OPTIONAL, SLOTS, TEXT } from "./scan";

export interface PackedLogs {
  kind: "packed";
  count: number;
  /** The bytes the logs span in the answer: JSON text, ASCII only (scan.ts reads no other). */
  bytes: Uint8Array;
  /** Per log, where each of its SLOTS fields starts and ends in `bytes` (a string's digits). */
  starts: Int32Array;
  ends: Int32Array;
  topicCounts: Uint8Array;
  /** Per log, FLAGS flags: its optional fields, then `removed` (scan.ts: ABSENT, NULL, TEXT). */
  flags: Uint8Array;
}

/** The logs a `PackedLogs` holds, as the node sent them (their strings slices of one text). */
export function unpackLogs(p: PackedLogs): RawLog[] {
  const { count, starts, ends, topicCounts, flags } = p;
  const text = new TextDecoder().decode(p.bytes);
  const out = new Array<RawLog>(count);
  for (let i = 0; i < count; i++) {
    const base = i * SLOTS;
    const n = topicCounts[i] ?? 0;
    const topics = new Array<string>(n);
    for (let k = 0; k < n; k++) topics[k] = text.slice(starts[base + 1 + k], ends[base + 1 + k]);
    const log: RawLog = {
      address: text.slice(starts[base], ends[base]),
      topics,
      data: text.slice(starts[base + 5], ends[base + 5]),
    };
    for (let f = 0; f < OPTIONAL.length; f++) {
      const flag = flags[i * FLAGS + f];
      if (flag === ABSENT) continue;
      log[OPTIONAL[f] as (typeof OPTIONAL)[number]] =
        flag === TEXT ? text.slice(starts[base + 6 + f], ends[base + 6 + f]) : null;
    }
    const removed = flags[i * FLAGS + OPTIONAL.length];
    if (removed !== ABSENT) log.removed = removed === TEXT;
    out[i] = log;
  }
  return out;
}
