/** The groups' orders: by key, by count, by a sum (exact bigints, numbers as numbers). No React. */
import type { Group } from "./groupTypes";
import { cmp } from "./sort";

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
