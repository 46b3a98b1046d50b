import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ExecutionRevertedError,
  HttpStatusError,
  interpretHttpError,
  interpretRpcError,
  JsonRpcError,
  LimitExceededError,
  MethodUnsupportedError,
  MissingStateError,
  NodeTimeoutError,
  NotAllowedError,
  OutOfComputeUnitsError,
  RangeLimitError,
  RateLimitedError,
  ResourceNotFoundError,
  UnauthorizedError,
  UnknownTransactionError,
  type RpcErrorContext,
} from "./index";

const ctxFor = (method: string): RpcErrorContext => ({
  method,
  endpoint: "https://node.example/v1/k",
  request: {},
  durationMs: 1,
});
const named = (method: string, code: number, message: string, data?: unknown) =>
  interpretRpcError(ctxFor(method), { code, message, data });

const CORPUS = resolve(process.cwd(), "../shared/conformance/execution-apis");
const present = existsSync(CORPUS);

/** The first `<<` answer of a recorded exchange. */
function recorded(file: string): { error: { code: number; message: string; data?: unknown } } {
  const line = readFileSync(resolve(CORPUS, file), "utf8")
    .split("\n")
    .find((l) => l.startsWith("<< "));
  if (!line) throw new Error(`no answer in ${file}`);
  return JSON.parse(line.slice(3)) as { error: { code: number; message: string; data?: unknown } };
}

describe.skipIf(!present)("the reference client's error answers (conformance corpus)", () => {
  it("an unknown transaction hash", () => {
    const { error } = recorded("debug_traceTransaction/trace-unknown-tx.io");
    const e = named("debug_traceTransaction", error.code, error.message);
    expect(e).toBeInstanceOf(UnknownTransactionError);
    expect(e.code).toBe(-32000);
  });

  it("reverts, with the revert bytes as hex", () => {
    for (const file of [
      "eth_estimateGas/estimate-call-abi-error.io",
      "eth_estimateGas/estimate-failed-call.io",
    ]) {
      const { error } = recorded(file);
      const e = named("eth_estimateGas", error.code, error.message, error.data);
      expect(e).toBeInstanceOf(ExecutionRevertedError);
      expect((e as ExecutionRevertedError).revertData).toBe(error.data);
    }
  });

  it("eth_getLogs parameter errors are not limits: they stay generic, to be shown", () => {
    for (const file of [
      "eth_getLogs/filter-error-invalid-blockHash-and-range.io",
      "eth_getLogs/filter-error-future-block-range.io",
      "eth_getLogs/filter-error-reversed-block-range.io",
    ]) {
      const { error } = recorded(file);
      const e = named("eth_getLogs", error.code, error.message);
      expect(e.constructor).toBe(JsonRpcError);
      expect(e.code).toBe(-32602);
    }
  });
});

describe("the provider's documented errors (notes/providers.md)", () => {
  const cases: [number, string, new (...args: never[]) => JsonRpcError][] = [
    [-32000, "Unauthorized", UnauthorizedError],
    [-32000, "timeout", NodeTimeoutError],
    [-32002, "IP address 1.2.3.4 is not on whitelist", NotAllowedError],
    [-32004, "method debug_x does not support", MethodUnsupportedError],
    [-32601, "method eth_foo does not exist/is not available.", MethodUnsupportedError],
    [-32005, "Your account has exceeded its Compute Units Per Second capacity", LimitExceededError],
    [-32005, "ran out of cu", LimitExceededError],
  ];
  it.each(cases)("%s %s", (code, message, cls) => {
    expect(named("eth_call", code, message)).toBeInstanceOf(cls);
  });

  it("names -32601/-32004 whatever the wording, and the wording whatever the code", () => {
    expect(named("eth_call", -32601, "")).toBeInstanceOf(MethodUnsupportedError);
    expect(named("eth_call", -32004, "")).toBeInstanceOf(MethodUnsupportedError);
    expect(
      named("eth_call", -32000, "the method eth_call does not exist/is not available"),
    ).toBeInstanceOf(MethodUnsupportedError);
    expect(MethodUnsupportedError.code).toBe(-32601);
    expect(ExecutionRevertedError.code).toBe(3);
    expect(LimitExceededError.code).toBe(-32005);
    expect(ResourceNotFoundError.code).toBe(-32001);
  });

  it("HTTP 429 is a rate limit, and `ran out of cu` in it is used-up compute units", () => {
    const ctx = ctxFor("eth_getLogs");
    const rate = interpretHttpError(ctx, {
      status: 429,
      body: "",
      retryAfterMs: 2000,
      rpcError: {
        code: -32005,
        message: "Your account has exceeded its Compute Units Per Second capacity",
      },
    });
    expect(rate).toBeInstanceOf(RateLimitedError);
    expect(rate).toBeInstanceOf(HttpStatusError);
    expect((rate as RateLimitedError).retryAfterMs).toBe(2000);
    const cu = interpretHttpError(ctx, {
      status: 429,
      body: "",
      rpcError: { code: -32005, message: "ran out of cu" },
    });
    expect(cu).toBeInstanceOf(OutOfComputeUnitsError);
    expect(cu).not.toBeInstanceOf(RateLimitedError);
    expect(interpretHttpError(ctx, { status: 429, body: "Too Many Requests" })).toBeInstanceOf(
      RateLimitedError,
    );
    expect(interpretHttpError(ctx, { status: 503, body: "busy" }).constructor).toBe(
      HttpStatusError,
    );
  });

  it("pruned state and missing resources", () => {
    for (const message of [
      "missing trie node 1a2b… (path )",
      "required historical state unavailable (reexec=128)",
      "header not found",
    ])
      expect(named("debug_traceTransaction", -32000, message)).toBeInstanceOf(MissingStateError);
    const anvil = named("debug_traceTransaction", -32001, "Resource not found");
    expect(anvil).toBeInstanceOf(ResourceNotFoundError);
    // anvil --prune-history, asked below the states it keeps; a block past the head is not that
    const old = "BlockOutOfRangeError: block height is 12553 but requested was 6276";
    expect(named("eth_getTransactionCount", -32602, old)).toBeInstanceOf(MissingStateError);
    const ahead = "BlockOutOfRangeError: block height is 12553 but requested was 20000";
    expect(named("eth_getTransactionCount", -32602, ahead)).not.toBeInstanceOf(MissingStateError);
  });

  it("a revert without code 3 (older nodes) and its data nested in {data}", () => {
    const e = named("eth_estimateGas", -32000, "execution reverted", { data: "0x1234" });
    expect(e).toBeInstanceOf(ExecutionRevertedError);
    expect((e as ExecutionRevertedError).revertData).toBe("0x1234");
  });
});

