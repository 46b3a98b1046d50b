// A JSON-RPC batch against a real local HTTP server: one POST, each call's answer matched by id
// (in any order), a call's own error kept to it; a node that refuses batches gives null (the
// caller then sends one by one); one request record for the POST, its key masked.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRpcClient, MethodUnsupportedError, type RequestRecord } from "./index";

const KEY = "sk_live_7f3a9c1e5b2d4f6a8c0e";

type Handler = (body: unknown, res: ServerResponse) => void;
let server: Server;
let base = "";
let handler: Handler = (_b, res) => res.end();
let posts: unknown[] = [];

function json(res: ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(value));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      posts.push(body);
      handler(body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  posts = [];
});

type Req = { id: number; method: string; params: unknown[] };

const calls = [
  { method: "eth_getBalance", params: ["0x01", "0x10"] },
  { method: "eth_getCode", params: ["0x01", "0x10"] },
  { method: "eth_getStorageAt", params: ["0x01", "0x0", "0x10"] },
];

describe("client.batch", () => {
  it("sends the calls in one POST and gives each its own answer, in the calls' order", async () => {
    handler = (body, res) => {
      const reqs = body as Req[];
      // answered in reverse: matched by id, not by place
      json(
        res,
        [...reqs]
          .reverse()
          .map((r) =>
            r.method === "eth_getCode"
              ? { jsonrpc: "2.0", id: r.id, error: { code: -32601, message: "method not found" } }
              : { jsonrpc: "2.0", id: r.id, result: `${r.method}:${String(r.params[0])}` },
          ),
      );
    };
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    const out = await client.batch?.({ url: `${base}/v2/${KEY}`, secrets: [KEY] }, calls);
    expect(posts).toHaveLength(1);
    expect(Array.isArray(posts[0])).toBe(true);
    expect(out?.map((a) => (a.ok ? a.value : a.error.constructor))).toEqual([
      "eth_getBalance:0x01",
      MethodUnsupportedError,
      "eth_getStorageAt:0x01",
    ]);
    // one record for the POST, its requests in it, the key masked everywhere
    const ids = new Set(records.map((r) => r.id));
    expect(ids.size).toBe(1);
    const last = records[records.length - 1];
    expect(last?.status).toBe("ok");
    expect(last?.method).toBe("batch: eth_getBalance, eth_getCode, eth_getStorageAt");
    expect(last?.request).toHaveLength(3);
    expect(JSON.stringify(records)).not.toContain(KEY);
    expect(last?.endpoint).toContain("8c0e");
  });

  it("gives null when the node answers a batch with an error instead of an array", async () => {
    handler = (_body, res) =>
      json(res, {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "batch requests are not supported" },
      });
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    expect(await client.batch?.({ url: `${base}/v2/${KEY}`, secrets: [KEY] }, calls)).toBeNull();
    expect(records[records.length - 1]?.status).toBe("error");
    expect(JSON.stringify(records)).not.toContain(KEY);
  });

  it("gives null when the node answers a batch with an HTTP error", async () => {
    handler = (_body, res) => json(res, { error: "no batches here" }, 400);
    const client = createRpcClient();
    expect(await client.batch?.({ url: base }, calls)).toBeNull();
  });
});
