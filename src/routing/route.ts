/**
 * The one reading of a link's hash (`#/<route>?<params>`), without React: the entry module, the
 * trace Worker and the app's router all parse a link here. Also the params that belong to the app
 * rather than to a view's form.
 */
import type { RouteId } from "./links";

/**
 * Each route's page: its folder is `src/pages/<id>/` (its `index.ts` the page, its `early.ts` the
 * first request a deep link sends ahead), `label` what the page shows (its tab, its heading and the
 * document's title: people's words, not an RPC method's), and `method` the routed method its
 * endpoint is resolved for (the provider's URL shape it sends its main request to; the page names
 * the method it actually sends below its heading).
 */
export const ROUTES: readonly {
  id: RouteId;
  label: string;
  method: string;
}[] = [
  { id: "tx", label: "Transaction", method: "eth_getTransactionByBlockHashAndIndex" },
  { id: "block", label: "Block", method: "eth_getBlockByNumber" },
  { id: "address", label: "Address", method: "eth_getBalance" },
  { id: "logs", label: "Logs", method: "eth_getLogs" },
  { id: "trace", label: "Trace", method: "debug_jstraceTransaction" },
  { id: "estimate", label: "Gas estimate", method: "eth_estimateGas" },
  { id: "simulate", label: "Dry run", method: "debug_traceCall" },
  // Two runs side by side: the dry run's link, block pin and call tree, and a hash's call tree.
  { id: "compare", label: "Compare", method: "debug_traceCall" },
];

export interface Location {
  route: RouteId;
  search: URLSearchParams;
  /** The raw search string, stable for memoisation. */
  searchString: string;
  /**
   * The page a link asked for when no route has that name (`#/no-such-page` → "no-such-page"):
   * the shell says the page does not exist instead of showing another one. Null otherwise.
   */
  unknown: string | null;
}

function isRoute(x: string): x is RouteId {
  return ROUTES.some((r) => r.id === x);
}

/**
 * The route and params of a hash; an empty route is the transaction view, and so is an unknown one
 * (its name kept in `unknown`, so the shell can say it does not exist).
 */
export function parseHash(hash: string): Location {
  const body = hash.replace(/^#/, "");
  const [path = "", query = ""] = body.split(/\?(.*)/s, 2);
  const name = path.replace(/^\/+/, "").split("/")[0] ?? "";
  const known = isRoute(name);
  return {
    route: known ? name : "tx",
    search: new URLSearchParams(query),
    searchString: query,
    unknown: known || name === "" ? null : name,
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
