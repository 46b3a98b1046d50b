/**
 * Two call trees aligned frame by frame (no React). A frame's key is its call type, callee and
 * selector; under each pair of matched frames their children are matched by a longest common
 * subsequence of those keys, so a call inserted, deleted or moved leaves the others matched, and
 * a key repeated among siblings (a loop's calls) is matched in order: the k-th of A with the k-th
 * of B that the subsequence pairs. The tops are always matched. An unmatched frame's whole subtree
 * is "only in A" or "only in B".
 *
 * The result is one tree in pre-order over typed arrays (as model.ts's), each row a pair of frame
 * indices (-1 for the side it is missing from) with its kind and, for a pair, what differs.
 */
import { isHex } from "viem";
import type { CallFrame } from "../result";
import { frameFailed, gasSent, nodeRevertReason, frameError, type TraceModel } from "../model";

export const SAME = 0;
export const CHANGED = 1;
export const ONLY_A = 2;
export const ONLY_B = 3;
export type RowKind = typeof SAME | typeof CHANGED | typeof ONLY_A | typeof ONLY_B;

/** What differs between two matched frames; null fields are equal. */
export interface FrameDiff {
  /** Whether each side failed, when they differ. */
  status: { aFailed: boolean; bFailed: boolean } | null;
  /** B's gas used minus A's; null when equal or not sent by both. */
  gas: number | null;
  value: { a: bigint; b: bigint } | null;
  /** The revert reason (or error) of failed frames, when both failed and they differ. */
  reason: { a: string; b: string } | null;
  /**
   * The return data when it differs and both succeeded, or both failed (then it is the revert
   * data: `failed` says so).
   */
  output: { a: string; b: string; failed: boolean } | null;
  /** The events' first topics, when they differ (in number or kind). */
  events: { a: string[]; b: string[] } | null;
  /** Where a created frame landed in each run, when the addresses differ. */
  address: { a: string; b: string } | null;
}

export interface AlignedTree {
  size: number;
  /** Frame of A / of B shown by each row; -1 when the row is missing there. */
  a: Int32Array;
  b: Int32Array;
  kind: Uint8Array;
  parent: Int32Array;
  level: Int32Array;
  childCount: Int32Array;
  posInSet: Int32Array;
  /** Exclusive end of the row's subtree. */
  end: Int32Array;
  /** Rows with kind other than SAME, in order: "next change" steps through them. */
  changes: Int32Array;
  /** Rows that say what differs (kind CHANGED), by row. */
  diffs: Map<number, FrameDiff>;
  /** B's total gas minus A's (the top frames'); null when a side did not send it. */
  gasDelta: number | null;
}

/** Above this many cells a parent's children are matched greedily instead (still in order). */
const LCS_CELLS = 4_000_000;

function selectorOf(f: CallFrame): string {
  const input = typeof f.input === "string" ? f.input : "";
  return input.length >= 10 ? input.slice(0, 10).toLowerCase() : "";
}

const isCreate = (type: string): boolean => type.startsWith("CREATE");

/**
 * A created frame's init code as a small number, the same for the same code (a deployment is
 * known by what it runs): the code's text is looked up, not hashed — a keccak of every CREATE's
 * init code was most of a 10,000-frame alignment (~120 ms of the page's first rows).
 */
function initCodeId(f: CallFrame, initIds: Map<string, number>): number {
  const input = typeof f.input === "string" && isHex(f.input) ? f.input.toLowerCase() : "";
  let id = initIds.get(input);
  if (id === undefined) {
    id = initIds.size;
    initIds.set(input, id);
  }
  return id;
}

/**
 * The frame's path key among its siblings: call type, callee, selector. A created frame's callee
 * is where it landed, which another nonce moves (a re-run at a later block): it is keyed by its
 * init code instead, its address a difference. `alias` reads B's created addresses as A's, so
 * the calls to a contract created in both runs match too. `initIds`: the init codes seen, shared
 * by both sides.
 */
export function frameKey(
  f: CallFrame | undefined,
  initIds: Map<string, number>,
  alias?: ReadonlyMap<string, string>,
): string {
  if (!f) return "";
  const type = typeof f.type === "string" ? f.type.toUpperCase() : "?";
  if (isCreate(type)) return `${type} init ${initCodeId(f, initIds)}`;
  const to = typeof f.to === "string" ? f.to.toLowerCase() : "";
  return `${type} ${alias?.get(to) ?? to} ${selectorOf(f)}`;
}

function childrenOf(m: TraceModel, i: number): number[] {
  const out: number[] = [];
  const stop = m.end[i] as number;
  for (let c = i + 1; c < stop; c = m.end[c] as number) out.push(c);
  return out;
}

/**
 * Matched pairs (indices into `xs`, `ys`) of a longest common subsequence of the two key lists,
 * in order. The common head and tail are matched first (the usual case: most siblings agree);
 * the rest by dynamic programming, or greedily in order when it would be too large.
 */
