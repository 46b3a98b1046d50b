import { describe, expect, it } from "vitest";
import { storageTraceParams } from "./query";
import { STORAGE_TRACER } from "../../../shared/trace/source/tracer";

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
});
