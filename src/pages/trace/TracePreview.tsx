/**
 * The top of a large trace while the rest of the answer is still arriving (preview.ts, read in
 * the trace Worker): the rows the tree opens with, as far as they have arrived. Frames whose own
 * fields have not all arrived show as placeholder rows. The full tree replaces it, with every
 * control, as soon as the whole answer is read and checked; meanwhile Expand all and the search
 * box answer at once — what is asked is kept (`asked`, the page's) and the full tree opens with it
 * (as the first paint's do: app/firstPaint/controls.ts).
 */
import { useId, useMemo } from "react";
import { Card, groupDecimal } from "../../ui";
import { treeWaiting } from "../../ui/handOver";
import { ExpandAllButton, SearchFramesField, type TreeAsk } from "../../trace/TreeControls";
import { CallTree } from "../../trace/CallTree";
import { FrameDecodeCache, type TraceDecoder } from "../../trace/decode";
import { baseStructure, buildRows, expandToDepth, OPEN_DEPTH } from "../../trace/tree";
import type { TracePreview } from "./worker/job";

const noop = () => undefined;

export interface TracePreviewProps {
  preview: TracePreview;
  decoder: TraceDecoder;
  /** Expand all or a search asked for meanwhile (the full tree opens with it). */
  asked: TreeAsk;
  onAsk: (asked: TreeAsk) => void;
  /** Fixed tree viewport (tests). */
  viewport?: { width: number; height: number };
}

export function TracePreviewCard({ preview, decoder, asked, onAsk, viewport }: TracePreviewProps) {
  const searchId = useId();
  const { model } = preview;
  const view = useMemo(() => {
    const structure = baseStructure(model);
    const expanded = expandToDepth(model, structure, OPEN_DEPTH);
    return { structure, expanded, rows: buildRows(model, structure, expanded) };
  }, [model]);
  const decode = useMemo(() => new FrameDecodeCache(model.frames, decoder), [model, decoder]);
  const mb = groupDecimal(String(Math.round(preview.bytes / 1e5) / 10));
  return (
    <Card title="Call tree">
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        The first frames, shown while the answer arrives ({mb} MB so far); the whole tree, search
        and details follow once it is read.
      </p>
      <div className="mb-2 flex flex-col gap-2 text-sm">
        <div role="toolbar" aria-label="Call tree controls" className="flex flex-wrap gap-2">
          <ExpandAllButton onClick={() => onAsk({ ...asked, expandAll: true })} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <SearchFramesField
            id={searchId}
            value={asked.query}
            onChange={(query) => onAsk({ ...asked, query })}
            onFocus={() => onAsk({ ...asked, searchFocused: true })}
            onBlur={() => onAsk({ ...asked, searchFocused: false })}
          />
          <span role="status" className="text-slate-700 dark:text-slate-300">
            {treeWaiting(asked.expandAll, asked.query.trim() !== "")}
          </span>
        </div>
      </div>
      <CallTree
        model={model}
        structure={view.structure}
        rows={view.rows}
        expanded={view.expanded}
        selected={-1}
        decode={decode}
        matches={null}
        onSelect={noop}
        onToggle={noop}
        onExpandSiblings={noop}
        viewport={viewport}
        busy
      />
    </Card>
  );
}
