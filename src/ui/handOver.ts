/**
 * What the first paint (app/firstPaint, plain DOM before React loads) and the app's own controls
 * share, so that what a person does in the painted view is carried into the app when it takes over
 * (app/firstPaint/handOver.ts): a field's `name` (what was typed there, and the focus) and a
 * button's HAND_OVER key (pressed there: the app's button of the same key is pressed once it is
 * in). The labels (and the fields' looks) are the app's, so the painted control is the one a
 * person (or a test) finds by its name. No React.
 */

/** The attribute naming a button whose press is carried over. */
export const HAND_OVER = "data-hand-over";

/** The call tree's toolbar (trace/TreeControls.tsx). */
export const TREE_CONTROLS = {
  expandAll: { key: "expand-all", label: "Expand all" },
  search: {
    name: "trace-search",
    label: "Search frames",
    placeholder: "address, selector, function, event, error",
    className:
      "min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs sm:max-w-md dark:border-slate-600 dark:bg-slate-900",
  },
} as const;

/** The log table's filter box (logs/LogTableToolbar.tsx). */
export const LOGS_FILTER = {
  name: "logs-filter",
  label: "Filter results",
  placeholder: "0x… address, to=0x…, value>1000000, event=Transfer",
  className:
    "w-72 max-w-full rounded sm:w-96 border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900",
} as const;

/** What the painted controls (and the trace's preview) say they will do once the data is in. */
export const WAITING = {
  expandAll: "Every frame opens once the whole trace is read.",
  search: "The search runs once the whole trace is read.",
  filter: "The filter runs once the logs are in.",
} as const;

/** What the tree's controls say while the whole trace is not read yet: each ask, once made. */
export function treeWaiting(expandAll: boolean, searching: boolean): string {
  return [expandAll && WAITING.expandAll, searching && WAITING.search].filter(Boolean).join(" ");
}
