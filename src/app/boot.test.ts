// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ReadableStream as NodeReadableStream } from "node:stream/web";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolveEndpoint } from "../endpoints";
import { createRpcClient } from "../rpc";
import { inFlightCount } from "../rpc/inflight";
import { parseHash, viewSearch } from "../routing/route";
import type { AnswerCopy } from "./firstPaint/answer";
import { bootEarly, earlyModuleFor, FIRST_PAINT_BYTES, initialConnection, readCopy } from "./boot";

const BLOCK = `0x${"ab".repeat(32)}`;
/** jsdom's window (the test's global, in its own VM context) may have none: then Node's own. */
const ReadableStream = (globalThis.ReadableStream ??
  NodeReadableStream) as typeof globalThis.ReadableStream;

let server: Server;
let url = "";
let methods: string[] = [];
/** What the server answers with (a result of this many bytes of padding when set). */
let padding = 0;
/** The HTTP status the server answers with. */
let status = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(text) as { id: unknown; method: string };
      methods.push(body.method);
      const result = padding > 0 ? ["x".repeat(padding)] : [];
      const answer = JSON.stringify({ jsonrpc: "2.0", id: body.id, result });
      res.writeHead(status, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(answer),
      });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  methods = [];
  padding = 0;
  status = 200;
  sessionStorage.clear();
  localStorage.clear();
});

/** The page's first call for a logs link, made the way its early module says (early.test.ts
 * proves that is the scanner's first call), through a client of its own. */
async function pageFirstCall(hash: string) {
  const { search } = parseHash(hash);
  const resolved = resolveEndpoint(await initialConnection(search, null), "eth_getLogs");
  if (!resolved.ok) throw new Error(resolved.reason);
  const mod = await earlyModuleFor("logs");
  const call = mod?.earlyRequest(viewSearch(search), resolved.endpoint);
  if (!call) throw new Error("no first call");
  return createRpcClient().request({ url: resolved.endpoint.url }, call.method, call.params);
}

describe("bootEarly", () => {
  it("sends a logs link's first request before the app; the page's identical request joins it", async () => {
    const hash = `#/logs?blockHash=${BLOCK}&rpc=${encodeURIComponent(url)}`;
    expect(await bootEarly(hash)).toBe(true);
    expect(inFlightCount()).toBe(1);
    expect(await pageFirstCall(hash)).toEqual([]);
    // One request in all: the one sent ahead, read by the page.
    expect(methods).toEqual(["eth_getLogs"]);
    expect(inFlightCount()).toBe(0);
  });

  it("hands the first paint a copy of the answer; the page still reads the one answer itself", async () => {
    const hash = `#/logs?blockHash=${BLOCK}&rpc=${encodeURIComponent(url)}`;
    let copy: (copy: AnswerCopy | null) => void = () => undefined;
    const copied = new Promise<AnswerCopy | null>((resolve) => (copy = resolve));
    expect(await bootEarly(hash, copy)).toBe(true);
    const got = await copied;
    expect(got?.complete).toBe(true);
    expect(JSON.parse(got?.text ?? "null")).toMatchObject({ result: [] });
    expect(await pageFirstCall(hash)).toEqual([]);
    expect(methods).toEqual(["eth_getLogs"]);
  });

  it("gives the first paint the first bytes of an answer over FIRST_PAINT_BYTES; the page reads it whole", async () => {
    padding = FIRST_PAINT_BYTES + 10;
    const hash = `#/logs?blockHash=${BLOCK}&rpc=${encodeURIComponent(url)}`;
    let copy: (copy: AnswerCopy | null) => void = () => undefined;
    const copied = new Promise<AnswerCopy | null>((resolve) => (copy = resolve));
    expect(await bootEarly(hash, copy)).toBe(true);
    const got = await copied;
    expect(got?.complete).toBe(false);
    expect(got?.text.startsWith('{"jsonrpc":"2.0"')).toBe(true);
    // Its length announced: the first bytes only, not the megabyte.
    expect(got?.text.length).toBeLessThan(FIRST_PAINT_BYTES / 4);
    expect(await pageFirstCall(hash)).toEqual(["x".repeat(padding)]);
    expect(methods).toEqual(["eth_getLogs"]);
  });

  it("gives the first paint no copy of an error status; the page reads the answer itself", async () => {
    status = 502;
    const hash = `#/logs?blockHash=${BLOCK}&rpc=${encodeURIComponent(url)}`;
    let copy: (copy: AnswerCopy | null) => void = () => undefined;
    const copied = new Promise<AnswerCopy | null>((resolve) => (copy = resolve));
    expect(await bootEarly(hash, copy)).toBe(true);
    expect(await copied).toBeNull();
    await expect(pageFirstCall(hash)).rejects.toThrow();
    expect(methods[0]).toBe("eth_getLogs");
  });

  it("reads a copy up to the limit, and stops reading past it", async () => {
    const body = (parts: string[]) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of parts) c.enqueue(new TextEncoder().encode(p));
          c.close();
        },
      });
    expect(await readCopy(new Response(body(['{"a":', '"é"}'])), 100)).toEqual({
      text: '{"a":"é"}',
      complete: true,
    });
    // Found larger once read: what was read, marked as a part.
    expect(await readCopy(new Response(body(["x".repeat(60), "y".repeat(60)])), 100)).toEqual({
      text: "x".repeat(60) + "y".repeat(60),
      complete: false,
    });
    // Announced larger: its first bytes only (the prefix, cut inside the chunk that holds its
    // end; no further chunk is read).
    const announced = new Response(body(["a".repeat(40), "b".repeat(40), "c".repeat(40)]), {
      headers: { "content-length": "120" },
    });
    expect(await readCopy(announced, 100, 50)).toEqual({
      text: "a".repeat(40) + "b".repeat(10),
      complete: false,
    });
    // A character cut by the prefix is left out, not garbled.
    const cut = new Response(body(["a".repeat(49) + "é" + "c".repeat(70)]), {
      headers: { "content-length": "121" },
    });
    expect(await readCopy(cut, 100, 50)).toEqual({ text: "a".repeat(49), complete: false });
  });

  it("sends nothing for a trace link (the trace Worker's), an incomplete link, or no connection", async () => {
    const rpc = encodeURIComponent(url);
    expect(await bootEarly(`#/trace?hash=0x${"cd".repeat(32)}&rpc=${rpc}`)).toBe(false);
    expect(await bootEarly(`#/logs?fromBlock=banana&rpc=${rpc}`)).toBe(false);
    expect(await bootEarly(`#/estimate?rpc=${rpc}`)).toBe(false);
    // The stored connection is NodeReal with no key kept on this device: it cannot be resolved.
    localStorage.setItem("nodescope.connection", JSON.stringify({ kind: "nodereal" }));
    expect(await bootEarly(`#/logs?blockHash=${BLOCK}`)).toBe(false);
    expect(inFlightCount()).toBe(0);
    expect(methods).toEqual([]);
  });

  it("finds a page folder's early module by the route's folder", async () => {
    expect(await earlyModuleFor("logs")).not.toBeNull();
    expect(await earlyModuleFor("trace")).toBeNull();
    expect(await earlyModuleFor("estimate")).toBeNull();
  });
});
