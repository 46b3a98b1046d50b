import { describe, expect, it } from "vitest";
import { interpretRpcError } from "../../../rpc";
import { refusesJsTracers, storageTraceParams } from "./query";
import { STORAGE_TRACER } from "../../../shared/trace/source/tracer";

const ctx = {
  method: "debug_traceTransaction",
  endpoint: "http://node.test/",
  request: {},
  durationMs: 1,
};
const answer = (code: number, message: string) => interpretRpcError(ctx, { code, message });

describe("the storage tracer's request", () => {
  it("sends the tracer alone to the provider's method, with a timeout to geth-like nodes", () => {
    const hash = `0x${"ab".repeat(32)}`;
    expect(storageTraceParams(hash, "debug_jstraceTransaction")).toEqual([
      hash,
      { tracer: STORAGE_TRACER },
    ]);
    expect(storageTraceParams(hash, "debug_traceTransaction")).toEqual([
      hash,
      { tracer: STORAGE_TRACER, timeout: "60s" },
    ]);
  });

  it("tells a node that refuses JavaScript tracers from a failure of this one request", () => {
    // Besu, Erigon built without JS tracers, providers that allow only built-in tracers
    for (const [code, message] of [
      [-32601, "the method debug_traceTransaction does not exist/is not available"],
      [-32602, "Invalid tracer type"],
      [-32000, "js tracers are not supported"],
      [-32000, "tracer not found"],
      [-32602, "unknown tracer"],
      [-32000, "custom tracers are disabled"],
    ] as const)
      expect(refusesJsTracers(answer(code, message)), message).toBe(true);
    for (const [code, message] of [
      [-32000, "execution timeout"],
      [-32000, "missing trie node"],
      [-32005, "ran out of cu"],
    ] as const)
      expect(refusesJsTracers(answer(code, message)), message).toBe(false);
    expect(refusesJsTracers(new Error("network"))).toBe(false);
  });
});
