// The trace Worker's protocol, both sides for real: the Worker's work (serve.ts) on one end of a
// MessageChannel, the page's job (job.ts) on the other, against a local JSON-RPC server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../../bench/synthetic.mjs";
import { DEFAULT_SETTINGS, toStored, type DevnetInfo } from "../../../endpoints";
import type { RemoteExchange } from "../../../rpc/transport";
import { ownCall } from "./call";
import { traceExchange, type TracePayload } from "./job";
import type { FromWorker, ToWorker, WorkerPort } from "./protocol";
import { serveTraceWorker } from "./serve";
import {
  openTraceWorker,
  spawnTraceWorkersWith,
  takeTraceWorker,
  traceRowsPainted,
  type TraceWorker,
} from "./spawn";

const HASH = `0x${"ab".repeat(32)}`;
const OTHER = `0x${"cd".repeat(32)}`;
/** Answered with a trace large enough to be previewed (over 1 MB), sent in pieces. */
const LARGE = `0x${"ef".repeat(32)}`;
const LARGE_FRAMES = 12_000;

let server: Server;
let base = "";
/** The trace requests the server received: [id, tx hash]. */
let traced: [unknown, unknown][] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/devnet.json") {
      const rpc = `${base}/rpc`;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          chainId: 31337,
          apiKey: "devnet-key",
          gatewayUrl: base,
          anvilUrl: base,
          endpoints: { rollupNitro: rpc, rollup: rpc, trace: rpc },
        }),
      );
      return;
    }
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(text) as { id: unknown; params: unknown[] };
      traced.push([body.id, body.params[0]]);
      res.writeHead(200, { "Content-Type": "application/json" });
      if (body.params[0] !== LARGE) {
        res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: syntheticTrace(30) }));
        return;
      }
      const answer = JSON.stringify({
        jsonrpc: "2.0",
        id: body.id,
        result: syntheticTrace(LARGE_FRAMES),
      });
      for (let at = 0; at < answer.length; at += 64 * 1024)
        res.write(answer.slice(at, at + 64 * 1024));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  traced = [];
  takeTraceWorker().worker.terminate();
});

/** A Worker whose other end runs serve.ts: the page's side of a MessageChannel. */
function channelWorker(): TraceWorker {
  const { port1, port2 } = new MessageChannel();
  serveTraceWorker(port1 as unknown as WorkerPort);
  const worker = {
    onmessage: null as ((e: MessageEvent<FromWorker>) => void) | null,
    onerror: null,
    postMessage: (m: ToWorker) => port2.postMessage(m),
    terminate: () => {
      port1.close();
      port2.close();
    },
  };
  port2.onmessage = (e: MessageEvent<FromWorker>) => worker.onmessage?.(e);
  return worker as unknown as TraceWorker;
}

spawnTraceWorkersWith(channelWorker);

const link = (hash: string, extra = "") => `#/trace?hash=${hash}&tracer=callTracer${extra}`;
const rpcLink = (hash: string) => link(hash, `&rpc=${encodeURIComponent(`${base}/rpc`)}`);

/** The trace query's call of the remote exchange for `hash`, as the client makes it. */
function pageCall(
  hash: string,
  id: number,
  to = { url: `${base}/rpc`, method: "debug_traceTransaction" },
): ReturnType<RemoteExchange> {
  const bodyText = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: to.method,
    params: [hash, { tracer: "callTracer", tracerConfig: { withLog: true } }],
  });
  return traceExchange({
    url: to.url,
    bodyText,
    id,
    maxBytes: 50e6,
    signal: new AbortController().signal,
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let k = 0; k < 400 && !check(); k++) await new Promise((r) => setTimeout(r, 5));
}

function frames(answer: Awaited<ReturnType<RemoteExchange>>): number {
  if (answer.read.kind !== "result") throw new Error(`not modelled: ${answer.read.kind}`);
  return (answer.read.value as TracePayload).model.size;
}

