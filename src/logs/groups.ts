/**
 * Group by: a pass over the shown rows that reads each log's fields and arguments where they sit
 * (kinds.ts; the keys' readers in groupKeys.ts), with exact bigint sums. The shapes are in
 * groupTypes.ts, the choices and terms in groupOptions.ts, amount keys in amountGroup.ts, the
 * groups' orders in groupSort.ts (all re-exported here). No React.
 */
import { AmountGroup, isWordNumber, wordNumber } from "./amountGroup";
import { Lower, NumberIds, smallLimit, smallWordOf } from "./groupKeys";
import { termFor } from "./groupOptions";
import type { Group, GroupBy, Grouping } from "./groupTypes";
import type { ArgSpec, EventKind, KindIndex } from "./kinds";
import { valueText, wordOf } from "./kinds";
import type { LogRow } from "./result";
import { isTokenAmount } from "./tokenAmount";

export type { Group, GroupBy, Grouping, GroupOption } from "./groupTypes";
export { bucketSize, groupOptions, termFor } from "./groupOptions";
export { sortGroups, type GroupSort, type GroupSortKey } from "./groupSort";

function numericArgs(kind: EventKind | null): ArgSpec[] {
  return (kind?.args ?? []).filter((a) => a.type === "uint" || a.type === "int");
}

/**
 * Groups `rows` with counts and exact sums, min and max. `kind`: the one event every row is
 * (singleKind: no row's event is looked up again), or null for rows of several or unknown ones.
 */
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
    const k = kind ?? index.kindOf(r);
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
    tokenAmounts: numeric.map((a) => kind !== null && isTokenAmount(kind, a)),
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
