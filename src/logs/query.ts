/**
 * The results filter's language and its matcher. A query is terms separated by spaces (a quoted
 * phrase or value is one term: `note="south side"`, with `\"` and `\\` inside quotes), all of
 * which must hold; a leading `-` excludes. A term is free text, found
 * in any value a row shows — the contract and transaction hash (in full, or short as the table
 * shows them: `0xabcd…1234`), the topics, the event's name and signature, each decoded argument as
 * `name=value` (addresses in full, numbers as exact integers), the block number — or a field
 * term: `field:text` (contains; an address in full or short must be that address),
 * `field=value` (equals), `field>n`, `>=`, `<`, `<=`, `!=`. Fields: contract (or address), event,
 * tx, block (also `block:100..200`), topic0…topic3 and each decoded argument by its name. The
 * matcher reads arguments where they sit (kinds.ts), so no log is decoded to be filtered.
 */
import { parseUnits } from "viem";
import { includer, starter } from "../platform/text";
import { KindIndex, valueText, wordOf, type ArgSpec, type EventKind } from "./kinds";
import type { LogRow } from "./result";
import type { Op, Term } from "./queryText";

export {
  FILTER_HINT,
  parseQuery,
  quoteValue,
  splitTerms,
  withTerm,
  type Op,
  type Term,
} from "./queryText";

const ROW_FIELDS = new Set([
  "contract",
  "event",
  "tx",
  "block",
  "topic0",
  "topic1",
  "topic2",
  "topic3",
]);

/** A number a term compares with: decimal (1_000, 1,000, 1e18) or 0x hex; null if it is none. */
export function parseNumber(s: string): bigint | null {
  const t = s.replace(/[_,]/g, "");
  if (/^-?\d+$/.test(t)) return BigInt(t);
  if (/^0x[0-9a-f]+$/.test(t)) return BigInt(t);
  const e = /^(\d+)(?:\.(\d+))?e(\d+)$/.exec(t);
  if (e && e[1] !== undefined && e[3] !== undefined) {
    const frac = e[2] ?? "";
    const exp = Number(e[3]);
    if (frac.length > exp) return null;
    return BigInt(e[1] + frac) * 10n ** BigInt(exp - frac.length);
  }
  return null;
}

export const SHORT_RE = /^0x([0-9a-f]+)(?:…|\.\.\.?)([0-9a-f]+)$/;

/** An address (or hash) typed short, as the table shows it: its first and last hex digits. */
function shortForm(q: string): { head: string; tail: string } | null {
  const m = SHORT_RE.exec(q);
  return m && m[1] !== undefined && m[2] !== undefined ? { head: `0x${m[1]}`, tail: m[2] } : null;
}

/** Whether `hex` (0x…, lower case) is what `q` names: in full, short, or (contains) a part. */
function hexMatches(hex: string, q: string, op: Op): boolean {
  const s = shortForm(q);
  if (s) return hex.startsWith(s.head) && hex.endsWith(s.tail);
  return op === "=" ? hex === q : hex.includes(q);
}

const MAX_WORD = (1n << 256n) - 1n;
const wordHexes = new Map<bigint, string>();
/** A number as a 32-byte word's 64 lower-case hex digits (the few a filter compares with, kept). */
function wordHex(n: bigint): string {
  let h = wordHexes.get(n);
  if (h === undefined) {
    h = n.toString(16).padStart(64, "0");
    if (wordHexes.size > 64) wordHexes.clear();
    wordHexes.set(n, h);
  }
  return h;
}

/** Two amounts compared: bigints, or unsigned words as their 64 lower-case hex digits (the same
 * width: text order is number order). */
function compare<T extends bigint | string>(v: T, op: Op, n: T): boolean {
  switch (op) {
    case ">":
      return v > n;
    case ">=":
      return v >= n;
    case "<":
      return v < n;
    case "<=":
      return v <= n;
    default:
      return v === n;
  }
}

