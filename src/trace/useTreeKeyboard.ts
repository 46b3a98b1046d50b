/**
 * Keyboard navigation of the call tree, as the WAI-ARIA tree pattern has it: arrows, Page
 * Up/Down, Home/End, Right/Left to open, enter or leave a frame, Enter/Space to toggle, `*` to
 * open the siblings. Log rows are skipped. Focus follows the selection once the new row is
 * rendered (the selected row is always mounted): the key's target is remembered until a render
 * shows it selected and its row is in the page, which may be a render or two after the key (the
 * selection arrives from the page, the virtualiser mounts a newly shown row a pass later).
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import type { Rows, Structure } from "./tree";

/** How many rows Page Up/Down move. */
const PAGE = 15;

/** What the keys act on: the shown tree, the selection and what to call (CallTree's props). */
export interface TreeKeyboardTarget {
  structure: Structure;
  rows: Rows;
  expanded: Uint8Array;
  selected: number;
  onSelect: (frame: number) => void;
  onToggle: (frame: number) => void;
  onExpandSiblings: (frame: number) => void;
}

/**
 * The tree's keydown handler. `scrollRef` is the tree's scrolling element (rows are found in it by
 * `data-frame-row`); `selectedRow` the row of the selected frame, -1 when it is not shown.
 */
export function useTreeKeyboard(
  scrollRef: RefObject<HTMLElement | null>,
  tree: TreeKeyboardTarget,
  selectedRow: number,
): (e: KeyboardEvent<HTMLElement>) => void {
  const { structure, rows, expanded, selected, onSelect, onToggle, onExpandSiblings } = tree;
  // The frame a key selected, -1 when none: its row gets focus once it is selected and rendered.
  const focusPending = useRef(-1);

  /** Focuses the frame's row; false when it is not in the page (yet). */
  const focusFrame = (frame: number): boolean => {
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-frame-row="${frame}"]`);
    el?.focus({ preventScroll: true });
    return el != null;
  };

  useEffect(() => {
    const pending = focusPending.current;
    if (pending < 0 || pending !== selected) return;
    if (focusFrame(pending)) focusPending.current = -1;
  });

  /** The first frame row from `row` on in direction `dir` (log rows skipped); -1 if none. */
  const frameRowAt = (row: number, dir: 1 | -1): number => {
    for (let r = row; r >= 0 && r < rows.length; r += dir)
      if (rows.log[r] === -1) return rows.frame[r] ?? -1;
    return -1;
  };

  return (e: KeyboardEvent<HTMLElement>) => {
    const current = selected >= 0 && selectedRow >= 0 ? selected : frameRowAt(0, 1);
    const row = rows.rowOfFrame[current] ?? 0;
    let target = -1;
    const hasKids = (structure.childCount[current] as number) > 0;
    switch (e.key) {
      case "ArrowDown":
        target = frameRowAt(row + 1, 1);
        break;
      case "ArrowUp":
        target = frameRowAt(row - 1, -1);
        break;
      case "PageDown":
        target = frameRowAt(Math.min(rows.length - 1, row + PAGE), -1);
        break;
      case "PageUp":
        target = frameRowAt(Math.max(0, row - PAGE), 1);
        break;
      case "Home":
        target = frameRowAt(0, 1);
        break;
      case "End":
        target = frameRowAt(rows.length - 1, -1);
        break;
      case "ArrowRight":
        if (hasKids && !expanded[current]) onToggle(current);
        else if (hasKids) target = frameRowAt(row + 1, 1);
        break;
      case "ArrowLeft":
        if (hasKids && expanded[current]) onToggle(current);
        else target = structure.parent[current] ?? -1;
        break;
      case "Enter":
      case " ":
        if (hasKids) onToggle(current);
        target = current;
        break;
      case "*":
        onExpandSiblings(current);
        target = current;
        break;
      default:
        return;
    }
    e.preventDefault();
    if (target < 0) return;
    if (target !== selected) {
      focusPending.current = target;
      onSelect(target);
    } else {
      focusPending.current = -1;
      focusFrame(target);
    }
  };
}
