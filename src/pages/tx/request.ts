/**
 * The lookup's requests and cache keys, without the card's model: what the page's start view
 * needs to ask the node (the raw answer feeds the decoding services and says where a hash was
 * found) while the card, its model and its decoding load in their own chunk (query.ts adds the
 * model on top of these options, on the same cache entries).
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey, type EndpointKey } from "../../connection/query";
import { BY_HASH_METHOD, positionOf, toParams, type BlockLookup, type HashLookup } from "./params";
import { readQuantity } from "../../chain/quantity";
import { txResponseSchema, type TxObject, type TxResponse } from "../../transaction/txResponse";
import {
  txByHashQueryKey as sharedTxByHashQueryKey,
  txByHashQueryOptions,
} from "../../transaction/queries";

export const METHOD = "eth_getTransactionByBlockHashAndIndex";
export { BY_HASH_METHOD };

export function txQueryKey(
  endpoint: (EndpointKey & Pick<ResolvedEndpoint, "rpcMethod">) | null,
  lookup: BlockLookup | null,
) {
  return rpcQueryKey(endpoint, endpoint?.rpcMethod ?? METHOD, lookup ? toParams(lookup) : null);
}

export function txByHashQueryKey(endpoint: EndpointKey | null, lookup: HashLookup | null) {
  return sharedTxByHashQueryKey(endpoint, lookup?.hash ?? null);
}

/** The node's answer at a position, as it came (checked, no model). */
export function txRequestOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  lookup: BlockLookup | null,
) {
  return queryOptions({
    queryKey: txQueryKey(endpoint, lookup),
    queryFn:
      endpoint && lookup
        ? ({ signal }): Promise<TxResponse> =>
            client.request<TxResponse>(
              { url: endpoint.url, secrets: endpoint.secrets },
              endpoint.rpcMethod,
              toParams(lookup),
              { signal, schema: txResponseSchema },
            )
        : skipToken,
    staleTime: Infinity,
    gcTime: 24 * 60 * 60_000,
  });
}

/** The node's answer for a transaction hash, as it came; `null` from the node = unknown. */
export function txByHashRequestOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  lookup: HashLookup | null,
) {
  return txByHashQueryOptions(client, endpoint, lookup?.hash ?? null);
}

/** Where the node says a transaction sits (the card model's block hash and index), if it does. */
export function foundAt(tx: TxObject): BlockLookup | null {
  return positionOf({
    blockHash: tx.blockHash ?? null,
    transactionIndex: readQuantity(tx.transactionIndex),
  });
}
