/**
 * The fallback against real local HTTP nodes of the two kinds people have (a standard node that
 * answers every debug_ method with -32601, and one that answers a JavaScript tracer with
 * "tracer not found"), with a fake engine in place of the in-browser EVM.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ResolvedEndpoint } from "../endpoints";
import { AbortedError, createRpcClient, MethodUnsupportedError } from "../rpc";
import {
  callTreeQueryOptions,
  stateDiffQueryOptions,
  storageTraceQueryOptions,
} from "../trace/requests";
import { debugTraceQueryOptions } from "../trace/steps/requests";
import { forgetRecords, recordsFor, traceRecords, type TraceRecord } from "./activity";
import { traceOrReplay } from "./fallback";
import { replayEndpoint } from "./onDemand";
import { setReplayEngine } from "./provider";
import { forgetRefusals } from "./refusals";
import type { ReplayFn, ReplayRequest } from "./types";
import { replayStatements } from "./words";

const HASH = `0x${"ab".repeat(32)}`;
const NODE_FRAME = {
  type: "CALL",
  from: "0x00000000000000000000000000000000000000a1",
  to: "0x00000000000000000000000000000000000000b2",
  gas: "0x5208",
  gasUsed: "0x5208",
  input: "0x",
  value: "0x0",
};
const REPLAY_FRAME = { ...NODE_FRAME, gasUsed: "0x5000" };

type Mode = "standard" | "no-js-tracers";
let server: Server;
let base = "";
/** Every method the node was asked, in order. */
let asked: string[] = [];

