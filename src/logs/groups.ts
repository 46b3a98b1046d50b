/**
 * Group by: a pass over the shown rows that reads each log's fields and arguments where they sit
 * (kinds.ts; the keys' readers in groupKeys.ts), with exact bigint sums, and the groups' orders.
 * No React.
 */
import { Lower, NumberIds, smallLimit, smallWordOf } from "./groupKeys";
import type { ArgSpec, EventKind, KindIndex } from "./kinds";
import { valueText, wordOf } from "./kinds";
import { quoteValue } from "./query";
import { cmp } from "./sort";
import type { LogRow } from "./result";

/** `none`, a field of the log, a block bucket (`blocks:1000`), or a decoded argument (`arg:to`). */
export type GroupBy = string;

export interface GroupOption {
  value: GroupBy;
  label: string;
}

export interface Group {
  /** The key as text (addresses in lower case). */
  key: string;
  /** The filter term that narrows the log table to this group. */
  term: string;
  count: number;
  /** Per numeric argument (Grouping.numeric): sum, min, max. */
  sums: bigint[];
  mins: bigint[];
  maxs: bigint[];
  /** The one contract every log of the group comes from (its token decimals apply), or null. */
  contract: string | null;
  /** The key as the number it is, below 2^53 (a block, a bucket's first block, an amount). */
  n?: number | undefined;
}

export interface Grouping {
  by: GroupBy;
  groups: Group[];
  numeric: ArgSpec[];
  /** The key is an address (shown as one). */
  keyIsAddress: boolean;
}

/** A block bucket size giving about 40 buckets over the span: 1, 2, 5 × a power of ten. */
export function bucketSize(rows: readonly LogRow[]): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    if (r.blockNumber === null) continue;
    if (r.blockNumber < lo) lo = r.blockNumber;
    if (r.blockNumber > hi) hi = r.blockNumber;
  }
  const span = hi >= lo ? hi - lo + 1 : 1;
  const raw = Math.max(1, span / 40);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** What the rows can be grouped by: None first, the log's fields, block buckets, each argument. */
export function groupOptions(kind: EventKind | null, bucket: number): GroupOption[] {
  const out: GroupOption[] = [
    { value: "none", label: "None" },
    { value: "contract", label: "Contract (address)" },
    { value: "event", label: "Event" },
  ];
  for (const a of kind?.args ?? []) if (a.name) out.push({ value: `arg:${a.name}`, label: a.name });
  out.push({ value: "tx", label: "Transaction" }, { value: "block", label: "Block" });
  if (bucket > 1)
    out.push({ value: `blocks:${bucket}`, label: `Blocks (by ${bucket.toLocaleString("en-US")})` });
  return out;
}

function numericArgs(kind: EventKind | null): ArgSpec[] {
  return (kind?.args ?? []).filter((a) => a.type === "uint" || a.type === "int");
}

