/**
 * Logs packed to cross from the logs reader Worker to the page cheaply: the answer's bytes they
 * span, where each field is in them and the quantities' values (scan.ts read and checked them
 * there, as `isCanonicalLog` does). The page decodes the bytes once and makes each row's strings
 * as slices of that text: no parsing, no checks, no second object per log — a row's raw log (as
 * the node sent it) is made when something asks for it. Receiving logs as objects instead costs
 * the page more than parsing their JSON (bench/STARTUP.md). No React.
 */
import type { LogRow, RawLog } from "../row";
import { ABSENT, FLAGS, NULL, NUMBERS, OPTIONAL, SLOTS, TEXT, UNREAD } from "./scan";

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
  /** Per log, NUMBERS' values where sent (UNREAD: too many digits, read here). */
  numbers: Float64Array;
}

/** The text's slice for log `i`'s slot. */
function slice(text: string, p: PackedLogs, i: number, slot: number): string {
  return text.slice(p.starts[i * SLOTS + slot], p.ends[i * SLOTS + slot]);
}

/** Log `i`'s quantity NUMBERS[k] (OPTIONAL[f]) as `toLogRow` reads it: null when not a string. */
function numberAt(p: PackedLogs, text: string, i: number, k: number, f: number): number | null {
  if (p.flags[i * FLAGS + f] !== TEXT) return null;
  const v = p.numbers[i * NUMBERS.length + k] ?? UNREAD;
  if (v === UNREAD) return Number.parseInt(slice(text, p, i, 6 + f), 16);
  // A small integer as one (`| 0`), as parseInt gives it: a double read from the typed array would
  // be kept boxed in each row, and compared as one in every sort.
  return v <= 0x3fffffff ? v | 0 : v;
}

/** Log `i` as the node sent it. */
function rawOf(p: PackedLogs, text: string, i: number): RawLog {
  const n = p.topicCounts[i] ?? 0;
  const topics: string[] = [];
  for (let k = 0; k < n; k++) topics.push(slice(text, p, i, 1 + k));
  const log: RawLog = { address: slice(text, p, i, 0), topics, data: slice(text, p, i, 5) };
  for (let f = 0; f < OPTIONAL.length; f++) {
    const flag = p.flags[i * FLAGS + f];
    if (flag === ABSENT) continue;
    log[OPTIONAL[f] as (typeof OPTIONAL)[number]] = flag === TEXT ? slice(text, p, i, 6 + f) : null;
  }
  const removed = p.flags[i * FLAGS + OPTIONAL.length];
  if (removed !== ABSENT) log.removed = removed === TEXT;
  return log;
}

/** The logs a `PackedLogs` holds, as the node sent them. */
export function unpackLogs(p: PackedLogs): RawLog[] {
  const text = new TextDecoder().decode(p.bytes);
  return Array.from({ length: p.count }, (_, i) => rawOf(p, text, i));
}

/** A row made from packed logs: what `toLogRow` makes, its raw log made when asked. */
class PackedRow implements LogRow {
  id: number;
  address: string;
  topics: string[];
  data: string;
  blockNumber: number | null;
  blockHash: string | null;
  transactionHash: string | null;
  transactionIndex: number | null;
  logIndex: number | null;
  removed: boolean;
  blockTimestamp: number | null;
  pending: boolean;
  #raw: RawLog | undefined;
  readonly #part: PackedLogs;
  readonly #text: string;
  readonly #i: number;

  constructor(p: PackedLogs, text: string, i: number, id: number) {
    this.#part = p;
    this.#text = text;
    this.#i = i;
    this.id = id;
    const n = p.topicCounts[i] ?? 0;
    // Pushed, not `new Array(n)`: a holey array slows every later read of a topic (Group by).
    const topics: string[] = [];
    for (let k = 0; k < n; k++) topics.push(slice(text, p, i, 1 + k));
    this.address = slice(text, p, i, 0);
    this.topics = topics;
    this.data = slice(text, p, i, 5);
    const f = i * FLAGS;
    // OPTIONAL's order: blockNumber, blockHash, transactionHash, transactionIndex, logIndex, blockTimestamp
    this.blockNumber = numberAt(p, text, i, 0, 0);
    this.blockHash = p.flags[f + 1] === TEXT ? slice(text, p, i, 7) : null;
    this.transactionHash = p.flags[f + 2] === TEXT ? slice(text, p, i, 8) : null;
    this.transactionIndex = numberAt(p, text, i, 1, 3);
    this.logIndex = numberAt(p, text, i, 2, 4);
    this.blockTimestamp = numberAt(p, text, i, 3, 5);
    this.removed = p.flags[f + OPTIONAL.length] === TEXT;
    this.pending = this.blockNumber === null || p.flags[f + 1] === NULL;
  }

  get raw(): RawLog {
    this.#raw ??= rawOf(this.#part, this.#text, this.#i);
    return this.#raw;
  }
}

/** The rows of a `PackedLogs`, numbered by `nextId`. */
export function rowsOfPacked(p: PackedLogs, nextId: () => number): LogRow[] {
  const text = new TextDecoder().decode(p.bytes);
  const rows: LogRow[] = [];
  for (let i = 0; i < p.count; i++) rows.push(new PackedRow(p, text, i, nextId()));
  return rows;
}
