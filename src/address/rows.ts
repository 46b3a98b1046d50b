/**
 * The address history's rows: the transactions each method found, one row per hash, newest
 * first, each naming every method that found it. No React.
 */
import { inputShape } from "../decoding/methodText";
import type { SentTx } from "./nonceHistory";
import type { ScannedTx } from "./recentScan";
import type { ReadTx } from "./transferTxs";

export type FoundBy = "nonce" | "transfer" | "scan";

/** What each method is called where a row says how it was found. */
export const FOUND_BY_TEXT: Record<FoundBy, string> = {
  nonce: "nonce bisection",
  transfer: "token transfer log",
  scan: "block scan",
};

/** A transaction a token transfer names (from the transfers the activity already fetched). */
export interface TransferRef {
  hash: string;
  blockNumber: number;
  index: number | null;
  timestamp: number | null;
}

export interface HistoryRow {
  hash: string;
  blockNumber: number;
  index: number | null;
  timestamp: number | null;
  /** Null where only a log names the transaction (its sender is on the transaction's page). */
  from: string | null;
  to: string | null;
  value: bigint | null;
  selector: string | null;
  /** Bytes of input (0 where only a log names the transaction). */
  inputBytes: number;
  foundBy: FoundBy[];
}

export function historyRows(
  sent: readonly SentTx[],
  transfers: readonly TransferRef[],
  scanned: readonly ScannedTx[],
): HistoryRow[] {
  const rows = new Map<string, HistoryRow>();
  const add = (row: HistoryRow) => {
    const key = row.hash.toLowerCase();
    const had = rows.get(key);
    if (!had) return void rows.set(key, row);
    const foundBy = [...had.foundBy, ...row.foundBy.filter((f) => !had.foundBy.includes(f))];
    // The fuller record (one read from a block) wins over a log's reference.
    rows.set(key, had.from === null ? { ...row, foundBy } : { ...had, foundBy });
  };
  const fromBlock = (t: SentTx | ScannedTx, by: FoundBy): HistoryRow => ({
    hash: t.hash,
    blockNumber: t.blockNumber,
    index: t.index,
    timestamp: t.timestamp,
    from: t.from,
    to: t.to,
    value: t.value,
    ...inputShape(t.input),
    foundBy: [by],
  });
  for (const t of sent) add(fromBlock(t, "nonce"));
  for (const t of scanned) add(fromBlock(t, "scan"));
  for (const t of transfers)
    add({
      hash: t.hash,
      blockNumber: t.blockNumber,
      index: t.index,
      timestamp: t.timestamp,
      from: null,
      to: null,
      value: null,
      selector: null,
      inputBytes: 0,
      foundBy: ["transfer"],
    });
  return [...rows.values()].sort(
    (a, b) => b.blockNumber - a.blockNumber || (b.index ?? -1) - (a.index ?? -1),
  );
}

/**
 * The rows only a log names, filled from the transactions read by hash (transferTxs.ts); how each
 * row was found stays as it was. A row not read yet, or unknown to the node, stays as it is.
 */
export function fillRows(
  rows: readonly HistoryRow[],
  read: ReadonlyMap<string, ReadTx | null>,
): HistoryRow[] {
  if (read.size === 0) return [...rows];
  return rows.map((row) => {
    if (!isTransferOnly(row)) return row;
    const tx = read.get(row.hash.toLowerCase());
    if (!tx) return row;
    return { ...row, from: tx.from, to: tx.to, value: tx.value, ...inputShape(tx.input) };
  });
}

/** The hashes still to read, in the rows' order (newest first). */
export function unreadHashes(rows: readonly HistoryRow[]): string[] {
  return rows.filter(isTransferOnly).map((r) => r.hash.toLowerCase());
}

/** A row known only from a transfer: its transaction not read yet (no sender). */
export function isTransferOnly(row: HistoryRow): boolean {
  return row.from === null;
}