/** Groups `rows` (one event: `kind`, or null) with counts and exact sums, min and max. */
export function groupRows(
  rows: readonly LogRow[],
  index: KindIndex,
  kind: EventKind | null,
  by: GroupBy,
): Grouping {
  const numeric = numericArgs(kind);
  const numericAt = numeric.map((a) => kind?.args.indexOf(a) ?? -1);
  const argAt = by.startsWith("arg:")
    ? (kind?.args.findIndex((a) => a.name === by.slice(4)) ?? -1)
    : -1;
  const argSpec = kind?.args[argAt];
  // keyed by the topic itself (keyFunction): made the address once per group below
  const byTopic = argSpec?.type === "address" && argSpec.topic !== null ? argSpec.topic : null;
  // a number keyed by its word (keyFunction): made the number once per group below, and its own
  // sum, min and max from it (the count times the one value) instead of a BigInt per log
  const byWord = argSpec !== undefined && isWordNumber(argSpec) ? argSpec : null;
  const keyOf = keyFunction(by, index, kind, argSpec, argAt);
  const n = numeric.length;
  const perLog = numericAt.map((at) => byWord === null || at !== argAt);
  // the numeric arguments summed log by log (not the key itself)
  const cols: number[] = [];
  perLog.forEach((p, j) => {
    if (p) cols.push(j);
  });
  const m = cols.length;
  // below 2^52, an unsigned word (or a signed one its sign bit cannot reach) is read as a number
  const smallMax = numeric.map(smallLimit);
  const ownMax = byWord === null ? 0 : smallLimit(byWord);
  const bucket = by.startsWith("blocks:") ? Math.max(1, Number(by.slice(7)) || 1) : 0;
  // Hex from the node (a contract, a topic, a word) in upper case somewhere: keys differing only
  // in case are to become one group (below).
  const hexKeys = by === "contract" || byTopic !== null || byWord !== null;
  let upper = false;

  // First pass: each group an index, its figures in typed arrays (no object per group until the
  // groups are made, below). A key that is a number (a block, a bucket, an amount below 2^52 read
  // from its word's last digits) is found in a table of numbers: no text, no BigInt per log. Sums
  // of amounts below 2^52 are added as numbers while exact (below 2^53), in BigInt past that.
  const cap = rows.length;
  const numberKeys = byWord !== null || by === "block" || bucket > 0;
  const numberIds = numberKeys ? new NumberIds(byWord !== null ? cap : 0) : null;
  // an amount key's number, per group (-1: kept as its word's text), read once
  const nums: number[] = [];
  const ids = new Map<string, number>();
  const keys: (string | null)[] = [];
  // per group (plain arrays: a few groups need no arrays the size of the logs)
  const firsts: number[] = [];
  const counts: number[] = [];
  const mixed: number[] = [];
  const sumN = new Float64Array(cap * m);
  const minN = new Float64Array(cap * m).fill(Number.POSITIVE_INFINITY);
  const maxN = new Float64Array(cap * m).fill(Number.NEGATIVE_INFINITY);
  const sumB: bigint[] = [];
  const minB: bigint[] = [];
  const maxB: bigint[] = [];
  let next = 0;
  for (let i = 0; i < cap; i++) {
    const r = rows[i] as LogRow;
    const k = index.kindOf(r);
    let g = -1;
    let num = -1;
    if (numberIds !== null) {
      if (byWord !== null) {
        if (k !== kind) continue;
        num = smallWordOf(r, byWord, ownMax);
      } else if (r.blockNumber !== null)
        num = bucket > 0 ? Math.floor(r.blockNumber / bucket) * bucket : r.blockNumber;
      if (num >= 0) {
        g = numberIds.idOf(num, next);
        if (g < 0) {
          g = next++;
          keys.push(null);
          nums.push(num);
          firsts.push(i);
          counts.push(0);
          mixed.push(0);
        }
      }
    }
    if (num < 0) {
      const key = keyOf(r, k);
      if (key === null) continue;
      const known = ids.get(key);
      if (known === undefined) {
        g = next++;
        ids.set(key, g);
        keys.push(key);
        nums.push(-1);
        firsts.push(i);
        counts.push(0);
        mixed.push(0);
        if (hexKeys && !upper && UPPER_HEX_RE.test(key)) upper = true;
      } else g = known;
    }
    const c = counts[g] ?? 0;
    if (c > 0 && mixed[g] === 0 && (rows[firsts[g] ?? 0] as LogRow).address !== r.address)
      mixed[g] = 1;
    counts[g] = c + 1;
    if (m === 0 || kind === null || k !== kind) continue;
    for (let c2 = 0; c2 < m; c2++) {
      const j = cols[c2] ?? 0;
      const at = g * m + c2;
      const x = smallWordOf(r, numeric[j] as ArgSpec, smallMax[j] ?? 0);
      if (x >= 0) {
        const s = (sumN[at] ?? 0) + x;
        if (s > Number.MAX_SAFE_INTEGER) {
          sumB[at] = (sumB[at] ?? 0n) + BigInt(sumN[at] ?? 0);
          sumN[at] = x;
        } else sumN[at] = s;
        if (x < (minN[at] ?? 0)) minN[at] = x;
        if (x > (maxN[at] ?? 0)) maxN[at] = x;
        continue;
      }
      const v = index.value(r, kind, numericAt[j] ?? -1);
      if (typeof v !== "bigint") continue;
      sumB[at] = (sumB[at] ?? 0n) + v;
      const mn = minB[at];
      const mx = maxB[at];
      if (mn === undefined || v < mn) minB[at] = v;
      if (mx === undefined || v > mx) maxB[at] = v;
    }
  }
  // Keys as shown and filtered: lower case, a topic's address as the address; groups whose keys
  // differ only in case (a node mixing cases, or texts the filter reads alike: it folds case)
  // become one, shown as the first one seen.
  const text = argSpec?.type === "text";
  // Without such keys each group of the pass is one shown: no second map (a second hash per
  // group is a third of grouping 80,000 distinct amounts).
  const merge = text || upper;
  const map = new Map<string, Group>();
  const groups: Group[] = [];
  const lower = new Lower();
  const numberTerm = byWord !== null ? termFor(by, "0", argSpec).slice(0, -1) : null;
  // The key is the only number (a Transfer's value): made into one group object straight away, its
  // min and max one array, and its sum too when the group is one log (80,000 groups by amount).
  // Not added to afterwards: no merge.
  const onlyKey = byWord !== null && n === 1 && m === 0 && !merge;
  for (let i = 0; i < next; i++) {
    const first = rows[firsts[i] ?? 0] as LogRow;
    const count = counts[i] ?? 0;
    if (onlyKey && numberTerm !== null) {
      const raw = keys[i] ?? null;
      const num = nums[i] ?? -1;
      const contract = mixed[i] === 1 ? null : lower.of(first.address);
      if (raw === null) {
        // below 2^52 and not negative (smallWordOf): its text and bigints made when shown
        groups.push(new AmountGroup(num, count, contract, numberTerm));
        continue;
      }
      // 2^52 or more, or negative: keyed by its word's text
      const v = wordNumber(raw, byWord);
      const key = v.toString();
      const one = [v];
      groups.push({
        key,
        term: numberTerm + key,
        count,
        sums: count === 1 ? one : [v * BigInt(count)],
        mins: one,
        maxs: one,
        contract,
      });
      continue;
    }
    const sums: bigint[] = [];
    const mins: bigint[] = [];
    const maxs: bigint[] = [];
    for (let c2 = 0; c2 < m; c2++) {
      const j = cols[c2] ?? 0;
      const at = i * m + c2;
      const s = sumN[at] ?? 0;
      sums[j] = s === 0 ? (sumB[at] ?? 0n) : (sumB[at] ?? 0n) + BigInt(s);
      const mn = minN[at] ?? Number.POSITIVE_INFINITY;
      const mb = minB[at];
      const lo =
        mn === Number.POSITIVE_INFINITY ? mb : mb !== undefined && mb < mn ? mb : BigInt(mn);
      if (lo !== undefined) mins[j] = lo;
      const mx = maxN[at] ?? Number.NEGATIVE_INFINITY;
      const xb = maxB[at];
      const hi =
        mx === Number.NEGATIVE_INFINITY ? xb : xb !== undefined && xb > mx ? xb : BigInt(mx);
      if (hi !== undefined) maxs[j] = hi;
    }
    for (let j = 0; j < n; j++) if (sums[j] === undefined) sums[j] = 0n;
    const raw = keys[i] ?? null;
    let key: string;
    let keyNumber: number | undefined;
    if (byWord !== null) {
      const num = nums[i] ?? -1;
      if (raw === null) keyNumber = num;
      const v =
        raw !== null
          ? wordNumber(raw, byWord)
          : byWord.type === "int"
            ? BigInt.asIntN(byWord.bits, BigInt(num))
            : BigInt(num);
      key = raw === null && byWord.type === "uint" ? String(num) : v.toString();
      for (let j = 0; j < n; j++) {
        if (perLog[j] === true) continue;
        sums[j] = count === 1 ? v : v * BigInt(count);
        mins[j] = v;
        maxs[j] = v;
      }
    } else if (raw === null) {
      const b = first.blockNumber ?? 0;
      const lo = bucket > 0 ? Math.floor(b / bucket) * bucket : b;
      key = bucket > 0 ? `${lo}..${lo + bucket - 1}` : String(lo);
      keyNumber = lo;
    } else
      key =
        byTopic !== null
          ? `0x${raw.slice(26).toLowerCase()}`
          : by === "contract"
            ? lower.of(raw)
            : raw;
    const contract = mixed[i] === 1 ? null : lower.of(first.address);
    const id = text ? key.toLowerCase() : key;
    const seen = merge ? map.get(id) : undefined;
    if (seen === undefined) {
      // an integer's text needs no quotes: the term's start made once, not per group
      const term = numberTerm !== null ? numberTerm + key : termFor(by, key, argSpec);
      const g: Group = { key, term, count, sums, mins, maxs, contract, n: keyNumber };
      if (merge) map.set(id, g);
      groups.push(g);
      continue;
    }
    seen.count += count;
    if (seen.contract !== contract) seen.contract = null;
    sums.forEach((v, j) => (seen.sums[j] = (seen.sums[j] ?? 0n) + v));
    mins.forEach((v, j) => {
      const m = seen.mins[j];
      if (m === undefined || v < m) seen.mins[j] = v;
    });
    maxs.forEach((v, j) => {
      const m = seen.maxs[j];
      if (m === undefined || v > m) seen.maxs[j] = v;
    });
  }
  return {
    by,
    groups,
    numeric,
    keyIsAddress: by === "contract" || argSpec?.type === "address",
  };
}