export function matchSequences(xs: readonly number[], ys: readonly number[]): [number, number][] {
  const n = xs.length;
  const m = ys.length;
  const pairs: [number, number][] = [];
  let head = 0;
  while (head < n && head < m && xs[head] === ys[head]) {
    pairs.push([head, head]);
    head++;
  }
  let tail = 0;
  while (tail < n - head && tail < m - head && xs[n - 1 - tail] === ys[m - 1 - tail]) tail++;
  const an = n - head - tail;
  const bn = m - head - tail;
  if (an > 0 && bn > 0) {
    if (an * bn <= LCS_CELLS) {
      // lengths[i][j]: LCS of xs[head+i..] and ys[head+j..], one row-major typed array.
      const w = bn + 1;
      const len = new Uint32Array((an + 1) * w);
      for (let i = an - 1; i >= 0; i--)
        for (let j = bn - 1; j >= 0; j--)
          len[i * w + j] =
            xs[head + i] === ys[head + j]
              ? (len[(i + 1) * w + j + 1] as number) + 1
              : Math.max(len[(i + 1) * w + j] as number, len[i * w + j + 1] as number);
      let i = 0;
      let j = 0;
      while (i < an && j < bn) {
        if (xs[head + i] === ys[head + j]) {
          pairs.push([head + i, head + j]);
          i++;
          j++;
        } else if ((len[(i + 1) * w + j] as number) >= (len[i * w + j + 1] as number)) i++;
        else j++;
      }
    } else {
      // Greedy, in order: each of A's keys takes B's next unmatched one of the same key.
      const positions = new Map<number, number[]>();
      for (let j = bn - 1; j >= 0; j--) {
        const k = ys[head + j] as number;
        const list = positions.get(k);
        if (list) list.push(head + j);
        else positions.set(k, [head + j]);
      }
      let last = -1;
      for (let i = 0; i < an; i++) {
        const list = positions.get(xs[head + i] as number);
        if (!list) continue;
        while (list.length > 0 && (list[list.length - 1] as number) <= last) list.pop();
        const j = list.pop();
        if (j === undefined) continue;
        pairs.push([head + i, j]);
        last = j;
      }
    }
  }
  for (let t = tail; t > 0; t--) pairs.push([n - t, m - t]);
  return pairs;
}

function valueOf(f: CallFrame): bigint {
  const v = f.value;
  if (typeof v !== "string" || v === "") return 0n;
  try {
    return BigInt(v);
  } catch {
    return 0n;
  }
}

function topicsOf(f: CallFrame): string[] {
  return (f.logs ?? []).map((l) =>
    Array.isArray(l.topics) && typeof l.topics[0] === "string" ? l.topics[0].toLowerCase() : "",
  );
}

function reasonOf(f: CallFrame): string {
  return nodeRevertReason(f) ?? frameError(f) ?? "";
}

/** What differs between frame i of A and frame j of B; null when nothing does. */
export function diffFrames(a: TraceModel, i: number, b: TraceModel, j: number): FrameDiff | null {
  const fa = a.frames[i];
  const fb = b.frames[j];
  if (!fa || !fb) return null;
  const aFailed = frameFailed(fa);
  const bFailed = frameFailed(fb);
  const status = aFailed !== bFailed ? { aFailed, bFailed } : null;
  const bothGas = gasSent(a, i, "gasUsed") && gasSent(b, j, "gasUsed");
  const gasDelta = bothGas ? (b.gasUsed[j] as number) - (a.gasUsed[i] as number) : 0;
  const gas = gasDelta !== 0 ? gasDelta : null;
  const va = valueOf(fa);
  const vb = valueOf(fb);
  const value = va !== vb ? { a: va, b: vb } : null;
  const ra = aFailed ? reasonOf(fa) : "";
  const rb = bFailed ? reasonOf(fb) : "";
  const reason = aFailed && bFailed && ra !== rb ? { a: ra, b: rb } : null;
  const oa = typeof fa.output === "string" ? fa.output.toLowerCase() : "";
  const ob = typeof fb.output === "string" ? fb.output.toLowerCase() : "";
  const output = aFailed === bFailed && oa !== ob ? { a: oa, b: ob, failed: aFailed } : null;
  const ta = topicsOf(fa);
  const tb = topicsOf(fb);
  const events =
    ta.length !== tb.length || ta.some((t, k) => t !== tb[k]) ? { a: ta, b: tb } : null;
  const typeA = typeof fa.type === "string" ? fa.type.toUpperCase() : "";
  const toA = typeof fa.to === "string" ? fa.to.toLowerCase() : "";
  const toB = typeof fb.to === "string" ? fb.to.toLowerCase() : "";
  const address = isCreate(typeA) && toA !== toB ? { a: toA, b: toB } : null;
  if (!status && gas === null && !value && !reason && !output && !events && !address) return null;
  return { status, gas, value, reason, output, events, address };
}

interface Pending {
  a: number;
  b: number;
  parent: number;
  pos: number;
}

