import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../../bench/synthetic.mjs";
import {
  createRpcClient,
  JsonRpcError,
  ResponseTooLargeError,
  SchemaError,
  UnreadableResponseError,
  type RequestRecord,
  NetworkError,
} from "../../../rpc";
import { httpRequest, RemoteUnavailable, type RemoteExchange } from "../../../rpc/transport";
import {
  chunkPlan,
  FIRST_CHUNK_FRAMES,
  modelAnswer,
  packChunk,
  packModel,
  type FrameChunk,
  type PackedModel,
} from "../../../trace/answer";
import { FrameArrival } from "../../../trace/arrival";
import { readBody } from "./body";
import { MAX_ADDRESSES } from "../../../decoding/keys";
import { traceDecodingKeys } from "../../../trace/decodingKeys";
import { flatten } from "../../../trace/flatten";
import type { TraceModel } from "../../../trace/model";
import { buildRows, initialExpansion, baseStructure } from "../../../trace/tree";
import { callFrameSchema, FRAME_ISSUES, type CallFrame } from "../../../trace/result";
import { A, B } from "../../../trace/testing";

const envelope = (result: unknown, id: unknown = 7) =>
  JSON.stringify({ jsonrpc: "2.0", id, result });

/** Every chunk of a modelled answer, packed as the Worker posts them. */
function chunksOf(out: { model: TraceModel; plan: Int32Array[] }): FrameChunk[] {
  return out.plan.map((indices) => packChunk(out.model.frames, indices));
}

/** What posting does to a message: a structured clone (symbols dropped, typed arrays kept). */
function posted(model: PackedModel, chunks: FrameChunk[]): FrameArrival {
  const arrival = new FrameArrival(structuredClone(model));
  for (const c of chunks) arrival.add(structuredClone(c));
  return arrival;
}

function expectSameModel(actual: TraceModel, expected: TraceModel): void {
  const { frames: _a, ...a } = actual;
  const { frames: _e, ...e } = expected;
  expect(a).toEqual(e);
}

describe("modelAnswer (the Worker's work)", () => {
  it("models a call tree as the main-thread path does, and sends every frame once", () => {
    const tree = syntheticTrace(20_000);
    const out = modelAnswer(envelope(tree), 7);
    if (!out) throw new Error("no model");
    const expected = flatten(callFrameSchema.parse(tree));
    expectSameModel(out.model, expected);
    const seen = new Uint8Array(out.model.size);
    for (const c of chunksOf(out)) for (const i of c.indices) seen[i] = (seen[i] as number) + 1;
    expect(seen.every((x) => x === 1)).toBe(true);
    // The Worker walks the keys after posting frames: taking their calls out changes none.
    expect(traceDecodingKeys(out.model.frames)).toEqual(traceDecodingKeys(expected.frames));
  });

  it("names as many contracts as a view asks about, the first called first (the keys are posted)", () => {
    const call = (i: number) => ({
      type: "CALL",
      from: A,
      to: `0x${(i + 1).toString(16).padStart(40, "0")}`,
      input: "0xa9059cbb",
      gas: "0x1",
      gasUsed: "0x1",
      value: "0x0",
    });
    const root = { ...call(-1), to: B, calls: Array.from({ length: 500 }, (_, i) => call(i)) };
    const { frames } = flatten(callFrameSchema.parse(root));
    const addresses = [...traceDecodingKeys(frames).addresses];
    expect(addresses).toHaveLength(MAX_ADDRESSES);
    expect(addresses.slice(0, 3)).toEqual([B.toLowerCase(), call(0).to, call(1).to]);
    expect([...traceDecodingKeys(frames).inputs]).toEqual(["0xa9059cbb"]);
  });

  it("sends first the frames the tree opens on, in pre-order", () => {
    const model = flatten(callFrameSchema.parse(syntheticTrace(20_000)));
    const [first] = chunkPlan(model);
    const rows = buildRows(model, baseStructure(model), initialExpansion(model));
    const visible = Array.from(rows.frame.subarray(0, rows.length)).filter(
      (_, r) => rows.log[r] === -1,
    );
    expect(visible.length).toBeLessThan(FIRST_CHUNK_FRAMES);
    expect(Array.from(first ?? [])).toEqual(visible);
  });

  it("rebuilds the checked tree on the page: frames, their calls and their warnings", () => {
    const tree = {
      type: "CALL",
      from: A,
      to: B,
      gas: true,
      calls: [
        { type: "STATICCALL", from: B, to: A, gasUsed: 5 },
        { type: "CALL", from: B, to: A, calls: [] },
      ],
    };
    const out = modelAnswer(envelope(tree), 7);
    if (!out) throw new Error("no model");
    const { packed } = packModel(out.model);
    const arrival = posted(packed, chunksOf(out));
    expect(arrival.complete).toBe(true);
    const expected = callFrameSchema.parse(tree);
    const top = arrival.model.frames[0] as CallFrame;
    expect(top).toEqual(expected);
    expect(top[FRAME_ISSUES]?.map((i) => i.field)).toEqual(["gas"]);
    expect(top.calls?.[1]?.calls).toEqual([]);
  });

  it("leaves every other answer to the page's interpret step", () => {
    const tree = syntheticTrace(3);
    expect(modelAnswer(envelope(tree, 8), 7)).toBeNull();
    expect(
      modelAnswer('{"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"x"}}', 7),
    ).toBeNull();
    expect(modelAnswer("<html>busy</html>", 7)).toBeNull();
    expect(modelAnswer(envelope([{ txHash: "0x1", result: tree }]), 7)).toBeNull();
    expect(modelAnswer(envelope({ callTracer: tree, prestateTracer: {} }), 7)).toBeNull();
    expect(
      modelAnswer(envelope({ failed: false, gas: 0, returnValue: "0x", structLogs: [] }), 7),
    ).toBeNull();
    expect(modelAnswer(envelope(tree), 7)).not.toBeNull();
  });
});

