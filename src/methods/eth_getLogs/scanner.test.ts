import { describe, expect, it } from "vitest";
import { AbortedError, HttpStatusError, JsonRpcError, TimeoutError } from "../../rpc";
import { classifyError, splitRange, startScan, type BlockRef, type Sortable } from "./scanner";

interface FakeLog extends Sortable {
  blockNumber: number;
  logIndex: number;
}

class FakeRpcError extends Error {
  constructor(
    public code: number,
    public rpcMessage: string,
    public status?: number,
  ) {
    super(rpcMessage);
  }
}

/** A node with `perBlock` logs in every block of [0, head], optional limits, recording its calls. */
function fakeNode(opts: {
  head: number;
  perBlock?: (block: number) => number;
  maxRange?: number;
  maxResults?: number;
  delayMs?: number;
  fail?: (from: number, to: number, call: number) => Error | null;
}) {
  const calls: [number, number][] = [];
  let active = 0;
  let maxActive = 0;
  const perBlock = opts.perBlock ?? (() => 1);
  const num = (r: BlockRef | null) =>
    typeof r === "number" ? r : r === "earliest" ? 0 : opts.head;
  const send = async (
    fromRef: BlockRef | null,
    toRef: BlockRef | null,
    signal: AbortSignal,
  ): Promise<FakeLog[]> => {
    const from = num(fromRef);
    const to = num(toRef);
    calls.push([from, to]);
    active++;
    maxActive = Math.max(maxActive, active);
    try {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          clearTimeout(t);
          const e = new Error("aborted");
          e.name = "AbortError";
          reject(e);
        };
        const t = setTimeout(() => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        }, opts.delayMs ?? 1);
        signal.addEventListener("abort", onAbort, { once: true });
      });
      const failure = opts.fail?.(from, to, calls.length);
      if (failure) throw failure;
      if (opts.maxRange !== undefined && to - from + 1 > opts.maxRange)
        throw new FakeRpcError(-32602, `exceed maximum block range: ${opts.maxRange}`);
      const logs: FakeLog[] = [];
      for (let b = from; b <= to; b++)
        for (let i = 0; i < perBlock(b); i++) logs.push({ blockNumber: b, logIndex: i });
      if (opts.maxResults !== undefined && logs.length > opts.maxResults) {
        // Infura-style: suggest a range that fits.
        let end = from;
        let count = 0;
        while (end <= to && count + perBlock(end) <= opts.maxResults) count += perBlock(end++);
        throw new FakeRpcError(
          -32005,
          `query returned more than ${opts.maxResults} results. Try with this block range [0x${from.toString(16)}, 0x${Math.max(from, end - 1).toString(16)}].`,
        );
      }
      return logs.reverse(); // out of order on purpose: the scanner sorts
    } finally {
      active--;
    }
  };
  return { send, calls, head: async () => opts.head, maxActive: () => maxActive };
}

const isSorted = (logs: FakeLog[]) =>
  logs.every((l, i) => {
    const p = logs[i - 1];
    return (
      !p ||
      p.blockNumber < l.blockNumber ||
      (p.blockNumber === l.blockNumber && p.logIndex < l.logIndex)
    );
  });

describe("splitRange", () => {
  it("uses a suggested range and keeps the rest", () => {
    expect(splitRange({ from: 0, to: 99 }, { kind: "suggested", from: 0, to: 9 })).toEqual([
      { from: 0, to: 9 },
      { from: 10, to: 99 },
    ]);
  });
  it("chunks to N", () => {
    expect(splitRange({ from: 10, to: 34 }, { kind: "max-range", n: 10 })).toEqual([
      { from: 10, to: 19 },
      { from: 20, to: 29 },
      { from: 30, to: 34 },
    ]);
  });
  it("halves when nothing better is known, or when the advice would not shrink the piece", () => {
    expect(splitRange({ from: 0, to: 9 }, { kind: "halve" })).toEqual([
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ]);
    expect(splitRange({ from: 0, to: 9 }, { kind: "max-range", n: 50 })).toEqual([
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ]);
    expect(splitRange({ from: 0, to: 9 }, { kind: "suggested", from: 0, to: 9 })).toEqual([
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ]);
  });
  it("gives up on a single block", () => {
    expect(splitRange({ from: 7, to: 7 }, { kind: "halve" })).toBeNull();
  });
});

