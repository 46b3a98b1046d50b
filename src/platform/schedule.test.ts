import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteActivity } from "./activity";
import {
  afterPaint,
  IDLE_SLICE_MS,
  idleSlices,
  nextTask,
  untilNextTask,
  untilPainted,
} from "./schedule";

/** A clock the tests move by hand: the work "takes" time by advancing it. */
let clock = 0;
type G = Record<string, unknown>;
const g = globalThis as unknown as G;

beforeEach(() => {
  clock = 1_000_000;
  vi.spyOn(performance, "now").mockImplementation(() => clock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const k of [
    "requestIdleCallback",
    "cancelIdleCallback",
    "requestAnimationFrame",
    "cancelAnimationFrame",
  ])
    delete g[k];
});

/** A stand-in for the browser's idle callbacks: `idle(ms)` grants one idle period of `ms`. */
function fakeIdle() {
  let queue = new Map<number, (d: IdleDeadline) => void>();
  let nextId = 1;
  let asked = 0;
  g.requestIdleCallback = (cb: (d: IdleDeadline) => void) => {
    asked++;
    queue.set(nextId, cb);
    return nextId++;
  };
  g.cancelIdleCallback = (id: number) => void queue.delete(id);
  return {
    asked: () => asked,
    pending: () => queue.size,
    idle(ms: number, didTimeout = false) {
      const cbs = [...queue.values()];
      queue = new Map();
      const end = clock + ms;
      for (const cb of cbs) cb({ didTimeout, timeRemaining: () => Math.max(0, end - clock) });
    },
  };
}

/** A stand-in for animation frames: `frame()` runs the callbacks of the next frame. */
function fakeFrames() {
  let queue = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  g.requestAnimationFrame = (cb: FrameRequestCallback) => {
    queue.set(nextId, cb);
    return nextId++;
  };
  g.cancelAnimationFrame = (id: number) => void queue.delete(id);
  return {
    frame() {
      const cbs = [...queue.values()];
      queue = new Map();
      for (const cb of cbs) cb(clock);
    },
  };
}

describe("nextTask", () => {
  it("runs after the current task, in the order asked", async () => {
    const seen: string[] = [];
    nextTask(() => seen.push("a"));
    nextTask(() => seen.push("b"));
    await Promise.resolve();
    seen.push("sync");
    await untilNextTask();
    expect(seen).toEqual(["sync", "a", "b"]);
  });

  it("does not run once cancelled", async () => {
    const fn = vi.fn();
    nextTask(fn)();
    await untilNextTask();
    await untilNextTask();
    expect(fn).not.toHaveBeenCalled();
  });
});

