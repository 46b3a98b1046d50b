// Integration tests over real HTTP against the devnet the unit tests share (anvil + scenarios +
// gateway): what they read of the request log, and the flaky faults they count, are their own
// (TEST_HEADER), as other files send requests to the same gateway meanwhile.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, FAULT_MODES } from "./index.mjs";
import { TEST_HEADER } from "./gateway.mjs";
import { sharedDevnet } from "./sharedDevnet.ts";
import { FAULTS } from "../e2e/faultCases.ts";
import { createRpcClient, RpcError } from "../src/rpc/index.ts";
import { errorView } from "../src/advice/advice.ts";
import { readOverride, resolveEndpoint } from "../src/endpoints/index.ts";
import { fromSearch } from "../src/pages/tx/params.ts";
import { METHOD as TX_METHOD, txRequestOptions } from "../src/pages/tx/request.ts";
import {
  MIN_RESPONSE_LIMIT_MB,
  responseLimitBytes,
  setResponseLimitMB,
} from "../src/app/settings/limits.ts";

/** @type {import("./sharedDevnet.ts").SharedDevnet} */
let devnet;
/** @type {import("./index.mjs").Manifest} */
let manifest;
let G = "";

/** A JSON object from the wire, read loosely (call frames, log entries, estimate cases). @typedef {{ [key: string]: unknown, calls?: Loose[] }} Loose */

beforeAll(async () => {
  devnet = await sharedDevnet();
  manifest = devnet.manifest;
  G = devnet.gatewayUrl;
}, 120_000);

/** A test name for TEST_HEADER, unique to this run (a rerun in watch mode shares the devnet). */
const RUN = `gateway-${process.pid}-${Date.now()}`;
/** @param {string} test */
const as = (test) => ({ "content-type": "application/json", [TEST_HEADER]: `${RUN}-${test}` });
/** The test's own log, or (method DELETE) clears it. @param {string} test @param {RequestInit} [init] */
const logOf = (test, init) => fetch(`${G}/__log?test=${RUN}-${test}`, init);

const NITRO = () => `${G}/${API_KEY}/rollup-nitro/`;
const ROLLUP = () => `${G}/${API_KEY}/rollup/`;
const TRACE = () => `${G}/bsc-mainnet/v1/${API_KEY}`;
const hex = (/** @type {number} */ n) => `0x${n.toString(16)}`;

let nextId = 1;
/**
 * @param {string} url
 * @param {unknown} body
 * @param {RequestInit} [init]
 */
async function post(url, body, init = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
    ...init,
  });
}
/** @param {string} url @param {string} method @param {unknown[]} [params] @param {RequestInit} [init] */
async function call(url, method, params = [], init = {}) {
  const id = nextId++;
  const res = await post(url, { jsonrpc: "2.0", id, method, params }, init);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.jsonrpc).toBe("2.0");
  expect(body.id).toBe(id);
  return body;
}
const notAvailable = (/** @type {string} */ m) => ({
  code: -32601,
  message: `method ${m} does not exist/is not available.`,
});

/** All logs for a filter straight from anvil (no limits), in chunks. */
async function anvilLogs(
  /** @type {Record<string, unknown>} */ filter,
  /** @type {number} */ from,
  /** @type {number} */ to,
  step = 2500,
) {
  /** @type {{ blockNumber: string }[]} */
  const out = [];
  for (let a = from; a <= to; a += step) {
    const r = await call(devnet.anvilUrl, "eth_getLogs", [
      { ...filter, fromBlock: hex(a), toBlock: hex(Math.min(to, a + step - 1)) },
    ]);
    out.push(...r.result);
  }
  return out;
}

/** @param {Loose} frame @returns {number} */
const frames = (frame) =>
  1 + (frame.calls ?? []).reduce((n, /** @type {Loose} */ c) => n + frames(c), 0);