describe("startScan", () => {
  it("splits a range the node refuses into N-block pieces and returns every log in order", async () => {
    const node = fakeNode({ head: 12_345, maxRange: 5000, perBlock: (b) => (b % 7 === 0 ? 2 : 0) });
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: "latest" },
      send: node.send,
      head: node.head,
    }).done;
    expect(out.status).toBe("done");
    let expected = 0;
    for (let b = 0; b <= 12_345; b++) expected += b % 7 === 0 ? 2 : 0;
    expect(out.logs).toHaveLength(expected);
    expect(isSorted(out.logs)).toBe(true);
    expect(out.progress.blocksCovered).toBe(12_346);
    expect(out.progress.totalBlocks).toBe(12_346);
    // The whole range first, then three pieces of at most 5000.
    expect(node.calls[0]).toEqual([0, 12_345]);
    expect(node.calls.slice(1).every(([a, b]) => b - a + 1 <= 5000)).toBe(true);
    expect(node.calls).toHaveLength(4);
  });

  it("follows suggested ranges under a result cap", async () => {
    const node = fakeNode({ head: 999, maxResults: 100, perBlock: () => 3 });
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 999 },
      send: node.send,
      head: node.head,
    }).done;
    expect(out.status).toBe("done");
    expect(out.logs).toHaveLength(3000);
    expect(isSorted(out.logs)).toBe(true);
  });

  it("halves on an unnumbered limit and gives up when one block still fails, showing that error", async () => {
    const tooBig = new FakeRpcError(-32000, "logs matched by query exceeds limit of 10000");
    const node = fakeNode({ head: 15, fail: (from, to) => (from <= 5 && 5 <= to ? tooBig : null) });
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 15 },
      send: node.send,
      head: node.head,
      concurrency: 1,
    }).done;
    expect(out.status).toBe("error");
    if (out.status !== "error") return;
    expect(out.error).toBe(tooBig);
    expect(out.failedRange).toEqual({ from: 5, to: 5 });
    expect(node.calls).toContainEqual([0, 15]);
    expect(node.calls).toContainEqual([0, 7]);
    expect(node.calls).toContainEqual([4, 5]);
  });

  it("never runs more requests at once than the bound", async () => {
    const node = fakeNode({ head: 999, maxRange: 50, delayMs: 5 });
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 999 },
      send: node.send,
      head: node.head,
      concurrency: 3,
    }).done;
    expect(out.status).toBe("done");
    expect(out.logs).toHaveLength(1000);
    expect(node.maxActive()).toBe(3);
  });

  it("stops on an error that is not a limit, with the failed range, and Retry resumes where it stopped", async () => {
    let broken = true;
    const node = fakeNode({
      head: 399,
      maxRange: 100,
      fail: (from) => (broken && from === 200 ? new FakeRpcError(-32603, "internal error") : null),
    });
    const first = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 399 },
      send: node.send,
      head: node.head,
      concurrency: 1,
    }).done;
    expect(first.status).toBe("error");
    if (first.status !== "error") return;
    expect(first.failedRange).toEqual({ from: 200, to: 299 });
    expect(first.logs).toHaveLength(200); // blocks 0–199 arrived and are kept
    // not split away: no request for a part of the failed range
    expect(node.calls.filter(([a, b]) => a >= 200 && b <= 299 && b - a < 99)).toEqual([]);

    broken = false;
    node.calls.length = 0;
    const second = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 399 },
      send: node.send,
      head: node.head,
      resume: first.resume,
    }).done;
    expect(second.status).toBe("done");
    expect(second.logs).toHaveLength(400);
    expect(isSorted(second.logs)).toBe(true);
    expect(node.calls.every(([a]) => a >= 200)).toBe(true);
  });

  it("keeps what arrived when cancelled", async () => {
    const node = fakeNode({ head: 999, maxRange: 100, delayMs: 5 });
    const ctl = new AbortController();
    let updates = 0;
    const handle = startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 999 },
      send: node.send,
      head: node.head,
      concurrency: 1,
      signal: ctl.signal,
      emitIntervalMs: 0,
      onUpdate: (logs) => {
        if (logs.length >= 300 && updates++ === 0) ctl.abort();
      },
    });
    const out = await handle.done;
    expect(out.status).toBe("cancelled");
    expect(out.logs.length).toBeGreaterThanOrEqual(300);
    expect(out.logs.length).toBeLessThan(1000);
    expect(isSorted(out.logs)).toBe(true);
    if (out.status !== "cancelled") return;
    const rest = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 999 },
      send: node.send,
      head: node.head,
      resume: out.resume,
    }).done;
    expect(rest.logs).toHaveLength(1000);
  });

  it("waits out rate limits and sends the same range again", async () => {
    let limited = 2;
    const node = fakeNode({
      head: 9,
      fail: () =>
        limited-- > 0
          ? new FakeRpcError(
              -32005,
              "Your account has exceeded its Compute Units Per Second capacity",
              429,
            )
          : null,
    });
    const started = Date.now();
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 9 },
      send: node.send,
      head: node.head,
      backoff: { baseMs: 20 },
    }).done;
    expect(out.status).toBe("done");
    expect(out.logs).toHaveLength(10);
    expect(out.progress.retried).toBe(2);
    expect(node.calls).toEqual([
      [0, 9],
      [0, 9],
      [0, 9],
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40 - 5);
  });

  it("sends safe/finalized unsplit and resolves with eth_blockNumber only when it must split", async () => {
    const node = fakeNode({ head: 250, maxRange: 100 });
    let heads = 0;
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: "finalized" },
      send: node.send,
      head: async () => {
        heads++;
        return 250;
      },
    }).done;
    expect(out.status).toBe("done");
    expect(out.logs).toHaveLength(251);
    expect(heads).toBe(1);

    const small = fakeNode({ head: 20 });
    let smallHeads = 0;
    const ok = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: "safe" },
      send: small.send,
      head: async () => {
        smallHeads++;
        return 20;
      },
    }).done;
    expect(ok.logs).toHaveLength(21);
    expect(smallHeads).toBe(0);
  });

  it("does not split a blockHash filter", async () => {
    const err = new FakeRpcError(-32005, "query returned more than 10000 results");
    const out = await startScan<FakeLog>({
      plan: { kind: "single" },
      send: async () => Promise.reject(err),
      head: async () => 0,
    }).done;
    expect(out.status).toBe("error");
  });
});

