/**
 * The receipts of the block shown, for its table (receipts.ts says which requests and why): the
 * block's receipts in one request, or one by one where the node refuses that (or left some out),
 * with the progress and the refusal said on the page.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { JsonRpcError, RpcClient } from "../../rpc";
import { KEPT_ANSWER } from "../../connection/query-defaults";
import type { BlockModel } from "./block";
import {
  BLOCK_RECEIPTS,
  blockReceiptsKey,
  blockReceiptsSchema,
  fallsBack,
  fetchReceiptsOneByOne,
  noteRefusal,
  receiptKey,
  refusalOf,
  type OneByOneProgress,
  type Receipt,
} from "./receipts";

const DAY = 24 * 60 * 60_000;
/** How often the table hears of receipts coming in one by one (not once per receipt). */
const PROGRESS_MS = 120;

export interface BlockReceipts {
  /** A transaction's receipt by its hash (lower case), once it is in. */
  get(hash: string): Receipt | null | undefined;
  /** Bumps whenever more receipts are in (rows re-read them). */
  version: number;
  /** How they are asked: one request for the block, or one per transaction. */
  via: "block" | "one-by-one" | null;
  /** The node's refusal of eth_getBlockReceipts, when it refused. */
  refusal: JsonRpcError | null;
  /** Receipts in hand, of the block's transactions. */
  done: number;
  failed: number;
  /** Why the block's receipts (or the first of them one by one) could not be had. */
  error: unknown;
  loading: boolean;
  retry: () => void;
}

export function useBlockReceipts(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  block: BlockModel | null,
): BlockReceipts {
  const queryClient = useQueryClient();
  const blockHash = block && block.txs.length > 0 ? block.hash : null;
  const known = refusalOf(endpoint);
  const askBlock = endpoint !== null && blockHash !== null && known === null;
  const bulk = useQuery({
    queryKey: blockReceiptsKey(endpoint, askBlock ? blockHash : null),
    queryFn:
      askBlock && endpoint && blockHash
        ? ({ signal }) =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              BLOCK_RECEIPTS,
              [blockHash],
              { signal, schema: blockReceiptsSchema },
            )
        : skipToken,
    ...KEPT_ANSWER,
    gcTime: DAY,
  });
  useEffect(() => {
    if (endpoint && bulk.error) noteRefusal(endpoint, bulk.error);
  }, [endpoint, bulk.error]);
  const refusal = known ?? (fallsBack(bulk.error) ? bulk.error : null);

  // The block's answer, by transaction hash; each receipt also goes where the transaction page
  // looks for it.
  const fromBlock = useMemo(() => {
    const map = new Map<string, Receipt>();
    for (const r of bulk.data ?? []) {
      const h = typeof r.transactionHash === "string" ? r.transactionHash.toLowerCase() : null;
      if (h) map.set(h, r);
    }
    return map;
  }, [bulk.data]);
  useEffect(() => {
    if (!endpoint) return;
    for (const [hash, r] of fromBlock) {
      const key = receiptKey(endpoint, hash);
      if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, r);
    }
  }, [fromBlock, endpoint, queryClient]);

  // One by one: where the node refused the block's receipts, answered null, or left some out.
  const settledBulk = !askBlock || bulk.isSuccess || refusal !== null;
  const missing = useMemo(
    () =>
      block && settledBulk && (refusal !== null || !askBlock || bulk.isSuccess)
        ? block.txs.map((t) => t.hash).filter((h) => !fromBlock.has(h))
        : [],
    [block, settledBulk, refusal, askBlock, bulk.isSuccess, fromBlock],
  );
  const [run, setRun] = useState(0);
  const [progress, setProgress] = useState<OneByOneProgress & { key: string }>({
    key: "",
    done: 0,
    failed: 0,
    error: null,
  });
  const runKey = `${endpoint?.cacheId ?? ""}|${blockHash ?? ""}|${run}`;
  const oneByOne = endpoint !== null && missing.length > 0;
  useEffect(() => {
    if (!endpoint || missing.length === 0) return;
    const controller = new AbortController();
    let latest: OneByOneProgress = { done: 0, failed: 0, error: null };
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      setProgress({ key: runKey, ...latest });
    };
    void fetchReceiptsOneByOne({
      client,
      endpoint,
      hashes: missing,
      have: (h) => queryClient.getQueryData(receiptKey(endpoint, h)) !== undefined,
      got: (h, r) => queryClient.setQueryData(receiptKey(endpoint, h), r),
      onProgress: (p) => {
        latest = p;
        timer ??= setTimeout(flush, PROGRESS_MS);
      },
      signal: controller.signal,
    }).then((p) => {
      if (controller.signal.aborted) return;
      if (timer) clearTimeout(timer);
      latest = p;
      flush();
    });
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [client, endpoint, missing, queryClient, runKey]);

  const mine = progress.key === runKey ? progress : { done: 0, failed: 0, error: null };
  const get = useCallback(
    (hash: string): Receipt | null | undefined =>
      fromBlock.get(hash) ??
      (endpoint ? queryClient.getQueryData<Receipt | null>(receiptKey(endpoint, hash)) : undefined),
    // `mine.done` re-reads the cache as receipts come in one by one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fromBlock, endpoint, queryClient, mine.done],
  );
  const total = block?.txs.length ?? 0;
  const done = oneByOne ? Math.min(total, fromBlock.size + mine.done) : fromBlock.size;
  return {
    get,
    version: done,
    via: !blockHash ? null : oneByOne ? "one-by-one" : askBlock ? "block" : null,
    refusal,
    done,
    failed: mine.failed,
    error: refusal ? mine.error : (bulk.error ?? mine.error),
    loading: blockHash !== null && done + mine.failed < total,
    retry: () => {
      if (bulk.isError && !refusal) void bulk.refetch();
      setRun((n) => n + 1);
    },
  };
}
