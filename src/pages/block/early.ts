/**
 * The block page's first request, known from a deep link before the app mounts (app/boot.ts sends
 * it ahead; the page's identical request joins it in flight): the block by number, tag or hash
 * with its transactions, or null when the link names no block. Kept light: the params module only.
 */
import { blockRequest, fromSearch } from "./params";

export function earlyRequest(
  search: URLSearchParams,
): { method: string; params: unknown[] } | null {
  const state = fromSearch(search);
  if (state.kind !== "ok") return null;
  const req = blockRequest(state.lookup);
  return { method: req.method, params: [...req.params] };
}
