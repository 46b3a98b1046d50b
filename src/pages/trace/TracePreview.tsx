/**
 * The top of a large trace while the rest of the answer is still arriving (preview.ts, read in
 * the trace Worker): the rows the tree opens with, as far as they have arrived. Frames whose own
 * fields have not all arrived show as placeholder rows. Read-only: the full tree replaces it,
 * with every control, as soon as the whole answer is read and checked.
 */
import { useMemo } from "react";
import { Card, groupDecimal } from "../../ui";
import { CallTree } from "../../trace/CallTree";
import { FrameDecodeCache, type TraceDecoder } from "../../trace/decode";
import { baseStructure, buildRows, expandToDepth, OPEN_DEPTH } from "../../trace/tree";
import type { TracePreview } from "./worker/job";

const noop = () => undefined;

export function TracePreviewCard({
  preview,
  decoder,
  viewport,
}: {
  preview: TracePreview;
  decoder: TraceDecoder;
  /** Fixed tree viewport (tests). */
  viewport?: { width: number; height: number };
}) {
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