describe("manifest", () => {
  it("has the agreed shape and every scenario", () => {
    expect(manifest.chainId).toBe(31337);
    expect(manifest.apiKey).toBe("nodescope-demo");
    expect(manifest.endpoints).toEqual({ rollupNitro: NITRO(), rollup: ROLLUP(), trace: TRACE() });
    expect(manifest.readyMs).toBeGreaterThan(0);
    for (const id of [
      "legacyTransfer",
      "dynamicFeeTransfer",
      "accessListTransfer",
      "contractCreation",
      "nestedCalls",
      "innerRevert",
      "customError",
      "panic",
      "innerOutOfGas",
      "largeTrace",
      "xss",
      "tokenTransfer",
    ]) {
      const tx = manifest.transactions[id];
      expect(tx, id).toBeDefined();
      expect(tx?.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(tx?.frames).toBeGreaterThan(0);
    }
    const t = manifest.transactions;
    expect(t.legacyTransfer?.type).toBe("0x0");
    expect(t.accessListTransfer?.type).toBe("0x1");
    expect(t.dynamicFeeTransfer?.type).toBe("0x2");
    expect(t.contractCreation?.to).toBeNull();
    expect(t.customError?.status).toBe("reverted");
    expect(t.panic?.status).toBe("reverted");
    for (const id of ["innerRevert", "innerOutOfGas", "nestedCalls", "xss", "largeTrace"])
      expect(t[id]?.status, id).toBe("success");
    expect(manifest.blocks[0]?.txCount).toBeGreaterThanOrEqual(3);
    expect(manifest.events.find((e) => e.name === "Transfer")?.topic0).toBe(
      "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
    );
  });

  it("is served at /manifest.json", async () => {
    const res = await fetch(`${G}/manifest.json`);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect((await res.json()).gatewayUrl).toBe(G);
  });

  it("nestedCalls holds every frame type", async () => {
    const r = await call(TRACE(), "debug_jstraceTransaction", [
      manifest.transactions.nestedCalls?.hash,
      { tracer: "callTracer" },
    ]);
    const types = new Set();
    /** @param {Loose} f */
    const walk = (f) => {
      types.add(f.type);
      (f.calls ?? []).forEach(walk);
    };
    walk(r.result);
    for (const type of [
      "CALL",
      "STATICCALL",
      "DELEGATECALL",
      "CALLCODE",
      "CREATE",
      "CREATE2",
      "SELFDESTRUCT",
    ])
      expect(types, type).toContain(type);
    expect(frames(r.result)).toBe(manifest.transactions.nestedCalls?.frames);
  });

  it("largeTrace traces to >= 5,000 frames", async () => {
    const r = await call(TRACE(), "debug_jstraceTransaction", [
      manifest.transactions.largeTrace?.hash,
      { tracer: "callTracer" },
    ]);
    expect(frames(r.result)).toBeGreaterThanOrEqual(5_000);
    expect(frames(r.result)).toBe(manifest.transactions.largeTrace?.frames);
  });

  it("the token has >= 20,000 logs over >= 10,000 blocks, and a dense window over the result cap", async () => {
    const { token } = manifest;
    expect(token.toBlock - token.fromBlock + 1).toBeGreaterThanOrEqual(10_000);
    const logs = await anvilLogs({ address: token.address }, token.fromBlock, token.toBlock);
    expect(logs.length).toBe(token.logCount);
    expect(logs.length).toBeGreaterThanOrEqual(20_000);
    const first = Number.parseInt(logs[0]?.blockNumber ?? "0x0", 16);
    const last = Number.parseInt(logs.at(-1)?.blockNumber ?? "0x0", 16);
    expect(last - first).toBeGreaterThanOrEqual(10_000);
    const [a, b] = token.denseRange;
    expect(b - a + 1).toBeLessThanOrEqual(5_000);
    const dense = logs.filter((l) => {
      const n = Number.parseInt(l.blockNumber, 16);
      return n >= a && n <= b;
    });
    expect(dense.length).toBeGreaterThan(10_000);
  }, 60_000);
});

describe("endpoint shapes", () => {
  it("rollup-nitro serves eth_estimateGas and eth_getTransactionByBlockHashAndIndex", async () => {
    const { from, to, data, value, estimate } = manifest.calls.transfer ?? {};
    expect((await call(NITRO(), "eth_estimateGas", [{ from, to, data, value }])).result).toBe(
      estimate,
    );
    const block = manifest.blocks[0];
    const tx = (await call(NITRO(), "eth_getTransactionByBlockHashAndIndex", [block?.hash, "0x1"]))
      .result;
    expect(tx.blockHash).toBe(block?.hash);
    expect(tx.transactionIndex).toBe("0x1");
    expect(
      (await call(NITRO(), "eth_getTransactionByBlockHashAndIndex", [block?.hash, "0x63"])).result,
    ).toBeNull();
    for (const m of [
      "eth_getLogs",
      "debug_jstraceTransaction",
      "debug_traceTransaction",
      "eth_sendTransaction",
    ])
      expect((await call(NITRO(), m, [])).error).toEqual(notAvailable(m));
  });

  it("rollup serves eth_getLogs only (plus chainId/blockNumber)", async () => {
    const tx = manifest.transactions.tokenTransfer;
    const logs = (
      await call(ROLLUP(), "eth_getLogs", [
        { blockHash: tx?.blockHash, address: manifest.token.address },
      ])
    ).result;
    expect(logs.length).toBeGreaterThan(0);
    for (const m of [
      "eth_estimateGas",
      "eth_getTransactionByBlockHashAndIndex",
      "debug_jstraceTransaction",
    ])
      expect((await call(ROLLUP(), m, [])).error).toEqual(notAvailable(m));
  });

  it("the trace endpoint serves debug_jstraceTransaction as a callTracer tree, with a tracer config", async () => {
    const tx = manifest.transactions.innerRevert;
    const r = await call(TRACE(), "debug_jstraceTransaction", [
      tx?.hash,
      { tracer: "callTracer", tracerConfig: { withLog: true }, timeout: "10s" },
    ]);
    expect(r.result.type).toBe("CALL");
    expect(r.result.to.toLowerCase()).toBe(tx?.to?.toLowerCase());
    expect(r.result.calls.some((/** @type {Loose} */ c) => c.error)).toBe(true);
    expect(JSON.stringify(r.result)).toContain('"logs"');
    for (const m of ["eth_getLogs", "eth_estimateGas"])
      expect((await call(TRACE(), m, [])).error).toEqual(notAvailable(m));
  });

  it("the trace endpoint serves debug_traceCall with state overrides (a call never sent)", async () => {
    const call0 = manifest.calls.revertingCall;
    const reverted = await call(TRACE(), "debug_traceCall", [
      { from: call0?.from, to: call0?.to, data: call0?.data },
      "latest",
      { tracer: "callTracer", tracerConfig: { withLog: true } },
    ]);
    expect(reverted.result.error).toBe("execution reverted");
    expect(reverted.result.revertReason).toBe(call0?.reason);
    const empty = "0x000000000000000000000000000000000000dEaD";
    const pay = { from: empty, to: call0?.to, value: "0xde0b6b3a7640000" };
    const refused = await call(TRACE(), "debug_traceCall", [
      pay,
      "latest",
      { tracer: "callTracer" },
    ]);
    expect(refused.error.message).toMatch(/insufficient funds/i);
    const paid = await call(TRACE(), "debug_traceCall", [
      { ...pay, to: "0x0000000000000000000000000000000000000001" },
      "latest",
      { tracer: "callTracer", stateOverrides: { [empty]: { balance: "0x56bc75e2d63100000" } } },
    ]);
    expect(paid.result.value).toBe("0xde0b6b3a7640000");
    expect(paid.result.error).toBeUndefined();
    expect((await call(NITRO(), "debug_traceCall", [])).error).toEqual(
      notAvailable("debug_traceCall"),
    );
  });

  it("passes a JavaScript tracer through", async () => {
    const tracer =
      "{n: 0, step: function() { this.n++ }, fault: function() {}, result: function() { return this.n }}";
    const r = await call(TRACE(), "debug_jstraceTransaction", [
      manifest.transactions.tokenTransfer?.hash,
      { tracer },
    ]);
    expect(r.error).toBeUndefined();
    expect(r.result).toBeGreaterThan(10);
  });

  it("eth_chainId and eth_blockNumber everywhere; trailing slash optional; other chains", async () => {
    for (const url of [
      NITRO(),
      NITRO().slice(0, -1),
      ROLLUP(),
      ROLLUP().slice(0, -1),
      TRACE(),
      `${TRACE()}/`,
      `${G}/eth-mainnet/v1/${API_KEY}`,
      `${G}/polygon-mainnet/v1/${API_KEY}`,
    ]) {
      expect((await call(url, "eth_chainId")).result, url).toBe("0x7a69");
      expect((await call(url, "eth_blockNumber")).result, url).toBe(hex(manifest.latestBlock));
    }
    expect(
      (
        await call(`${G}/opbnb-mainnet/v1/${API_KEY}`, "debug_jstraceTransaction", [
          manifest.transactions.panic?.hash,
          { tracer: "callTracer" },
        ])
      ).error,
    ).toEqual(notAvailable("debug_jstraceTransaction"));
    expect(
      (
        await call(`${G}/eth-mainnet/v1/${API_KEY}`, "debug_jstraceTransaction", [
          manifest.transactions.panic?.hash,
          { tracer: "callTracer" },
        ])
      ).result.error,
    ).toBe("execution reverted");
  });

  it("the host-header form {chain}-{network}.localhost/v1/{key} reaches the trace endpoint", async () => {
    const port = new URL(G).port;
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "debug_jstraceTransaction",
      params: [manifest.transactions.nestedCalls?.hash, { tracer: "callTracer" }],
    });
    /** @type {{ status: number, text: string }} */
    const res = await new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: `/v1/${API_KEY}`,
          method: "POST",
          headers: { host: `bsc-mainnet.localhost:${port}`, "content-type": "application/json" },
        },
        (r) => {
          let text = "";
          r.on("data", (c) => (text += c));
          r.on("end", () => resolve({ status: r.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.end(body);
    });
    expect(res.status).toBe(200);
    const parsed = JSON.parse(res.text);
    expect(parsed.id).toBe(7);
    expect(frames(parsed.result)).toBe(manifest.transactions.nestedCalls?.frames);
  });

  it("wrong or missing key → Unauthorized; unknown method → -32601; unknown path → 404", async () => {
    for (const url of [
      `${G}/wrong-key/rollup-nitro/`,
      `${G}/rollup/`,
      `${G}/bsc-mainnet/v1/`,
      `${G}/bsc-mainnet/v1/nope`,
      `${G}/fault-nonsense/rollup/`,
    ])
      expect((await call(url, "eth_chainId")).error, url).toEqual({
        code: -32000,
        message: "Unauthorized",
      });
    expect((await call(NITRO(), "eth_frobnicate")).error).toEqual(notAvailable("eth_frobnicate"));
    expect((await post(`${G}/nodescope-demo/elsewhere/`, {})).status).toBe(404);
    const bad = await (await post(NITRO(), "{not json")).json();
    expect(bad.error.code).toBe(-32700);
  });

  it("every endpoint answers the standard reads, e.g. a token's symbol() through eth_call", async () => {
    const token = manifest.token?.address;
    const trace = `${G}/bsc-mainnet/v1/nodescope-demo`;
    const symbol = await call(trace, "eth_call", [{ to: token, data: "0x95d89b41" }, "latest"]);
    expect(symbol.result).toMatch(/^0x0{62}20/);
    const tx = manifest.transactions.tokenTransfer;
    const byHash = await call(NITRO(), "eth_getTransactionByHash", [tx?.hash]);
    expect(byHash.result?.blockHash).toBe(tx?.blockHash);
  });

  it("reverts come back from eth_estimateGas with their reasons", async () => {
    const { revertingCall, panicCall, customErrorCall, xssCall } = manifest.calls;
    const est = async (/** @type {Loose} */ c) =>
      (
        await call(NITRO(), "eth_estimateGas", [
          { from: c.from, to: c.to, data: c.data, value: c.value },
        ])
      ).error;
    expect((await est(revertingCall)).message).toContain(revertingCall?.reason);
    expect((await est(xssCall)).message).toContain("<script>window.__xss=1</script>");
    expect(JSON.stringify((await est(panicCall)).data)).toContain("4e487b71");
    expect(JSON.stringify(await est(customErrorCall))).toMatch(/0x[0-9a-f]{8}/);
  });
});

