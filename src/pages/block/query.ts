/**
 * The block's request and cache entry: `[endpoint, eth_getBlockByNumber | eth_getBlockByHash,
 * [block, true]]`, the model built once in the query function. A block asked by number or hash
 * that the node has is kept for the session (a block past the head is asked again on the next
 * visit); one asked by tag is its block for 12 s, and its answer is also filed under its number,
 * so stepping back to it asks nothing.
 */
import { queryOptions, skipToken, type QueryClient } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey, type EndpointKey } from "../../connection/query";
import { blockModel, blockResponseSchema, type BlockModel } from "./block";
import { blockRequest, type BlockLookup } from "./params";

export const METHOD = "eth_getBlockByNumber";
const DAY = 24 * 60 * 60_000;
/** How long `latest` (or another tag) keeps meaning the block it named. */
export const TAG_STALE_MS = 12_000;

export function blockQueryKey(endpoint: EndpointKey | null, lookup: BlockLookup | null) {
  const req = lookup ? blockRequest(lookup) : null;
  return rpcQueryKey(endpoint, req?.method ?? METHOD, req ? req.params : null);
}

export function blockQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  lookup: BlockLookup | null,
) {
  const req = lookup ? blockRequest(lookup) : null;
  return queryOptions({
    queryKey: blockQueryKey(endpoint, lookup),
    queryFn:
      endpoint && req
        ? async ({ signal }): Promise<BlockModel | null> =>
            blockModel(
              await client.request(
                { url: endpoint.url, secrets: endpoint.secrets },
                req.method,
                req.params,
                { signal, schema: blockResponseSchema },
              ),
            )
        : skipToken,
    staleTime: (q) => (lookup?.kind === "tag" ? TAG_STALE_MS : q.state.data ? Infinity : 0),
    gcTime: DAY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Files a block found by tag or hash under its number and its hash too (no second request). */
export function fileBlock(
  queryClient: QueryClient,
  endpoint: EndpointKey | null,
  block: BlockModel,
): void {
  const keys = [
    block.number !== null
      ? blockQueryKey(endpoint, { kind: "number", number: block.number })
      : null,
    block.hash ? blockQueryKey(endpoint, { kind: "hash", hash: block.hash }) : null,
  ];
  for (const key of keys)
    if (key && queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, block);
}
