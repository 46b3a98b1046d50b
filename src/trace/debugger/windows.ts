/**
 * Pass 2's windows: a frame's steps cut into fixed windows, so a step's window has one query key
 * whatever step asked for it, and the windows the next step commands lead to can be asked ahead.
 * No React.
 */

export interface StepWindow {
  frame: number;
  /** Inclusive. */
  from: number;
  to: number;
}

/** The window holding step `k` of a frame of `size` steps (`span` steps long). */
export function windowOf(frame: number, k: number, size: number, span: number): StepWindow {
  const from = Math.floor(Math.max(0, k) / span) * span;
  return { frame, from, to: Math.max(from, Math.min(from + span, size) - 1) };
}

/** The distinct windows of steps, in the order given (the current step's first). */
export function windowsOf(
  frame: number,
  steps: readonly number[],
  size: number,
  span: number,
): StepWindow[] {
  const out: StepWindow[] = [];
  for (const k of steps) {
    if (k < 0 || k >= size) continue;
    const w = windowOf(frame, k, size, span);
    if (!out.some((o) => o.from === w.from)) out.push(w);
  }
  return out;
}
