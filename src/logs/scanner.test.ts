import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AbortedError,
  createRpcClient,
  HttpStatusError,
  interpretHttpError,
  interpretRpcError,
  RateLimitedError,
  TimeoutError,
} from "../rpc";
import type { BlockRef } from "./ranges";
import type { Sortable } from "./scanState";
import { classifyError, startScan, type RetryAllowance } from "./scanner";

interface FakeLog extends Sortable {
  blockNumber: number;
  logIndex: number;
}

const ctx = {
  method: "eth_getLogs",
  endpoint: "https://node.example/v3/k",
  request: {},
  durationMs: 5,
};

/** A node's JSON-RPC error to eth_getLogs, as the client's interpret step names it. */
const nodeError = (code: number, message: string) => interpretRpcError(ctx, { code, message });

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
        throw nodeError(-32602, `exceed maximum block range: ${opts.maxRange}`);
      const logs: FakeLog[] = [];
      for (let b = from; b <= to; b++)
        for (let i = 0; i < perBlock(b); i++) logs.push({ blockNumber: b, logIndex: i });
      if (opts.maxResults !== undefined && logs.length > opts.maxResults) {
        // Infura-style: suggest a range that fits.
        let end = from;
        let count = 0;
        while (end <= to && count + perBlock(end) <= opts.maxResults) count += perBlock(end++);
        throw nodeError(
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

  it("caps a wide range at the chain head instead of asking for blocks that do not exist", async () => {
    const node = fakeNode({ head: 12_000, maxRange: 5000, perBlock: () => 0 });
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 10_000, to: 99_999_999 },
      send: node.send,
      head: node.head,
    }).done;
    expect(out.status).toBe("done");
    expect(out.progress.capped).toEqual({ asked: 99_999_999, head: 12_000 });
    expect(out.progress.range).toEqual({ from: 10_000, to: 12_000 });
    expect(node.calls).toEqual([[10_000, 12_000]]);
    expect(out.progress.requests).toBe(2); // eth_blockNumber, then one eth_getLogs

    const future = fakeNode({ head: 100, perBlock: () => 1 });
    const none = await startScan<FakeLog>({
      plan: { kind: "range", from: 50_000, to: 60_000 },
      send: future.send,
      head: future.head,
    }).done;
    expect(none.status).toBe("done");
    expect(future.calls).toEqual([]);
    expect(none.logs).toEqual([]);
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
    const tooBig = nodeError(-32000, "logs matched by query exceeds limit of 10000");
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
      fail: (from) => (broken && from === 200 ? nodeError(-32603, "internal error") : null),
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

  it("does not retry on its own: a rate limit the client gave up on stops the scan, shown", async () => {
    const limited = interpretHttpError(ctx, { status: 429, body: "Too Many Requests" });
    const node = fakeNode({ head: 9, fail: () => limited });
    const out = await startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 9 },
      send: node.send,
      head: node.head,
    }).done;
    expect(out.status).toBe("error");
    if (out.status !== "error") return;
    expect(out.error).toBe(limited);
    expect(node.calls).toEqual([[0, 9]]);
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
    const err = nodeError(-32005, "query returned more than 10000 results");
    const out = await startScan<FakeLog>({
      plan: { kind: "single" },
      send: async () => Promise.reject(err),
      head: async () => 0,
    }).done;
    expect(out.status).toBe("error");
  });
});

describe("classifyError with the rpc client's errors", () => {
  it("splits on a range or result limit, with the suggested range or the maximum parsed", () => {
    expect(classifyError(nodeError(-32005, "exceed maximum block range: 5000"))).toEqual({
      kind: "limit",
      advice: { kind: "max-range", n: 5000 },
    });
    const capped = nodeError(
      -32005,
      "query returned more than 10000 results. Try with this block range [0x7, 0x1f3c].",
    );
    expect(classifyError(capped)).toEqual({
      kind: "limit",
      advice: { kind: "suggested", from: 7, to: 0x1f3c },
    });
    expect(
      classifyError(
        nodeError(-32602, "query exceeds max results 20000, retry with the range 1200-1450"),
      ),
    ).toEqual({ kind: "limit", advice: { kind: "suggested", from: 1200, to: 1450 } });
    expect(
      classifyError(nodeError(-32000, "logs matched by query exceeds limit of 10000")),
    ).toEqual({ kind: "limit", advice: { kind: "halve" } });
  });

  it("reads a limit inside an HTTP error's JSON-RPC body", () => {
    const limit = interpretHttpError(ctx, {
      status: 400,
      body: "",
      rpcError: { code: -32602, message: "eth_getLogs is limited to 1024 block range" },
    });
    expect(classifyError(limit)).toEqual({ kind: "limit", advice: { kind: "max-range", n: 1024 } });
  });

  it("treats a cancellation as aborted, and rate limits, time-outs and other errors as errors to show", () => {
    expect(classifyError(new AbortedError(ctx)).kind).toBe("aborted");
    expect(classifyError(new TimeoutError(ctx, 30_000)).kind).toBe("fatal");
    expect(
      classifyError(interpretHttpError(ctx, { status: 429, body: "", retryAfterMs: 2000 })).kind,
    ).toBe("fatal");
    expect(
      classifyError(new HttpStatusError(ctx, { status: 500, body: "query timeout exceeded" })).kind,
    ).toBe("fatal");
    expect(classifyError(nodeError(-32602, "invalid block range params")).kind).toBe("fatal");
  });
});