describe("eth_getLogs limits", () => {
  it("refuses ranges over 5,000 blocks", async () => {
    const { token } = manifest;
    const r = await call(ROLLUP(), "eth_getLogs", [
      {
        fromBlock: hex(token.fromBlock),
        toBlock: hex(token.fromBlock + 5000),
        address: token.address,
      },
    ]);
    expect(r.error).toEqual({ code: -32005, message: "exceed maximum block range: 5000" });
    expect((await call(ROLLUP(), "eth_getLogs", [{ fromBlock: "earliest" }])).error).toEqual({
      code: -32005,
      message: "exceed maximum block range: 5000",
    });
    const ok = await call(ROLLUP(), "eth_getLogs", [
      {
        fromBlock: hex(token.fromBlock),
        toBlock: hex(token.fromBlock + 4999),
        address: token.address,
      },
    ]);
    expect(Array.isArray(ok.result)).toBe(true);
    const latest = await call(ROLLUP(), "eth_getLogs", [{}]);
    expect(Array.isArray(latest.result)).toBe(true);
  });

  it("refuses more than 10,000 results and suggests a range that works", async () => {
    const { token } = manifest;
    const from = token.denseRange[0] - 500;
    const r = await call(ROLLUP(), "eth_getLogs", [
      { fromBlock: hex(from), toBlock: hex(from + 4999), address: token.address },
    ]);
    expect(r.error.code).toBe(-32005);
    const m =
      /^query returned more than 10000 results\. Try with this block range \[(0x[0-9a-f]+), (0x[0-9a-f]+)\]\.$/.exec(
        r.error.message,
      );
    expect(m, r.error.message).not.toBeNull();
    expect(Number.parseInt(m?.[1] ?? "", 16)).toBe(from);
    const ok = await call(ROLLUP(), "eth_getLogs", [
      { fromBlock: m?.[1], toBlock: m?.[2], address: token.address },
    ]);
    expect(ok.result.length).toBeLessThanOrEqual(10_000);
    expect(ok.result.length).toBeGreaterThan(5_000);
  });
});