describe("afterPaint", () => {
  it("runs in a task after the next frame, not before it", async () => {
    const frames = fakeFrames();
    const fn = vi.fn();
    afterPaint(fn);
    await untilNextTask();
    expect(fn).not.toHaveBeenCalled();
    frames.frame();
    expect(fn).not.toHaveBeenCalled(); // not inside the frame: after it is painted
    await untilNextTask();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("is cancelled before the frame and after it", async () => {
    const frames = fakeFrames();
    const early = vi.fn();
    const late = vi.fn();
    afterPaint(early)();
    const cancelLate = afterPaint(late);
    frames.frame();
    cancelLate();
    await untilNextTask();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it("with maxWaitMs, runs without a frame (a hidden tab), once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const frames = fakeFrames();
    const fn = vi.fn();
    const done = untilPainted({ maxWaitMs: 100 }).then(fn);
    vi.advanceTimersByTime(99);
    await Promise.resolve();
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await done;
    expect(fn).toHaveBeenCalledTimes(1);
    const twice = vi.fn();
    afterPaint(twice, { maxWaitMs: 100 });
    frames.frame();
    await untilNextTask();
    vi.advanceTimersByTime(200);
    expect(twice).toHaveBeenCalledTimes(1);
  });

  it("runs in a task where there are no frames", async () => {
    const fn = vi.fn();
    afterPaint(fn);
    expect(fn).not.toHaveBeenCalled();
    await untilNextTask();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe("idleSlices", () => {
  /** Work of `pieces` pieces of 1 ms each; records how many pieces each slice did. */
  function work(pieces: number) {
    let left = pieces;
    const slices: number[] = [];
    const step = (slice: { more(): boolean }) => {
      let n = 0;
      do {
        clock += 1;
        left--;
        n++;
      } while (left > 0 && slice.more());
      slices.push(n);
      return left > 0;
    };
    return { step, slices, left: () => left };
  }

  it("keeps every slice within its time, going on in tasks of their own while the period lasts", async () => {
    const idle = fakeIdle();
    const w = work(40);
    idleSlices(w.step);
    expect(idle.asked()).toBe(1);
    idle.idle(50);
    expect(w.slices).toEqual([IDLE_SLICE_MS]); // one slice per task, not the whole period
    for (let i = 0; i < 6; i++) await untilNextTask();
    // 50 ms of idle time: slices of 8 until fewer than 2 ms were left, then a new period asked for.
    expect(w.slices.every((n) => n <= IDLE_SLICE_MS)).toBe(true);
    expect(w.slices.reduce((a, b) => a + b, 0)).toBe(40);
    expect(w.slices.length).toBe(5);
    expect(idle.asked()).toBe(1);
  });

  it("asks for a new idle period when this one is nearly over", async () => {
    const idle = fakeIdle();
    const w = work(20);
    idleSlices(w.step);
    idle.idle(5);
    await untilNextTask();
    expect(w.slices).toEqual([3]); // stopped with 2 ms left
    expect(idle.asked()).toBe(2);
    idle.idle(50);
    for (let i = 0; i < 3; i++) await untilNextTask();
    expect(w.left()).toBe(0);
  });

  it("after a timed-out wait, still runs one bounded slice, then asks again", () => {
    const idle = fakeIdle();
    const w = work(100);
    idleSlices(w.step, { timeoutMs: 2000 });
    idle.idle(0, true);
    expect(w.slices).toEqual([IDLE_SLICE_MS]);
    expect(idle.asked()).toBe(2);
  });

  it("stops when cancelled: between periods and between the tasks of one period", async () => {
    const idle = fakeIdle();
    const a = work(100);
    idleSlices(a.step)();
    expect(idle.pending()).toBe(0);
    idle.idle(50);
    expect(a.slices).toEqual([]);

    const b = work(100);
    const cancel = idleSlices(b.step);
    idle.idle(50);
    cancel();
    await untilNextTask();
    await untilNextTask();
    expect(b.slices).toEqual([IDLE_SLICE_MS]);
  });

  it("waits while the user scrolls, then goes on", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const idle = fakeIdle();
    const w = work(4);
    idleSlices(w.step, { quiet: { ms: 400, of: "scroll" } });
    noteActivity("scroll");
    clock += 100;
    idle.idle(50);
    expect(w.slices).toEqual([]);
    clock += 299;
    vi.advanceTimersByTime(299);
    expect(idle.asked()).toBe(1); // still waiting for 400 ms of quiet
    clock += 1;
    vi.advanceTimersByTime(1);
    expect(idle.asked()).toBe(2);
    idle.idle(50);
    expect(w.left()).toBe(0);
  });

  it("a key press holds back work that waits for quiet input, not work that waits for quiet scrolling", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const idle = fakeIdle();
    const scrollOnly = work(1);
    const anyInput = work(1);
    idleSlices(scrollOnly.step, { quiet: { ms: 300, of: "scroll" } });
    idleSlices(anyInput.step, { quiet: { ms: 300, of: "input" } });
    clock += 1000;
    noteActivity("input");
    idle.idle(50);
    expect(scrollOnly.left()).toBe(0);
    expect(anyInput.left()).toBe(1);
  });

  it("with delayMs, asks for idle time only after the delay", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const idle = fakeIdle();
    idleSlices(work(1).step, { delayMs: 300 });
    expect(idle.asked()).toBe(0);
    vi.advanceTimersByTime(300);
    expect(idle.asked()).toBe(1);
  });

  it("without idle callbacks (Safari), runs bounded slices on a timer", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const w = work(20);
    idleSlices(w.step);
    expect(w.slices).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(w.slices).toEqual([IDLE_SLICE_MS]);
    vi.advanceTimersByTime(100);
    expect(w.left()).toBe(0);
    expect(w.slices.every((n) => n <= IDLE_SLICE_MS)).toBe(true);
  });
});