describe("FrameArrival", () => {
  it("counts frames in and tells its listeners on the first chunk and the last", () => {
    const out = modelAnswer(envelope(syntheticTrace(12_000)), 7);
    if (!out) throw new Error("no model");
    const { packed } = packModel(out.model);
    const arrival = new FrameArrival(structuredClone(packed));
    let told = 0;
    arrival.subscribe(() => told++);
    const [first, ...rest] = chunksOf(out);
    arrival.add(structuredClone(first as FrameChunk));
    expect(told).toBe(1);
    expect(arrival.loaded).toBe(first?.indices.length);
    expect(arrival.complete).toBe(false);
    expect(arrival.model.frames[0]).toBeDefined();
    for (const c of rest) arrival.add(structuredClone(c));
    expect(arrival.complete).toBe(true);
    expect(told).toBe(2);
    expect(arrival.model.frames[0]).toEqual(callFrameSchema.parse(syntheticTrace(12_000)));
  });
});

function streamOf(parts: (Uint8Array | Error)[]): ReadableStream<Uint8Array> {
  let k = 0;
  return new ReadableStream({
    pull(ctrl) {
      const p = parts[k++];
      if (p === undefined) ctrl.close();
      else if (p instanceof Error) ctrl.error(p);
      else ctrl.enqueue(p);
    },
  });
}

describe("readBody", () => {
  const bytes = new TextEncoder().encode('{"s":"Grüße ✓"}');
  it("decodes characters split across chunks", async () => {
    const r = await readBody(
      streamOf([bytes.slice(0, 9), bytes.slice(9, 13), bytes.slice(13)]),
      () => 1e6,
    );
    expect(r).toEqual({
      kind: "text",
      text: '{"s":"Grüße ✓"}',
      bytes: bytes.length,
      cutOff: false,
    });
  });
  it("stops past the cap, read per chunk", async () => {
    let cap = 10;
    const r = await readBody(streamOf([bytes.slice(0, 9), bytes.slice(9)]), () => cap);
    expect(r).toEqual({ kind: "too-large", bytes: bytes.length, announced: false });
    cap = 100;
    const ok = await readBody(streamOf([bytes.slice(0, 9), bytes.slice(9)]), () => cap);
    expect(ok.kind).toBe("text");
  });
  it("marks an answer whose connection dropped as cut off, with what arrived", async () => {
    const r = await readBody(streamOf([bytes.slice(0, 8), new Error("reset")]), () => 1e6);
    expect(r).toEqual({ kind: "text", text: '{"s":"Gr', bytes: 8, cutOff: true });
  });
});