describe("batches, CORS and the request log", () => {
  it("answers a batch element by element", async () => {
    const res = await post(ROLLUP(), [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
      { jsonrpc: "2.0", id: 2, method: "eth_estimateGas", params: [{}] },
      {
        jsonrpc: "2.0",
        id: 3,
        method: "eth_getLogs",
        params: [{ fromBlock: "0x0", toBlock: "0x2710" }],
      },
      {
        jsonrpc: "2.0",
        id: 4,
        method: "eth_getLogs",
        params: [{ blockHash: manifest.transactions.tokenTransfer?.blockHash }],
      },
      { foo: 1 },
    ]);
    const body = await res.json();
    expect(body).toHaveLength(5);
    expect(body[0]).toEqual({ jsonrpc: "2.0", id: 1, result: "0x7a69" });
    expect(body[1].error).toEqual(notAvailable("eth_estimateGas"));
    expect(body[2].error.message).toBe("exceed maximum block range: 5000");
    expect(body[3].result.length).toBeGreaterThan(0);
    expect(body[4].error.code).toBe(-32600);
    expect((await (await post(ROLLUP(), [])).json()).error.code).toBe(-32600);
  });

  it("answers CORS preflights and sets CORS headers", async () => {
    const res = await fetch(NITRO(), {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-custom",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-methods")).toContain("OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toContain("x-custom");
    const postRes = await post(NITRO(), {
      jsonrpc: "2.0",
      id: 1,
      method: "eth_chainId",
      params: [],
    });
    expect(postRes.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("logs every request with the key masked, and clears on DELETE", async () => {
    const headers = as("log");
    await call(NITRO(), "eth_chainId", [], { headers });
    expect((await logOf("log", { method: "DELETE" })).status).toBe(200);
    expect(await (await logOf("log")).json()).toEqual([]);
    await call(NITRO(), "eth_chainId", [], { headers });
    await post(
      ROLLUP(),
      [
        {
          jsonrpc: "2.0",
          id: 5,
          method: "eth_getLogs",
          params: [{ blockHash: manifest.blocks[0]?.hash }],
        },
        { jsonrpc: "2.0", id: 6, method: "eth_blockNumber", params: [] },
      ],
      { headers },
    );
    await call(`${G}/other-key/rollup/`, "eth_blockNumber", [], { headers });
    const log = await (await logOf("log")).json();
    expect(log.map((/** @type {Loose} */ e) => e.method)).toEqual([
      "eth_chainId",
      "eth_getLogs",
      "eth_blockNumber",
      "eth_blockNumber",
    ]);
    expect(log[1].params).toEqual([{ blockHash: manifest.blocks[0]?.hash }]);
    expect(log[0].path).toBe("/••••demo/rollup-nitro/");
    expect(typeof log[0].time).toBe("string");
    expect(JSON.stringify(log)).not.toContain(API_KEY);
    expect(JSON.stringify(log)).not.toContain("other-key");
  });
});

describe("fault modes", () => {
  const body = { jsonrpc: "2.0", id: 41, method: "eth_chainId", params: [] };

  it("lists every mode", () => {
    expect(FAULT_MODES).toEqual([
      "401",
      "403",
      "404",
      "413",
      "429",
      "500",
      "502",
      "503",
      "504",
      "html",
      "empty",
      "truncated",
      "wrong-id",
      "no-jsonrpc",
      "slow",
      "drop",
      "oversized",
      "rpc-error",
      "flaky-503",
    ]);
  });

  it("HTTP status faults, with CORS headers (429 with Retry-After)", async () => {
    for (const status of [401, 403, 404, 413, 429, 500, 502, 503, 504]) {
      for (const url of [
        `${G}/fault-${status}/rollup-nitro/`,
        `${G}/bsc-mainnet/v1/fault-${status}`,
      ]) {
        const res = await post(url, body);
        expect(res.status, url).toBe(status);
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
        expect(res.headers.get("retry-after")).toBe(status === 429 ? "1" : null);
        expect((await res.text()).length).toBeGreaterThan(0);
      }
    }
  });

  it("html, empty, truncated, wrong-id, no-jsonrpc, rpc-error", async () => {
    let res = await post(`${G}/fault-html/rollup/`, body);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("<html>");

    res = await post(`${G}/fault-empty/rollup/`, body);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");

    res = await post(`${G}/fault-truncated/rollup-nitro/`, body);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('{"jsonrpc":"2.0"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();

    res = await post(`${G}/fault-wrong-id/rollup-nitro/`, body);
    const wrong = await res.json();
    expect(wrong.jsonrpc).toBe("2.0");
    expect(wrong.result).toBe("0x7a69");
    expect(wrong.id).not.toBe(41);

    res = await post(`${G}/fault-no-jsonrpc/rollup-nitro/`, body);
    const bare = await res.json();
    expect(bare).toEqual({ id: 41, result: "0x7a69" });

    res = await post(`${G}/bsc-mainnet/v1/fault-rpc-error`, body);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: 41,
      error: { code: -32603, message: "internal error" },
    });
  });

  it("slow does not answer within 500 ms (client abort), slow-<ms> answers later", async () => {
    const t0 = Date.now();
    await expect(
      post(`${G}/fault-slow/rollup-nitro/`, body, { signal: AbortSignal.timeout(500) }),
    ).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(5_000);
    const t1 = Date.now();
    const res = await post(`${G}/fault-slow-300/rollup-nitro/`, body);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(280);
    expect((await res.json()).result).toBe("0x7a69");
  });

  it("drop closes the connection without an answer", async () => {
    await expect(post(`${G}/fault-drop/rollup/`, body)).rejects.toThrow();
  });

  it("oversized streams a > 50 MB body", async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    const res = await post(`${G}/fault-oversized/rollup/`, body, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(50 * 1024 * 1024);
    const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (res.body?.getReader());
    let bytes = 0;
    let start = "";
    while (bytes < 51 * 1024 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!start) start = new TextDecoder().decode(value.slice(0, 40));
      bytes += value.length;
    }
    controller.abort();
    clearTimeout(timer);
    expect(start.startsWith('{"jsonrpc":"2.0","id":41,"result":"0x')).toBe(true);
    expect(bytes).toBeGreaterThan(50 * 1024 * 1024);
  }, 40_000);

  it("flaky-503 fails the first request per method, then succeeds; DELETE /__log resets it", async () => {
    const url = `${G}/fault-flaky-503/rollup-nitro/`;
    const init = { headers: as("flaky") };
    expect((await post(url, body, init)).status).toBe(503);
    expect((await (await post(url, body, init)).json()).result).toBe("0x7a69");
    expect((await post(url, { ...body, method: "eth_blockNumber" }, init)).status).toBe(503);
    expect((await post(url, body, init)).status).toBe(200);
    await logOf("flaky", { method: "DELETE" });
    expect((await post(url, body, init)).status).toBe(503);
  });

  it("a request naming a test (x-nodescope-test) is read and cleared with that test's log only", async () => {
    const [a, b] = [`${RUN}-a`, `${RUN}-b`];
    // the unnamed read holds other files' requests too: these are this test's (its ids, its query)
    const query = "function=0x5eed0001";
    /** @param {string | null} t @param {string} method */
    const send = (t, method) =>
      post(
        NITRO(),
        { jsonrpc: "2.0", id: `${RUN}-${method}`, method, params: [] },
        t === null ? {} : { headers: { "content-type": "application/json", [TEST_HEADER]: t } },
      );
    await send(a, "eth_chainId");
    await send(b, "eth_blockNumber");
    await send(null, "net_version");
    await fetch(`${G}/sigdb/signature-database/v1/lookup?${query}`, {
      headers: { [TEST_HEADER]: a },
    });
    const of = async (/** @type {string} */ q) =>
      (await (await fetch(`${G}/__log${q}`)).json())
        .filter((/** @type {Loose} */ e) => String(e.id).startsWith(`${RUN}-`) || e.query === query)
        .map((/** @type {Loose} */ e) => e.method ?? e.service);
    expect(await of(`?test=${a}`)).toEqual(["eth_chainId", "sigdb"]);
    expect(await of(`?test=${b}`)).toEqual(["eth_blockNumber"]);
    expect(await of("")).toEqual(["eth_chainId", "eth_blockNumber", "net_version", "sigdb"]);
    expect(await (await fetch(`${G}/__log?test=${a}`, { method: "DELETE" })).json()).toEqual({
      cleared: 2,
    });
    expect(await of("")).toEqual(["eth_blockNumber", "net_version"]);
    // a test's flaky-503 memory is its own, and clearing its log forgets only that
    const flaky = (/** @type {string} */ t) =>
      post(`${G}/fault-flaky-503/rollup-nitro/`, body, {
        headers: { "content-type": "application/json", [TEST_HEADER]: t },
      });
    expect((await flaky(a)).status).toBe(503);
    expect((await flaky(b)).status).toBe(503);
    expect((await flaky(a)).status).toBe(200);
    await fetch(`${G}/__log?test=${a}`, { method: "DELETE" });
    expect((await flaky(a)).status).toBe(503);
    expect((await flaky(b)).status).toBe(200);
  });

  it("fault requests are logged", async () => {
    await post(`${G}/fault-500/rollup/`, body, { headers: as("fault") });
    const log = await (await logOf("fault")).json();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ fault: "500", method: "eth_chainId", key: "fault-500" });
  });

  it("the gateway still answers after all that", async () => {
    expect((await call(NITRO(), "eth_chainId")).result).toBe("0x7a69");
  });
});