/** The characters an argument's `name=value` text can hold: free text outside them cannot match it. */
function argChars(a: ArgSpec): string {
  const value =
    a.type === "address" || a.type === "bytes"
      ? "0x123456789abcdef"
      : a.type === "uint"
        ? "0123456789"
        : a.type === "int"
          ? "-0123456789"
          : a.type === "bool"
            ? "truefals"
            : null;
  return value === null ? "" : `${a.name.toLowerCase()}=${value}`;
}

/** The longest `name=value` text an argument of fixed size can show. */
function maxPiece(a: ArgSpec): number {
  const value = a.type === "address" ? 42 : a.type === "bytes" ? 66 : a.type === "bool" ? 5 : 80;
  return a.name.length + 1 + value;
}

function within(q: string, chars: string): boolean {
  for (let i = 0; i < q.length; i++) if (!chars.includes(q.charAt(i))) return false;
  return true;
}

type RowTest = (row: LogRow, kind: EventKind | null, lower: boolean) => boolean;

const low = (s: string, lower: boolean) => (lower ? s : s.toLowerCase());

/** Where an argument's 64 hex digits start in its topic or in data; -1: no fixed place. */
function hexAt(row: LogRow, a: ArgSpec): { s: string; at: number } | null {
  if (a.topic !== null) {
    const t = row.topics[a.topic];
    return t === undefined ? null : { s: t, at: 2 };
  }
  if (a.word !== null) return { s: row.data, at: 2 + a.word * 64 };
  return null;
}

/** Whether free text can be found in an argument's `name=value` text: in every row, never, or per row. */
type ArgSearch = "always" | "never" | "check";

/**
 * Free text: any value the row shows holds it. A term opening with 0x can only match a value at
 * its start (no hex digit is an x), so it is compared there (a failed startsWith stops at the
 * first differing digit, where includes reads the whole value): the case of an address or a
 * hash pasted in full, the one a user waits for.
 */
function textTest(index: KindIndex, q: string): RowTest {
  const short = shortForm(q);
  const hex0x = /^0x[0-9a-f]*$/.test(q);
  // The term's digits after 0x, tested where an address or bytes argument's value starts.
  const bodyAt = hex0x ? starter(q.slice(2)) : null;
  const digits = /^\d+$/.test(q);
  const has = hex0x ? starter(q) : includer(q);
  // Hex digits alone (no 0x, no =) can only match an address or bytes argument held in a topic
  // within its hex, which the topic's own test has already looked at, or within its name.
  const hexDigits = /^[0-9a-f]+$/.test(q);
  // per kind, decided once: whether its event text holds the term, and which arguments could
  const possible = new Map<EventKind, { event: boolean; args: ArgSearch[] }>();
  const possibleFor = (k: EventKind) => {
    let p = possible.get(k);
    if (p === undefined) {
      p = {
        event: k.text.includes(q),
        args: k.args.map((a): ArgSearch => {
          if (a.type !== "text" && !(q.length <= maxPiece(a) && within(q, argChars(a))))
            return "never";
          if (hexDigits && a.topic !== null && (a.type === "address" || a.type === "bytes"))
            return `${a.name.toLowerCase()}=`.includes(q) ? "always" : "never";
          return "check";
        }),
      };
      possible.set(k, p);
    }
    return p;
  };
  return (row, kind, lower) => {
    const addr = low(row.address, lower);
    if (short) {
      if (addr.startsWith(short.head) && addr.endsWith(short.tail)) return true;
      const tx = row.transactionHash;
      if (tx !== null && hexMatches(low(tx, lower), q, ":")) return true;
    } else {
      if (has(addr)) return true;
      if (row.transactionHash !== null && has(low(row.transactionHash, lower))) return true;
      for (const t of row.topics) if (has(low(t, lower))) return true;
      if (digits && row.blockNumber !== null && String(row.blockNumber).includes(q)) return true;
      if (row.removed && "removed".includes(q)) return true;
      if (row.pending && "pending".includes(q)) return true;
    }
    if (kind === null) return false;
    const p = possibleFor(kind);
    if (!short && p.event) return true;
    for (let i = 0; i < kind.args.length; i++) {
      const a = kind.args[i];
      if (a === undefined) continue;
      if (short) {
        if (a.type !== "address") continue;
        const w = wordOf(row, a);
        if (w !== null && hexMatches(`0x${low(w.slice(24), lower)}`, q, ":")) return true;
        continue;
      }
      const search = p.args[i];
      if (search === "always") return true;
      if (search !== "check") continue;
      if (bodyAt !== null && (a.type === "address" || a.type === "bytes")) {
        // "0x" opens the value in `name=0x…`: the term can only be its start
        const h = hexAt(row, a);
        if (h === null) continue;
        const at = h.at + (a.type === "address" ? 24 : 0);
        if (bodyAt(lower ? h.s : h.s.toLowerCase(), at)) return true;
        continue;
      }
      const v = index.value(row, kind, i);
      const piece = `${a.name.toLowerCase()}=${valueText(v)}`;
      if ((a.type === "text" ? piece.toLowerCase() : piece).includes(q)) return true;
    }
    return false;
  };
}

