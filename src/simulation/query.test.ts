import { describe, expect, it } from "vitest";
import type { RpcClient } from "../rpc";
import { testEndpoint } from "../test-support/pages";
import type { CallFrame } from "../trace/result";
import { onwardLinks } from "./onward";
import type { SimulateRequest } from "./params";
import { pinnedAt, pinRequest } from "./pin";
import {
  blockPinQueryOptions,
  sentRequest,
  simulateQueryOptions,
  simulateStateQueryOptions,
  simulateStorageQueryOptions,
  type Simulation,
} from "./query";

const FROM = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const asked: SimulateRequest = {
  tx: { from: FROM, to: TO },
  block: "latest",
  overrides: { [FROM]: { balance: "0x64" } },
  blockOverrides: null,
};
const sim: Simulation = { request: asked, at: pinnedAt("0x3039", "latest") };
const endpoint = testEndpoint("debug_traceCall");
const client: RpcClient = {
  request: () => Promise.reject(new Error("not sent in this test")),
};

describe("one simulation, one block", () => {
  it("the call tree, the state changes and the storage tracer are keyed and sent at the number", () => {
    const keys = [
      simulateQueryOptions(client, endpoint, sim).queryKey,
      simulateStateQueryOptions(client, endpoint, sim).queryKey,
      simulateStorageQueryOptions(client, endpoint, sim).queryKey,
    ];
    for (const [, method, params] of keys) {
      expect(method).toBe("debug_traceCall");
      expect(params?.[1]).toBe("0x3039");
      expect((params?.[2] as { stateOverrides?: unknown }).stateOverrides).toEqual(asked.overrides);
    }
    expect(JSON.stringify(keys)).not.toContain("latest");
  });

  it("an inner call simulated alone carries the number, not the tag", () => {
    const frame: CallFrame = { type: "CALL", from: TO, to: FROM, input: "0x12345678" };
    const alone = onwardLinks(frame, false, sentRequest(sim)).find(
      (l) => l.label === "Simulate this call alone",
    );
    expect(alone?.href).toContain("block=0x3039");
  });

  it("the tag is resolved once per simulation: its key names the simulation it pins", () => {
    const pin = pinRequest("latest");
    if (!pin) throw new Error("latest is a tag");
    const a = blockPinQueryOptions(client, endpoint, { request: pin, simulation: "to=0x1" });
    const b = blockPinQueryOptions(client, endpoint, { request: pin, simulation: "to=0x2" });
    expect(a.queryKey.slice(0, 3)).toEqual([endpoint.cacheId, "eth_blockNumber", []]);
    expect(a.queryKey).not.toEqual(b.queryKey);
  });
});
