import "./index.css";
import { readStoredConnection, type StoredConnection } from "./endpoints/keys";
import { openTraceWorker, traceRowsPainted } from "./pages/trace/worker/spawn";
import { parseHash, routePage } from "./routing/route";
import { loadEarlyModule, preloadPage } from "./app/pages";
import { answerRoute, appStage, paintFirstControls, paintFirstView } from "./app/firstPaint";
import { applyTheme, storedTheme } from "./app/themeChoice";
import type { FrameChunk, PackedModel } from "./trace/answer";
import type { AnswerCopy } from "./app/firstPaint/answer";
import { isTxLookupLink, preloadTxResult } from "./pages/tx/lazyResult";

// Before the app's modules run: a trace link's Worker opens now and sends the link's request
// itself (pages/trace/worker/README.md); another deep link's first request
// is sent by the boot module as soon as it has loaded (app/boot.ts). On a trace link the app's
// chunks are asked for once the Worker's first rows are painted (or it starts nothing, or its
// request failed): asked for first, they held the Worker's script back behind them (~150 ms) and
// the request with it, then the frame that paints the rows (A/B in bench/STARTUP.md). A
// transaction link's and a logs link's likewise wait for their first rows, painted from a copy of
// the boot module's answer (app/firstPaint answerRoute; a large one's first bytes).
/** The longest a link's app waits for its first rows. */
const FIRST_ROWS_WAIT_MS = 500;
/** The first paint's controls are drawn after the first rows' frame, or after this long without. */
const CONTROLS_WAIT_MS = 250;
const hash = window.location.hash;
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
let reactStarted = false;
type FirstRows = { model: PackedModel; chunk?: FrameChunk; first?: FrameChunk };
let traceRows: (message: FirstRows) => void = () => undefined;
/** Lets the app's chunks load (the first rows are painted, or will not be). */
let release = () => {};
/** A trace link's Worker has started its request: its first paint may draw the tree's controls. */
let treeComing = false;
/** CONTROLS_WAIT_MS have passed without the first rows (or with them). */
let controlsDue = false;
/**
 * Without rows by CONTROLS_WAIT_MS: a logs link's filter box, a trace link's controls once a tree
 * is coming (not for another tracer's answer, nor one that waits for the user's press).
 */
function controlsWhenDue(): void {
  if (root && controlsDue && (!workerOpened || treeComing)) paintFirstControls(root);
}
const workerOpened = openTraceWorker(
  hash,
  storedConnection,
  new URL("./devnet.json", document.baseURI).href,
  (message) => {
    // It started the link's request itself (callTracer): a call tree is coming.
    if (message?.type === "own") {
      treeComing = true;
      controlsWhenDue();
    }
    if (message?.type === "preview" || message?.type === "model") traceRows(message);
    // What follows a model or preview (its keys, its frames) leaves the release to the rows' frame.
    else if (!message || !["awake", "own", "head", "keys", "frames"].includes(message.type))
      release();
  },
);
// The painter is asked for with the Worker, and only then (an empty #/trace opens none).
if (workerOpened) traceRows = traceFirstRows();
// A link that may name a first request (not a trace link: its Worker sends that; not a route
// without params: nothing to send) asks for the boot module and the route's early module, which it
// needs to send the request, now (not in a later microtask: that runs after this module's first
// paint) and before the first paint's painter, which is needed only once the answer is in.
const sendsAhead = !workerOpened && parseHash(hash).searchString !== "";
const bootModule = sendsAhead ? import("./app/boot") : null;
if (sendsAhead) preloadEarly();
const painter = workerOpened ? null : answerPainter(hash);
const answerRows = painter ? answerFirstRows(painter) : undefined;
// A range of logs waits for its first rows too (of a large answer, from its first bytes): let in
// at once, the app's chunks held the boot module's request and then the rows' painting back (A/B,
// bench/STARTUP.md, eleventh round).
const appMayLoad =
  workerOpened || answerRows
    ? new Promise<void>((resolve) => {
        release = resolve;
        setTimeout(resolve, FIRST_ROWS_WAIT_MS);
      })
    : Promise.resolve();