// Every message shape in providers.md's eth_getLogs table, with what it says to do.
const LIMITS: [
  source: string,
  code: number,
  message: string,
  suggested: { from: number; to: number } | null,
  max: number | null,
][] = [
  [
    "Infura",
    -32005,
    "query returned more than 10000 results. Try with this block range [0x4B0, 0x9C4].",
    { from: 0x4b0, to: 0x9c4 },
    null,
  ],
  ["Infura (newer)", -32602, "range 1000000 exceeds limit of 10000", null, 10000],
  [
    "Alchemy (response size)",
    -32602,
    "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x0, 0x1d2c]",
    { from: 0, to: 0x1d2c },
    2000,
  ],
  [
    "Alchemy (block range)",
    -32600,
    "You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x10, 0x203]",
    { from: 0x10, to: 0x203 },
    500,
  ],
  [
    "QuickNode",
    -32000,
    "eth_getLogs and eth_newFilter are limited to a 10,000 blocks range",
    null,
    10000,
  ],
  ["Ankr", -32600, "block range is too wide", null, 3000],
  ["BlockPI", -32602, "eth_getLogs is limited to 1024 block range", null, 1024],
  ["BSC nodes", -32000, "exceed maximum block range: 5000", null, 5000],
  ["public BSC", -32000, "exceed maximum block range: 50000", null, 50000],
  ["geth --rpc.rangelimit", -32602, "exceed maximum block range 2000", null, 2000],
  ["reth (range)", -32602, "query exceeds max block range 100000", null, 100000],
  [
    "reth (results, decimal range)",
    -32602,
    "query exceeds max results 20000, retry with the range 1200-1450",
    { from: 1200, to: 1450 },
    null,
  ],
  ["Besu", -32005, "Requested range exceeds maximum RPC range limit", null, 5000],
  ["PublicNode", -32000, "maximum block range: 1000", null, 1000],
  ["Arbitrum", -32000, "logs matched by query exceeds limit of 10000", null, null],
  ["Optimism (size)", -32000, "backend response too large", null, null],
  ["Optimism (range)", -32000, "Block range is too large", null, null],
  ["Chainstack", -32000, "Block range limit exceeded.", null, null],
  ["any", -32005, "query timeout exceeded", null, null],
  ["Infura (no suggestion)", -32005, "query returned more than 10000 results", null, null],
];

describe("eth_getLogs range and result limits", () => {
  it.each(LIMITS)("%s", (_source, code, message, suggested, max) => {
    const e = named("eth_getLogs", code, message);
    expect(e).toBeInstanceOf(RangeLimitError);
    const r = e as RangeLimitError;
    expect(r.suggestedRange).toEqual(suggested);
    expect(r.maxBlockRange).toBe(max);
  });

  it("reads the suggested range in hex and in decimal", () => {
    const hex = named("eth_getLogs", -32005, "Try with this block range [0x1f, 0xff].");
    expect((hex as RangeLimitError).suggestedRange).toEqual({ from: 31, to: 255 });
    const dec = named(
      "eth_getLogs",
      -32602,
      "query exceeds max results 5, retry with the range 31-255",
    );
    expect((dec as RangeLimitError).suggestedRange).toEqual({ from: 31, to: 255 });
  });

  it("reads a limit wrapped in a non-2xx answer, keeping the status", () => {
    const e = interpretHttpError(ctxFor("eth_getLogs"), {
      status: 400,
      body: "",
      rpcError: { code: -32602, message: "eth_getLogs is limited to 1024 block range" },
    });
    expect(e).toBeInstanceOf(RangeLimitError);
    expect((e as RangeLimitError).httpStatus).toBe(400);
  });

  it.each([
    ["reversed range", "invalid block range params"],
    ["future range", "block range extends beyond current head block"],
    ["unauthorized", "Unauthorized"],
    ["internal", "internal error"],
    ["empty", ""],
  ])("is not a limit: %s", (_name, message) => {
    expect(named("eth_getLogs", -32602, message)).not.toBeInstanceOf(RangeLimitError);
  });

  it("is only read for eth_getLogs: a trace's 'query timeout exceeded' is the node's time-out", () => {
    expect(named("debug_traceTransaction", -32000, "query timeout exceeded")).toBeInstanceOf(
      NodeTimeoutError,
    );
  });
});
