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

/** The hash of the app's last render (useLocation), null before the first. */
let lastHash: string | null = null;
let lastLocation: Location | null = null;
function parseHashCached(hash: string): Location {
  if (hash !== lastHash || !lastLocation) {
    lastHash = hash;
    lastLocation = parseHash(hash);
  }
  return lastLocation;
}

/** The hash this module last wrote. */
let lastWritten: string | null = null;

/**
 * Goes to `hash`: a new history entry, or with `replace` the current one rewritten (a page's own
 * state mirrored into its link: a step, a frame, a tab). A replace built from a location that is
 * no longer the page's is dropped: when the link changed from outside (a link opened in this tab,
 * Back) and the app has not rendered it yet, a page's delayed write (the debugger writes its step
 * once it rests) would put the old link back over the new one, and the new one would be lost.
 */
export function navigate(hash: string, opts: { replace?: boolean } = {}): void {
  const target = hash.startsWith("#") ? hash : `#${hash}`;
  const current = window.location.hash;
  if (target === current) return;
  if (opts.replace) {
    if (lastHash !== null && current !== lastHash && current !== lastWritten) return;
    lastWritten = target;
    window.history.replaceState(window.history.state, "", target);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  } else {
    lastWritten = target;
    window.location.hash = target;
  }
}