const booted = bootModule
  ? bootModule
      .then(({ bootEarly }) => bootEarly(hash, answerRows, appMayLoad))
      .then((sent) => {
        if (!sent) release();
      })
  : Promise.resolve();
/**
 * The next task: each import() of the app's appends one preload link per chunk it needs (~60 for a
 * transaction link), ~0.3 ms each; appended in the task that follows the first rows' frame they
 * held the main thread 20–70 ms right after it (bench/STARTUP.md, eighth round).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const pageReady = appMayLoad.then(nextTask).then(preloadRoute);

// What the route shows before React and its code are in (app/firstPaint): the theme first.
applyTheme(storedTheme());
paintFirstView(hash, root);
setTimeout(() => {
  controlsDue = true;
  controlsWhenDue();
}, CONTROLS_WAIT_MS);
void Promise.all([booted.catch(() => undefined), appMayLoad])
  .then(nextTask)
  .then(nextTask)
  .then(() =>
    // The route's page is in before the first render: a page that suspends shows its fallback,
    // and React reveals what replaces a fallback no sooner than 300 ms after it.
    Promise.all([import("react"), import("react-dom/client"), import("./app/App"), pageReady]),
  )
  .then(([{ createElement, startTransition, StrictMode }, { createRoot }, { App }]) => {
    // The first render as a transition: React renders it in slices, yielding to the browser, so
    // mounting the app is no long task (the page stays responsive while a deep link loads).
    reactStarted = true;
    // Beside the painted view, which stays until the app shows as much (app/firstPaint/handOver.ts).
    const app = createRoot(appStage(root));
    startTransition(() => app.render(createElement(StrictMode, null, createElement(App))));
  });

/** The route's early module (app/boot.ts), if it has one. */
function preloadEarly(): void {
  const routed = routePage(parseHash(hash).route);
  if (routed) void loadEarlyModule(routed.folder)?.catch(() => undefined);
}

/**
 * The route's own chunks (its page, and a transaction link's lookup part),
 * asked for with the app's (by this module): asked by the boot module or in a later task, they
 * waited behind the app's modules and came last
 * (interleaved A/B in bench/STARTUP.md). Resolves when the page is in (or failed to load).
 */
function preloadRoute(): Promise<unknown> {
  const routed = routePage(parseHash(hash).route);
  const page = routed ? preloadPage(routed.folder) : null;
  if (isTxLookupLink(hash))
    void nextTask()
      .then(nextTask)
      .then(preloadTxResult)
      .catch(() => {});
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
      if (!reactStarted && root) {
        paintTraceRows(root, message.model, chunk);
        // Once painted, the Worker reads the rest of a large answer while the app loads.
        requestAnimationFrame(() => setTimeout(traceRowsPainted, 0));
      }
      releaseAfterFrame();
    }, release);
  };
}

/**
 * Lets the app's chunks load once the first rows have had their frame: released at once, their
 * evaluation held that frame back (a trace link: −64 ms; a logs or card link, interleaved A/Bs of
 * 10 rounds: 50 logs −48.7 / −24.5 ms, the card −41 / −18.8, the app's own card +27.7;
 * bench/STARTUP.md).
 */
function releaseAfterFrame(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      // The controls next (their fields' first layout held the rows' frame back ~8 ms).
      if (root) paintFirstControls(root);
      release();
    }, 0),
  );
}

/** What paints a link's first rows from the boot module's copy of its answer (app/firstPaint). */
type AnswerPainter = (root: HTMLElement, search: URLSearchParams, copy: AnswerCopy) => boolean;
function answerPainter(link: string): Promise<AnswerPainter> | null {
  const route = answerRoute(link);
  if (route === "logs") return import("./app/firstPaint/logs").then((m) => m.paintLogRows);
  if (route === "tx") return import("./app/firstPaint/tx").then((m) => m.paintTxFields);
  return null;
}

/** Paints a link's first rows from the answer's copy (null: none to paint), unless React has
 * started, and lets the app load. */
function answerFirstRows(painter: Promise<AnswerPainter>): (copy: AnswerCopy | null) => void {
  return (copy) => {
    if (copy === null) return release();
    void painter.then((paint) => {
      if (!reactStarted && root) paint(root, parseHash(hash).search, copy);
      releaseAfterFrame();
    }, release);
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
