/**
 * A trace link's first rows, put into the first paint's empty call tree (index.ts) from the trace Worker's first preview (or its whole model,
 * for a small answer) while React and the trace page are still loading: each row as the tree's
 * light row (type, from → to, selector; trace/lightRow.ts), indented by its level, in the
 * order the tree opens on. The trace page takes the same Worker over and shows the same rows with
 * everything else (app/firstPaint/handOver.ts).
 */
import type { FrameChunk, PackedModel } from "../../trace/answer";
import { INDENT, lightRowText, ROW_HEIGHT } from "../../trace/lightRow";
import { FIRST_TREE, h } from "./dom";

/** Rows enough for a screen (the tree's 480 px at 28 px a row). */
const ROWS = 18;

export function paintTraceRows(root: HTMLElement, model: PackedModel, chunk: FrameChunk): void {
  const rows: HTMLElement[] = [];
  const n = Math.min(ROWS, chunk.frames.length, chunk.indices.length);
  for (let k = 0; k < n; k++) {
    const i = chunk.indices[k] as number;
    const f = chunk.frames[k];
    if (!f) break;
    const level = model.level[i] ?? 1;
    const kids = (model.childCount[i] ?? 0) > 0;
    const failed = model.failed[i] === 1;
    rows.push(
      h(
        "div",
        {
          role: "treeitem",
          "aria-level": level,
          "aria-expanded": kids
            ? String(k + 1 < n && (model.level[chunk.indices[k + 1] ?? 0] ?? 0) > level)
            : undefined,
          "aria-selected": "false",
          "aria-invalid": failed ? "true" : undefined,
          class: `flex items-center gap-2 overflow-hidden whitespace-nowrap pr-2 border-l-4 ${failed ? "border-red-600" : "border-transparent"}`,
          style: `height:${ROW_HEIGHT}px;padding-left:${(level - 1) * INDENT}px`,
        },
        h(
          "span",
          { "aria-hidden": "true", class: "inline-block w-4 flex-none text-center" },
          kids ? "▾" : "",
        ),
        h(
          "span",
          { class: "min-w-0 truncate text-slate-700 dark:text-slate-300" },
          lightRowText(f, failed),
        ),
      ),
    );
  }
  root.querySelector(`[${FIRST_TREE}]`)?.append(...rows);
}
