/**
 * The transaction page's first request, known from a deep link before the app mounts (app/boot.ts
 * sends it ahead; the page's identical request joins it in flight): the transaction by its hash,
 * or by its block hash and index, as the page asks (request.ts), or null when the link names no
 * complete lookup. Kept light: the params module only.
 */
import type { ResolvedEndpoint } from "../../endpoints";
import { BY_HASH_METHOD, fromSearch, isHashLookup, toParams } from "./params";

export function earlyRequest(
  search: URLSearchParams,
  endpoint: Pick<ResolvedEndpoint, "rpcMethod">,
): { method: string; params: unknown[] } | null {
  const state = fromSearch(search);
  if (state.kind !== "ok") return null;
  const { lookup } = state;
  return isHashLookup(lookup)
    ? { method: BY_HASH_METHOD, params: toParams(lookup) }
    : { method: endpoint.rpcMethod, params: toParams(lookup) };
}
