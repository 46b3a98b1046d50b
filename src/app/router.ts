import { useSyncExternalStore } from "react";
import { parseHash, type Location } from "../routing/route";

// The link parser itself has no React (the entry module and the trace Worker use it too).
export { parseHash, ROUTES, type Location } from "../routing/route";

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
