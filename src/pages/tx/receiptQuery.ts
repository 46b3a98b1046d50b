/**
 * What the summary asks beside the transaction, on the same endpoint: the receipt (kept for good
 * once mined, looked up again with a bounded back-off while pending), the chain head (for
 * confirmations, briefly cached), the block (its timestamp, when the transaction carries none)
 * and, for a failed transaction, an eth_call replay at its parent block.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "../../platform/zod";
import type { ResolvedEndpoint } from "../../endpoints";
import { JsonRpcError, type RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { KEPT_ANSWER } from "../../connection/query-defaults";
import {
  receiptQueryKey,
  receiptQueryOptions as sharedReceiptQueryOptions,
} from "../../transaction/queries";

const DAY = 24 * 60 * 60_000;

/**
 * The wait before the next lookup of a receipt that is not there yet, after `done` lookups:
 * every 3 s for the first minute, every 15 s for the next nine, then no more (about ten minutes
 * in all; the page offers to look again). Counted in lookups, not clock time: a hidden tab
 * (react-query pauses intervals there) does not use up the budget.
 */
export function pendingLookupDelay(done: number): number | false {
  if (done < 20) return 3_000;
  if (done < 20 + 36) return 15_000;
  return false;
}

export { receiptQueryKey };

/** The shared receipt entry (src/transaction/queries.ts), looked up again while not yet mined. */
export function receiptQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  return queryOptions({
    ...sharedReceiptQueryOptions(client, endpoint, hash),
    // One lookup at a time: an interval tick while one is in flight joins it (react-query
    // dedupes), and a hidden tab pauses the interval (refetchIntervalInBackground is false).
    refetchInterval: (query) =>
      query.state.status === "success" && query.state.data === null
        ? pendingLookupDelay(query.state.dataUpdateCount)
        : false,
  });
}

const quantityAnswer = z.string();

/** The chain head, for confirmations: asked once a summary shows, kept 15 s. */
export function headQueryOptions(client: RpcClient, endpoint: ResolvedEndpoint | null) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_blockNumber", endpoint ? [] : null),
    queryFn: endpoint
      ? ({ signal }): Promise<string> =>
          client.request({ url: endpoint.url, secrets: endpoint.secrets }, "eth_blockNumber", [], {
            signal,
            schema: quantityAnswer,
          })
      : skipToken,
    staleTime: 15_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

const blockAnswer = z.nullable(z.looseObject({ timestamp: z.optional(z.string()) }));
type BlockAnswer = z.infer<typeof blockAnswer>;

/** A block by hash without its transactions (for its timestamp): fixed by its hash, kept. */
export function blockQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  blockHash: string | null,
) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_getBlockByHash", blockHash ? [blockHash, false] : null),
    queryFn:
      endpoint && blockHash
        ? ({ signal }): Promise<BlockAnswer> =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              "eth_getBlockByHash",
              [blockHash, false],
              { signal, schema: blockAnswer },
            )
        : skipToken,
    ...KEPT_ANSWER,
    gcTime: DAY,
  });
}

/** The call a failed transaction made, as eth_call takes it. */
export interface ReplayCall {
  from: string;
  to: string | null;
  value: string;
  input: string;
  gas: string | null;
  /** The parent block, as a hex quantity. */
  block: string;
}

/** What the replay said: the call returned (it did not fail this time), or the node's error. */
export type ReplayOutcome =
  { kind: "returned"; output: string } | { kind: "error"; error: JsonRpcError };

export function replayParams(call: ReplayCall): [Record<string, string>, string] {
  return [
    {
      from: call.from,
      ...(call.to ? { to: call.to } : {}),
      value: call.value,
      data: call.input,
      ...(call.gas ? { gas: call.gas } : {}),
    },
    call.block,
  ];
}

/**
 * The replay of a failed transaction at its parent block. The node's answer — a return or its
 * refusal (a revert with its data, out of gas…) — is the result and is kept; a transport failure
 * is an error the view offers to retry.
 */
export function replayQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  call: ReplayCall | null,
) {
  const params = call ? replayParams(call) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_call", params),
    queryFn:
      endpoint && params
        ? async ({ signal }): Promise<ReplayOutcome> => {
            try {
              const output = await client.request(
                { url: endpoint.url, secrets: endpoint.secrets },
                "eth_call",
                params,
                { signal, schema: z.string(), retry: false },
              );
              return { kind: "returned", output };
            } catch (error) {
              if (error instanceof JsonRpcError) return { kind: "error", error };
              throw error;
            }
          }
        : skipToken,
    ...KEPT_ANSWER,
    gcTime: DAY,
    structuralSharing: false,
  });
}