// The browser walk of these (e2e/faults.spec.ts) keeps a few modes, one per UI path; here every
// mode's message and retry count is proven once, on the path the transaction page's request takes.
describe("every fault mode through the app's client: the transaction page's message and retries", () => {
  /**
   * The app's fetch as a browser gives it: a failed exchange is a bare "Failed to fetch" (Node's
   * adds a cause code, which would pick other advice than a user sees); every request is filed
   * under `tag` in the gateway's log.
   * @param {string} tag @returns {typeof fetch}
   */
  const browserFetch = (tag) => (input, init) =>
    fetch(input, { ...init, headers: { ...init?.headers, [TEST_HEADER]: tag } }).catch(
      (/** @type {unknown} */ e) => {
        if (init?.signal?.aborted) throw e;
        throw new TypeError("Failed to fetch");
      },
    );

  /** The link e2e/faults.spec.ts opens, read the way the app reads it. @param {string} mode */
  function linkOf(mode) {
    const tx = manifest.transactions.legacyTransfer;
    if (!tx) throw new Error("no legacyTransfer in the manifest");
    const search = new URLSearchParams({
      blockHash: tx.blockHash,
      index: String(tx.index),
      rpc: `${G}/fault-${mode}/rollup-nitro/`,
    });
    const override = readOverride(search);
    const state = fromSearch(search);
    if (!override || state.kind !== "ok" || !("blockHash" in state.lookup))
      throw new Error(`not a transaction link: ${search}`);
    const resolved = resolveEndpoint({ kind: "custom", ...override }, TX_METHOD);
    if (!resolved.ok) throw new Error(resolved.reason);
    return { endpoint: resolved.endpoint, lookup: state.lookup };
  }

  beforeAll(() => {
    // The oversized fault (~60 MB) meets the setting at the lowest value it takes, as in the e2e.
    setResponseLimitMB(MIN_RESPONSE_LIMIT_MB);
  });
  afterAll(() => {
    setResponseLimitMB(null);
  });

  for (const f of FAULTS) {
    it(`fault ${f.mode}: the error panel's words and ${f.retries} retries`, async () => {
      const tag = `unit-fault-${f.mode}`;
      await fetch(`${G}/__log?test=${tag}`, { method: "DELETE" });
      /** @type {import("../src/rpc/index.ts").RequestRecord[]} */
      const records = [];
      /** @type {number[]} */
      const waits = [];
      // The app's client (src/app/App.tsx) and retry policy; only the waits between retries are
      // not spent (counted instead), so the suite does not sleep 1.5–2 s per retried mode.
      const client = createRpcClient({
        fetch: browserFetch(tag),
        onRecord: (r) => records.push(r),
        maxResponseBytes: responseLimitBytes,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      const { endpoint, lookup } = linkOf(f.mode);
      const { queryFn } = txRequestOptions(client, endpoint, lookup);
      if (typeof queryFn !== "function") throw new Error("the page would not send the lookup");
      const error = await /** @type {(ctx: unknown) => Promise<unknown>} */ (queryFn)({
        signal: new AbortController().signal,
      }).then(
        () => null,
        (/** @type {unknown} */ e) => e,
      );

      expect(error).toBeInstanceOf(RpcError);
      const view = errorView(error);
      const text = `${view.headline}\n${view.advice ?? ""}`;
      for (const words of f.says) expect(text).toMatch(words);
      expect(view.detail).toContain(`${TX_METHOD} → http://127.0.0.1`);

      // What the request inspector's Retries cell shows, and the waits the policy chose.
      const last = records.at(-1);
      expect(last?.status).toBe("error");
      expect(last?.retries).toBe(f.retries);
      expect(waits).toHaveLength(f.retries);

      /** @type {Loose[]} */
      const log = await (await fetch(`${G}/__log?test=${tag}`)).json();
      const sent = log.filter((e) => e.method === TX_METHOD && e.fault === f.mode);
      // A dropped connection may not get each attempt's request to the gateway's log.
      if (f.mode === "drop") expect(sent.length).toBeGreaterThanOrEqual(1);
      else expect(sent).toHaveLength(f.retries + 1);
    });
  }
});

describe("node modes (/node/<mode>/, keyless, for rpc= links)", () => {
  const JS_TRACER =
    "{n: 0, step: function() { this.n++ }, fault: function() {}, result: function() { return this.n }}";

  it("are in the manifest", () => {
    expect(manifest.nodes).toEqual({
      full: `${G}/node/full/`,
      standard: `${G}/node/standard/`,
      noJsTracers: `${G}/node/no-js-tracers/`,
    });
  });

  it("a standard node answers every debug_, trace_ and ots_ method with -32601, and the reads a replay needs", async () => {
    const url = manifest.nodes.standard;
    const tx = manifest.transactions.nestedCalls;
    for (const [m, params] of /** @type {[string, unknown[]][]} */ ([
      ["debug_traceTransaction", [tx?.hash, { tracer: "callTracer" }]],
      ["debug_traceCall", [{ to: tx?.to }, "latest", { tracer: "prestateTracer" }]],
      ["debug_jstraceTransaction", [tx?.hash, { tracer: "callTracer" }]],
      ["trace_transaction", [tx?.hash]],
      ["ots_getApiLevel", []],
    ]))
      expect((await call(url, m, params)).error, m).toEqual(notAvailable(m));
    const block = hex(tx?.blockNumber ?? 0);
    const proof = await call(url, "eth_getProof", [tx?.to, [], block], { headers: as("node") });
    expect(proof.result.codeHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await call(url, "eth_getStorageAt", [tx?.to, "0x0", block])).result).toMatch(/^0x/);
    const full = await call(url, "eth_getBlockByNumber", [block, true]);
    expect(full.result.transactions.some((/** @type {Loose} */ t) => t.hash === tx?.hash)).toBe(
      true,
    );
    // Keyless, logged as its own endpoint.
    const logged = (await (await logOf("node")).json()).filter(
      (/** @type {Loose} */ e) => e.path === "/node/standard/" && e.method === "eth_getProof",
    );
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0].endpoint).toBe("node");
  });

  it("a node without JS tracers answers a tracer text with -32000 'tracer not found' and serves the built-in tracers", async () => {
    const url = manifest.nodes.noJsTracers;
    const tx = manifest.transactions.innerRevert;
    const refused = await call(url, "debug_traceTransaction", [tx?.hash, { tracer: JS_TRACER }]);
    expect(refused.error).toEqual({ code: -32000, message: "tracer not found" });
    const refusedCall = await call(url, "debug_traceCall", [
      { from: tx?.from, to: tx?.to },
      "latest",
      { tracer: JS_TRACER, timeout: "10s" },
    ]);
    expect(refusedCall.error).toEqual({ code: -32000, message: "tracer not found" });
    const tree = await call(url, "debug_traceTransaction", [
      tx?.hash,
      { tracer: "callTracer", tracerConfig: { withLog: true } },
    ]);
    expect(tree.result.calls.some((/** @type {Loose} */ c) => c.error)).toBe(true);
    const diff = await call(url, "debug_traceTransaction", [
      tx?.hash,
      { tracer: "prestateTracer", tracerConfig: { diffMode: true } },
    ]);
    expect(diff.result).toHaveProperty("pre");
    expect(diff.result).toHaveProperty("post");
    const fourByte = await call(url, "debug_traceTransaction", [
      tx?.hash,
      { tracer: "4byteTracer" },
    ]);
    expect(fourByte.error).toBeUndefined();
    // geth has no debug_jstraceTransaction: that name is the provider's.
    expect((await call(url, "debug_jstraceTransaction", [tx?.hash, {}])).error).toEqual(
      notAvailable("debug_jstraceTransaction"),
    );
  });

  it("the full node passes a JavaScript tracer through; an unknown mode is 404", async () => {
    const r = await call(manifest.nodes.full, "debug_traceTransaction", [
      manifest.transactions.tokenTransfer?.hash,
      { tracer: JS_TRACER },
    ]);
    expect(r.result).toBeGreaterThan(10);
    const res = await post(`${G}/node/archive/`, { jsonrpc: "2.0", id: 1, method: "eth_chainId" });
    expect(res.status).toBe(404);
  });
});
