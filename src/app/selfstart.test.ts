// @vitest-environment jsdom
// The trace Worker's own start (methods/debug_jstraceTransaction/selfstart.ts) must be exactly the
// request the boot module then starts — same URL, same body text, byte for byte — or the Worker
// would drop it and send a second one. Its own file: the boot module's first early id is fresh.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONNECTION_SETTINGS_KEY, DEFAULT_SETTINGS, toStored } from "../endpoints";
import { selfStartRequest } from "../methods/debug_jstraceTransaction/selfstart";
import { FIRST_EARLY_ID, takeEarly } from "../rpc/early";
import { bootEarly } from "./boot";
import { storedConnection } from "./connection";

const HASH = `0x${"cd".repeat(32)}`;
let server: Server;
let url = "";
const bodies: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      bodies.push(text);
      const { id } = JSON.parse(text) as { id: unknown };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { type: "CALL", from: "0x00" } }));
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
  sessionStorage.clear();
  localStorage.clear();
});

describe("the trace Worker's own start of a deep link's request", () => {
  it("is the boot module's first request, byte for byte", async () => {
    const hash = `#/trace?hash=${HASH}&tracer=callTracer&rpc=${encodeURIComponent(url)}&traceMethod=debug_jstraceTransaction&frame=0.1`;
    const own = selfStartRequest(hash, storedConnection());
    expect(own).not.toBeNull();
    expect(await bootEarly(hash)).toBe(true);
    const sent = JSON.parse(own?.bodyText ?? "{}") as { method: string; params: unknown[] };
    expect(sent.method).toBe("debug_jstraceTransaction");
    expect(sent.params[0]).toBe(HASH);
    const early = takeEarly(url, sent.method, sent.params, "fetch");
    if (!early) throw new Error("the boot module started no request");
    early.abort();
    expect(own).toEqual({ url, bodyText: early.bodyText, id: FIRST_EARLY_ID });
    expect(early.id).toBe(FIRST_EARLY_ID);
  });

  it("uses a provider kept on this device with its key, and the tab's custom URL", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      kind: "nodereal" as const,
      apiKey: "k3y",
      rememberKey: true,
    };
    localStorage.setItem(CONNECTION_SETTINGS_KEY, JSON.stringify(toStored(settings)));
    const viaProvider = selfStartRequest(
      `#/trace?hash=${HASH}&tracer=callTracer`,
      storedConnection(),
    );
    expect(viaProvider?.url).toContain("k3y");
    expect(JSON.parse(viaProvider?.bodyText ?? "{}")).toMatchObject({
      method: "debug_jstraceTransaction",
      params: [HASH, { tracer: "callTracer" }],
    });
  });

  it("leaves the start to the page when it cannot tell the request here", () => {
    const rpc = `&rpc=${encodeURIComponent(url)}`;
    const stored = () => storedConnection();
    // The devnet (its address is in its manifest), an incomplete link, another route, another
    // tracer (read on the main thread), a bad URL, a provider whose key is not kept.
    expect(selfStartRequest(`#/trace?hash=${HASH}`, stored())).toBeNull();
    expect(selfStartRequest(`#/trace?tracer=callTracer${rpc}`, stored())).toBeNull();
    expect(selfStartRequest(`#/logs?hash=${HASH}${rpc}`, stored())).toBeNull();
    expect(
      selfStartRequest(`#/trace?hash=${HASH}&tracer=prestateTracer${rpc}`, stored()),
    ).toBeNull();
    expect(selfStartRequest(`#/trace?hash=${HASH}&rpc=ftp%3A%2F%2Fx`, stored())).toBeNull();
    localStorage.setItem(CONNECTION_SETTINGS_KEY, JSON.stringify({ kind: "nodereal" }));
    expect(selfStartRequest(`#/trace?hash=${HASH}`, stored())).toBeNull();
  });
});
