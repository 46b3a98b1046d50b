/**
 * The Call tree view of the trace workspace: its controls, what is worth saying above the tree
 * (frames still arriving, a deep-linked frame that does not exist, frames marked from Gas by
 * function), and the tree beside the selected frame's detail.
 */
import type { ReactNode, RefObject } from "react";
import { SplitPane } from "../../ui";
import { CallTree, type CallTreeProps } from "./CallTree";
import { TreeControls, type TreeControlsProps } from "./TreeControls";

export interface TreePaneProps {
  controls: TreeControlsProps;
  tree: CallTreeProps;
  /** The selected frame's detail, beside the tree. */
  detail: ReactNode;
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

export function TreePane({ paneRef, ...p }: TreePaneProps) {
  return (
    <>
      <TreeControls {...p.controls} />
      {p.loading ? (
        <p role="status" className="text-sm">
          Loading frames: {p.loading.loaded.toLocaleString("en-US")} of{" "}
          {p.loading.size.toLocaleString("en-US")}… (search and the type filter apply once all are
          here)
        </p>
      ) : null}
      {p.missingFrame !== null ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          This trace has no frame {p.missingFrame}.
        </p>
      ) : null}
      {p.marked !== null ? (
        <p role="status" className="text-sm">
          {p.marked.toLocaleString("en-US")}{" "}
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
          left={<CallTree {...p.tree} height={p.paneHeight} />}
          right={
            <div
              className="overflow-auto rounded border border-slate-200 p-2 dark:border-slate-700"
              style={{ maxHeight: p.paneHeight }}
            >
              {p.detail}
            </div>
          }
        />
      </div>
    </>
  );
}
