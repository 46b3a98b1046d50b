/**
 * A log as the views use it (`LogRow`), made from a log the node sent, and the one-pass check of
 * the canonical shape real nodes send. No zod and no React: the first paint (app/firstPaint/logs.ts)
 * reads a link's first rows with these, as the stream (stream.ts) and the schema (result.ts) do.
 */

/**
 * A log as the node sent it, keys made canonical: the shape result.ts's schema checks (it proves
 * its output fits this type), written out here so the first paint reads logs without zod.
 */
export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber?: string | null;
  blockHash?: string | null;
  transactionHash?: string | null;
  transactionIndex?: string | number | null;
  logIndex?: string | number | null;
  removed?: boolean;
  blockTimestamp?: string | null;
  [field: string]: unknown;
}

/** The spec's lower-case names → the canonical names real nodes send. */
export const LOWERCASE_KEYS: Record<string, string> = {
  logindex: "logIndex",
  transactionindex: "transactionIndex",
  transactionhash: "transactionHash",
  blockhash: "blockHash",
  blocknumber: "blockNumber",
  blocktimestamp: "blockTimestamp",
};

/** The normalised log the views use; `raw` is the camelCase object as the node sent it. */
export interface LogRow {
  /** Position in the scan result (stable id for decoding caches and React keys). */
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
  raw: RawLog;
  /**
   * The value of its data's first word when that is below 2^52 (51 zeros, then 13 digits), -1
   * when it is not (or the data is shorter): read from the answer's bytes by the logs reader
   * Worker (ahead/scan.ts), so an amount's Group by and sort need not read the word's text
   * (groupKeys.ts `smallWordOf`). Absent on a row made any other way.
   */
  word0?: number;
}

function toNum(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  return typeof v === "number" ? v : Number.parseInt(v, 16);
}

export function toLogRow(raw: RawLog, id: number): LogRow {
  const blockNumber = toNum(raw.blockNumber);
  return {
    id,
    address: raw.address,
    topics: raw.topics,
    data: raw.data,
    blockNumber,
    blockHash: raw.blockHash ?? null,
    transactionHash: raw.transactionHash ?? null,
    transactionIndex: toNum(raw.transactionIndex),
    logIndex: toNum(raw.logIndex),
    removed: raw.removed === true,
    blockTimestamp: toNum(raw.blockTimestamp),
    pending: blockNumber === null || raw.blockHash === null,
    raw,
  };
}

/** isHex's lengths: bytes (an even number of digits, none too), a quantity (one or more). */
const EVEN_DIGITS = -1;
const SOME_DIGITS = -2;
const HASH = 66;
const ADDRESS = 42;

/** 1 for the char codes of hex digits (either case). */
const HEX_DIGIT = new Uint8Array(128);
for (const c of "0123456789abcdefABCDEF") HEX_DIGIT[c.charCodeAt(0)] = 1;

/**
 * "0x" and hex digits up to the end, in a string of `length` (a hash 66, an address 42) — or, with
 * EVEN_DIGITS, bytes (none too); with SOME_DIGITS, a quantity's one or more digits. Read char by
 * char: 100,000 logs' 500,000 hashes in ~75 ms, where /^0x[0-9a-fA-F]{64}$/ took ~230 (Chromium).
 */
function isHex(s: string, length: number): boolean {
  const n = s.length;
  if (length === EVEN_DIGITS ? n % 2 !== 0 : length === SOME_DIGITS ? n < 3 : n !== length)
    return false;
  if (s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 120) return false;
  for (let i = 2; i < n; i++) if (HEX_DIGIT[s.charCodeAt(i)] !== 1) return false;
  return true;
}
const LOWER_KEYS = Object.keys(LOWERCASE_KEYS);

function optional(v: unknown, length: number): boolean {
  return v === undefined || v === null || (typeof v === "string" && isHex(v, length));
}

function optionalIndex(v: unknown): boolean {
  return (
    v === undefined ||
    v === null ||
    (typeof v === "string" && isHex(v, SOME_DIGITS)) ||
    (typeof v === "number" && Number.isInteger(v) && v >= 0)
  );
}

/** A log in the canonical camelCase shape with every known field well-formed. */
export function isCanonicalLog(v: unknown): v is RawLog {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  for (const k of LOWER_KEYS) if (k in r) return false;
  if (typeof r.address !== "string" || !isHex(r.address, ADDRESS)) return false;
  if (typeof r.data !== "string" || !isHex(r.data, EVEN_DIGITS)) return false;
  const topics = r.topics;
  if (!Array.isArray(topics) || topics.length > 4) return false;
  for (const t of topics) if (typeof t !== "string" || !isHex(t, HASH)) return false;
  return (
    optional(r.blockNumber, SOME_DIGITS) &&
    optional(r.blockHash, HASH) &&
    optional(r.transactionHash, HASH) &&
    optional(r.blockTimestamp, SOME_DIGITS) &&
    optionalIndex(r.transactionIndex) &&
    optionalIndex(r.logIndex) &&
    (r.removed === undefined || typeof r.removed === "boolean")
  );
}
