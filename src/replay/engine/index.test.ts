// The page's side of the replay: its reads go through the connection's RpcClient (recorded, with
// the URL masked), the Worker's answer comes back whole, its failures by class, Cancel ends it.
// The Worker is the real script's code over a MessageChannel (Node has no module Workers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvil } from "../../../devnet/anvil.mjs";
import { resolveEndpoint } from "../../endpoints";
import { createRpcClient, type RequestRecord } from "../../rpc";
import type { ReplaySource } from "../types";
import {
  replay,
  ReplayError,
  ReplayUnsupportedError,
  spawnReplayWorkersWith,
  type ReplayWorker,
} from "./index";
import type { ReplayWorkerPort } from "./protocol";
import { serveReplay } from "./serve";

type Anvil = Awaited<ReturnType<typeof startAnvil>>;
let anvil: Anvil;
let hash: string;

async function call(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(anvil.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  return ((await res.json()) as { result: unknown }).result;
}

function channelWorker(): ReplayWorker {
  const { port1, port2 } = new MessageChannel();
  serveReplay(port2 as unknown as ReplayWorkerPort);
  const worker = {
    postMessage: (m: unknown) => port1.postMessage(m),
    terminate: () => {
      port1.close();
      port2.close();
    },
    onerror: null,
    get onmessage() {
      return port1.onmessage as ReplayWorker["onmessage"];
    },
    set onmessage(f: ReplayWorker["onmessage"]) {
      port1.onmessage = f as typeof port1.onmessage;
    },
  };
  return worker as unknown as ReplayWorker;
}

function source(records: RequestRecord[]): ReplaySource {
  const client = createRpcClient({ onRecord: (r) => records.push(r) });
  const connection = {
    kind: "custom",
    url: anvil.url,
    traceMethod: "debug_traceTransaction",
  } as const;
  return { client, resolve: (m) => resolveEndpoint(connection, m) };
}

beforeAll(async () => {
  anvil = await startAnvil();
  const [from, to] = (await call("eth_accounts", [])) as string[];
  hash = (await call("eth_sendTransaction", [{ from, to, value: "0x1234" }])) as string;
}, 60_000);

afterAll(async () => {
  spawnReplayWorkersWith(() => channelWorker());
  await anvil?.stop();
});

describe("replay", () => {
  it("answers in the Worker with the node's callTracer frame, its reads recorded by the client", async () => {
    spawnReplayWorkersWith(() => channelWorker());
    const records: RequestRecord[] = [];
    const progress: string[] = [];
    const config = { tracer: "callTracer" };
    const outcome = await replay(
      source(records),
      { method: "debug_traceTransaction", params: [hash, config] },
      { onProgress: (p) => progress.push(p.text) },
    );
    expect(outcome.result).toEqual(await call("debug_traceTransaction", [hash, config]));
    expect(outcome.notes.filter((n) => n.includes("differs"))).toEqual([]);
    // A record per POST: a batch's record holds its requests (anvil takes batches).
    const last = new Map(records.map((r) => [r.id, r]));
    const bodies = [...last.values()].flatMap((r) =>
      Array.isArray(r.request) ? (r.request as unknown[]) : [r.request],
    );
    const methods = new Set(bodies.map((b) => (b as { method: string }).method));
    expect(methods.has("eth_getProof")).toBe(true);
    expect([...last.values()].some((r) => r.method.startsWith("batch: "))).toBe(true);
    expect(progress).toContain("replaying 1 of 1");
    expect(outcome.requests).toBe(bodies.length);
  }, 60_000);

  it("runs on the page when no Worker can start", async () => {
    spawnReplayWorkersWith(null);
    const config = { tracer: "prestateTracer", tracerConfig: { diffMode: true } };
    const outcome = await replay(source([]), {
      method: "debug_traceTransaction",
      params: [hash, config],
    });
    expect(outcome.result).toEqual(await call("debug_traceTransaction", [hash, config]));
  }, 60_000);

  it("says by class what it cannot do, across the Worker", async () => {
    spawnReplayWorkersWith(() => channelWorker());
    await expect(
      replay(source([]), {
        method: "debug_traceTransaction",
        params: [hash, { tracer: "{result: function() { return 1; }, fault: function() {}}" }],
      }),
    ).rejects.toBeInstanceOf(ReplayUnsupportedError);
  }, 60_000);

  it("stops when cancelled", async () => {
    spawnReplayWorkersWith(() => channelWorker());
    const controller = new AbortController();
    const run = replay(
      source([]),
      { method: "debug_traceTransaction", params: [hash, { tracer: "callTracer" }] },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(ReplayError);
  }, 60_000);
});

/** A loop of `n` rounds, 7 opcodes each (JUMPDEST PUSH1 SWAP1 SUB DUP1 PUSH1 JUMPI). */
const loop = (n: number) => `0x62${n.toString(16).padStart(6, "0")}5b600190038060045700`;
const LOOP_AT = "0x00000000000000000000000000000000000bea7e";

describe("a call", () => {
  it("with a code override comes out as the node's debug_traceCall", async () => {
    spawnReplayWorkersWith(null);
    const [from] = (await call("eth_accounts", [])) as string[];
    const tx = { from, to: LOOP_AT, gas: "0x200000", data: "0x" };
    const config = {
      tracer: "callTracer",
      stateOverrides: { [LOOP_AT]: { code: loop(100), balance: "0x10" } },
    };
    const outcome = await replay(source([]), {
      method: "debug_traceCall",
      params: [tx, "latest", config],
    });
    expect(outcome.result).toEqual(await call("debug_traceCall", [tx, "latest", config]));
  }, 60_000);

  it("takes storage and block overrides as the node does", async () => {
    spawnReplayWorkersWith(null);
    const [from] = (await call("eth_accounts", [])) as string[];
    // SLOAD(0) + NUMBER, returned as one word
    const code = "0x6000544301600052602060" + "00f3";
    const tx = { from, to: LOOP_AT, gas: "0x100000", data: "0x" };
    const word = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
    for (const over of [
      { stateDiff: { [word(0)]: word(42) } },
      { state: { [word(0)]: word(7) } },
    ]) {
      const config = {
        tracer: "callTracer",
        stateOverrides: { [LOOP_AT]: { code, ...over } },
        blockOverrides: { number: "0x1000" },
      };
      const outcome = await replay(source([]), {
        method: "debug_traceCall",
        params: [tx, "latest", config],
      });
      expect(outcome.result).toEqual(await call("debug_traceCall", [tx, "latest", config]));
    }
  }, 60_000);

  it("runs 250,000 steps", async () => {
    spawnReplayWorkersWith(null);
    const [from] = (await call("eth_accounts", [])) as string[];
    const rounds = Math.ceil(250_000 / 7);
    const tx = { from, to: LOOP_AT, gas: "0xf00000", data: "0x" };
    const config = { tracer: "callTracer", stateOverrides: { [LOOP_AT]: { code: loop(rounds) } } };
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const outcome = await replay(source([]), {
      method: "debug_traceCall",
      params: [tx, "latest", config],
    });
    const ms = performance.now() - t0;
    const frame = outcome.result as { gasUsed: string; error?: string };
    expect(frame.error).toBeUndefined();
    // 21,000 for the transaction, 26 gas a round
    expect(Number(frame.gasUsed)).toBeGreaterThan(21_000 + 26 * (rounds - 1));
    // The budget is 2 s and 200 MB in the Worker; this shared machine gets a margin.
    expect(ms).toBeLessThan(5_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200e6);
  }, 60_000);
});
