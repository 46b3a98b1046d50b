/**
 * The lookup query. A block hash pins the answer (the same block always holds the same
 * transaction at an index), so a result — including "no transaction there" — never goes stale
 * and is kept for the session: going back to an index the user saw asks the node nothing.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { requestParams, type TxLookup } from "./params";
import { txResponseSchema, type TxResponse } from "./result";

export const METHOD = "eth_getTransactionByBlockHashAndIndex";

type EndpointKey = Pick<ResolvedEndpoint, "cacheId" | "rpcMethod">;

export function txQueryKey(endpoint: EndpointKey | null, lookup: TxLookup | null) {
  return [
    endpoint?.cacheId ?? null,
    endpoint?.rpcMethod ?? METHOD,
    lookup ? requestParams(lookup) : null,
  ] as const;
}

export function txQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  lookup: TxLookup | null,
) {
  return queryOptions({
    queryKey: txQueryKey(endpoint, lookup),
    queryFn:
      endpoint && lookup
        ? ({ signal }): Promise<TxResponse> =>
            client.request<TxResponse>(
              { url: endpoint.url, secrets: endpoint.secrets },
              endpoint.rpcMethod,
              requestParams(lookup),
              {
                signal,
                schema: txResponseSchema,
              },
            )
        : skipToken,
    staleTime: Infinity,
    gcTime: 24 * 60 * 60_000,
  });
}