/** How a log gives its group's key (decided once per grouping, not per log). */
function keyFunction(
  by: GroupBy,
  index: KindIndex,
  kind: EventKind | null,
  argSpec: ArgSpec | undefined,
  argAt: number,
): (r: LogRow, k: EventKind | null) => string | null {
  switch (by) {
    case "contract":
      return (r) => r.address;
    case "event":
      return (r, k) => k?.name ?? (r.topics[0] ? r.topics[0].toLowerCase() : "(no topics)");
    case "tx":
      return (r) => r.transactionHash?.toLowerCase() ?? "pending";
    case "block":
      return (r) => (r.blockNumber === null ? "pending" : String(r.blockNumber));
  }
  if (by.startsWith("blocks:")) {
    const bucket = Math.max(1, Number(by.slice(7)) || 1);
    return (r) => {
      if (r.blockNumber === null) return "pending";
      const lo = Math.floor(r.blockNumber / bucket) * bucket;
      return `${lo}..${lo + bucket - 1}`;
    };
  }
  if (kind === null || argSpec === undefined) return () => null;
  // An address argument in a topic groups by the topic itself (no string made per log); the
  // key becomes the address once per group.
  const topic = argSpec.type === "address" ? argSpec.topic : null;
  if (topic !== null) return (r, k) => (k === kind ? (r.topics[topic] ?? null) : null);
  if (isWordNumber(argSpec)) return (r, k) => (k === kind ? wordOf(r, argSpec) : null);
  return (r, k) => (k === kind ? valueText(index.value(r, kind, argAt)) : null);
}