/**
 * The unit an argument's amount is shown in, where it is a token amount whose decimals are known
 * (the table and the grouped sums show it in whole tokens): what `value>0.5` is read in.
 */
export type AmountUnit = (
  row: LogRow,
  kind: EventKind,
  arg: ArgSpec,
) => { decimals: number; symbol?: string } | undefined;

/** `0.5`, `.5`, `2nst`, `2.5 NST` (lower case by now): a number in whole tokens. */
export const TOKEN_AMOUNT_RE = /^(\d[\d_,]*(?:\.\d*)?|\.\d+)\s*([a-z][\w.-]*)?$/;

/**
 * A term's number in base units of a token with `decimals` (and `symbol`): only a number with a
 * point or the token's symbol is read in whole tokens — a plain integer stays the exact amount,
 * so links written before keep their meaning. Undefined: not a token amount; null: one that does
 * not fit this token (another symbol, more fraction digits than it has).
 */
function tokenAmount(value: string, decimals: number, symbol?: string): bigint | null | undefined {
  const m = TOKEN_AMOUNT_RE.exec(value);
  if (!m || m[1] === undefined) return undefined;
  const num = m[1].replace(/[_,]/g, "");
  const unit = m[2];
  if (unit === undefined && !num.includes(".")) return undefined;
  if (unit !== undefined && unit !== symbol?.toLowerCase()) return null;
  const frac = num.split(".")[1] ?? "";
  if (frac.length > decimals) return null;
  return parseUnits(num.endsWith(".") ? num.slice(0, -1) : num, decimals);
}

