/**
 * The logs view's first request, known from a deep link before the app mounts (app/boot.ts sends
 * it ahead; the scan's identical request joins it in flight): the very call the range scanner
 * makes first for the link's filter — eth_getLogs with the same params, or eth_blockNumber when the
 * range needs the chain head first — or null when the link does not make a complete filter.
 * Kept light: it is part of the first-load bundle.
 */
import type { ResolvedEndpoint } from "../../endpoints";
import { checkValues, fromSearch, toParams, type LogFilter } from "../../logs/params";
import { firstCall, planOf } from "../../logs/ranges";

// A large answer is read ahead by the logs reader Worker while the app loads.
export { logsReadAhead as readAhead } from "../../logs/ahead/reader";

/** The filter a link asks for, as the page reads it; null when it asks for none or a bad one. */
export function filterOfSearch(search: URLSearchParams): LogFilter | null {
  // An address's activity (`activity=`) runs filters of its own over the range: none to send ahead.
  if (search.has("activity")) return null;
  const link = fromSearch(search);
  if (!link.hasFilter || link.problems.length > 0) return null;
  const checked = checkValues(link.values);
  return checked.ok ? checked.filter : null;
}

export function earlyRequest(
  search: URLSearchParams,
  endpoint: Pick<ResolvedEndpoint, "rpcMethod">,
): { method: string; params: unknown[] } | null {
  const filter = filterOfSearch(search);
  if (!filter) return null;
  const first = firstCall(planOf(filter));
  if (first.kind === "head") return { method: "eth_blockNumber", params: [] };
  return { method: endpoint.rpcMethod, params: [...toParams(filter, first.from, first.to)] };
}
