/**
 * The estimate query. An estimate depends on the chain's state, so it is not cached forever; but
 * it is never re-requested on its own either (no refetch on focus/mount/reconnect): a new request
 * happens when the params change or the user presses "Estimate" again.
 */
import { queryOptions } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { requestParams, type EstimateRequest } from "./params";
import { estimateResultSchema } from "./result";

export const METHOD = "eth_estimateGas";

export function estimateQueryKey(
  endpoint: Pick<ResolvedEndpoint, "cacheId" | "rpcMethod">,
  r: EstimateRequest,
) {
  return [endpoint.cacheId, endpoint.rpcMethod, requestParams(r)] as const;
}

export function estimateQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  r: EstimateRequest,
) {
  return queryOptions({
    queryKey: estimateQueryKey(endpoint, r),
    queryFn: ({ signal }): Promise<string> =>
      client.request<string>(
        { url: endpoint.url, secrets: endpoint.secrets },
        endpoint.rpcMethod,
        requestParams(r),
        {
          signal,
          schema: estimateResultSchema,
        },
      ),
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });
}