/** One field of a row, typed: what a field term compares. */
function fieldTest(
  index: KindIndex,
  t: Extract<Term, { type: "field" }>,
  unit?: AmountUnit,
): RowTest {
  const n = parseNumber(t.value);
  // Only a term that is not a plain number can be in whole tokens; one parse per decimals.
  const maybeTokens = unit !== undefined && n === null && TOKEN_AMOUNT_RE.test(t.value);
  const inTokens = new Map<string, bigint | null | undefined>();
  const numberFor = (row: LogRow, kind: EventKind, a: ArgSpec): bigint | null => {
    if (!maybeTokens) return n;
    const u = unit(row, kind, a);
    if (u === undefined) return n;
    const key = `${u.decimals}:${u.symbol ?? ""}`;
    let v = inTokens.get(key);
    if (!inTokens.has(key)) {
      v = tokenAmount(t.value, u.decimals, u.symbol);
      inTokens.set(key, v);
    }
    return v === undefined ? n : v;
  };
  const numeric = t.op !== ":" && t.op !== "=";
  if (t.field === "contract")
    return (row, _k, lower) => !numeric && hexMatches(low(row.address, lower), t.value, t.op);
  if (t.field === "tx")
    return (row, _k, lower) =>
      !numeric &&
      row.transactionHash !== null &&
      hexMatches(low(row.transactionHash, lower), t.value, t.op);
  if (t.field.startsWith("topic") && ROW_FIELDS.has(t.field)) {
    const at = Number(t.field.slice(5));
    return (row, _k, lower) => {
      const topic = row.topics[at];
      return !numeric && topic !== undefined && hexMatches(low(topic, lower), t.value, t.op);
    };
  }
  if (t.field === "event")
    return (_row, k) =>
      k !== null &&
      !numeric &&
      (t.op === "=" ? k.name.toLowerCase() === t.value : k.text.includes(t.value));
  if (t.field === "block") {
    const range = /^(\d+)\.\.(\d+)$/.exec(t.value);
    if (range && range[1] !== undefined && range[2] !== undefined) {
      const lo = Number(range[1]);
      const hi = Number(range[2]);
      return (row) => row.blockNumber !== null && row.blockNumber >= lo && row.blockNumber <= hi;
    }
    return (row) =>
      n !== null && row.blockNumber !== null && compare(BigInt(row.blockNumber), t.op, n);
  }
  // A decoded argument by name; a row whose event has none reads the term as free text.
  const asText = textTest(index, t.source);
  const at = new Map<EventKind, number>();
  const argAt = (k: EventKind) => {
    let i = at.get(k);
    if (i === undefined) {
      i = k.args.findIndex((a) => a.name.toLowerCase() === t.field);
      at.set(k, i);
    }
    return i;
  };
  return (row, kind, lower) => {
    const i = kind === null ? -1 : argAt(kind);
    const a = kind?.args[i];
    if (kind === null || a === undefined) return asText(row, kind, lower);
    if (a.type === "address" && !numeric) {
      const w = wordOf(row, a);
      return w !== null && hexMatches(`0x${low(w.slice(24), lower)}`, t.value, t.op);
    }
    if (a.type === "uint" && (numeric || t.op === "=")) {
      // An unsigned word compared as its 64 hex digits with the number's: no BigInt per row.
      const n = numberFor(row, kind, a);
      const w = n === null ? null : wordOf(row, a);
      if (n !== null && w !== null && w.length === 64 && n >= 0n && n <= MAX_WORD)
        return compare(low(w, lower), t.op, wordHex(n));
    }
    const v = index.value(row, kind, i);
    if (typeof v === "bigint") {
      const n = numberFor(row, kind, a);
      if (n !== null && (numeric || t.op === "=")) return compare(v, t.op, n);
      return t.op === ":" && v.toString().includes(t.value);
    }
    if (numeric || v === null) return false;
    const s = valueText(v).toLowerCase();
    return t.op === "=" ? s === t.value : s.includes(t.value);
  };
}

/** A page's own columns by field name (lower case): each row's text in it. */
export type ExtraFields = ReadonlyMap<string, (row: LogRow) => string>;

/** A field term on a page's own column: contains (`:`) or equals (`=`) its text. */
function extraTest(text: (row: LogRow) => string, t: Extract<Term, { type: "field" }>): RowTest {
  return (row) => {
    const v = text(row).toLowerCase();
    return t.op === "=" ? v === t.value : t.op === ":" ? v.includes(t.value) : false;
  };
}

/**
 * A test of one row against every term. `lower`: the node sends hex in lower case (most do),
 * so nothing is lower-cased per row.
 */
export function compileQuery(
  terms: readonly Term[],
  index: KindIndex,
  extra?: ExtraFields,
  /** The unit a token amount is shown in: a number with a point or symbol is read in it. */
  unit?: AmountUnit,
): (row: LogRow, lower: boolean) => boolean {
  const tests = terms.map((t) => {
    const own = t.type === "field" ? extra?.get(t.field) : undefined;
    return {
      negate: t.negate,
      test:
        t.type === "text"
          ? textTest(index, t.text)
          : own
            ? extraTest(own, t)
            : fieldTest(index, t, unit),
    };
  });
  return (row, lower) => {
    const kind = index.kindOf(row);
    for (const { test, negate } of tests) if (test(row, kind, lower) === negate) return false;
    return true;
  };
}

/** Whether the node sends its hex in lower case: a few rows across the result are looked at. */
export function sendsLowerCase(rows: readonly LogRow[]): boolean {
  const step = Math.max(1, Math.floor(rows.length / 16));
  for (let i = 0; i < rows.length; i += step) {
    const r = rows[i];
    if (!r) continue;
    const parts = [r.address, r.transactionHash ?? "", ...r.topics];
    if (parts.some((p) => p !== p.toLowerCase())) return false;
  }
  return true;
}
