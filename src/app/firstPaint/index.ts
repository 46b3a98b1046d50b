/**
 * The first paint: what a visit shows before React and the route's code have loaded, drawn by the
 * first module with plain DOM (bench/STARTUP.md: React, the app and a route's chunks take
 * 200–400 ms to arrive and run on a 2-core machine; this is on screen as the first module runs).
 * The header and the route's loading note (the words of the app's own fallback), the empty
 * transaction form whole, and for a trace link an empty call tree that its first rows fill as the
 * trace Worker previews them (trace.ts), and for a logs or transaction link a box its first rows
 * or fields go into once the link's request is answered (logs.ts, tx.ts). React's first commit replaces it (handOver.ts).
 */
import { parseHash, ROUTES } from "../../routing/route";
import { exploreFromSearch } from "../../logs/exploreParams";
import { logsFilter, treeControls } from "./controls";
import { FIRST_CONTROLS, FIRST_ROWS, FIRST_TREE, h } from "./dom";
import { txForm } from "./form";
import { paintAndHandOver } from "./handOver";

export { appStage } from "./handOver";
import { shell } from "./shell";

/**
 * The route whose link's first answer the first paint draws (logs.ts, tx.ts), or null: a
 * transaction link, or a logs link. A logs answer can be any size: of a large one the first paint
 * reads its first bytes only (app/boot.ts readCopy), and waits for no more than those — waiting for
 * a whole 100,000-log answer cost the app's own first rows +28 to +53 ms (bench/STARTUP.md).
 */
export function answerRoute(hash: string): "logs" | "tx" | null {
  const { route, searchString, unknown } = parseHash(hash);
  if (searchString === "" || unknown !== null) return null;
  if (route === "tx") return "tx";
  return route === "logs" ? "logs" : null;
}

export function paintFirstView(hash: string, root: HTMLElement): void {
  const { route, search, searchString, unknown } = parseHash(hash);
  const label = ROUTES.find((r) => r.id === route)?.label ?? route;
  const loading = h(
    "p",
    { role: "status", class: "text-sm text-slate-600 dark:text-slate-400" },
    unknown === null ? `Loading the ${label} view…` : "Loading…",
  );
  let view: HTMLElement = loading;
  // A page that does not exist: the app says so; nothing of another page is drawn meanwhile.
  if (unknown !== null) view = loading;
  else if (route === "tx" && searchString === "") view = txForm();
  else if (route === "trace" && search.has("hash"))
    view = h(
      "div",
      { class: "flex flex-col gap-3" },
      loading,
      controlsBox("trace"),
      h("div", {
        role: "tree",
        "aria-label": "Call tree",
        "aria-busy": "true",
        [FIRST_TREE]: true,
        class:
          "relative overflow-auto rounded border border-slate-200 bg-white font-mono text-xs dark:border-slate-700 dark:bg-slate-950",
        style: "height:480px",
      }),
    );
  else if (answerRoute(hash) !== null)
    view = h(
      "div",
      { class: "flex flex-col gap-3" },
      loading,
      // the filter box holds the link's own filter text, as the table's will
      answerRoute(hash) === "logs" ? controlsBox("logs", exploreFromSearch(search).q) : null,
      h("div", { [FIRST_ROWS]: true }),
    );
  paintAndHandOver(root, shell(unknown === null ? route : null, view));
}

/** The controls' heights as drawn (controls.ts, their notes empty): the box is that tall at once. */
const CONTROLS_HEIGHT = { trace: 68, logs: 62 } as const;

function controlsBox(kind: keyof typeof CONTROLS_HEIGHT, value = ""): HTMLElement {
  return h("div", {
    [FIRST_CONTROLS]: kind,
    "data-value": value || undefined,
    style: `min-height:${CONTROLS_HEIGHT[kind]}px`,
  });
}

/**
 * Draws the first paint's controls (a trace link's Expand all and search box, a logs link's filter
 * box) into their box, once: they answer at once, and what is done there is carried into the
 * app's own controls (handOver.ts). Nothing when the first paint has no such box (or has gone).
 */
export function paintFirstControls(root: HTMLElement): void {
  for (const box of root.querySelectorAll<HTMLElement>(`[${FIRST_CONTROLS}]`)) {
    if (box.firstChild !== null) continue;
    box.append(
      box.getAttribute(FIRST_CONTROLS) === "trace"
        ? treeControls()
        : logsFilter(box.getAttribute("data-value") ?? ""),
    );
  }
}