const UPPER_HEX_RE = /[A-F]/;

/** An integer argument with a word of its own (a topic or a data word): keyed by that word. */
function isWordNumber(a: ArgSpec): boolean {
  return (a.type === "uint" || a.type === "int") && (a.topic !== null || a.word !== null);
}

/** The integer a word holds (as KindIndex.value reads it). */
function wordNumber(word: string, a: ArgSpec): bigint {
  const v = BigInt(`0x${word}`);
  return a.type === "int" ? BigInt.asIntN(a.bits, v) : v;
}

/** The filter term that reads back exactly the group's logs (query.ts parses what this writes). */
export function termFor(by: GroupBy, key: string, arg: ArgSpec | undefined): string {
  if (by === "contract") return `contract=${key}`;
  // an event no ABI names is its topic0
  if (by === "event")
    return key.startsWith("0x") ? `topic0=${key}` : `event=${quoteValue(key.toLowerCase())}`;
  if (by === "tx") return `tx=${key}`;
  if (by === "block") return `block=${key}`;
  if (by.startsWith("blocks:")) return `block:${key}`;
  const name = (arg?.name ?? by.slice(4)).toLowerCase();
  return `${name}=${quoteValue(key)}`;
}

export type GroupSortKey = "key" | "count" | `sum:${number}`;
export interface GroupSort {
  key: GroupSortKey;
  dir: "asc" | "desc";
}

