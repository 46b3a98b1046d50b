import { describe, expect, it } from "vitest";
import {
  AbortedError,
  interpretHttpError,
  interpretRpcError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  type RpcErrorContext,
} from "../rpc";
import { adviceFor, errorView } from "./advice";

const ctx: RpcErrorContext = {
  method: "eth_getLogs",
  endpoint: "https://x.example/v1/key",
  request: {},
  durationMs: 12,
};
const http = (status: number, retryAfterMs?: number) =>
  interpretHttpError(ctx, { status, body: `upstream said ${status}`, retryAfterMs });
const node = (code: number, message: string) => interpretRpcError(ctx, { code, message });

describe("adviceFor: what to try, by class", () => {
  const statuses: [number, RegExp][] = [
    [400, /malformed: check the parameters of eth_getLogs/],
    [401, /API key/],
    [403, /allow-list/],
    [404, /URL path/],
    [413, /too large.*batch/i],
    [500, /node failed/],
    [502, /down or overloaded/],
    [503, /unavailable or overloaded/],
    [504, /gave up waiting/],
    [418, /refused the request/],
  ];
  it.each(statuses)("HTTP %s", (status, advice) => {
    expect(adviceFor(http(status))).toMatch(advice);
  });

  it("a rate limit says how long to wait", () => {
    expect(adviceFor(http(429, 1000))).toMatch(/Rate limited.*wait 1 s and try again/);
    expect(adviceFor(http(429))).toMatch(/wait a moment/);
  });

  it("recognised provider answers", () => {
    expect(adviceFor(node(-32000, "Unauthorized"))).toMatch(/API key was rejected/);
    expect(adviceFor(node(-32002, "IP address 1.2.3.4 is not on whitelist"))).toMatch(/allow-list/);
    expect(adviceFor(node(-32004, "method debug_x does not support"))).toMatch(
      /does not offer eth_getLogs/,
    );
    expect(
      adviceFor(
        interpretHttpError(ctx, {
          status: 429,
          body: "",
          rpcError: { code: -32005, message: "ran out of cu" },
        }),
      ),
    ).toMatch(/compute units are used up/);
    expect(
      adviceFor(node(-32005, "Your account has exceeded its Compute Units Per Second capacity")),
    ).toMatch(/requests per second, compute units/);
    expect(adviceFor(node(-32000, "timeout"))).toMatch(/time limit/);
    expect(adviceFor(node(-32005, "exceed maximum block range: 5000"))).toMatch(
      /at most 5,000 blocks/,
    );
    expect(adviceFor(node(-32603, "internal error"))).toMatch(
      /This means the node failed internally/,
    );
  });

  it("transport failures", () => {
    expect(
      adviceFor(
        new NetworkError(ctx, {
          causeText: "fetch failed: ECONNREFUSED",
          causeCode: "ECONNREFUSED",
        }),
      ),
    ).toMatch(/Connection refused.*Is the node running/);
    expect(adviceFor(new NetworkError(ctx, { causeText: "Failed to fetch" }))).toMatch(
      /Could not reach x\.example/,
    );
    expect(adviceFor(new TimeoutError(ctx, 30_000))).toMatch(/narrow the request, try again/);
    expect(
      adviceFor(
        new ResponseTooLargeError(ctx, { limitBytes: 1, receivedBytes: 2, announced: true }),
      ),
    ).toMatch(/narrower block range.*Settings → “Response size limit” \(now 1 B\)/);
    expect(adviceFor(new AbortedError(ctx))).toBeNull();
    expect(adviceFor(new Error("x"))).toBeNull();
  });
});

describe("errorView", () => {
  it("puts the facts, the call and the advice side by side", () => {
    const v = errorView(http(503));
    expect(v.headline).toMatch(
      /eth_getLogs failed: x\.example answered HTTP 503 Service Unavailable/,
    );
    expect(v.detail).toBe("eth_getLogs → https://x.example/v1/key · http · 12 ms");
    expect(v.advice).toMatch(/try again in a moment/);
  });

  it("shows any other thrown value as its message", () => {
    expect(errorView(new Error("boom"))).toEqual({ headline: "boom", detail: null, advice: null });
    expect(errorView("plain")).toEqual({ headline: "plain", detail: null, advice: null });
  });
});
