/**
 * The transaction and its receipt as every page asks for them: one query per RPC method, one key,
 * one answer shape. The transaction page, the trace (its location and gas), the dry run (the mined
 * run beside a re-run) and the block (each row's receipt, filed under the same key) all read these
 * entries; a page that needs a narrower view reads it through `select`, never through a second
 * definition of the same key (two once cached different shapes under one key).
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { rpcQueryKey, type EndpointKey } from "../connection/query";
import { receiptResponseSchema, type TxReceipt } from "./receipt";
import { txResponseSchema, type TxResponse } from "./txResponse";

export const RECEIPT_METHOD = "eth_getTransactionReceipt";
/** Sent to the transaction endpoint: the provider's transaction endpoint answers it too. */
export const TX_BY_HASH_METHOD = "eth_getTransactionByHash";

const DAY = 24 * 60 * 60_000;

export function receiptQueryKey(endpoint: EndpointKey | null, hash: string | null) {
  return rpcQueryKey(endpoint, RECEIPT_METHOD, hash ? [hash] : null);
}

/** A transaction's receipt as the node sent it (`null`: not mined yet, or unknown). */
export function receiptQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  return queryOptions({
    queryKey: receiptQueryKey(endpoint, hash),
    queryFn:
      endpoint && hash
        ? ({ signal }): Promise<TxReceipt | null> =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              RECEIPT_METHOD,
              [hash],
              { signal, schema: receiptResponseSchema },
            )
        : skipToken,
    // A receipt is fixed once mined; "none yet" is asked again.
    staleTime: (query) => (query.state.data ? Infinity : 0),
    gcTime: DAY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function txByHashQueryKey(endpoint: EndpointKey | null, hash: string | null) {
  return rpcQueryKey(endpoint, TX_BY_HASH_METHOD, hash ? [hash] : null);
}

/** A transaction by its hash, checked, with the node's own JSON; `tx: null` = unknown. */
export function txByHashQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  return queryOptions({
    queryKey: txByHashQueryKey(endpoint, hash),
    queryFn:
      endpoint && hash
        ? ({ signal }): Promise<TxResponse> =>
            client.request<TxResponse>(
              { url: endpoint.url, secrets: endpoint.secrets },
              TX_BY_HASH_METHOD,
              [hash],
              { signal, schema: txResponseSchema },
            )
        : skipToken,
    staleTime: (query) => (query.state.data?.tx?.blockHash ? Infinity : 0),
    gcTime: DAY,
  });
}
