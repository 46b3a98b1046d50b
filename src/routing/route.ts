/**
 * The one reading of a link's hash (`#/<route>?<params>`), without React: the entry module, the
 * trace Worker and the app's router all parse a link here. Also the params that belong to the app
 * rather than to a view's form.
 */
import type { RouteId } from "./links";

/**
 * Each route's page: its folder is `src/pages/<id>/` (its `index.ts` the page, its `early.ts` the
 * first request a deep link sends ahead), and `method` the JSON-RPC method its endpoint is resolved
 * for (the provider's URL shape it sends its main request to). `tab: false` keeps a route
 * out of the header's tabs: it is reached by the search and by links (a block, an address: a page
 * with nothing to show before its block or address is given), and the header stays usable at 390 px.
 */
export const ROUTES: readonly {
  id: RouteId;
  label: string;
  method: string;
  tab?: false;
}[] = [
  { id: "tx", label: "Transaction", method: "eth_getTransactionByBlockHashAndIndex" },
  { id: "logs", label: "Logs", method: "eth_getLogs" },
  { id: "trace", label: "Trace", method: "debug_jstraceTransaction" },
  { id: "estimate", label: "Estimate gas", method: "eth_estimateGas" },
  { id: "simulate", label: "Dry run", method: "debug_traceCall" },
  { id: "address", label: "Address", method: "eth_getBalance", tab: false },
  // Two runs side by side: the dry run's link, block pin and call tree, and a hash's call tree.
  { id: "compare", label: "Compare", method: "debug_traceCall" },
  { id: "block", label: "Block", method: "eth_getBlockByNumber", tab: false },
];

export interface Location {
  route: RouteId;
  search: URLSearchParams;
  /** The raw search string, stable for memoisation. */
  searchString: string;
}

function isRoute(x: string): x is RouteId {
  return ROUTES.some((r) => r.id === x);
}

/** The route and params of a hash; an unknown or empty route is the transaction view. */
export function parseHash(hash: string): Location {
  const body = hash.replace(/^#/, "");
  const [path = "", query = ""] = body.split(/\?(.*)/s, 2);
  const name = path.replace(/^\/+/, "").split("/")[0] ?? "";
  return {
    route: isRoute(name) ? name : "tx",
    search: new URLSearchParams(query),
    searchString: query,
  };
}

/** The page a route shows: its folder under `src/pages/` and the RPC method its endpoint serves. */
export function routePage(route: RouteId): { folder: string; method: string } | null {
  const r = ROUTES.find((x) => x.id === route);
  return r ? { folder: r.id, method: r.method } : null;
}

/** Params the shell reads itself (the connection, the decoding services); a page never sees them. */
export const APP_PARAMS: readonly string[] = ["rpc", "traceMethod", "sigdb", "sourcify", "solc"];

/** A link's params without the app's own: what a view's form reads. */
export function viewSearch(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(search);
  for (const k of APP_PARAMS) out.delete(k);
  return out;
}

/** The search string the app shell writes for these params (same order, empties dropped). */
export function searchStringOf(params: Record<string, string | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") sp.set(k, v);
  return sp.toString();
}

/** A link's params with one of them set (or dropped, when `value` is undefined). */
export function withSearchParam(
  searchString: string,
  key: string,
  value: string | undefined,
): Record<string, string | undefined> {
  const next: Record<string, string | undefined> = {};
  new URLSearchParams(searchString).forEach((v, k) => {
    next[k] = v;
  });
  next[key] = value;
  return next;
}
