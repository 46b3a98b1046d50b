/**
 * The Call tree view of the trace workspace: its controls, what is worth saying above the tree
 * (frames still arriving, a deep-linked frame that does not exist, frames marked from Gas by
 * function), and the tree beside the selected frame's detail.
 */
import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { groupedNumber, SplitPane } from "../ui";
import { CallTree, type CallTreeProps } from "./CallTree";
import { TreeControls, type TreeControlsProps } from "./TreeControls";

export interface TreePaneProps {
  controls: TreeControlsProps;
  tree: CallTreeProps;
  /** The selected frame's detail, beside the tree (below it on narrow screens); null: no frame
   * is chosen, and the tree takes the whole width. */
  detail: ReactNode | null;
  /** Closes the detail (clears the selection). */
  onCloseDetail: () => void;
  /** Frames here while they still arrive (null: all are here). */
  loading: { loaded: number; size: number } | null;
  /** A deep-linked frame path the trace does not have. */
  missingFrame: string | null;
  /** How many frames Gas by function marked (null: none). */
  marked: number | null;
  onClearMarks: () => void;
  /** The box measured for the panes' height (useFillHeight). */
  paneRef: RefObject<HTMLDivElement | null>;
  paneHeight: number;
}

/** Where SplitPane puts its panes side by side (Tailwind's `lg`); below it they stack. */
const SIDE_BY_SIDE = "(min-width: 1024px)";

/** The viewport's height while the panes stack (narrow screens), else null; kept on resize. */
function useStackedHeight(): number | null {
  const read = () =>
    typeof window === "undefined" || window.matchMedia?.(SIDE_BY_SIDE).matches !== false
      ? null
      : window.innerHeight;
  const [h, setH] = useState(read);
  useEffect(() => {
    const onResize = () => setH(read());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return h;
}

export function TreePane({ paneRef, ...p }: TreePaneProps) {
  const stacked = useStackedHeight();
  // Stacked (a phone): the tree most of the screen's height, or a bit over half of it once a
  // frame's detail opens below, so the start of the detail shows under the tree.
  const treeHeight =
    stacked === null || p.tree.viewport
      ? p.paneHeight
      : Math.round(stacked * (p.detail === null ? 0.8 : 0.55));
  return (
    <>
      <TreeControls {...p.controls} />
      {p.loading ? (
        <p role="status" className="text-sm">
          Loading frames: {groupedNumber(p.loading.loaded)} of {groupedNumber(p.loading.size)}…
          (search and the type filter apply once all are here)
        </p>
      ) : null}
      {p.missingFrame !== null ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          This trace has no frame {p.missingFrame}.
        </p>
      ) : null}
      {p.marked !== null ? (
        <p role="status" className="text-sm">
          {groupedNumber(p.marked)}{" "}
          {p.marked === 1
            ? "frame of the chosen function is marked."
            : "frames of the chosen function are marked."}{" "}
          <button type="button" className="underline" onClick={p.onClearMarks}>
            Clear the marks
          </button>
        </p>
      ) : null}
      <div ref={paneRef}>
        <SplitPane
          storageKey="nodescope.traceSplit"
          label="Resize the call tree and frame detail"
          left={<CallTree {...p.tree} height={treeHeight} />}
          right={
            p.detail === null ? null : (
              <div
                className="relative overflow-auto rounded border border-slate-200 p-2 dark:border-slate-700"
                style={{ maxHeight: p.paneHeight }}
              >
                <button
                  type="button"
                  onClick={() => {
                    p.onCloseDetail();
                    // The button goes with the pane: focus returns to the tree's current row.
                    paneRef.current
                      ?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')
                      ?.focus();
                  }}
                  aria-label="Close the frame detail"
                  title="Close the frame detail (the tree takes the whole width)"
                  className="float-right ml-2 rounded border border-slate-300 px-1.5 text-sm leading-5 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  ×
                </button>
                {p.detail}
              </div>
            )
          }
        />
      </div>
    </>
  );
}
