import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "../platform/zod";
import {
  createResultArrayStream,
  createRpcClient,
  JsonRpcError,
  SchemaError,
  UnreadableResponseError,
  type RequestRecord,
  type ResultStream,
} from "./index";

type Handler = (id: unknown, res: ServerResponse) => void;

let server: Server;
let base = "";
let handler: Handler = (_id, res) => res.end();
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { id?: unknown };
      handler(parsed.id, res);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

const item = z.looseObject({ n: z.number(), s: z.string() });

/** A stream that records every batch it is handed, and returns all items as its result. */
function collecting(onBatch?: (items: unknown[]) => void | Promise<void>) {
  const batches: unknown[][] = [];
  const all: unknown[] = [];
  const stream = createResultArrayStream<unknown[]>({
    onItems: (items) => {
      batches.push(items);
      all.push(...items);
      return onBatch?.(items);
    },
    result: () => all,
  });
  return { stream, batches, all };
}

const request = <T>(stream: ResultStream<T>, records?: RequestRecord[]) =>
  createRpcClient({ onRecord: (r) => records?.push(r) }).request<T>(
    { url: `${base}/` },
    "eth_getLogs",
    [{}],
    { schema: z.array(item) as unknown as z.ZodMiniType<T>, stream },
  );

describe("a result array read as it arrives", () => {
  it("hands over the first elements before the rest of the body is sent", async () => {
    // The server sends the rest only once the client has shown it received the first elements:
    // this answer can only complete if they were handed over while the body was still open.
    let sendRest: () => void = () => {};
    const firstSeen = new Promise<void>((r) => (sendRest = r));
    handler = (id, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":[{"n":1,"s":"a"},{"n":2,`);
      void firstSeen.then(() => res.end(`"s":"b"},{"n":3,"s":"c"}]}`));
    };
    const { stream, batches } = collecting(() => sendRest());
    const result = await request(stream);
    expect(batches[0]).toEqual([{ n: 1, s: "a" }]);
    expect(result).toEqual([
      { n: 1, s: "a" },
      { n: 2, s: "b" },
      { n: 3, s: "c" },
    ]);
  });

  it("splits elements right whatever the chunks cut: escapes, brackets and commas in strings", async () => {
    const items = [
      { n: 1, s: 'quote " and backslash \\ ,]}' },
      { n: 2, s: "\\" },
      { n: 3, s: "[{,}]", nested: { a: [1, [2, { b: "]" }]] } },
      { n: 4, s: "ünïcödé ✓" },
    ];
    const text = JSON.stringify({ jsonrpc: "2.0", id: 0, result: items });
    handler = (id, res) => {
      const body = Buffer.from(text.replace('"id":0', `"id":${JSON.stringify(id)}`), "utf8");
      res.writeHead(200, { "Content-Type": "application/json" });
      // One byte per write: every boundary falls somewhere awkward (inside escapes, UTF-8).
      let i = 0;
      const next = () => {
        if (i >= body.length) return void res.end();
        res.write(body.subarray(i, i + 1), next);
        i++;
      };
      next();
    };
    const { stream, all } = collecting();
    const result = await request(stream);
    expect(result).toEqual(items);
    expect(all).toEqual(items);
  });

  it("cuts a list of objects at its last },{ and still splits right when one is in a string or nested", async () => {
    const many = Array.from({ length: 200 }, (_, n) => ({ n, s: `item ${n}` }));
    const tricky = [
      ...many.slice(0, 100),
      { n: 100, s: "},{ in a string" },
      { n: 101, s: "x", nested: [{ a: 1 }, { b: 2 }] },
      ...many.slice(102),
    ];
    for (const items of [many, tricky]) {
      const text = JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        result: items,
        more: [{ c: 1 }, { d: 2 }],
      });
      const body = new TextEncoder().encode(text);
      const { stream, batches, all } = collecting();
      // chunks of 97 bytes: the cuts fall before, on and after each `},{`
      for (let i = 0; i < body.length; i += 97) await stream.push(body.subarray(i, i + 97));
      const done = stream.finish();
      expect(done?.result).toEqual(items);
      expect(all).toEqual(items);
      expect(JSON.parse(done?.envelope ?? "null")).toEqual({
        jsonrpc: "2.0",
        id: 7,
        result: 0,
        more: [{ c: 1 }, { d: 2 }],
      });
      // handed over as they came, not once at the end
      expect(batches.length).toBeGreaterThan(20);
    }
  });

  it("keeps the request record's view of the body (its head) without decoding all of it", async () => {
    handler = (id, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: [{ n: 1, s: "x" }] }));
    };
    const records: RequestRecord[] = [];
    const { stream } = collecting();
    await request(stream, records);
    const last = records.at(-1);
    expect(last?.status).toBe("ok");
    expect(last?.response).toMatchObject({ result: [{ n: 1, s: "x" }] });
  });

  it("reads an error answer the usual way: its class, not a stream result", async () => {
    handler = (id, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: "boom" } }));
    };
    const { stream, batches } = collecting();
    const e = await request(stream).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(JsonRpcError);
    expect(batches).toEqual([]);
  });

  it("falls back to the whole answer when the stream gives up: the schema names the bad element", async () => {
    handler = (id, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          result: [
            { n: 1, s: "a" },
            { n: "two", s: "b" },
          ],
        }),
      );
    };
    const { stream } = collecting((items) => {
      if (items.some((x) => typeof (x as { n: unknown }).n !== "number")) throw new Error("bad");
    });
    const e = await request(stream).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SchemaError);
    expect((e as SchemaError).path).toBe("result[1].n");
  });

  it("refuses an answer to another id even when its result streamed", async () => {
    handler = (_id, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 987654, result: [{ n: 1, s: "a" }] }));
    };
    const { stream } = collecting();
    const e = await request(stream).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnreadableResponseError);
    expect((e as UnreadableResponseError).reason).toBe("wrong-id");
  });

  it("reads a result that is not an array the usual way", async () => {
    handler = (id, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: null }));
    };
    const { stream, batches } = collecting();
    const e = await request(stream).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SchemaError);
    expect(batches).toEqual([]);
  });
});
