import type { Rect, Virtualizer } from "@tanstack/react-virtual";
import type { CSSProperties } from "react";

/**
 * Virtualizer options for a fixed viewport (tests, benchmarks): the given size is used as it is,
 * and the scroll element is never measured. Without a viewport, no options (the browser measures).
 */
export function fixedViewport(viewport: Rect | undefined) {
  if (!viewport) return {};
  return {
    initialRect: viewport,
    observeElementRect: (_i: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) => {
      cb(viewport);
      return () => {};
    },
  };
}

/**
 * The inner box of a virtualised list: as tall as all its rows (`total`), so the scrollbar is
 * right, and as wide as its widest mounted row, so long rows scroll sideways instead of wrapping.
 */
export function sizerStyle(total: number): CSSProperties {
  return { height: total, position: "relative", minWidth: "100%", width: "max-content" };
}

/**
 * React keys for the rows of a virtualised list that reuse the elements of rows scrolled away.
 * A row still in view keeps its slot (its element, and focus with it); a row coming into view
 * takes the slot of one that left. React then updates an element in place (its text, the
 * attributes that differ) instead of removing one row and creating another: a jump or a
 * screenful of scrolling costs no new elements, no style matching for unchanged classes and no
 * new layout objects. Any assignment is correct (keys only decide which element is reused), so
 * a render React drops leaves nothing wrong behind.
 */
export class SlotKeys<K> {
  private slots = new Map<K, number>();
  /** The slots of the last assignment, in its order (the order of the elements in the DOM). */
  private order: number[] = [];

  /**
   * One slot per key (unique among them), in the keys' order. `keep`: a key whose element must
   * not be reused for another row (it holds focus): once it leaves, its element goes with it.
   */
  assign(keys: readonly K[], keep?: K): number[] {
    const out = new Array<number>(keys.length);
    const taken = new Set<number>();
    const kept = keep === undefined ? undefined : this.slots.get(keep);
    if (kept !== undefined && !keys.includes(keep as K)) taken.add(kept);
    let fresh = 0;
    for (let j = 0; j < keys.length; j++) {
      const s = this.slots.get(keys[j] as K);
      if (s !== undefined && !taken.has(s)) {
        out[j] = s;
        taken.add(s);
      } else {
        out[j] = -1;
        fresh++;
      }
    }
    if (fresh > 0) {
      // Slots freed by rows that left, in their old order, so rows coming in keep the elements'
      // order in the DOM (a jump then moves no element), then slots never used.
      const free: number[] = [];
      for (const s of this.order) if (!taken.has(s) && free.length < fresh) free.push(s);
      for (let s = 0; free.length < fresh; s++)
        if (!taken.has(s) && !free.includes(s)) free.push(s);
      let f = 0;
      for (let j = 0; j < keys.length; j++) if (out[j] === -1) out[j] = free[f++] as number;
    }
    const next = new Map<K, number>();
    for (let j = 0; j < keys.length; j++) next.set(keys[j] as K, out[j] as number);
    this.slots = next;
    this.order = out;
    return out;
  }
}
