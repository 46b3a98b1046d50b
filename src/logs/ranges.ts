/**
 * Block ranges as the range scanner sees them (no React, no network): the refs a filter names,
 * the pieces still to fetch, how a refused range is split, and the first call a plan makes.
 */

/** How to split a range the endpoint refused. */
export type LimitAdvice =
  | { kind: "suggested"; from: number; to: number }
  | { kind: "max-range"; n: number }
  | { kind: "halve" };

export type BlockTag = "latest" | "earliest" | "pending" | "safe" | "finalized";
export type BlockRef = number | BlockTag;

export interface BlockRange {
  from: number;
  to: number;
}

/** A piece still to fetch: numbers, or (before the range could be resolved) the tags as given. */
export type Piece =
  | { from: number; to: number; tagged?: false }
  | { tagged: true; from: BlockRef | null; to: BlockRef | null };

export type ScanPlan = { kind: "single" } | { kind: "range"; from: BlockRef; to: BlockRef };

/** The scan a filter asks for: one block by hash, or a range of refs (latest unless given). */
export function planOf(filter: {
  blockHash: string | null;
  fromBlock: BlockRef | null;
  toBlock: BlockRef | null;
}): ScanPlan {
  if (filter.blockHash) return { kind: "single" };
  return { kind: "range", from: filter.fromBlock ?? "latest", to: filter.toBlock ?? "latest" };
}

/**
 * A numeric range wider than this is checked against the chain head first (one eth_blockNumber):
 * a To block far in the future would otherwise be split into thousands of empty requests.
 */
export const HEAD_CHECK_SPAN = 5_000;

/**
 * How a rejected numeric range [from, to] is split, or null when it cannot be (one block).
 * A suggestion or maximum that would not make the piece smaller falls back to halving.
 */
export function splitRange(range: BlockRange, advice: LimitAdvice): BlockRange[] | null {
  const { from, to } = range;
  const size = to - from + 1;
  if (size <= 1) return null;
  if (advice.kind === "suggested") {
    const s = Math.max(advice.from, from);
    const t = Math.min(advice.to, to);
    if (s <= t && t - s + 1 < size) {
      const out: BlockRange[] = [];
      if (s > from) out.push({ from, to: s - 1 });
      out.push({ from: s, to: t });
      if (t < to) out.push({ from: t + 1, to });
      return out;
    }
  } else if (advice.kind === "max-range" && advice.n < size) {
    return chunkRange(range, advice.n);
  }
  const mid = Math.floor((from + to) / 2);
  return [
    { from, to: mid },
    { from: mid + 1, to },
  ];
}

export function chunkRange(range: BlockRange, n: number): BlockRange[] {
  const step = Math.max(1, Math.floor(n));
  const out: BlockRange[] = [];
  for (let a = range.from; a <= range.to; a += step)
    out.push({ from: a, to: Math.min(range.to, a + step - 1) });
  return out;
}

export function tagValue(ref: BlockRef | null, head: number): number {
  if (typeof ref === "number") return ref;
  if (ref === "earliest") return 0;
  return head; // latest, pending, safe, finalized, or omitted (the node's default is latest)
}

export function pieceSize(p: Piece): number {
  return p.tagged ? 0 : p.to - p.from + 1;
}

/** safe, finalized and pending are sent as given: resolved only when a split needs numbers. */
export const deferredRef = (r: BlockRef) => r === "safe" || r === "finalized" || r === "pending";

/** Whether a range needs the chain head before its first eth_getLogs. */
export function needsHead(from: BlockRef, to: BlockRef): { head: boolean; wide: boolean } {
  const wide =
    typeof from === "number" && typeof to === "number" && to - from + 1 > HEAD_CHECK_SPAN;
  return { head: from === "latest" || to === "latest" || wide, wide };
}

/**
 * The first call a fresh scan of `plan` makes: eth_blockNumber when the range needs the chain
 * head first (`latest`, or wider than HEAD_CHECK_SPAN), else eth_getLogs over [from, to] as
 * given (null, null for a blockHash filter). What the scan does first, said up front, so the
 * request can leave before the page is ready (early.ts); early.test.ts pins the two together.
 */
export function firstCall(
  plan: ScanPlan,
): { kind: "head" } | { kind: "logs"; from: BlockRef | null; to: BlockRef | null } {
  if (plan.kind === "single") return { kind: "logs", from: null, to: null };
  const { from, to } = plan;
  if (deferredRef(from) || deferredRef(to)) return { kind: "logs", from, to };
  if (needsHead(from, to).head) return { kind: "head" };
  return { kind: "logs", from: tagValue(from, 0), to: tagValue(to, 0) };
}

/** "blocks 100–200", "block 5", or the tags as given. */
export function describePiece(piece: Piece): string {
  if (piece.tagged && piece.from === null && piece.to === null) return "the block";
  if (piece.from === piece.to) return `block ${String(piece.from)}`;
  return `blocks ${String(piece.from ?? "latest")}–${String(piece.to ?? "latest")}`;
}
