/**
 * A call-tree row whose frame has not arrived yet (a large trace's frames arrive in chunks from
 * the Worker, the ones the tree opens on first): its place, depth and level are known from the
 * model's arrays, its fields a moment later.
 */
import { INDENT, rowStyle } from "./FrameRow";
import { setSize, type Structure } from "./tree";

export function PendingFrameRow({
  start,
  structure,
  index: i,
  tabbable,
}: {
  start: number;
  structure: Structure;
  index: number;
  tabbable: boolean;
}) {
  const level = structure.level[i] as number;
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-setsize={setSize(structure, i)}
      aria-posinset={structure.posInSet[i] as number}
      aria-selected={false}
      aria-busy={true}
      data-frame-row={i}
      tabIndex={tabbable ? 0 : -1}
      style={rowStyle(start)}
      className="flex items-center whitespace-nowrap text-slate-600 dark:text-slate-400"
    >
      <span aria-hidden="true" style={{ width: (level - 1) * INDENT + 16, flex: "none" }} />
      loading frame…
    </div>
  );
}
