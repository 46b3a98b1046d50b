/**
 * The one query-key factory. Every RPC query is keyed `[endpoint.cacheId, rpcMethod, params]`,
 * general to specific, so one endpoint's entries sit together and a key names the method it asks
 * (as Otterscan's keys do). `cacheId` is the masked URL plus a fingerprint: the key never holds an
 * API key in clear, yet two keys never share an entry.
 *
 * Each page's or domain's `query.ts` builds its `xQueryOptions(client, endpoint | null, request |
 * null)` on it; with a missing endpoint or request the key holds `null` there and the query
 * function is `skipToken`, so nothing can be sent for it (not even by a refetch()).
 */
import type { ResolvedEndpoint } from "../endpoints";

/** What a key needs of an endpoint: the id its cache entries go under. */
export type EndpointKey = Pick<ResolvedEndpoint, "cacheId">;

export function rpcQueryKey<const P>(
  endpoint: EndpointKey | null,
  rpcMethod: string,
  params: P | null,
) {
  return [endpoint?.cacheId ?? null, rpcMethod, params] as const;
}
