import "./index.css";
import { readStoredConnection, type StoredConnection } from "./endpoints/keys";
import { openTraceWorker } from "./methods/debug_jstraceTransaction/worker/spawn";
import { parseHash, routePage } from "./shared/route";
import { loadEarlyModule, preloadPage } from "./app/pages";
import { paintFirstView } from "./app/firstPaint";
import { applyTheme, storedTheme } from "./app/themeChoice";
import type { FrameChunk, PackedModel } from "./shared/trace/answer";
import {
  isTxLookupLink,
  preloadTxResult,
} from "./methods/eth_getTransactionByBlockHashAndIndex/lazyResult";

// Before the app's modules run: a trace link's Worker opens now and sends the link's request
// itself (methods/debug_jstraceTransaction/worker/README.md); another deep link's first request
// is sent by the boot module as soon as it has loaded (app/boot.ts). On a trace link the app's
// chunks are asked for once the Worker's first rows are painted (or it starts nothing, or its
// request failed): asked for first, they held the Worker's script back behind them (~150 ms) and
// the request with it, then the frame that paints the rows (A/B in bench/STARTUP.md).
/** The longest a trace link's app waits for the Worker's first rows. */
const WORKER_WAIT_MS = 500;
const hash = window.location.hash;
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
let reactStarted = false;
type FirstRows = { model: PackedModel; chunk?: FrameChunk; first?: FrameChunk };
let traceRows: (message: FirstRows) => void = () => undefined;
let workerDone = () => {};
const workerOpened = openTraceWorker(
  hash,
  storedConnection,
  new URL("./devnet.json", document.baseURI).href,
  (message) => {
    if (message?.type === "preview" || message?.type === "model") traceRows(message);
    else if (!message || !["awake", "own", "head"].includes(message.type)) workerDone();
  },
);
// The painter is asked for with the Worker, and only then (an empty #/trace opens none).
if (workerOpened) traceRows = traceFirstRows();
const appMayLoad = workerOpened
  ? new Promise<void>((resolve) => {
      workerDone = resolve;
      setTimeout(resolve, WORKER_WAIT_MS);
    })
  : Promise.resolve();
const booted = appMayLoad
  .then(() => import("./app/boot"))
  .then(({ bootEarly }) => void bootEarly());
const pageReady = appMayLoad.then(preloadRoute);

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
    reactStarted = true;
    const app = createRoot(root);
    startTransition(() => app.render(createElement(StrictMode, null, createElement(App))));
  });

/**
 * The route's own chunks (its early module, its page, and a transaction link's lookup part),
 * asked for with the app's (by this module): asked by the boot module or in a later task, they
 * waited behind the app's modules and came last
 * (interleaved A/B in bench/STARTUP.md). Resolves when the page is in (or failed to load).
 */
function preloadRoute(): Promise<unknown> {
  const routed = routePage(parseHash(hash).route);
  if (routed?.page === "index") void loadEarlyModule(routed.method)?.catch(() => undefined);
  if (isTxLookupLink(hash)) void preloadTxResult().catch(() => {});
  const page = routed ? preloadPage(routed.method, routed.page) : null;
  return page ? page.catch(() => undefined) : Promise.resolve();
}

/**
 * Paints a trace link's first rows from the Worker's first preview (or its model, for a small
 * answer), unless React has started.
 */
function traceFirstRows(): (message: FirstRows) => void {
  const painter = import("./app/firstPaint/trace");
  let painted = false;
  return (message) => {
    const chunk = message.chunk ?? message.first;
    if (painted || !chunk) return;
    painted = true;
    void painter.then(({ paintTraceRows }) => {
      if (!reactStarted && root) paintTraceRows(root, message.model, chunk);
      // The app's chunks once the rows have had their frame.
      requestAnimationFrame(() => setTimeout(workerDone, 0));
    }, workerDone);
  };
}

/** The connection this browser keeps, for the trace Worker (null where storage is refused). */
function storedConnection(): StoredConnection | null {
  try {
    return readStoredConnection();
  } catch {
    return null;
  }
}
