/**
 * When the user last scrolled, or last gave any input: background work (idle slices) waits while
 * they do, so their frames are not shared with it and its garbage does not land in them. One set
 * of capture listeners on the window sees every element's scrolling (a scroll event does not
 * bubble, but it passes the window on its way down), so no list has to report its own. No React.
 */

/** `scroll`: scrolling only (wheel, touch moves and scroll events); `input`: that, keys and pointer presses. */
export type Activity = "scroll" | "input";

const SCROLL_EVENTS = ["scroll", "wheel", "touchmove"] as const;
const OTHER_EVENTS = ["pointerdown", "keydown"] as const;

const last: Record<Activity, number> = {
  scroll: Number.NEGATIVE_INFINITY,
  input: Number.NEGATIVE_INFINITY,
};
let watching = false;

/** Starts listening (once per page); called by every reader, and at load where there is a window. */
export function watchActivity(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  const opts = { capture: true, passive: true } as const;
  for (const e of SCROLL_EVENTS) window.addEventListener(e, () => noteActivity("scroll"), opts);
  for (const e of OTHER_EVENTS) window.addEventListener(e, () => noteActivity("input"), opts);
}

/** Records activity now (the listeners do; tests and synthetic scrolling may too). */
export function noteActivity(kind: Activity): void {
  const now = performance.now();
  last.input = now;
  if (kind === "scroll") last.scroll = now;
}

/** Milliseconds left until the user has been still (of `kind`) for `ms`; 0 when they have. */
export function untilQuiet(ms: number, kind: Activity): number {
  watchActivity();
  return Math.max(0, last[kind] + ms - performance.now());
}

watchActivity();
