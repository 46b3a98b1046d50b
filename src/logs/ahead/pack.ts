/**
 * Logs packed to cross from the logs reader Worker to the page cheaply: the answer's bytes they
 * span, where each field is in them and the quantities' values (scan.ts read and checked them
 * there, as `isCanonicalLog` does). The page decodes the bytes once and makes each row's strings
 * as slices of that text: no parsing, no checks, no second object per log — a row gives back its
 * raw log (as the node sent it) when asked, from its own fields. Receiving logs as objects instead
 * costs the page more than parsing their JSON (bench/STARTUP.md). No React.
 */
import type { LogRow, RawLog } from "../row";
import { ABSENT, FLAGS, NULL, NUMBERS, OPTIONAL, SLOTS, TEXT } from "./scan";

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
  /** Per log, NUMBERS' values where sent (each written as the spec writes a quantity). */
  numbers: Float64Array;
  /** Per log, its data's first word's value when below 2^52 (scan.ts `firstWord`), else -1. */
  words: Float64Array;
}

/** The text's slice for log `i`'s slot. */
function slice(text: string, p: PackedLogs, i: number, slot: number): string {
  return text.slice(p.starts[i * SLOTS + slot], p.ends[i * SLOTS + slot]);
}

/** Log `i`'s quantity NUMBERS[k] (OPTIONAL[f]) as `toLogRow` reads it: null when not a string. */
function numberAt(p: PackedLogs, i: number, k: number, f: number): number | null {
  if (p.flags[i * FLAGS + f] !== TEXT) return null;
  // A small integer as one (`| 0`), as parseInt gives it: a double read from the typed array would
  // be kept boxed in each row, and compared as one in every sort.
  const v = p.numbers[i * NUMBERS.length + k] ?? 0;
  return v <= 0x3fffffff ? v | 0 : v;
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
  /** Its part's first-word values (8 bytes a log, shared by the part's rows) and its place there. */
  readonly #words: Float64Array;
  readonly #at: number;
  /** Its FLAGS flags, two bits each: which optional fields were sent, and as what. */
  readonly #sent: number;
  #raw: RawLog | undefined;

  constructor(p: PackedLogs, text: string, i: number, id: number) {
    this.id = id;
    const n = p.topicCounts[i] ?? 0;
    // Pushed, not `new Array(n)`: a holey array slows every later read of a topic (Group by).
    const topics: string[] = [];
    for (let k = 0; k < n; k++) topics.push(slice(text, p, i, 1 + k));
    this.address = slice(text, p, i, 0);
    this.topics = topics;
    this.data = slice(text, p, i, 5);
    this.#words = p.words;
    this.#at = i;
    const f = i * FLAGS;
    // OPTIONAL's order: blockNumber, blockHash, transactionHash, transactionIndex, logIndex, blockTimestamp
    this.blockNumber = numberAt(p, i, 0, 0);
    this.blockHash = p.flags[f + 1] === TEXT ? slice(text, p, i, 7) : null;
    this.transactionHash = p.flags[f + 2] === TEXT ? slice(text, p, i, 8) : null;
    this.transactionIndex = numberAt(p, i, 1, 3);
    this.logIndex = numberAt(p, i, 2, 4);
    this.blockTimestamp = numberAt(p, i, 3, 5);
    this.removed = p.flags[f + OPTIONAL.length] === TEXT;
    this.pending = this.blockNumber === null || p.flags[f + 1] === NULL;
    let sent = 0;
    for (let k = 0; k < FLAGS; k++) sent |= (p.flags[f + k] ?? ABSENT) << (2 * k);
    this.#sent = sent;
  }

  /**
   * Read from the part's array when asked: a field of its own would hold most amounts (above 2^30)
   * as a boxed number, one more object per log.
   */
  get word0(): number {
    return this.#words[this.#at] ?? -1;
  }

  /** As the node sent it: its fields, the quantities written back as the node wrote them. */
  get raw(): RawLog {
    if (this.#raw) return this.#raw;
    const raw: RawLog = { address: this.address, topics: this.topics, data: this.data };
    const values = [
      this.blockNumber,
      this.blockHash,
      this.transactionHash,
      this.transactionIndex,
      this.logIndex,
      this.blockTimestamp,
    ];
    for (let k = 0; k < OPTIONAL.length; k++) {
      const flag = (this.#sent >> (2 * k)) & 3;
      if (flag === ABSENT) continue;
      const v = values[k] ?? null;
      raw[OPTIONAL[k] as (typeof OPTIONAL)[number]] =
        flag === NULL || v === null ? null : typeof v === "number" ? `0x${v.toString(16)}` : v;
    }
    const removed = (this.#sent >> (2 * OPTIONAL.length)) & 3;
    if (removed !== ABSENT) raw.removed = removed === TEXT;
    this.#raw = raw;
    return raw;
  }
}

/** The rows of a `PackedLogs`, numbered by `nextId` (they keep no reference to the part). */
export function rowsOfPacked(p: PackedLogs, nextId: () => number): LogRow[] {
  const text = new TextDecoder().decode(p.bytes);
  const rows: LogRow[] = [];
  for (let i = 0; i < p.count; i++) rows.push(new PackedRow(p, text, i, nextId()));
  return rows;
}
