import {
  elementScroll,
  observeElementRect,
  type Rect,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { useEffect, useState, type CSSProperties } from "react";

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
 * How a virtualizer that starts from `initialRect` learns its scroll element's size: from a
 * ResizeObserver, after the browser's own layout of the frame, never at mount: reading it then
 * (the virtualizer's default) forces the whole page's layout in the middle of React's commit,
 * and lays it out again once the rows are in (34 ms of a 136 ms task as the activity page's
 * transfers came in). Until then the rows are those `initialRect` holds. A viewport that
 * measures 0×0 (a DOM without layout, a hidden tab) keeps `initialRect`; without one, or
 * without a ResizeObserver (a test DOM), the size is read at once as the virtualizer does.
 */
export function observeRectFrom(initialRect: Rect | undefined) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) => {
    const keep = (rect: Rect) => cb(rect.height === 0 && initialRect ? initialRect : rect);
    const element = instance.scrollElement;
    const view = instance.targetWindow;
    if (!initialRect || !element || !view?.ResizeObserver)
      return observeElementRect(instance, keep);
    const observer = new view.ResizeObserver(() =>
      keep({ width: element.clientWidth, height: element.clientHeight }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  };
}

/** Scroll boxes the virtualizer has written to (scrollFromTop). */
const written = new WeakSet<Element>();

/**
 * The virtualizer's scroll writes, but for its first one on a new box when that is to the top,
 * where a new box already is: Element.scrollTo lays the page out at once, inside React's commit
 * (3–5 ms of the grouped table's mount), to move nothing.
 */
export function scrollFromTop(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const element = instance.scrollElement;
  if (element && !written.has(element)) {
    written.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
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

/** How long scrolling must have stopped before rows drawn light are drawn in full again. */
export const SETTLE_MS = 150;

/**
 * Tells when a virtualised list is being flung through: a jump (a scroll farther than the view is
 * tall, so every row is new) while scrolling is already under way — the scrollbar's thumb
 * dragged, Page Down held. Rows are then drawn light (their main text only, no badges, links or
 * tooltips), which costs a third of a full row to lay out and paint, so each frame of the fling
 * stays smooth; SETTLE_MS after the scrolling stops they are drawn in full. A lone jump (a search
 * result, a deep link, one Page Down) is drawn in full at once.
 */
export class FlingState {
  private offset: number | null = null;
  private lastScrollAt = Number.NEGATIVE_INFINITY;
  private light = false;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** The list's scroll offset and viewport height as of this render: light or not. */
  update(offset: number, viewport: number): boolean {
    const now = this.clock();
    if (this.offset !== null && offset !== this.offset) {
      const jump = viewport > 0 && Math.abs(offset - this.offset) > viewport;
      if (jump && now - this.lastScrollAt < SETTLE_MS) this.light = true;
      this.lastScrollAt = now;
    }
    this.offset = offset;
    if (this.light && now - this.lastScrollAt >= SETTLE_MS) this.light = false;
    return this.light;
  }

  /** Milliseconds until the light rows are due to be drawn in full (0: now). */
  untilSettled(): number {
    return Math.max(0, this.lastScrollAt + SETTLE_MS - this.clock());
  }
}

/**
 * Whether the list scrolled by `virtualizer` is being flung through (see FlingState); once the
 * scrolling stops, the list renders again, in full.
 */
export function useFling(virtualizer: Virtualizer<HTMLDivElement, Element>): boolean {
  const [fling] = useState(() => new FlingState());
  const [, wake] = useState(0);
  const offset = virtualizer.scrollOffset ?? 0;
  const light = fling.update(offset, virtualizer.scrollRect?.height ?? 0);
  useEffect(() => {
    if (!light) return;
    // Checks again while the scrolling goes on; renders once it has stopped for SETTLE_MS.
    let id: ReturnType<typeof setTimeout>;
    const check = () => {
      const wait = fling.untilSettled();
      if (wait > 0) id = setTimeout(check, wait + 1);
      else wake((n) => n + 1);
    };
    id = setTimeout(check, fling.untilSettled() + 1);
    return () => clearTimeout(id);
  }, [light, fling]);
  return light;
}
