/**
 * The chain an endpoint serves (`eth_chainId`), asked once a minute at most and shared by the
 * connection check and by decoding (Sourcify files contracts by chain id). Null when the node does
 * not offer eth_chainId: it answered, so it is up, but its chain is unknown.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "../platform/zod";
import type { ResolvedEndpoint } from "../endpoints";
import { requireQuantity } from "../chain/quantity";
import { MethodUnsupportedError, type RpcClient } from "../rpc";
import { rpcQueryKey } from "./query";

const chainIdSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/, "a hex quantity"));

export function chainIdQueryOptions(client: RpcClient, endpoint: ResolvedEndpoint | null) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_chainId", []),
    staleTime: 60_000,
    retry: false,
    queryFn: !endpoint
      ? skipToken
      : async ({ signal }): Promise<number | null> => {
          try {
            const id = await client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              "eth_chainId",
              [],
              { signal, timeoutMs: 10_000, schema: chainIdSchema, retry: false },
            );
            return Number(requireQuantity(id, "eth_chainId"));
          } catch (e) {
            if (e instanceof MethodUnsupportedError) return null;
            throw e;
          }
        },
  });
}
