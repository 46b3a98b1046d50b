import { describe, expect, it } from "vitest";
import { initialScan, logsOf, type ScanConfig, type ScanState } from "./scanState";
import { step, type ErrorClass, type ScanCommand, type ScanEvent } from "./scanStep";

interface Log {
  blockNumber: number;
  logIndex: number;
}
const log = (blockNumber: number, logIndex = 0): Log => ({ blockNumber, logIndex });

const fatal: ErrorClass = { kind: "fatal" };
const aborted: ErrorClass = { kind: "aborted" };
const maxRange = (n: number): ErrorClass => ({ kind: "limit", advice: { kind: "max-range", n } });

/** Runs the step function by hand: each event's commands are kept for the test to read. */
function scan(config: ScanConfig<Log>) {
  let state: ScanState<Log> = initialScan(config);
  let commands: ScanCommand[] = [];
  const send = (event: ScanEvent<Log>) => {
    const next = step(state, event);
    state = next.state;
    commands = next.commands;
    return commands;
  };
  const calls = (kind: "getLogs") => commands.flatMap((c) => (c.kind === kind ? [c] : []));
  const heads = () => commands.flatMap((c) => (c.kind === "getHead" ? [c] : []));
  return {
    send,
    calls,
    heads,
    get state() {
      return state;
    },
  };
}

