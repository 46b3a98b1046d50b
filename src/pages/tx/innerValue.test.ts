import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { flatten } from "../../trace/flatten";
import type { CallFrame } from "../../trace/result";
import { cachedInnerValue } from "./ReceiptSection";

const HASH = `0x${"ab".repeat(32)}`;
const frame = (value: string, calls: CallFrame[] = [], error?: string): CallFrame => ({
  type: "CALL",
  from: "0x01",
  to: "0x02",
  value,
  calls,
  ...(error ? { error } : {}),
});

describe("native value moved inside calls, from a trace already in the cache", () => {
  it("sums the inner frames that took effect, leaving out the top call and reverted frames", () => {
    const qc = new QueryClient();
    const root = frame("0x5", [
      frame("0x10", [frame("0x1")]),
      frame("0x100", [frame("0x1000")], "execution reverted"),
    ]);
    qc.setQueryData(["c1", "debug_traceTransaction", [HASH, { tracer: "callTracer" }]], {
      model: flatten(root),
    });
    expect(cachedInnerValue(qc, HASH.toUpperCase().replace("0X", "0x"))).toBe(0x11n);
  });
  it("is null when no trace of it is cached (none is asked for this)", () => {
    const qc = new QueryClient();
    qc.setQueryData(["c1", "eth_getTransactionByHash", [HASH]], { model: null });
    expect(cachedInnerValue(qc, HASH)).toBeNull();
  });
});