const INT_RE = /^-?\d+$/;
const BUCKET_RE = /^(\d+)\.\.\d+$/;
const HEX_RE = /^0x[0-9a-fA-F]+$/;

/**
 * How a key sorts: integers (blocks, int and uint arguments, a bucket by its first block) and hex
 * (addresses, hashes, bytes) as the numbers they are, exactly; other text as text, after them.
 */
function keyOrder(key: string): { rank: number; n: bigint; text: string } {
  if (INT_RE.test(key)) return { rank: 0, n: BigInt(key), text: key };
  const bucket = BUCKET_RE.exec(key);
  if (bucket !== null && bucket[1] !== undefined)
    return { rank: 0, n: BigInt(bucket[1]), text: key };
  if (HEX_RE.test(key)) return { rank: 1, n: BigInt(key), text: key };
  return { rank: 2, n: 0n, text: key };
}

/**
 * A group keyed by an amount below 2^52 that is its only number (a Transfer's value): its key's
 * text, term and bigints are made when first read — 80,000 groups by amount, ~20 shown — and kept.
 */
class AmountGroup implements Group {
  private text: string | undefined;
  private values: bigint[] | undefined;
  private total: bigint[] | undefined;
  constructor(
    readonly n: number,
    public count: number,
    public contract: string | null,
    private readonly termStart: string,
  ) {}
  get key(): string {
    return (this.text ??= String(this.n));
  }
  get term(): string {
    return this.termStart + this.key;
  }
  get mins(): bigint[] {
    return (this.values ??= [BigInt(this.n)]);
  }
  get maxs(): bigint[] {
    return this.mins;
  }
  get sums(): bigint[] {
    return (this.total ??= this.count === 1 ? this.mins : [BigInt(this.n) * BigInt(this.count)]);
  }
}

/**
 * By count, ties in the key's order: keys that are all numbers (blocks, amounts below 2^53) as
 * numbers, through typed arrays — 80,000 amounts in random order sort in ~11 ms, ~32 ms as text —
 * other keys as text.
 */
function byCount(groups: Group[], sign: number): Group[] {
  const size = groups.length;
  const nums = new Float64Array(size);
  const counts = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const g = groups[i] as Group;
    if (g.n === undefined)
      return groups.sort((a, b) => sign * (a.count - b.count) || cmp(a.key, b.key));
    nums[i] = g.n;
    counts[i] = g.count;
  }
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  order.sort(
    (a, b) => sign * ((counts[a] ?? 0) - (counts[b] ?? 0)) || (nums[a] ?? 0) - (nums[b] ?? 0),
  );
  const out: Group[] = new Array<Group>(size);
  for (let i = 0; i < size; i++) out[i] = groups[order[i] as number] as Group;
  return out;
}

/** The groups in the asked order (numbers and keys as numbers where they are: exact bigints). */
export function sortGroups(groups: readonly Group[], sort: GroupSort): Group[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  const out = [...groups];
  if (sort.key === "count") return byCount(out, sign);
  else if (sort.key === "key") {
    const order = new Map(out.map((g) => [g, keyOrder(g.key)]));
    out.sort((a, b) => {
      const x = order.get(a);
      const y = order.get(b);
      if (x === undefined || y === undefined) return 0;
      return sign * (cmp(x.rank, y.rank) || cmp(x.n, y.n) || cmp(x.text, y.text));
    });
  } else {
    const k = Number(sort.key.slice(4));
    out.sort((a, b) => sign * cmp(a.sums[k] ?? 0n, b.sums[k] ?? 0n) || b.count - a.count);
  }
  return out;
}
