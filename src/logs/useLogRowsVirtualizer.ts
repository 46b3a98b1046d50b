/**
 * The logs table's virtualised rows: only the rows in view are mounted, in elements reused as the
 * view scrolls (the focused row's kept), light while a fling runs.
 */
import { useCallback, useRef, useState, type FocusEvent } from "react";
import {
  measureElement,
  useVirtualizer,
  type Rect,
  type VirtualItem,
} from "@tanstack/react-virtual";
import { observeRectFrom, scrollFromTop, SlotKeys, useFling } from "../ui/virtual";
import { ROW_HEIGHT } from "./LogRow";
import type { LogRow } from "./result";

/** The virtualizer over `view` (the rows as shown), its rows' slots and the focused row. */
export function useLogRowsVirtualizer(view: readonly LogRow[], initialRect: Rect | undefined) {
  // Stable between renders: a new function would make the virtualizer lay out every row again
  // (100,000 of them) on each scroll.
  const getItemKey = useCallback((i: number) => view[i]?.id ?? i, [view]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is the point here
  const virtualizer = useVirtualizer({
    count: view.length,
    getScrollElement: () => scrollRef.current,
    scrollToFn: scrollFromTop,
    estimateSize: () => ROW_HEIGHT,
    overscan: 2,
    initialRect,
    observeElementRect: observeRectFrom(initialRect),
    getItemKey,
    // Collapsed rows have a fixed height (set in their style): no layout read, and the cached
    // size never changes under the scroll. Only an open row (its details inside) is measured; a
    // row not laid out yet (or a test DOM) measures 0 and keeps the estimate.
    measureElement: (el, entry, instance) =>
      el.getAttribute("data-expanded") === "true"
        ? measureElement(el, entry, instance) || ROW_HEIGHT
        : ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  // Rows scrolled into view reuse the elements of rows that left. Opening or closing a row keeps
  // its element (a new one would drop the keyboard focus on its Details button).
  // The row holding focus (a link, its Details button) is never handed to another log: scrolled
  // away, it goes, as any row did before.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [slotKeys] = useState(() => new SlotKeys<VirtualItem["key"]>());
  const slots = slotKeys.assign(
    items.map((item) => item.key),
    focusedId ?? undefined,
  );
  const light = useFling(virtualizer);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const index = (e.target as HTMLElement).closest("[data-index]")?.getAttribute("data-index");
    const id = index == null ? null : (view[Number(index)]?.id ?? null);
    if (id !== focusedId) setFocusedId(id);
  };
  return { scrollRef, virtualizer, items, focusedId, slots, light, onFocus };
}
