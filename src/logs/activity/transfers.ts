/**
 * An address's token transfers as eth_getLogs filters, and the logs they find read back (no React,
 * no network): which filters find every transfer in or out, the answers merged in block order
 * without the same log twice, and each log's direction seen from the address.
 *
 * The events, by topic0 (ERC-20 and ERC-721 share Transfer's; a WETH-style Deposit/Withdrawal
 * names one account):
 *   Transfer(from indexed, to indexed, …)                 from = topic1, to = topic2
 *   TransferSingle/TransferBatch(operator, from, to, …)   from = topic2, to = topic3
 *   Deposit(dst indexed, wad) — in;  Withdrawal(src indexed, wad) — out
 * A topic position takes an OR-list of topic0s, so three filters cover the six places the address
 * can stand: [Transfer|Deposit|Withdrawal, A], [Transfer|TransferSingle|TransferBatch, _, A] and
 * [TransferSingle|TransferBatch, _, _, A]. A log matched twice (a transfer to oneself) is kept once.
 */
import { toEventSelector } from "viem";
import { addressToTopic } from "../../chain";
import type { LogFilter } from "../params";
import type { BlockRef } from "../ranges";
import type { LogRow } from "../result";
import type { TransferRef } from "../../address/rows";

export const TRANSFER = toEventSelector("Transfer(address,address,uint256)");
export const TRANSFER_SINGLE = toEventSelector(
  "TransferSingle(address,address,address,uint256,uint256)",
);
export const TRANSFER_BATCH = toEventSelector(
  "TransferBatch(address,address,address,uint256[],uint256[])",
);
export const DEPOSIT = toEventSelector("Deposit(address,uint256)");
export const WITHDRAWAL = toEventSelector("Withdrawal(address,uint256)");

export type Direction = "in" | "out" | "self";

/** The eth_getLogs filters that together find every transfer in or out of `address`. */
export function transferFilters(
  address: string,
  fromBlock: BlockRef | null,
  toBlock: BlockRef | null,
): LogFilter[] {
  const a = addressToTopic(address);
  const base = { fromBlock, toBlock, blockHash: null, addresses: [] };
  return [
    { ...base, topics: [[TRANSFER, DEPOSIT, WITHDRAWAL], [a]] },
    { ...base, topics: [[TRANSFER, TRANSFER_SINGLE, TRANSFER_BATCH], null, [a]] },
    { ...base, topics: [[TRANSFER_SINGLE, TRANSFER_BATCH], null, null, [a]] },
  ];
}

/** The sender and receiver topics of a transfer log, by its event; null for another event. */
function parties(row: LogRow): { from: string | null; to: string | null } | null {
  const t0 = row.topics[0]?.toLowerCase();
  switch (t0) {
    case TRANSFER:
      return { from: row.topics[1] ?? null, to: row.topics[2] ?? null };
    case TRANSFER_SINGLE:
    case TRANSFER_BATCH:
      return { from: row.topics[2] ?? null, to: row.topics[3] ?? null };
    case DEPOSIT:
      return { from: null, to: row.topics[1] ?? null };
    case WITHDRAWAL:
      return { from: row.topics[1] ?? null, to: null };
    default:
      return null;
  }
}

/**
 * Which way a transfer log moved tokens for the address whose topic is `topic` (32 bytes, lower
 * case): `in`, `out`, `self` (both sides), or null when the address is on neither side.
 */
export function directionOf(row: LogRow, topic: string): Direction | null {
  const p = parties(row);
  if (!p) return null;
  const out = p.from?.toLowerCase() === topic;
  const inn = p.to?.toLowerCase() === topic;
  return out && inn ? "self" : out ? "out" : inn ? "in" : null;
}

/** A direction reader for one address (its topic computed once). */
export function directionReader(address: string): (row: LogRow) => Direction | null {
  const topic = addressToTopic(address).toLowerCase();
  return (row) => directionOf(row, topic);
}

/** What makes a log the same log in two answers: its transaction and its place in the block. */
function identity(row: LogRow): string {
  return `${row.transactionHash ?? row.blockHash ?? ""}:${row.logIndex ?? `${row.data}:${row.topics.join()}`}`;
}

function before(a: LogRow, b: LogRow): boolean {
  const ab = a.blockNumber ?? Number.POSITIVE_INFINITY;
  const bb = b.blockNumber ?? Number.POSITIVE_INFINITY;
  if (ab !== bb) return ab < bb;
  return (a.logIndex ?? Number.POSITIVE_INFINITY) < (b.logIndex ?? Number.POSITIVE_INFINITY);
}

/**
 * The logs of several scans (each sorted by block and log index, as the scanner hands them) as
 * one list in that order, each log once (by transaction hash and log index). Linear: the lists
 * are merged, not sorted again.
 */
export function mergeLogs(lists: readonly (readonly LogRow[])[]): LogRow[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 0) return [];
  const at = nonEmpty.map(() => 0);
  const out: LogRow[] = [];
  // Duplicates share a block and log index, so they meet at the same step of the merge: only
  // the logs of the current (block, log index) are compared — out[group…] — and their identities
  // are made only when a second log reaches that place (one scan's logs never do: no string and
  // no set per log, the activity's longest task while loading).
  let group = 0;
  let ids: Set<string> | null = null;
  for (;;) {
    let pick = -1;
    let best: LogRow | undefined;
    for (let i = 0; i < nonEmpty.length; i++) {
      const row = nonEmpty[i]?.[at[i] ?? 0];
      if (row && (best === undefined || before(row, best))) {
        best = row;
        pick = i;
      }
    }
    if (best === undefined || pick < 0) return out;
    at[pick] = (at[pick] ?? 0) + 1;
    const head = out[group];
    if (
      head === undefined ||
      head.blockNumber !== best.blockNumber ||
      head.logIndex !== best.logIndex
    ) {
      group = out.length;
      ids = null;
      out.push(best);
      continue;
    }
    ids ??= new Set(out.slice(group).map(identity));
    const id = identity(best);
    if (ids.has(id)) continue;
    ids.add(id);
    out.push(best);
  }
}

/** How many transfers went each way. */
export function countDirections(
  rows: readonly LogRow[],
  direction: (row: LogRow) => Direction | null,
): Record<Direction, number> {
  const out: Record<Direction, number> = { in: 0, out: 0, self: 0 };
  for (const r of rows) {
    const d = direction(r);
    if (d) out[d]++;
  }
  return out;
}

/** The transactions the transfers name, each once (the address history's received side). */
export function transferRefs(logs: readonly LogRow[]): TransferRef[] {
  const seen = new Map<string, TransferRef>();
  for (const l of logs)
    if (l.transactionHash && l.blockNumber !== null && !seen.has(l.transactionHash))
      seen.set(l.transactionHash, {
        hash: l.transactionHash,
        blockNumber: l.blockNumber,
        index: l.transactionIndex,
        timestamp: l.blockTimestamp,
      });
  return [...seen.values()];
}
