/**
 * The estimate query. An estimate depends on the chain's state, so it is not cached forever; but
 * it is never re-requested on its own either (no refetch on focus/mount/reconnect): a new request
 * happens when the params change or the user presses "Estimate" again (a refetch).
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { KEPT_ANSWER } from "../../connection/query-defaults";
import { toParams, type EstimateRequest } from "../../call/params";
import { estimateResultSchema } from "./result";

export const METHOD = "eth_estimateGas";

export function estimateQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  r: EstimateRequest | null,
) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, endpoint?.rpcMethod ?? METHOD, r ? toParams(r) : null),
    queryFn:
      endpoint && r
        ? ({ signal }): Promise<string> =>
            client.request<string>(
              { url: endpoint.url, secrets: endpoint.secrets },
              endpoint.rpcMethod,
              toParams(r),
              { signal, schema: estimateResultSchema },
            )
        : skipToken,
    ...KEPT_ANSWER,
    staleTime: 60_000,
  });
}
