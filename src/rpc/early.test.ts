import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  decidingEarly,
  EARLY_DECISION_WAIT_MS,
  FIRST_EARLY_ID,
  pendingEarly,
  startEarly,
  takeEarly,
} from "./early";
import { createRpcClient, type RequestRecord } from "./index";

interface Hit {
  url: string;
  authorization: string | undefined;
  body: { id: unknown; method: string; params: unknown[] };
}

let server: Server;
let base = "";
let hits: Hit[] = [];
/** Answers after this promise settles (a request held in flight). */
let gate: Promise<void> = Promise.resolve();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const body = JSON.parse(text) as Hit["body"];
      hits.push({ url: req.url ?? "", authorization: req.headers.authorization, body });
      await gate;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { echo: body.params } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
  gate = Promise.resolve();
});

describe("early requests", () => {
  it("sends once: the client adopts the request in flight, its id and body included", async () => {
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => (open = resolve));
    const url = `${base}/trace/`;
    expect(startEarly(url, { method: "debug_traceTransaction", params: ["0xab", { a: 1 }] })).toBe(
      true,
    );
    await vi.waitFor(() => expect(hits).toHaveLength(1));
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    const answer = client.request({ url }, "debug_traceTransaction", ["0xab", { a: 1 }]);
    open();
    await expect(answer).resolves.toEqual({ echo: ["0xab", { a: 1 }] });
    expect(hits).toHaveLength(1);
    // The record shows the body that was really sent: the early request's id.
    expect(records.at(-1)?.status).toBe("ok");
    expect((records.at(-1)?.request as { id: unknown }).id).toBe(hits[0]?.body.id);
    expect(pendingEarly()).toBe(0);
  });

  it("is adopted once: the same call again is sent anew", async () => {
    const url = `${base}/once/`;
    startEarly(url, { method: "eth_chainId", params: [] });
    const client = createRpcClient();
    await client.request({ url }, "eth_chainId", []);
    await client.request({ url }, "eth_chainId", []);
    expect(hits).toHaveLength(2);
    expect(hits[0]?.body.id).not.toBe(hits[1]?.body.id);
  });

  it("is not adopted by another call, URL or kind", async () => {
    const url = `${base}/other/`;
    startEarly(url, { method: "eth_getLogs", params: [{ fromBlock: "0x1" }] });
    expect(takeEarly(url, "eth_getLogs", [{ fromBlock: "0x2" }])).toBeNull();
    expect(takeEarly(`${base}/elsewhere/`, "eth_getLogs", [{ fromBlock: "0x1" }])).toBeNull();
    expect(takeEarly(url, "eth_getLogs", [{ fromBlock: "0x1" }], "trace-worker")).toBeNull();
    const client = createRpcClient();
    await client.request({ url }, "eth_getLogs", [{ fromBlock: "0x2" }]);
    expect(hits.map((h) => h.body.params)).toEqual([
      [{ fromBlock: "0x1" }],
      [{ fromBlock: "0x2" }],
    ]);
    expect(takeEarly(url, "eth_getLogs", [{ fromBlock: "0x1" }])).not.toBeNull();
  });

  it("is not started once the page has asked for the same call itself (it mounted first)", async () => {
    const url = `${base}/late/`;
    const client = createRpcClient();
    await client.request({ url }, "eth_getBlockByNumber", ["0x1", false]);
    expect(startEarly(url, { method: "eth_getBlockByNumber", params: ["0x1", false] })).toBe(false);
    expect(pendingEarly()).toBe(0);
    expect(hits).toHaveLength(1);
    // Another call still starts early.
    expect(startEarly(url, { method: "eth_getBlockByNumber", params: ["0x2", false] })).toBe(true);
    await vi.waitFor(() => expect(hits).toHaveLength(2));
    expect(takeEarly(url, "eth_getBlockByNumber", ["0x2", false])).not.toBeNull();
  });

  it("a call made while its early start is being decided waits for it, then adopts it: one request", async () => {
    const url = `${base}/decide/`;
    let decide: (started: boolean) => void = () => undefined;
    decidingEarly(["eth_getLogs"], new Promise<boolean>((resolve) => (decide = resolve)));
    const client = createRpcClient();
    const asked = client.request({ url }, "eth_getLogs", [{ fromBlock: "0x9" }]);
    // Another method does not wait.
    await client.request({ url }, "eth_chainId", []);
    expect(hits.map((h) => h.body.method)).toEqual(["eth_chainId"]);
    decide(startEarly(url, { method: "eth_getLogs", params: [{ fromBlock: "0x9" }] }));
    await asked;
    expect(hits.map((h) => h.body.method)).toEqual(["eth_chainId", "eth_getLogs"]);
    expect(hits[1]?.body.id).toBeGreaterThanOrEqual(FIRST_EARLY_ID);
    expect(pendingEarly()).toBe(0);
  });

  it("a decision that never comes holds a call back for a bounded time only", async () => {
    const url = `${base}/undecided/`;
    decidingEarly(["eth_getBalance"], new Promise<never>(() => undefined));
    const started = performance.now();
    await createRpcClient().request({ url }, "eth_getBalance", ["0x1", "latest"]);
    expect(hits).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(EARLY_DECISION_WAIT_MS - 50);
  });

  it("drops a request nobody adopts, aborting it", async () => {
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => (open = resolve));
    const url = `${base}/dropped/`;
    startEarly(url, { method: "eth_blockNumber", params: [] }, { ttlMs: 30 });
    expect(pendingEarly()).toBe(1);
    await vi.waitFor(() => expect(pendingEarly()).toBe(0));
    open();
    const client = createRpcClient();
    await client.request({ url }, "eth_blockNumber", []);
    // Not adopted after the drop: the client sent its own request.
    expect(hits).toHaveLength(2);
  });

  it("sends credentials in the URL as the transport does: an Authorization header", async () => {
    const url = `http://us%40er:p%3Ass@127.0.0.1:${new URL(base).port}/auth/`;
    startEarly(url, { method: "eth_chainId", params: [] });
    const client = createRpcClient();
    await client.request({ url }, "eth_chainId", []);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.url).toBe("/auth/");
    expect(hits[0]?.authorization).toBe(`Basic ${btoa("us@er:p:ss")}`);
  });
});