describe("classifyError with the rpc client's errors", () => {
  const ctx = {
    method: "eth_getLogs",
    endpoint: "https://node.example/v3/k",
    request: {},
    durationMs: 5,
  };

  it("reads the devnet gateway's limit answers (JsonRpcError code / rpcMessage)", () => {
    expect(
      classifyError(
        new JsonRpcError(ctx, { code: -32005, message: "exceed maximum block range: 5000" }),
      ),
    ).toEqual({
      kind: "limit",
      advice: { kind: "max-range", n: 5000 },
    });
    const capped = new JsonRpcError(ctx, {
      code: -32005,
      message: "query returned more than 10000 results. Try with this block range [0x7, 0x1f3c].",
    });
    expect(classifyError(capped)).toEqual({
      kind: "limit",
      advice: { kind: "suggested", from: 7, to: 0x1f3c },
    });
  });

  it("reads an HTTP error's JSON-RPC body (rpcCode / rpcMessage) and Retry-After", () => {
    const limit = new HttpStatusError(ctx, {
      status: 400,
      body: "",
      rpcError: { code: -32602, message: "eth_getLogs is limited to 1024 block range" },
    });
    expect(classifyError(limit)).toEqual({ kind: "limit", advice: { kind: "max-range", n: 1024 } });
    // -32005 plus a capacity message is a rate limit: only readable through rpcCode
    const busy = new HttpStatusError(ctx, {
      status: 503,
      body: "",
      rpcError: { code: -32005, message: "exceeded the requests per second capacity" },
    });
    expect(classifyError(busy).kind).toBe("rate");
    expect(
      classifyError(new HttpStatusError(ctx, { status: 429, body: "", retryAfterMs: 2000 })),
    ).toEqual({ kind: "rate", retryAfterMs: 2000 });
  });

  it("treats a cancellation as aborted and the client's own failures as errors to show, not limits", () => {
    expect(classifyError(new AbortedError(ctx)).kind).toBe("aborted");
    expect(classifyError(new TimeoutError(ctx, 30_000)).kind).toBe("fatal");
    expect(
      classifyError(new HttpStatusError(ctx, { status: 500, body: "query timeout exceeded" })).kind,
    ).toBe("fatal");
  });
});
