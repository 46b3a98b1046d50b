/** The trace workspace's views and the tab bar that switches between them. */

/** The workspace's views, in tab order; the `view` link param names one. */
export const TRACE_TABS = [
  { id: "tree", label: "Call tree" },
  { id: "flame", label: "Flame chart" },
  { id: "balances", label: "Balance changes" },
  { id: "flow", label: "Token flow" },
  { id: "state", label: "State changes" },
  { id: "source", label: "Source" },
  { id: "debug", label: "Debug" },
  { id: "gas", label: "Gas by function" },
  { id: "raw", label: "Raw JSON" },
] as const;
export type TraceTab = (typeof TRACE_TABS)[number]["id"];

export function isTraceTab(v: unknown): v is TraceTab {
  return TRACE_TABS.some((t) => t.id === v);
}

/** The id of a tab's button, under the view's `ids` (from useId). */
export function traceTabId(ids: string, t: TraceTab): string {
  return `${ids}-tab-${t}`;
}

/** The tabs (arrow keys move between them); the panel they control is `${ids}-panel`. */
export function TraceTabBar(props: { ids: string; tab: TraceTab; onTab: (t: TraceTab) => void }) {
  const { ids, tab, onTab } = props;
  return (
    <div
      role="tablist"
      aria-label="Trace views"
      // One row on a phone, scrolled sideways inside itself, not four rows pushing the tree down.
      className="flex gap-1 overflow-x-auto border-b border-slate-200 sm:flex-wrap dark:border-slate-700"
      onKeyDown={(e) => {
        const i = TRACE_TABS.findIndex((t) => t.id === tab);
        const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (step === 0) return;
        e.preventDefault();
        const next = TRACE_TABS[(i + step + TRACE_TABS.length) % TRACE_TABS.length];
        if (!next) return;
        onTab(next.id);
        document.getElementById(traceTabId(ids, next.id))?.focus();
      }}
    >
      {TRACE_TABS.map((t) => (
        <button
          key={t.id}
          id={traceTabId(ids, t.id)}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          aria-controls={`${ids}-panel`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => onTab(t.id)}
          className={`flex-none whitespace-nowrap rounded-t px-3 py-1.5 text-sm ${
            tab === t.id
              ? "border-b-2 border-indigo-700 font-semibold text-indigo-800 dark:border-indigo-300 dark:text-indigo-200"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          }`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
