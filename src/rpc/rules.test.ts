import { describe, expect, it } from "vitest";
import {
  AbortedError,
  describeRpcCode,
  interpretHttpError,
  interpretRpcError,
  JsonRpcError,
  OutOfComputeUnitsError,
  RateLimitedError,
  maskSecrets,
  NetworkError,
  parseRetryAfter,
  RpcErrorCode,
  shouldRetry,
  TimeoutError,
  type RpcErrorContext,
} from "./index";
import { isCutOffJson, parseBody } from "./response";

const ctx: RpcErrorContext = {
  method: "eth_call",
  endpoint: "https://x.example/v1/key",
  request: {},
  durationMs: 1,
};
/** An HTTP error answer, as the client's interpret step names it. */
const http = (status: number, retryAfterMs?: number, rpcMessage?: string) =>
  interpretHttpError(ctx, {
    status,
    body: "",
    retryAfterMs,
    rpcError: rpcMessage ? { code: -32005, message: rpcMessage } : undefined,
  });
const network = new NetworkError(ctx, {
  causeText: "fetch failed: ECONNREFUSED",
  causeCode: "ECONNREFUSED",
});

describe("shouldRetry", () => {
  it("retries 429, 502, 503, 504 and network failures with exponential backoff", () => {
    for (const s of [429, 502, 503, 504])
      expect(shouldRetry(http(s), 0, "eth_call")).toEqual({ retry: true, delayMs: 500 });
    expect(shouldRetry(network, 0, "eth_call")).toEqual({ retry: true, delayMs: 500 });
    expect(shouldRetry(network, 1, "eth_call")).toEqual({ retry: true, delayMs: 1000 });
  });

  it("stops after two retries", () => {
    expect(shouldRetry(http(503), 2, "eth_call").retry).toBe(false);
  });

  it("caps the backoff at 8 s when more retries are allowed", () => {
    expect(shouldRetry(http(503), 6, "eth_call", 10).delayMs).toBe(8000);
  });

  it("honours Retry-After, capped at 30 s", () => {
    expect(shouldRetry(http(429, 3000), 0, "eth_call")).toEqual({ retry: true, delayMs: 3000 });
    expect(shouldRetry(http(429, 120_000), 0, "eth_call")).toEqual({
      retry: true,
      delayMs: 30_000,
    });
  });

  it("never retries trace methods, whatever the failure", () => {
    for (const m of [
      "debug_jstraceTransaction",
      "debug_traceTransaction",
      "debug_traceBlockByNumber",
      "debug_traceCall",
    ]) {
      expect(shouldRetry(http(503), 0, m).retry).toBe(false);
      expect(shouldRetry(network, 0, m).retry).toBe(false);
    }
  });

  it("never retries other statuses, JSON-RPC errors, timeouts, aborts or used-up compute units", () => {
    for (const s of [400, 401, 403, 404, 413, 500])
      expect(shouldRetry(http(s), 0, "eth_call").retry).toBe(false);
    expect(
      shouldRetry(new JsonRpcError(ctx, { code: -32005, message: "limit" }), 0, "eth_call").retry,
    ).toBe(false);
    expect(shouldRetry(new TimeoutError(ctx, 100), 0, "eth_call").retry).toBe(false);
    expect(shouldRetry(new AbortedError(ctx), 0, "eth_call").retry).toBe(false);
    expect(shouldRetry(new Error("x"), 0, "eth_call").retry).toBe(false);
    expect(shouldRetry(http(429, undefined, "ran out of cu"), 0, "eth_call").retry).toBe(false);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:27:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe("maskSecrets", () => {
  it("keeps only the last four characters of each secret", () => {
    expect(maskSecrets("https://h/v1/abcdef123456?k=abcdef123456", ["abcdef123456"])).toBe(
      "https://h/v1/••••3456?k=••••3456",
    );
  });

  it("leaves secrets shorter than four characters alone", () => {
    expect(maskSecrets("a abc a", ["abc", ""])).toBe("a abc a");
  });

  it("masks every field of an error", () => {
    const key = "secretkey9999";
    const e = new JsonRpcError(
      {
        method: "eth_call",
        endpoint: `https://h/v1/${key}`,
        request: { params: [key, { [key]: key }] },
        durationMs: 1,
        secrets: [key],
      },
      { code: -32000, message: `bad ${key}`, data: key },
    );
    const all = JSON.stringify({ ...e, message: e.message });
    expect(all).not.toContain(key);
    expect(e.endpoint).toBe("https://h/v1/••••9999");
  });
});

describe("describeRpcCode", () => {
  it("names the standard, EIP-1474 and reference-client codes", () => {
    expect(describeRpcCode(RpcErrorCode.ParseError).name).toBe("Parse error");
    expect(describeRpcCode(-32600).name).toBe("Invalid request");
    expect(describeRpcCode(-32601).name).toBe("Method not found");
    expect(describeRpcCode(-32602).name).toBe("Invalid params");
    expect(describeRpcCode(-32603).name).toBe("Internal error");
    expect(describeRpcCode(-32001).name).toBe("Resource not found");
    expect(describeRpcCode(-32002).name).toBe("Resource unavailable");
    expect(describeRpcCode(-32003).name).toBe("Transaction rejected");
    expect(describeRpcCode(-32004).name).toBe("Method not supported");
    expect(describeRpcCode(-32005).name).toBe("Limit exceeded");
    expect(describeRpcCode(-32006).name).toBe("Version not supported");
    expect(describeRpcCode(3).name).toBe("Execution reverted");
    expect(describeRpcCode(-32015).name).toBe("VM error");
    expect(describeRpcCode(-32050).name).toBe("Server error");
    expect(describeRpcCode(-1).name).toBe("Unknown error code");
    expect(describeRpcCode(42).name).toBe("Application error");
  });
});

describe("shouldRetry truth table (by class)", () => {
  const cases: [string, unknown, boolean][] = [
    ["HTTP 429 (RateLimitedError)", http(429), true],
    ["HTTP 502", http(502), true],
    ["HTTP 503", http(503), true],
    ["HTTP 504", http(504), true],
    [
      "a rate-limit answer inside a 503",
      http(503, undefined, "exceeded the requests per second capacity"),
      true,
    ],
    [
      "used-up compute units (OutOfComputeUnitsError)",
      http(429, undefined, "ran out of cu"),
      false,
    ],
    ["HTTP 500", http(500), false],
    ["HTTP 401", http(401), false],
    ["a refused connection", network, true],
    [
      "an invalid URL",
      new NetworkError(ctx, { causeText: "not a valid URL", causeCode: "INVALID_URL" }),
      false,
    ],
    ["a JSON-RPC -32005 limit", interpretRpcError(ctx, { code: -32005, message: "limit" }), false],
    ["a missing method", interpretRpcError(ctx, { code: -32601, message: "no" }), false],
    ["a client time-out", new TimeoutError(ctx, 100), false],
    ["a cancellation", new AbortedError(ctx), false],
    ["not an RpcError", new Error("x"), false],
  ];
  it.each(cases)("%s → retry %s", (_name, error, retry) => {
    expect(shouldRetry(error, 0, "eth_call").retry).toBe(retry);
    // a trace method never, whatever the failure
    expect(shouldRetry(error, 0, "debug_jstraceTransaction").retry).toBe(false);
  });

  it("names a 429 by what it says", () => {
    expect(http(429)).toBeInstanceOf(RateLimitedError);
    expect(http(429, undefined, "ran out of cu")).toBeInstanceOf(OutOfComputeUnitsError);
    expect(http(429, undefined, "ran out of cu")).not.toBeInstanceOf(RateLimitedError);
  });
});

describe("parseBody", () => {
  it("tells cut-off JSON from other non-JSON", () => {
    expect(parseBody('{"a":[1,2', "application/json")).toEqual({ ok: false, reason: "truncated" });
    expect(parseBody('{"a":"unterminated', "application/json")).toEqual({
      ok: false,
      reason: "truncated",
    });
    expect(parseBody('{"a":1}}', "application/json")).toEqual({ ok: false, reason: "not-json" });
    expect(parseBody("<!doctype html><title>x</title>", "text/html")).toEqual({
      ok: false,
      reason: "html",
    });
    expect(parseBody("  ", "")).toEqual({ ok: false, reason: "empty" });
    expect(isCutOffJson('["a\\"]')).toBe(true);
  });
});
