// The replay's state reads through the app's RpcClient against a real local HTTP server: reads
// asked for together leave as one JSON-RPC batch where the node takes batches; a node that refuses
// a batch gets the same reads one by one, and no batch again.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRpcClient } from "../../rpc";
import { StateReads, type Read, type ReadBatch } from "./reads";

type Req = { id: number; method: string; params: unknown[] };
let server: Server;
let url = "";
let takesBatches = true;
let posts: unknown[] = [];

function answer(r: Req): unknown {
  const result =
    r.method === "eth_getProof"
      ? {
          balance: "0x64",
          nonce: "0x1",
          codeHash: "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
          storageHash: "0x1234",
        }
      : r.method === "eth_getStorageAt"
        ? `0x${String(r.params[1]).slice(2).padStart(2, "0")}`
        : null;
  return { jsonrpc: "2.0", id: r.id, result };
}

function json(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify(value));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Req | Req[];
      posts.push(body);
      if (!Array.isArray(body)) return json(res, answer(body));
      if (!takesBatches)
        return json(res, {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "batch requests are not supported" },
        });
      json(res, body.map(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  posts = [];
});

function reads(): StateReads {
  const client = createRpcClient();
  const endpoint = { url };
  const read: Read = (method, params) => client.request(endpoint, method, params);
  const readBatch: ReadBatch = async (calls) => {
    const out = await client.batch?.(endpoint, calls);
    return out
      ? out.map((a) => (a.ok ? { ok: true, result: a.value } : { ok: false, error: a.error }))
      : null;
  };
  return new StateReads(read, "0x10", undefined, readBatch);
}

const addresses = [1, 2, 3, 4, 5].map((n) => `0x${n.toString(16).padStart(40, "0")}`);
const batches = () => posts.filter((p) => Array.isArray(p)).length;

describe("StateReads", () => {
  it("sends the accounts asked for together as one batch where the node takes batches", async () => {
    takesBatches = true;
    const r = reads();
    const accounts = await Promise.all(addresses.map((a) => r.account(a)));
    expect(accounts.map((a) => a?.balance)).toEqual([100n, 100n, 100n, 100n, 100n]);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toHaveLength(5);
    const slots = await Promise.all(
      (["0x1", "0x2"] as const).map((s) => r.storage(addresses[0] ?? "", s)),
    );
    expect(slots.map(BigInt)).toEqual([1n, 2n]);
    expect(posts).toHaveLength(2);
    expect(r.counts.requests).toBe(7);
  });

  it("reads one by one, with the same answers, once the node refuses a batch", async () => {
    takesBatches = false;
    const r = reads();
    const accounts = await Promise.all(addresses.map((a) => r.account(a)));
    expect(accounts.map((a) => a?.balance)).toEqual([100n, 100n, 100n, 100n, 100n]);
    // the refused batch, then each read alone
    expect(batches()).toBe(1);
    expect(posts).toHaveLength(6);
    const slots = await Promise.all(
      (["0x1", "0x2"] as const).map((s) => r.storage(addresses[0] ?? "", s)),
    );
    expect(slots.map(BigInt)).toEqual([1n, 2n]);
    expect(batches()).toBe(1);
    expect(posts).toHaveLength(8);
  });
});
