import { useSyncExternalStore } from "react";
import type { RouteId } from "../shared/links";

export const ROUTES: readonly { id: RouteId; label: string; method: string }[] = [
  { id: "tx", label: "Transaction", method: "eth_getTransactionByBlockHashAndIndex" },
  { id: "logs", label: "Logs", method: "eth_getLogs" },
  { id: "trace", label: "Trace", method: "debug_jstraceTransaction" },
  { id: "estimate", label: "Estimate gas", method: "eth_estimateGas" },
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

function subscribe(cb: () => void): () => void {
  window.addEventListener("hashchange", cb);
  return () => window.removeEventListener("hashchange", cb);
}

const getHash = () => window.location.hash;

/** Hash routing: `#/<route>?<params>`; every route's form values live in its search params. */
export function useLocation(): Location {
  const hash = useSyncExternalStore(subscribe, getHash, getHash);
  return parseHashCached(hash);
}

let lastHash: string | null = null;
let lastLocation: Location | null = null;
function parseHashCached(hash: string): Location {
  if (hash !== lastHash || !lastLocation) {
    lastHash = hash;
    lastLocation = parseHash(hash);
  }
  return lastLocation;
}

export function navigate(hash: string, opts: { replace?: boolean } = {}): void {
  const target = hash.startsWith("#") ? hash : `#${hash}`;
  if (target === window.location.hash) return;
  if (opts.replace) {
    window.history.replaceState(window.history.state, "", target);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  } else {
    window.location.hash = target;
  }
}
