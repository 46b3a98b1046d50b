/**
 * A block's receipts, for its table's status and fee: `eth_getBlockReceipts` (one request) where
 * the node serves it, else `eth_getTransactionReceipt` per transaction, RECEIPT_CONCURRENCY at a
 * time, with progress. Every receipt lands in the cache entry the transaction page reads
 * (`[endpoint, "eth_getTransactionReceipt", [hash]]`), so opening a row asks nothing again, and a
 * receipt already there is not asked. An endpoint that said it does not serve
 * eth_getBlockReceipts is not asked again this session. No React in the pool itself.
 */
import { RECEIPT_METHOD, receiptQueryKey } from "../../transaction/queries";
import { z } from "../../platform/zod";
import { JsonRpcError, MethodUnsupportedError, type RpcClient } from "../../rpc";
import type { ResolvedEndpoint } from "../../endpoints";
import { rpcQueryKey, type EndpointKey } from "../../connection/query";

export const BLOCK_RECEIPTS = "eth_getBlockReceipts";
export const TX_RECEIPT = RECEIPT_METHOD;
/** Receipts asked at once when they come one by one: enough to fill a table fast, few enough for a provider's rate limit. */
export const RECEIPT_CONCURRENCY = 6;

export type Receipt = Record<string, unknown>;
export const receiptSchema = z.nullable(z.record(z.string(), z.unknown()));
export const blockReceiptsSchema = z.nullable(z.array(z.record(z.string(), z.unknown())));

/** The shared receipt entry (src/transaction/queries.ts): either page fills it for the other. */
export function receiptKey(endpoint: EndpointKey | null, hash: string) {
  return receiptQueryKey(endpoint, hash);
}

export function blockReceiptsKey(endpoint: EndpointKey | null, blockHash: string | null) {
  return rpcQueryKey(endpoint, BLOCK_RECEIPTS, blockHash ? [blockHash] : null);
}

/** Endpoints (by cache id) that refused eth_getBlockReceipts, with the refusal. */
const refused = new Map<string, JsonRpcError>();

export function refusalOf(endpoint: EndpointKey | null): JsonRpcError | null {
  return endpoint ? (refused.get(endpoint.cacheId) ?? null) : null;
}

/** Remembers a refusal that will not change (the method is not served); other errors are not kept. */
export function noteRefusal(endpoint: EndpointKey, error: unknown): void {
  if (error instanceof MethodUnsupportedError) refused.set(endpoint.cacheId, error);
}

/** For tests: forget every refusal. */
export function forgetRefusals(): void {
  refused.clear();
}

/**
 * Runs `task` over `items`, at most `limit` at a time, in order of the items; stops starting new
 * ones once `signal` aborts. Resolves when every started task has settled (a task's failure is
 * its own: `task` reports it).
 */
export async function runBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export interface OneByOneProgress {
  done: number;
  failed: number;
  /** The first failure, for its reason. */
  error: unknown;
}

/**
 * The receipts of `hashes` one request each (`eth_getTransactionReceipt`), `RECEIPT_CONCURRENCY`
 * at a time; `have(hash)` says which are in hand already (not asked), `got` takes each answer.
 */
export async function fetchReceiptsOneByOne(opts: {
  client: RpcClient;
  endpoint: ResolvedEndpoint;
  hashes: readonly string[];
  have: (hash: string) => boolean;
  got: (hash: string, receipt: Receipt | null) => void;
  onProgress: (p: OneByOneProgress) => void;
  signal: AbortSignal;
  concurrency?: number;
}): Promise<OneByOneProgress> {
  const { client, endpoint, signal } = opts;
  const progress: OneByOneProgress = { done: 0, failed: 0, error: null };
  const todo = opts.hashes.filter((h) => {
    if (!opts.have(h)) return true;
    progress.done++;
    return false;
  });
  opts.onProgress({ ...progress });
  await runBounded(
    todo,
    opts.concurrency ?? RECEIPT_CONCURRENCY,
    async (hash) => {
      try {
        const receipt = await client.request(
          { url: endpoint.url, secrets: endpoint.secrets },
          TX_RECEIPT,
          [hash],
          { signal, schema: receiptSchema },
        );
        if (signal.aborted) return;
        opts.got(hash, receipt);
        progress.done++;
      } catch (error) {
        if (signal.aborted) return;
        progress.failed++;
        progress.error ??= error;
      }
      opts.onProgress({ ...progress });
    },
    signal,
  );
  return progress;
}

/** Whether an eth_getBlockReceipts failure means "ask one by one" (the node answered no). */
export function fallsBack(error: unknown): error is JsonRpcError {
  return error instanceof JsonRpcError;
}