describe("retries against a real endpoint: the client's, bounded per call and per scan", () => {
  let server: Server;
  let url = "";
  let hits = 0;
  type Answer = { status: number; body: Record<string, unknown> };
  let answer: (from: number, to: number) => Answer = () => ({ status: 200, body: { result: [] } });
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        hits++;
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          id: number;
          params: [{ fromBlock: string; toBlock: string }];
        };
        const f = body.params[0];
        const a = answer(Number(f.fromBlock), Number(f.toBlock));
        res.writeHead(a.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, ...a.body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const tooMany: Answer = {
    status: 429,
    body: { error: { code: -32005, message: "rate limited" } },
  };
  const scan = (retryBudget?: number) => {
    const client = createRpcClient({ sleep: async () => undefined });
    const hex = (n: BlockRef | null) => `0x${Number(n).toString(16)}`;
    return startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 99 },
      concurrency: 1,
      ...(retryBudget !== undefined ? { retryBudget } : {}),
      head: async () => 99,
      send: (from, to, signal, retry: RetryAllowance) =>
        client.request<FakeLog[]>(
          { url },
          "eth_getLogs",
          [{ fromBlock: hex(from), toBlock: hex(to) }],
          { signal, maxRetries: retry.maxRetries, onRetry: retry.onRetry },
        ),
    }).done;
  };

  it("a server that always answers 429: three requests (two client retries), then the error is shown", async () => {
    hits = 0;
    answer = () => tooMany;
    const out = await scan();
    expect(out.status).toBe("error");
    if (out.status !== "error") return;
    expect(out.error).toBeInstanceOf(RateLimitedError);
    expect(hits).toBe(3);
    expect(out.progress.requests).toBe(1);
    expect(out.progress.retries).toBe(2);
  });

  it("the whole scan spends at most its retry budget, and counts what it spent", async () => {
    hits = 0;
    // Ranges over 10 blocks are refused; each piece is rate limited once, then answered.
    const seen = new Set<string>();
    answer = (from, to) => {
      if (to - from + 1 > 10)
        return {
          status: 200,
          body: { error: { code: -32005, message: "exceed maximum block range: 10" } },
        };
      const key = `${from}-${to}`;
      if (seen.has(key))
        return { status: 200, body: { result: [{ blockNumber: from, logIndex: 0 }] } };
      seen.add(key);
      return tooMany;
    };
    const out = await scan(4);
    expect(out.status).toBe("error");
    if (out.status !== "error") return;
    expect(out.error).toBeInstanceOf(RateLimitedError);
    expect(out.progress.retries).toBe(4);
    expect(out.failedRange).toEqual({ from: 40, to: 49 });
    // the whole range; four pieces answered on their one retry; the fifth refused, no retry left
    expect(hits).toBe(1 + 4 * 2 + 1);
    expect(out.logs).toHaveLength(4);
  });
});

describe("logs shown as they stream in", () => {
  const log = (blockNumber: number, logIndex = 0): FakeLog => ({ blockNumber, logIndex });

  it("shows a call's first logs at once, before its answer is complete, and then its answer", async () => {
    const updates: FakeLog[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const h = startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 9 },
      send: async (_f, _t, _s, _r, partial) => {
        partial([log(0), log(1)]);
        await gate;
        return [log(0), log(1), log(2)];
      },
      head: async () => 9,
      emitIntervalMs: 10_000, // only the immediate first update, then the outcome
      onUpdate: (logs) => {
        updates.push(logs);
        if (updates.length === 1) release();
      },
    });
    const out = await h.done;
    expect(updates[0]).toEqual([log(0), log(1)]);
    expect(out.status).toBe("done");
    expect(out.logs).toEqual([log(0), log(1), log(2)]);
    expect(out.progress.logs).toBe(3);
  });

  it("drops a failed call's streamed logs: only complete answers are kept", async () => {
    const h = startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 9 },
      send: async (_f, _t, _s, _r, partial) => {
        partial([log(0)]);
        throw nodeError(-32000, "something broke");
      },
      head: async () => 9,
    });
    const out = await h.done;
    expect(out.status).toBe("error");
    expect(out.logs).toEqual([]);
    expect(out.progress.logs).toBe(0);
  });

  it("shows the first piece of a range scan as soon as it arrives", async () => {
    const updates: number[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const h = startScan<FakeLog>({
      plan: { kind: "range", from: 0, to: 19 },
      concurrency: 2,
      send: async (f, t) => {
        if (typeof f !== "number" || typeof t !== "number")
          throw new Error("numeric pieces expected");
        if (t - f + 1 > 10) throw nodeError(-32602, "exceed maximum block range: 10");
        if (f === 10) await gate; // the second piece waits until the first was shown
        return [log(Number(f))];
      },
      head: async () => 19,
      emitIntervalMs: 10_000,
      onUpdate: (logs) => {
        updates.push(logs.length);
        if (logs.length === 1) release();
      },
    });
    const out = await h.done;
    expect(updates[0]).toBe(1);
    expect(out.logs).toEqual([log(0), log(10)]);
  });
});
