/**
 * The transactions that name an account among the last blocks, read block by block
 * (`eth_getBlockByNumber` with full transactions): what a standard node offers for value and calls
 * the account received that left no token event. Bounded (the caller says how many blocks), newest
 * block first, a few blocks in flight, progress after each block, cancelled by the signal. No React.
 */
import type { BlockTx, HistoryBlock } from "./nonceHistory";

export interface ScannedTx extends BlockTx {
  blockNumber: number;
  timestamp: number;
}

export interface RecentScanProgress {
  /** Blocks read so far. */
  blocks: number;
  /** Blocks the scan was asked to read. */
  total: number;
  found: ScannedTx[];
  requests: number;
}

export async function scanRecentBlocks(opts: {
  block: (n: number, signal?: AbortSignal) => Promise<HistoryBlock>;
  address: string;
  /** The newest block read. */
  to: number;
  /** How many blocks back from `to` (the range stops at block 0). */
  count: number;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (p: RecentScanProgress) => void;
}): Promise<RecentScanProgress> {
  const a = opts.address.toLowerCase();
  const from = Math.max(0, opts.to - opts.count + 1);
  const total = opts.to - from + 1;
  const progress: RecentScanProgress = { blocks: 0, total, found: [], requests: 0 };
  let next = opts.to;
  const worker = async () => {
    while (next >= from && !opts.signal?.aborted) {
      const n = next--;
      progress.requests++;
      const b = await opts.block(n, opts.signal);
      const mine = b.txs
        .filter((t) => t.from.toLowerCase() === a || t.to?.toLowerCase() === a)
        .map((t) => ({ ...t, blockNumber: b.number, timestamp: b.timestamp }));
      progress.blocks++;
      progress.found = [...progress.found, ...mine];
      opts.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return { ...progress };
}
