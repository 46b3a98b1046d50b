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
