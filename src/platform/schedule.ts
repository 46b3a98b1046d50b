/**
 * The one place the app schedules work around the browser's frames: a task of its own
 * (`nextTask`), a turn after the next paint (`afterPaint`), and background work in short slices
 * of idle time (`idleSlices`). No React here (hooks over these live in src/ui). Every function
 * returns its cancel; the promise forms are for code that awaits a turn.
 */
import { untilQuiet, type Activity } from "./activity";

export type Cancel = () => void;

/**
 * Runs `fn` in a task of its own, without setTimeout's 4 ms clamp on nested timers
 * (MessageChannel), so slices of work follow each other closely while frames and input still get
 * their turn in between. Falls back to setTimeout where there is no MessageChannel.
 */
export function nextTask(fn: () => void): Cancel {
  if (typeof MessageChannel === "undefined") {
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  }
  const ch = new MessageChannel();
  let live = true;
  ch.port1.onmessage = () => {
    ch.port1.close();
    if (live) fn();
  };
  ch.port2.postMessage(null);
  return () => {
    live = false;
    ch.port1.close();
  };
}

/** Resolves in a task of its own (see `nextTask`). */
export function untilNextTask(): Promise<void> {
  return new Promise((resolve) => void nextTask(resolve));
}

export interface AfterPaintOptions {
  /**
   * Runs `fn` anyway after this long: a hidden tab paints no frames. Without it, `fn` waits for
   * the next frame however long that takes.
   */
  maxWaitMs?: number;
}

/**
 * Runs `fn` once the page has painted its next frame: a task queued from an animation frame
 * runs after that frame is on screen. At once (in a task) where there are no frames.
 */
export function afterPaint(fn: () => void, opts: AfterPaintOptions = {}): Cancel {
  let done = false;
  let cancelTask: Cancel = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let raf: number | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    if (timer !== undefined) clearTimeout(timer);
    if (raf !== undefined) cancelAnimationFrame(raf);
    fn();
  };
  if (typeof requestAnimationFrame !== "function") {
    cancelTask = nextTask(finish);
  } else {
    raf = requestAnimationFrame(() => {
      raf = undefined;
      cancelTask = nextTask(finish);
    });
    if (opts.maxWaitMs !== undefined) timer = setTimeout(finish, opts.maxWaitMs);
  }
  return () => {
    done = true;
    cancelTask();
    if (timer !== undefined) clearTimeout(timer);
    if (raf !== undefined) cancelAnimationFrame(raf);
  };
}

/** Resolves once the page has painted (see `afterPaint`). */
export function untilPainted(opts: AfterPaintOptions = {}): Promise<void> {
  return new Promise((resolve) => void afterPaint(resolve, opts));
}

/** One slice of idle time, as `idleSlices` hands it to the work. */
export interface IdleSlice {
  /** Whether the work may go on: false once the slice's time is up. Check it between pieces. */
  more(): boolean;
}

export interface IdleSlicesOptions {
  /** The most one slice runs for; default 8 ms (see IDLE_SLICE_MS). */
  sliceMs?: number;
  /** Asks for an idle period with this timeout (requestIdleCallback's), so work is not starved. */
  timeoutMs?: number;
  /** Waits until the user has been still this long before each slice (see activity.ts). */
  quiet?: { ms: number; of: Activity };
  /** Waits this long before asking for the first idle period. */
  delayMs?: number;
}

/**
 * The most one slice runs for. The browser grants up to 50 ms of idle time when nothing is due;
 * a scroll or key arriving meanwhile would wait that long for its frame.
 */
export const IDLE_SLICE_MS = 8;
/** A slice stops when the idle period has less than this left (its end is near). */
const IDLE_MARGIN_MS = 2;
/** Without requestIdleCallback (Safari): a slice after this pause. */
const NO_IDLE_PAUSE_MS = 50;

type IdleGlobal = {
  requestIdleCallback?: (cb: (d: IdleDeadline) => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `work` in slices of idle time until it returns false (nothing left). Each slice lasts at
 * most `sliceMs`; while the idle period has time left after a slice, the next one runs in a task
 * of its own, so input waits for at most one slice (an idle callback asked for now would wait
 * for the next period). `work` should do a small piece at a time and stop once `slice.more()` is
 * false; it gets at least one piece per slice, so it always advances.
 */
export function idleSlices(
  work: (slice: IdleSlice) => boolean,
  opts: IdleSlicesOptions = {},
): Cancel {
  const sliceMs = opts.sliceMs ?? IDLE_SLICE_MS;
  const g = globalThis as IdleGlobal;
  const ric = g.requestIdleCallback?.bind(globalThis);
  const cic = g.cancelIdleCallback?.bind(globalThis);
  let cancel: Cancel = () => {};
  let stopped = false;

  const request = () => {
    if (stopped) return;
    if (ric && cic) {
      const id = ric(run, opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs } : undefined);
      cancel = () => cic(id);
    } else {
      const id = setTimeout(() => run(null), NO_IDLE_PAUSE_MS);
      cancel = () => clearTimeout(id);
    }
  };
  const run = (deadline: IdleDeadline | null) => {
    if (stopped) return;
    const wait = opts.quiet ? untilQuiet(opts.quiet.ms, opts.quiet.of) : 0;
    if (wait > 0) {
      const id = setTimeout(request, wait);
      cancel = () => clearTimeout(id);
      return;
    }
    const idleLeft = () =>
      deadline === null || deadline.didTimeout || deadline.timeRemaining() > IDLE_MARGIN_MS;
    const t0 = performance.now();
    const more = () => idleLeft() && performance.now() - t0 < sliceMs;
    if (!work({ more }) || stopped) return;
    if (deadline && !deadline.didTimeout && deadline.timeRemaining() > IDLE_MARGIN_MS) {
      cancel = nextTask(() => run(deadline));
    } else request();
  };
  if (opts.delayMs) {
    const id = setTimeout(request, opts.delayMs);
    cancel = () => clearTimeout(id);
  } else request();
  return () => {
    stopped = true;
    cancel();
  };
}
