/**
 * The transactions only a token transfer names, read by hash (`eth_getTransactionByHash`) so
 * their rows say who sent them, to what, with what value and call. Through the shared query
 * (src/transaction/queries.ts): what the transaction page read is not asked again here, and what
 * is read here opens that page at once. Bounded: the first TRANSFER_READ_LIMIT rows, a few in
 * flight, the bound kept however often the wish changes. No React.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { txByHashQueryOptions } from "../transaction/queries";
import type { TxResponse } from "../transaction/txResponse";

/** Rows read at most (newest first): a page of history, not the whole chain's worth of tokens. */
export const TRANSFER_READ_LIMIT = 50;
export const TRANSFER_READ_CONCURRENCY = 4;

/** What a row needs of a transaction; null: the node does not know it. */
export interface ReadTx {
  from: string;
  to: string | null;
  value: bigint;
  input: string;
}

export function readTx(answer: TxResponse): ReadTx | null {
  const tx = answer.tx;
  if (!tx || !tx.from) return null;
  return {
    from: tx.from,
    to: tx.to ?? null,
    value: tx.value ? BigInt(tx.value) : 0n,
    input: tx.input ?? "0x",
  };
}

/** What the shared cache holds already for a hash (undefined: not read yet). */
export function cachedTx(
  queryClient: QueryClient,
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  hash: string,
): ReadTx | null | undefined {
  const answer = queryClient.getQueryData(txByHashQueryOptions(client, endpoint, hash).queryKey);
  return answer === undefined ? undefined : readTx(answer);
}

export interface TransferReadProgress {
  /** Requests sent (answers from the cache are not requests). */
  requests: number;
  failed: number;
  /** The first failure, for its reason. */
  error: unknown;
}

export interface TransferReaderOptions {
  queryClient: QueryClient;
  client: RpcClient;
  endpoint: ResolvedEndpoint;
  onRead: (hash: string, tx: ReadTx | null) => void;
  limit?: number;
  concurrency?: number;
}

/**
 * Reads the hashes it is told it wants, in their order, at most `concurrency` at a time: a new
 * wish (the transfers scan found more) replaces the queue without restarting what is in flight,
 * so the bound holds across wishes and nothing is asked twice.
 */
export class TransferReader {
  readonly progress: TransferReadProgress = { requests: 0, failed: 0, error: null };
  private queue: string[] = [];
  private readonly started = new Set<string>();
  private running = 0;
  private stopped = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly opts: TransferReaderOptions) {}

  /** The hashes wanted now, newest first: the first `limit` of them are read. */
  want(hashes: readonly string[]): void {
    const limit = this.opts.limit ?? TRANSFER_READ_LIMIT;
    this.queue = hashes.slice(0, limit).filter((h) => !this.started.has(h));
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
    this.settle();
  }

  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    const { queryClient, client, endpoint, onRead } = this.opts;
    const concurrency = this.opts.concurrency ?? TRANSFER_READ_CONCURRENCY;
    while (!this.stopped && this.running < concurrency) {
      const hash = this.queue.shift();
      if (hash === undefined) break;
      this.started.add(hash);
      const had = cachedTx(queryClient, client, endpoint, hash);
      if (had !== undefined) {
        onRead(hash, had);
        continue;
      }
      this.running++;
      this.progress.requests++;
      queryClient
        .fetchQuery(txByHashQueryOptions(client, endpoint, hash))
        .then(
          (answer) => {
            if (!this.stopped) onRead(hash, readTx(answer));
          },
          (error: unknown) => {
            this.progress.failed++;
            this.progress.error ??= error;
          },
        )
        .finally(() => {
          this.running--;
          this.pump();
          this.settle();
        });
    }
    this.settle();
  }

  private settle(): void {
    if (this.running > 0 || (this.queue.length > 0 && !this.stopped)) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
