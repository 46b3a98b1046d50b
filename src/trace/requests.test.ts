import { describe, expect, it } from "vitest";
import type { RpcClient } from "../rpc";
import { testEndpoint } from "../test-support/pages";
import {
  PRESTATE_DIFF,
  stateDiffQueryOptions,
  storageTraceQueryOptions,
  storageTracerConfig,
  traceRunParams,
} from "./requests";
import { STORAGE_TRACER } from "./source/tracer";

const HASH = `0x${"ab".repeat(32)}`;
const client: RpcClient = { request: () => Promise.reject(new Error("not sent")) };

describe("the state-diff and storage-tracer requests both trace pages send", () => {
  it("the storage tracer goes alone to the provider's method, with a timeout to geth-like nodes", () => {
    expect(storageTracerConfig("debug_jstraceTransaction")).toEqual({ tracer: STORAGE_TRACER });
    expect(storageTracerConfig("debug_traceTransaction")).toEqual({
      tracer: STORAGE_TRACER,
      timeout: "60s",
    });
    expect(storageTracerConfig("debug_traceCall")).toEqual({
      tracer: STORAGE_TRACER,
      timeout: "60s",
    });
  });

  it("a mined transaction: [hash, config]", () => {
    const provider = testEndpoint("debug_jstraceTransaction");
    expect(
      storageTraceQueryOptions(client, provider, "debug_jstraceTransaction", { lead: [HASH] })
        .queryKey[2],
    ).toEqual([HASH, { tracer: STORAGE_TRACER }]);
    expect(
      stateDiffQueryOptions(client, provider, "debug_jstraceTransaction", { lead: [HASH] })
        .queryKey[2],
    ).toEqual([HASH, PRESTATE_DIFF]);
  });

  it("a call: [tx, block, config] with its overrides after the tracer", () => {
    const tx = { to: "0x5fbdb2315678afecb367f032d93f642f64180aa3" };
    const extra = { stateOverrides: { [tx.to]: { balance: "0x1" } } };
    const params = traceRunParams({ lead: [tx, "0x10"], extra }, PRESTATE_DIFF);
    expect(params).toEqual([tx, "0x10", { ...PRESTATE_DIFF, ...extra }]);
    expect(Object.keys(params[2] as object)).toEqual(["tracer", "tracerConfig", "stateOverrides"]);
  });

  it("nothing to ask → skipped, keyed with null params", () => {
    const o = stateDiffQueryOptions(client, null, "debug_traceCall", null);
    expect(o.queryKey).toEqual([null, "debug_traceCall", null]);
  });
});