// The client's remote path end to end against a real server: the Worker's steps run inline.
describe("the client with a remote reader", () => {
  let server: Server;
  let base = "";
  let answer: (id: unknown) => { status: number; body: string } = () => ({ status: 200, body: "" });
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = "";
      req.on("data", (c: Buffer) => (text += c.toString("utf8")));
      req.on("end", () => {
        const { status, body } = answer((JSON.parse(text) as { id: unknown }).id);
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const inline: RemoteExchange = async ({ url, bodyText, id, maxBytes, signal }) => {
    const http = httpRequest(url, bodyText);
    if (!http) throw new TypeError("not a valid URL");
    const res = await fetch(http.target, { ...http.init, signal });
    const head = { status: res.status, contentType: "application/json", retryAfter: null };
    const read = await readBody(res.body, () => maxBytes);
    if (read.kind !== "text" || read.cutOff || !res.ok) return { ...head, read };
    const out = modelAnswer(read.text, id);
    if (!out) return { ...head, read };
    const arrival = posted(packModel(out.model).packed, chunksOf(out));
    const value = { model: arrival.model, arrival };
    return {
      ...head,
      read: { kind: "result", value, head: read.text.slice(0, 100), bytes: read.bytes },
    };
  };
  const remote = inline;

  it("returns the decoded result; the record keeps the answer's head and size", async () => {
    const tree = syntheticTrace(500);
    let sent = "";
    answer = (id) => {
      sent = envelope(tree, id);
      return { status: 200, body: sent };
    };
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    const out = await client.request<{ model: TraceModel }>(
      { url: base },
      "debug_traceTransaction",
      ["0x1"],
      {
        remote,
        schema: callFrameSchema as never,
      },
    );
    expect(out.model.size).toBe(500);
    const last = records.at(-1);
    expect(last?.status).toBe("ok");
    expect(last?.sizeBytes).toBe(Buffer.byteLength(sent));
    expect(last?.response).toBe(sent.slice(0, 100));
  });

  it("names errors as always: a JSON-RPC error, a schema failure, a cap, a cut-off answer", async () => {
    const client = createRpcClient({ maxResponseBytes: 4_000 });
    const call = () =>
      client.request({ url: base }, "debug_traceTransaction", ["0x1"], {
        remote,
        schema: callFrameSchema,
      });
    answer = (id) => ({
      status: 200,
      body: JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: "boom" } }),
    });
    await expect(call()).rejects.toBeInstanceOf(JsonRpcError);
    answer = (id) => ({ status: 200, body: envelope("not a frame", id) });
    await expect(call()).rejects.toBeInstanceOf(SchemaError);
    answer = (id) => ({ status: 200, body: envelope(syntheticTrace(100), id) });
    await expect(call()).rejects.toBeInstanceOf(ResponseTooLargeError);
    answer = (id) => ({ status: 200, body: envelope(syntheticTrace(3), id).slice(0, 40) });
    await expect(call()).rejects.toBeInstanceOf(UnreadableResponseError);
  });

  it("reads the answer on the page when the remote side could not start (one request)", async () => {
    const tree = syntheticTrace(20);
    let asked = 0;
    answer = (id) => {
      asked++;
      return { status: 200, body: envelope(tree, id) };
    };
    const refused: RemoteExchange = () =>
      Promise.reject(new RemoteUnavailable("the trace worker could not start: blocked"));
    const client = createRpcClient();
    const out = await client.request({ url: base }, "debug_traceTransaction", ["0x1"], {
      remote: refused,
      schema: callFrameSchema,
      retry: false,
    });
    expect(out).toMatchObject({ type: tree.type, from: tree.from, to: tree.to });
    expect(asked).toBe(1);
    // Any other failure of the remote side is the request's failure, as before.
    const broken: RemoteExchange = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(
      client.request({ url: base }, "debug_traceTransaction", ["0x1"], {
        remote: broken,
        schema: callFrameSchema,
        retry: false,
      }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(asked).toBe(1);
  });
});