describe("the scan's step function", () => {
  it("asks for the whole range, then splits a refused one into pieces, never more at once than the bound", () => {
    const s = scan({ plan: { kind: "range", from: 0, to: 99 }, concurrency: 2 });
    s.send({ kind: "start", cancelled: false });
    expect(s.calls("getLogs").map((c) => [c.from, c.to])).toEqual([[0, 99]]);
    const whole = s.calls("getLogs")[0]?.call ?? 0;

    s.send({ kind: "failed", call: whole, error: new Error("too wide"), cls: maxRange(30) });
    expect(s.calls("getLogs").map((c) => [c.from, c.to])).toEqual([
      [0, 29],
      [30, 59],
    ]);
    expect(s.state.progress).toMatchObject({ splits: 1, inFlight: 2, requests: 3 });
    expect(s.state.learnedMax).toBe(30);

    // Each answer frees a place for the next piece; the last answer finishes the scan.
    const [a, b] = s.calls("getLogs").map((c) => c.call);
    s.send({ kind: "logs", call: b ?? 0, logs: [log(31)] });
    expect(s.calls("getLogs").map((c) => [c.from, c.to])).toEqual([[60, 89]]);
    const c = s.calls("getLogs")[0]?.call ?? 0;
    s.send({ kind: "logs", call: a ?? 0, logs: [log(2), log(1)] });
    const d = s.calls("getLogs")[0]?.call ?? 0;
    expect(s.calls("getLogs").map((x) => [x.from, x.to])).toEqual([[90, 99]]);
    s.send({ kind: "logs", call: c, logs: [] });
    expect(s.send({ kind: "logs", call: d, logs: [log(95)] })).toContainEqual({ kind: "finish" });
    expect(logsOf(s.state)).toEqual([log(1), log(2), log(31), log(95)]);
    expect(s.state.progress).toMatchObject({ blocksCovered: 100, logs: 4, inFlight: 0 });
  });

  it("grants calls retries only from what the scan has left, and takes back what a call did not spend", () => {
    const s = scan({ plan: { kind: "range", from: 0, to: 99 }, concurrency: 3, retryBudget: 3 });
    s.send({ kind: "start", cancelled: false });
    const whole = s.calls("getLogs")[0];
    expect(whole?.maxRetries).toBe(2);
    s.send({ kind: "retried", call: whole?.call ?? 0 });
    // One retry spent, one returned: the three pieces share the two left.
    s.send({ kind: "failed", call: whole?.call ?? 0, error: null, cls: maxRange(40) });
    expect(s.calls("getLogs").map((c) => c.maxRetries)).toEqual([2, 0, 0]);
    expect(s.state.progress.retries).toBe(1);
  });

  it("on an error that is not a limit: stops, aborts the calls in flight and keeps the failed piece to retry", () => {
    const s = scan({ plan: { kind: "range", from: 0, to: 99 }, concurrency: 2 });
    s.send({ kind: "start", cancelled: false });
    s.send({ kind: "failed", call: 1, error: null, cls: maxRange(50) });
    const [low, high] = s.calls("getLogs").map((c) => c.call);
    const boom = new Error("internal error");
    expect(s.send({ kind: "failed", call: low ?? 0, error: boom, cls: fatal })).toEqual([
      { kind: "abort", why: "stopped" },
    ]);
    // The other call, aborted by the stop, is still to fetch; then the scan ends with the error.
    expect(s.send({ kind: "failed", call: high ?? 0, error: null, cls: aborted })).toContainEqual({
      kind: "finish",
    });
    expect(s.state.stop).toEqual({ kind: "error", error: boom, piece: { from: 0, to: 49 } });
    expect(s.state.queue).toEqual([
      { from: 50, to: 99 },
      { from: 0, to: 49 },
    ]);
  });

  it("shows streamed logs at once and drops them when their call fails", () => {
    const s = scan({ plan: { kind: "single" } });
    s.send({ kind: "start", cancelled: false });
    const call = s.calls("getLogs")[0]?.call ?? 0;
    expect(s.send({ kind: "partial", call, logs: [log(7, 1), log(7, 2)] })).toEqual([
      { kind: "emit", delayMs: null },
    ]);
    expect(logsOf(s.state)).toEqual([log(7, 1), log(7, 2)]);
    s.send({ kind: "failed", call, error: new Error("broken"), cls: fatal });
    expect(logsOf(s.state)).toEqual([]);
    expect(s.state.progress.logs).toBe(0);
    expect(s.state.phase).toBe("finished");
  });

  it("puts numbers on a tagged range with eth_blockNumber before splitting it", () => {
    const s = scan({ plan: { kind: "range", from: 0, to: "finalized" } });
    s.send({ kind: "start", cancelled: false });
    expect(s.calls("getLogs").map((c) => [c.from, c.to])).toEqual([[0, "finalized"]]);
    s.send({ kind: "failed", call: 1, error: null, cls: maxRange(100) });
    const head = s.heads()[0];
    expect(head).toBeDefined();
    expect(s.state.progress.inFlight).toBe(1); // the piece waits for its numbers
    s.send({ kind: "head", call: head?.call ?? 0, head: 250 });
    expect(s.state.progress.range).toEqual({ from: 0, to: 250 });
    expect(s.calls("getLogs").map((c) => [c.from, c.to])).toEqual([
      [0, 99],
      [100, 199],
      [200, 250],
    ]);
  });

  it("a cancel aborts what is in flight and finishes once it has come back, resumable", () => {
    const s = scan({ plan: { kind: "range", from: 0, to: 9 } });
    s.send({ kind: "start", cancelled: false });
    expect(s.send({ kind: "cancel" })).toEqual([{ kind: "abort", why: "cancelled" }]);
    expect(s.send({ kind: "failed", call: 1, error: null, cls: aborted })).toContainEqual({
      kind: "finish",
    });
    expect(s.state.stop).toEqual({ kind: "cancelled" });
    expect(s.state.queue).toEqual([{ from: 0, to: 9 }]);
  });

  it("never changes the state it is given", () => {
    const s = scan({ plan: { kind: "range", from: 0, to: 9 } });
    s.send({ kind: "start", cancelled: false });
    const before = s.state;
    const copy = structuredClone({ ...before, calls: [...before.calls] });
    step(before, { kind: "partial", call: 1, logs: [log(1)] });
    step(before, { kind: "failed", call: 1, error: null, cls: maxRange(2) });
    expect({ ...before, calls: [...before.calls] }).toEqual(copy);
  });
});
