import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AbortedError, createResultArrayStream, createRpcClient, JsonRpcError } from "./index";
import { inFlightCount } from "./inflight";
import { sendAhead } from "./transport";

/** Requests the server has received, by method. */
let received: string[] = [];
/** Answers held until the test releases them: the request stays in flight meanwhile. */
let held: (() => void)[] = [];
let hold = false;
let closed = 0;
let server: Server;
let base = "";
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const { id, method, params } = JSON.parse(body) as {
        id: number;
        method: string;
        params: unknown[];
      };
      received.push(method);
      res.on("close", () => {
        if (!res.writableFinished) closed++;
      });
      const answer = () => {
        res.writeHead(200, { "Content-Type": "application/json" });
        if (method === "fail")
          res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: "no" } }));
        else res.end(JSON.stringify({ jsonrpc: "2.0", id, result: [params, 2, 3] }));
      };
      if (hold) held.push(answer);
      else answer();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterEach(() => {
  received = [];
  for (const a of held) a();
  held = [];
  hold = false;
  closed = 0;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Resolves once the server has received `n` requests (bounded). */
async function receivedCount(n: number): Promise<void> {
  for (let k = 0; k < 200 && received.length < n; k++) await new Promise((r) => setTimeout(r, 5));
}

describe("identical requests in flight", () => {
  it("are one HTTP exchange: every caller gets the answer", async () => {
    hold = true;
    const a = createRpcClient();
    const b = createRpcClient();
    const first = a.request({ url: base }, "m", ["x"]);
    const second = b.request({ url: base }, "m", ["x"]);
    const other = a.request({ url: base }, "m", ["y"]);
    await receivedCount(2);
    expect(inFlightCount()).toBe(2);
    hold = false;
    for (const answer of held) answer();
    held = [];
    expect(await first).toEqual([["x"], 2, 3]);
    expect(await second).toEqual([["x"], 2, 3]);
    expect(await other).toEqual([["y"], 2, 3]);
    expect(received).toEqual(["m", "m"]);
    // Over: the same call again is sent anew.
    expect(inFlightCount()).toBe(0);
    await a.request({ url: base }, "m", ["x"]);
    expect(received).toHaveLength(3);
  });

  it("share a failure as they share an answer", async () => {
    hold = true;
    const client = createRpcClient();
    const calls = [0, 1].map(() => client.request({ url: base }, "fail", [], { retry: false }));
    await receivedCount(1);
    for (const answer of held) answer();
    held = [];
    for (const c of calls) await expect(c).rejects.toBeInstanceOf(JsonRpcError);
    expect(received).toEqual(["fail"]);
  });

  it("a caller that gives up leaves; the exchange goes on for the others, and ends with the last", async () => {
    hold = true;
    const client = createRpcClient();
    const quit = new AbortController();
    const leaving = client.request({ url: base }, "m", ["z"], { signal: quit.signal });
    const staying = client.request({ url: base }, "m", ["z"]);
    await receivedCount(1);
    quit.abort();
    await expect(leaving).rejects.toBeInstanceOf(AbortedError);
    for (const answer of held) answer();
    held = [];
    expect(await staying).toEqual([["z"], 2, 3]);

    hold = true;
    const alone = new AbortController();
    const last = client.request({ url: base }, "m", ["w"], { signal: alone.signal });
    await receivedCount(2);
    alone.abort();
    await expect(last).rejects.toBeInstanceOf(AbortedError);
    // The last caller gone, the exchange itself is aborted: the server sees the connection close.
    for (let k = 0; k < 200 && closed === 0; k++) await new Promise((r) => setTimeout(r, 5));
    expect(closed).toBe(1);
    expect(inFlightCount()).toBe(0);
  });

  it("a request sent ahead is read by the identical request that follows, with its stream", async () => {
    expect(sendAhead(base, "m", ["s"], 5_000)).toBe(true);
    expect(sendAhead(base, "m", ["s"], 5_000)).toBe(true);
    await receivedCount(1);
    const items: unknown[] = [];
    const stream = createResultArrayStream<unknown[]>({
      onItems: (batch) => void items.push(...batch),
      result: () => items,
    });
    const out = await createRpcClient().request({ url: base }, "m", ["s"], { stream });
    // The stream read it (its own result array), and nothing more was sent.
    expect(out).toBe(items);
    expect(items).toEqual([["s"], 2, 3]);
    expect(received).toEqual(["m"]);
  });

  it("a request sent ahead that nobody asks for is aborted and forgotten", async () => {
    hold = true;
    expect(sendAhead(base, "m", ["t"], 50)).toBe(true);
    await receivedCount(1);
    for (let k = 0; k < 200 && closed === 0; k++) await new Promise((r) => setTimeout(r, 5));
    expect(closed).toBe(1);
    expect(inFlightCount()).toBe(0);
    expect(sendAhead("not a url", "m", [], 50)).toBe(false);
  });
});