function tracerOf(method: string, params: unknown[]): unknown {
  const config = params[method === "debug_traceCall" ? 2 : 1] as { tracer?: unknown } | undefined;
  return config?.tracer;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: number;
        method: string;
        params: unknown[];
      };
      const mode = (req.url ?? "").slice(1) as Mode;
      asked.push(body.method);
      const reply = (payload: object) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, ...payload }));
      };
      if (body.method === "eth_getBalance") return reply({ result: "0x64" });
      if (mode === "standard" || !body.method.startsWith("debug_trace"))
        return reply({
          error: {
            code: -32601,
            message: `the method ${body.method} does not exist/is not available`,
          },
        });
      const tracer = tracerOf(body.method, body.params);
      if (tracer !== "callTracer" && tracer !== "prestateTracer")
        return reply({ error: { code: -32000, message: "tracer not found" } });
      return reply({ result: tracer === "callTracer" ? NODE_FRAME : { pre: {}, post: {} } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The engine's calls, and what it read from the node through its source. */
let replays: ReplayRequest[] = [];
let balances: unknown[] = [];
const fakeReplay: ReplayFn = async (source, request, opts) => {
  replays.push(request);
  const r = source.resolve("eth_getTransactionByBlockHashAndIndex");
  if (!r.ok) throw new Error(r.reason);
  balances.push(
    await source.client.request(r.endpoint, "eth_getBalance", [NODE_FRAME.from, "0x6"]),
  );
  opts?.onProgress?.({ phase: "run", text: "replaying 1 of 1", done: 1, total: 1 });
  const tracer = tracerOf(request.method, [...request.params]);
  return {
    result:
      tracer === "callTracer"
        ? REPLAY_FRAME
        : tracer === "prestateTracer"
          ? { pre: {}, post: {} }
          : { replayed: tracer },
    blockNumber: 7n,
    hardfork: "prague",
    notes: ["gas used 21,000 on chain, 20,480 in the replay"],
    requests: 3,
  };
};

const client = createRpcClient();
function endpointOf(mode: Mode, rpcMethod = "debug_traceTransaction"): ResolvedEndpoint {
  return {
    url: `${base}/${mode}`,
    secrets: [],
    maskedUrl: `${base}/${mode}`,
    host: "127.0.0.1",
    rpcMethod,
    cacheId: `${mode}:${rpcMethod}`,
    provider: "custom",
  };
}
const tx = { lead: [HASH] };

beforeEach(() => {
  asked = [];
  replays = [];
  balances = [];
  forgetRefusals();
  forgetRecords();
  setReplayEngine(() => Promise.resolve(fakeReplay));
});
afterEach(() => setReplayEngine(null));

function records(e: ResolvedEndpoint): TraceRecord[] {
  return recordsFor(traceRecords.get(), e.cacheId, HASH);
}

describe("a standard node (debug_* answered with -32601)", () => {
  it("answers the call tree with the replay, reading state from the same node, and says so", async () => {
    const e = endpointOf("standard");
    const qc = new QueryClient();
    const tree = await qc.fetchQuery(callTreeQueryOptions(client, e, e.rpcMethod, tx));
    expect(tree.top.gasUsed).toBe("0x5000");
    expect(replays).toEqual([
      {
        method: "debug_traceTransaction",
        params: [HASH, { tracer: "callTracer", tracerConfig: { withLog: true } }],
      },
    ]);
    expect(balances).toEqual(["0x64"]);
    const [record] = records(e);
    expect(record?.state.at).toBe("done");
    if (record?.state.at !== "done" || record.state.origin.from !== "replay")
      throw new Error("not a replay");
    expect(record.state.origin.blockNumber).toBe(7n);
    expect(record.state.origin.refusal).toMatchObject({ kind: "method", code: -32601 });
    expect(replayStatements(records(e))[0]?.headline).toBe(
      'The node does not offer debug_traceTransaction (error -32601: "the method debug_traceTransaction does not exist/is not available"), so the trace was replayed in this browser from the node\'s state at block 6 (hardfork prague).',
    );
    expect(replayStatements(records(e))[0]?.notes).toEqual([
      "gas used 21,000 on chain, 20,480 in the replay",
    ]);
  });

  it("asks the refused method at most twice, however many views ask at once and after", async () => {
    const e = endpointOf("standard");
    const qc = new QueryClient();
    await Promise.all([
      qc.fetchQuery(callTreeQueryOptions(client, e, e.rpcMethod, tx)),
      qc.fetchQuery(stateDiffQueryOptions(client, e, e.rpcMethod, tx)),
      qc.fetchQuery(storageTraceQueryOptions(client, e, e.rpcMethod, tx)),
    ]);
    await qc.fetchQuery(debugTraceQueryOptions(client, e, e.rpcMethod, tx));
    // Two go out together (a full node's call tree and the view beside it need not wait); the
    // third waits for their answer, and nothing after it asks again.
    expect(asked.filter((m) => m.startsWith("debug_"))).toEqual([
      "debug_traceTransaction",
      "debug_traceTransaction",
    ]);
    expect(replays).toHaveLength(4);
    expect(records(e).every((r) => r.state.at === "done" && r.state.origin.from === "replay")).toBe(
      true,
    );
  });

  it("answers a dry run (debug_traceCall) the same way, its overrides passed on", async () => {
    const e = endpointOf("standard", "debug_traceCall");
    const call = { lead: [{ to: NODE_FRAME.to }, "0x6"], extra: { stateOverrides: { a: {} } } };
    const tree = await new QueryClient().fetchQuery(
      callTreeQueryOptions(client, e, e.rpcMethod, call),
    );
    expect(tree.top.gasUsed).toBe("0x5000");
    expect(replays[0]?.method).toBe("debug_traceCall");
    expect(replays[0]?.params[2]).toMatchObject({ stateOverrides: { a: {} } });
  });

  it("without an engine in the build, the node's refusal stands (as before the replay)", async () => {
    setReplayEngine(null);
    const e = endpointOf("standard");
    await expect(
      new QueryClient().fetchQuery(callTreeQueryOptions(client, e, e.rpcMethod, tx)),
    ).rejects.toBeInstanceOf(MethodUnsupportedError);
    expect(replays).toHaveLength(0);
  });
});

describe("a node without JavaScript tracers", () => {
  it("serves callTracer and prestateTracer from the node, the JS tracers from the replay", async () => {
    const e = endpointOf("no-js-tracers");
    const qc = new QueryClient();
    const tree = await qc.fetchQuery(callTreeQueryOptions(client, e, e.rpcMethod, tx));
    expect(tree.top.gasUsed).toBe("0x5208");
    const storage = await qc.fetchQuery(storageTraceQueryOptions(client, e, e.rpcMethod, tx));
    expect(storage).toMatchObject({ replayed: expect.any(String) as unknown });
    await qc.fetchQuery(debugTraceQueryOptions(client, e, e.rpcMethod, tx));
    await qc.fetchQuery(stateDiffQueryOptions(client, e, e.rpcMethod, tx));
    // One refusal of JS tracers; the built-in tracers were asked of the node and answered by it.
    expect(asked).toEqual([
      "debug_traceTransaction",
      "debug_traceTransaction",
      "eth_getBalance",
      "eth_getBalance",
      "debug_traceTransaction",
    ]);
    const origins = records(e).map((r) =>
      r.state.at === "done" ? `${r.tracer}: ${r.state.origin.from}` : r.state.at,
    );
    expect(origins).toEqual([
      "callTracer: node",
      "a JavaScript tracer: replay",
      "a JavaScript tracer: replay",
      "prestateTracer: node",
    ]);
    const first = records(e)[1];
    expect(
      first?.state.at === "done" && first.state.origin.from === "replay"
        ? first.state.origin.refusal
        : null,
    ).toMatchObject({ kind: "js-tracer", message: "tracer not found", code: -32000 });
  });
});

describe("on demand and cancel", () => {
  it("an endpoint marked for replay never asks the node for the trace, and keeps its own entries", async () => {
    const node = endpointOf("no-js-tracers");
    const e = replayEndpoint(node);
    expect(e.cacheId).not.toBe(node.cacheId);
    const tree = await new QueryClient().fetchQuery(
      callTreeQueryOptions(client, e, e.rpcMethod, tx),
    );
    expect(tree.top.gasUsed).toBe("0x5000");
    expect(asked).toEqual(["eth_getBalance"]);
    const [record] = records(e);
    expect(
      record?.state.at === "done" && record.state.origin.from === "replay"
        ? record.state.origin.refusal
        : "x",
    ).toBeNull();
    expect(replayStatements(records(e))[0]?.headline).toMatch(
      /^As you asked, the trace was replayed in this browser from the node's state at block 6/,
    );
  });

  it("Cancel stops the replay: the request fails as cancelled, the record says so", async () => {
    setReplayEngine(() =>
      Promise.resolve<ReplayFn>(
        (_source, _request, opts) =>
          new Promise((_resolve, reject) => {
            opts?.onProgress?.({
              phase: "state",
              text: "read 2 accounts, 5 slots",
              done: 7,
              total: 0,
            });
            opts?.signal?.addEventListener("abort", () => reject(new Error("aborted")));
          }),
      ),
    );
    const e = endpointOf("standard");
    const run = traceOrReplay(client, e, [HASH, { tracer: "callTracer" }]);
    await expect
      .poll(() => records(e).find((r) => r.state.at === "running")?.state)
      .toMatchObject({
        progress: { text: "read 2 accounts, 5 slots" },
      });
    const running = records(e).find((r) => r.state.at === "running");
    if (running?.state.at === "running") running.state.cancel();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(records(e).at(-1)?.state).toMatchObject({ at: "failed", message: "Cancelled." });
  });
});
