/**
 * When the call tree was last scrolled: background work (the search strings' idle build) waits
 * while the user scrolls, so scrolling frames are not shared with it.
 */
let last = Number.NEGATIVE_INFINITY;

export function noteScroll(): void {
  last = performance.now();
}

/** Whether the tree was scrolled within the last `ms` milliseconds. */
export function scrolledWithin(ms: number): boolean {
  return performance.now() - last < ms;
}
