import "./index.css";
import { readStoredConnection, type StoredConnection } from "./endpoints/keys";
import { openTraceWorker } from "./methods/debug_jstraceTransaction/worker/spawn";
import { parseHash, routePage } from "./shared/route";
import { loadEarlyModule, preloadPage } from "./app/pages";
import { paintFirstView } from "./app/firstPaint";
import { applyTheme, storedTheme } from "./app/themeChoice";
import {
  isTxLookupLink,
  preloadTxResult,
} from "./methods/eth_getTransactionByBlockHashAndIndex/lazyResult";

// Before the app's modules run: a trace link's Worker opens now and sends the link's request
// itself (methods/debug_jstraceTransaction/worker/README.md); another deep link's first request
// is sent by the boot module as soon as it has loaded (app/boot.ts). React and the app (their
// chunks preloaded by the page's HTML) are evaluated after it: that would otherwise hold the
// request back.
const hash = window.location.hash;
openTraceWorker(hash, storedConnection, new URL("./devnet.json", document.baseURI).href);
const booted = import("./app/boot").then(({ bootEarly }) => void bootEarly());
const pageReady = preloadRoute();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// What the route shows before React and its code are in (app/firstPaint): the theme first.
applyTheme(storedTheme());
paintFirstView(hash, root);
void booted
  .catch(() => undefined)
  .then(() =>
    // The route's page is in before the first render: a page that suspends shows its fallback,
    // and React reveals what replaces a fallback no sooner than 300 ms after it.
    Promise.all([import("react"), import("react-dom/client"), import("./app/App"), pageReady]),
  )
  .then(([{ createElement, startTransition, StrictMode }, { createRoot }, { App }]) => {
    // The first render as a transition: React renders it in slices, yielding to the browser, so
    // mounting the app is no long task (the page stays responsive while a deep link loads).
    const app = createRoot(root);
    startTransition(() => app.render(createElement(StrictMode, null, createElement(App))));
  });

/**
 * The route's own chunks (its early module, its page, and a transaction link's lookup part),
 * asked for now, beside the app's (preloaded by the page's HTML): asked by the boot module or in
 * a later task, they waited behind the app's modules and the style warm-up, and came last
 * (interleaved A/B in bench/STARTUP.md). Resolves when the page is in (or failed to load).
 */
function preloadRoute(): Promise<unknown> {
  const routed = routePage(parseHash(hash).route);
  if (routed?.page === "index") void loadEarlyModule(routed.method)?.catch(() => undefined);
  if (isTxLookupLink(hash)) void preloadTxResult().catch(() => {});
  const page = routed ? preloadPage(routed.method, routed.page) : null;
  return page ? page.catch(() => undefined) : Promise.resolve();
}

/** The connection this browser keeps, for the trace Worker (null where storage is refused). */
function storedConnection(): StoredConnection | null {
  try {
    return readStoredConnection();
  } catch {
    return null;
  }
}
