import { describe, expect, it } from "vitest";
import { interpretRpcError } from "../../rpc";
import { refusesJsTracers } from "./refusal";

const ctx = {
  method: "debug_traceTransaction",
  endpoint: "http://node.test/",
  request: {},
  durationMs: 1,
};
const answer = (code: number, message: string) => interpretRpcError(ctx, { code, message });

describe("a node that refuses JavaScript tracers", () => {
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