describe("the trace Worker's protocol", () => {
  it("starts a link's request itself; the page's identical call takes that run over: one request", async () => {
    openTraceWorker(rpcLink(HASH), () => null, `${base}/devnet.json`);
    await until(() => traced.length > 0);
    expect(traced).toEqual([[1, HASH]]);
    const answer = await pageCall(HASH, 77);
    expect(answer.status).toBe(200);
    expect(frames(answer)).toBe(30);
    // Answered under the id the Worker sent it with; nothing more was sent.
    expect(answer.id).toBe(1);
    expect(traced).toEqual([[1, HASH]]);
  });

  it("reads the rest of a large answer once its first rows are painted, before the page asks", async () => {
    const said: string[] = [];
    openTraceWorker(
      rpcLink(LARGE),
      () => null,
      `${base}/devnet.json`,
      (m) => {
        if (m) said.push(m.type);
      },
    );
    await until(() => said.includes("preview"));
    expect(said).toContain("preview");
    // the rest waits: for the rows to be painted, or for the page
    await new Promise((r) => setTimeout(r, 250));
    expect(said).not.toContain("model");
    traceRowsPainted();
    await until(() => said.includes("model"));
    expect(said).toContain("model");
    // the page takes the whole tree over: one request
    const answer = await pageCall(LARGE, 82);
    expect(frames(answer)).toBe(LARGE_FRAMES);
    expect(traced).toEqual([[1, LARGE]]);
  });

  it("drops its own start when the page asks for another call, and sends the page's", async () => {
    openTraceWorker(rpcLink(HASH), () => null, `${base}/devnet.json`);
    await until(() => traced.length > 0);
    const answer = await pageCall(OTHER, 78);
    expect(answer.id).toBe(78);
    expect(frames(answer)).toBe(30);
    expect(traced.map(([, h]) => h)).toEqual([HASH, OTHER]);
  });

  it("reads the devnet's manifest to start a devnet link (the page's connection by default)", async () => {
    openTraceWorker(link(HASH), () => null, `${base}/devnet.json`);
    await until(() => traced.length > 0);
    expect(traced).toEqual([[1, HASH]]);
    // The page's call on the same connection (the devnet's trace endpoint, as the page resolves it).
    const res = await fetch(`${base}/devnet.json`);
    const on = ownCall(link(HASH), null, (await res.json()) as DevnetInfo);
    if (on === null || on === "devnet") throw new Error("no call on the devnet");
    expect(frames(await pageCall(HASH, 79, on))).toBe(30);
    expect(traced).toHaveLength(1);
  });

  it("serves the page's request alone when it was opened without a link (a later trace)", async () => {
    const answer = await pageCall(HASH, 80);
    expect(answer.id).toBe(80);
    expect(frames(answer)).toBe(30);
    expect(traced).toEqual([[80, HASH]]);
  });

  it("hands the page the node's answer as text when it is no call tree (named by the client)", async () => {
    const bodyText = JSON.stringify({ jsonrpc: "2.0", id: 81, method: "m", params: [] });
    const answer = await traceExchange({
      url: `${base}/devnet.json`,
      bodyText,
      id: 81,
      maxBytes: 50e6,
      signal: new AbortController().signal,
    });
    expect(answer.read.kind).toBe("text");
  });
});

describe("what the Worker starts on its own (call.ts)", () => {
  const devnet = {
    chainId: 1,
    apiKey: "k",
    gatewayUrl: "http://127.0.0.1:1",
    anvilUrl: "http://127.0.0.1:1",
    endpoints: {
      rollupNitro: "http://127.0.0.1:1/n",
      rollup: "http://127.0.0.1:1/r",
      trace: "http://127.0.0.1:1/t",
    },
  };
  const none = { settings: null, override: null };

  it("a complete callTracer link, on the connection the page opens with", () => {
    const rpc = encodeURIComponent("http://127.0.0.1:2/");
    expect(
      ownCall(link(HASH, `&rpc=${rpc}&traceMethod=debug_jstraceTransaction&frame=0.1`), none, null),
    ).toEqual({
      url: "http://127.0.0.1:2/",
      method: "debug_jstraceTransaction",
      params: [HASH, { tracer: "callTracer", tracerConfig: { withLog: true } }],
    });
    expect(ownCall(link(HASH), none, null)).toBe("devnet");
    expect(ownCall(link(HASH), none, devnet)).toMatchObject({ url: devnet.endpoints.trace });
    const kept = {
      settings: JSON.stringify(
        toStored({ ...DEFAULT_SETTINGS, kind: "nodereal", apiKey: "abc", rememberKey: true }),
      ),
      override: null,
    };
    expect(ownCall(link(HASH), kept, null)).toMatchObject({ method: "debug_jstraceTransaction" });
  });

  it("never a custom JavaScript tracer, another tracer, an incomplete link or another route", () => {
    const js = encodeURIComponent("{ result: function() { return 1; } }");
    expect(ownCall(`#/trace?hash=${HASH}&tracer=${js}`, none, devnet)).toBeNull();
    expect(ownCall(`#/trace?hash=${HASH}&tracer=prestateTracer`, none, devnet)).toBeNull();
    expect(ownCall(`#/trace?hash=0x12&tracer=callTracer`, none, devnet)).toBeNull();
    expect(ownCall(`#/logs?hash=${HASH}`, none, devnet)).toBeNull();
    // A provider without a key kept on this device cannot be told here.
    const keyless = { settings: JSON.stringify({ kind: "nodereal" }), override: null };
    expect(ownCall(link(HASH), keyless, devnet)).toBeNull();
  });

  it("never a link that waits for the user's press: a long timeout on their key (gate.ts)", () => {
    const kept = {
      settings: JSON.stringify(
        toStored({ ...DEFAULT_SETTINGS, kind: "nodereal", apiKey: "abc", rememberKey: true }),
      ),
      override: null,
    };
    const long = `#/trace?hash=${HASH}&tracer=callTracer&timeout=60s`;
    expect(ownCall(long, kept, null)).toBeNull();
    expect(ownCall(`#/trace?hash=${HASH}&tracer=callTracer&timeout=5s`, kept, null)).toMatchObject({
      method: "debug_jstraceTransaction",
    });
    // This tab's kept link endpoint is not the link's own: the same wait.
    const tab = { settings: null, override: JSON.stringify({ url: "http://127.0.0.1:2/" }) };
    expect(ownCall(long, tab, null)).toBeNull();
    // The link's own endpoint, and the devnet, spend no key of the user's: started as before.
    const rpc = encodeURIComponent("http://127.0.0.1:2/");
    expect(ownCall(`${long}&rpc=${rpc}`, kept, null)).toMatchObject({ url: "http://127.0.0.1:2/" });
    expect(ownCall(long, none, devnet)).toMatchObject({ url: devnet.endpoints.trace });
  });
});