export function alignTraces(a: TraceModel, b: TraceModel): AlignedTree {
  /** Records B → A for the created frames among matched pairs; whether any was new. */
  const learnAliases = (pairs: [number, number][], ca: number[], cb: number[]): boolean => {
    let learnt = false;
    for (const [pi, pj] of pairs) {
      const fa = a.frames[ca[pi] as number];
      const fb = b.frames[cb[pj] as number];
      const type = typeof fa?.type === "string" ? fa.type.toUpperCase() : "";
      if (!isCreate(type) || typeof fa?.to !== "string" || typeof fb?.to !== "string") continue;
      const from = fb.to.toLowerCase();
      const to = fa.to.toLowerCase();
      if (from !== to && alias.get(from) !== to) {
        alias.set(from, to);
        learnt = true;
      }
    }
    return learnt;
  };
  const cap = a.size + b.size;
  const ra = new Int32Array(cap);
  const rb = new Int32Array(cap);
  const kind = new Uint8Array(cap);
  const parent = new Int32Array(cap);
  const level = new Int32Array(cap);
  const childCount = new Int32Array(cap);
  const posInSet = new Int32Array(cap);
  const diffs = new Map<number, FrameDiff>();
  // Keys as small integers, shared by both sides, so the sequences compare numbers.
  const ids = new Map<string, number>();
  // B's created addresses read as A's, once their frames matched (frameKey).
  const alias = new Map<string, string>();
  const initIds = new Map<string, number>();
  const idOf = (m: TraceModel, i: number) => {
    const k = frameKey(m.frames[i], initIds, m === b ? alias : undefined);
    let id = ids.get(k);
    if (id === undefined) {
      id = ids.size;
      ids.set(k, id);
    }
    return id;
  };

  let size = 0;
  const stack: Pending[] = [];
  if (a.size > 0 && b.size > 0) stack.push({ a: 0, b: 0, parent: -1, pos: 1 });
  else if (a.size > 0) stack.push({ a: 0, b: -1, parent: -1, pos: 1 });
  else if (b.size > 0) stack.push({ a: -1, b: 0, parent: -1, pos: 1 });

  while (stack.length > 0) {
    const p = stack.pop() as Pending;
    const row = size++;
    ra[row] = p.a;
    rb[row] = p.b;
    parent[row] = p.parent;
    level[row] = p.parent < 0 ? 1 : (level[p.parent] as number) + 1;
    posInSet[row] = p.pos;
    let kids: { a: number; b: number }[];
    if (p.a >= 0 && p.b >= 0) {
      const d = diffFrames(a, p.a, b, p.b);
      if (d) diffs.set(row, d);
      kind[row] = d ? CHANGED : SAME;
      const ca = childrenOf(a, p.a);
      const cb = childrenOf(b, p.b);
      const keysA = ca.map((c) => idOf(a, c));
      let pairs = matchSequences(
        keysA,
        cb.map((c) => idOf(b, c)),
      );
      // A contract created here in both runs: its later siblings' calls to it match by alias.
      if (learnAliases(pairs, ca, cb))
        pairs = matchSequences(
          keysA,
          cb.map((c) => idOf(b, c)),
        );
      // Merge in order: unmatched children of A before those of B between two matched pairs.
      kids = [];
      let i = 0;
      let j = 0;
      for (const [pi, pj] of [...pairs, [ca.length, cb.length] as [number, number]]) {
        for (; i < pi; i++) kids.push({ a: ca[i] as number, b: -1 });
        for (; j < pj; j++) kids.push({ a: -1, b: cb[j] as number });
        if (pi < ca.length && pj < cb.length) {
          kids.push({ a: ca[pi] as number, b: cb[pj] as number });
          i = pi + 1;
          j = pj + 1;
        }
      }
    } else if (p.a >= 0) {
      kind[row] = ONLY_A;
      kids = childrenOf(a, p.a).map((c) => ({ a: c, b: -1 }));
    } else {
      kind[row] = ONLY_B;
      kids = childrenOf(b, p.b).map((c) => ({ a: -1, b: c }));
    }
    childCount[row] = kids.length;
    for (let k = kids.length - 1; k >= 0; k--) {
      const kid = kids[k] as { a: number; b: number };
      stack.push({ a: kid.a, b: kid.b, parent: row, pos: k + 1 });
    }
  }

  // Subtree ends, from the leaves up: a row's subtree is itself and its children's subtrees.
  const end = new Int32Array(size);
  for (let r = 0; r < size; r++) end[r] = r + 1;
  for (let r = size - 1; r > 0; r--) {
    const pr = parent[r] as number;
    if ((end[r] as number) > (end[pr] as number)) end[pr] = end[r] as number;
  }
  const changes: number[] = [];
  for (let r = 0; r < size; r++) if (kind[r] !== SAME) changes.push(r);
  const gasDelta =
    a.size > 0 && b.size > 0 && gasSent(a, 0, "gasUsed") && gasSent(b, 0, "gasUsed")
      ? (b.gasUsed[0] as number) - (a.gasUsed[0] as number)
      : null;
  return {
    size,
    a: ra.slice(0, size),
    b: rb.slice(0, size),
    kind: kind.slice(0, size),
    parent: parent.slice(0, size),
    level: level.slice(0, size),
    childCount: childCount.slice(0, size),
    posInSet: posInSet.slice(0, size),
    end,
    changes: Int32Array.from(changes),
    diffs,
    gasDelta,
  };
}
