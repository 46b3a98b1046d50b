// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import { resolveEndpoint } from "../endpoints";
import { fromSearch } from "../methods/debug_jstraceTransaction/params";
import { traceQueryOptions } from "../methods/debug_jstraceTransaction/query";
import { createRpcClient } from "../rpc";
import { pendingEarly } from "../rpc/early";
import { bootEarly, earlyModuleFor } from "./boot";
import { initialConnection } from "./connection";
import { parseHash } from "./router";

const HASH = `0x${"ab".repeat(32)}`;

let server: Server;
let url = "";
let methods: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(text) as { id: unknown; method: string };
      methods.push(body.method);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: syntheticTrace(40) }));
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
  sessionStorage.clear();
  localStorage.clear();
});

/** What the trace page does on load for this link: its query, through the app's connection. */
async function runTracePage(hash: string) {
  const { search } = parseHash(hash);
  const resolved = resolveEndpoint(initialConnection(search, null), "debug_jstraceTransaction");
  if (!resolved.ok) throw new Error(resolved.reason);
  const options = traceQueryOptions(
    createRpcClient(),
    resolved.endpoint,
    fromSearch(search).request,
  );
  return new QueryClient().fetchQuery(options);
}

describe("bootEarly", () => {
  it("sends a trace deep link's request before the app; the page's query adopts it", async () => {
    const hash = `#/trace?hash=${HASH}&rpc=${encodeURIComponent(url)}&frame=0.1`;
    expect(await bootEarly(hash)).toBe(true);
    expect(pendingEarly()).toBe(1);
    const result = await runTracePage(hash);
    expect(result.model?.size).toBe(40);
    // One request in all: the early one, adopted.
    expect(methods).toEqual(["debug_traceTransaction"]);
    expect(pendingEarly()).toBe(0);
  });

  it("sends under the method name the connection renames the trace to", async () => {
    const hash = `#/trace?hash=${HASH}&rpc=${encodeURIComponent(url)}&traceMethod=debug_jstraceTransaction`;
    expect(await bootEarly(hash)).toBe(true);
    await runTracePage(hash);
    expect(methods).toEqual(["debug_jstraceTransaction"]);
  });

  it("sends nothing for an incomplete link, a route without a first request, or no connection", async () => {
    expect(await bootEarly(`#/trace?rpc=${encodeURIComponent(url)}`)).toBe(false);
    expect(await bootEarly(`#/trace?hash=0x12&rpc=${encodeURIComponent(url)}`)).toBe(false);
    expect(await bootEarly(`#/estimate?rpc=${encodeURIComponent(url)}`)).toBe(false);
    // The stored connection is NodeReal with no key kept on this device: it cannot be resolved.
    localStorage.setItem("nodescope.connection", JSON.stringify({ kind: "nodereal" }));
    expect(await bootEarly(`#/trace?hash=${HASH}`)).toBe(false);
    expect(pendingEarly()).toBe(0);
    expect(methods).toEqual([]);
  });

  it("finds a method folder's early module by the route's method", async () => {
    expect(await earlyModuleFor("debug_jstraceTransaction")).not.toBeNull();
    expect(await earlyModuleFor("eth_estimateGas")).toBeNull();
  });
});
