/**
 * One internal function call in the call tree (from the frame's debug trace: the source map's
 * jumps into and out of a function): a treeitem under its frame, nested by internal depth, with
 * the function's name, its arguments and return values where the verified source gives their
 * types, an "internal" mark and its gas. Not a frame: it has no row of its own in the keyboard's
 * path (the frame's row holds the focus); the frame's detail and the Debug view go further.
 * Names and values come from attacker-controlled sources: text only.
 */
import { memo } from "react";
import type { InternalCall } from "./steps";
import { groupedNumber } from "../ui";
import { clip } from "./format";
import { INDENT, rowStyle } from "./FrameRow";
import { isShown, type Structure } from "./tree";

function values(list: InternalCall["args"]): string {
  return list.map((a) => `${a.name ? `${a.name}: ` : ""}${a.value ?? "?"}`).join(", ");
}

const positions = new WeakMap<readonly InternalCall[], { size: Int32Array; pos: Int32Array }>();

/** Each call's place among the calls of its parent (aria-setsize, aria-posinset), once per list. */
export function siblingPositions(list: readonly InternalCall[]): {
  size: Int32Array;
  pos: Int32Array;
} {
  const hit = positions.get(list);
  if (hit) return hit;
  const counts = new Map<number, number>();
  const pos = new Int32Array(list.length);
  list.forEach((c, i) => {
    const n = (counts.get(c.parent) ?? 0) + 1;
    counts.set(c.parent, n);
    pos[i] = n;
  });
  const size = Int32Array.from(list, (c) => counts.get(c.parent) ?? 1);
  const out = { size, pos };
  positions.set(list, out);
  return out;
}

/** The row's words (its treeitem text, and the search's). */
export function internalCallText(c: InternalCall): string {
  const returns =
    c.returns === null ? " → (did not return)" : c.returns.length ? ` → ${values(c.returns)}` : "";
  return `${c.name}(${values(c.args)})${returns}`;
}

export const InternalCallRow = memo(function InternalCallRow(p: {
  start: number;
  structure: Structure;
  frame: number;
  call: InternalCall;
  /** How many calls share this call's parent (its frame, or the calling internal function). */
  setSize: number;
  posInSet: number;
}) {
  const { structure, frame, call } = p;
  const level = (isShown(structure, frame) ? (structure.level[frame] as number) : 1) + call.depth;
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-setsize={p.setSize}
      aria-posinset={p.posInSet}
      aria-selected={false}
      data-internal-of={frame}
      style={rowStyle(p.start)}
      className="flex items-center"
    >
      <span
        className="flex min-w-0 flex-1 items-center gap-2 overflow-hidden whitespace-nowrap pr-2 text-slate-800 dark:text-slate-200"
        style={{ paddingLeft: (level - 1) * INDENT + 20 }}
        title={`${call.path}:${call.line}`}
      >
        <span className="rounded bg-violet-100 px-1 text-[10px] font-semibold text-violet-900 dark:bg-violet-900 dark:text-violet-100">
          internal
        </span>
        <span className="min-w-0 truncate font-semibold">{clip(internalCallText(call), 200)}</span>
        <span className="flex-none text-slate-700 dark:text-slate-300">
          gas {groupedNumber(Math.round(call.gas))}
        </span>
      </span>
    </div>
  );
});
