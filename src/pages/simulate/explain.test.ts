import { describe, expect, it } from "vitest";
import { interpretRpcError } from "../../rpc";
import { explainRefusal, FUNDED_BALANCE, withFundedSender } from "./explain";
import type { SimulateRequest } from "../../simulation/params";

const FROM = "0x000000000000000000000000000000000000dEaD";
const TO = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ctx = {
  method: "debug_traceCall",
  endpoint: "http://node.test/",
  request: {},
  durationMs: 1,
};
const refused = (code: number, message: string) => interpretRpcError(ctx, { code, message });
const call = (overrides: SimulateRequest["overrides"] = null): SimulateRequest => ({
  tx: { from: FROM, to: TO, value: "0xde0b6b3a7640000" },
  block: "latest",
  overrides,
  blockOverrides: null,
});

describe("a refused simulation, explained", () => {
  it("insufficient funds: says to add a balance override, and offers the call with From funded", () => {
    const r = explainRefusal(refused(-32003, "Insufficient funds for gas * price + value"), call());
    expect(r.title).toBe("Insufficient funds");
    expect(r.hint).toMatch(/state override that gives From a balance/);
    expect(r.retryWith?.overrides).toEqual({
      [FROM]: { balance: `0x${FUNDED_BALANCE.toString(16)}` },
    });
  });

  it("insufficient funds though From's balance is overridden: the node ignored the override", () => {
    const r = explainRefusal(
      refused(-32000, "insufficient funds for gas * price + value"),
      call({ [FROM.toLowerCase()]: { balance: "0x1" } }),
    );
    expect(r.title).toBe("The node ignored the balance override");
    expect(r.retryWith).toBeNull();
  });

  it("an endpoint without the method: names it and what would serve it", () => {
    const r = explainRefusal(
      refused(-32601, "the method debug_traceCall does not exist/is not available"),
      call(),
    );
    expect(r.title).toBe("This endpoint does not offer debug_traceCall");
    expect(r.hint).toMatch(/debug namespace/);
  });

  it("funding From keeps the other overrides and From's own other fields", () => {
    const funded = withFundedSender(
      call({
        [FROM]: { nonce: "0x5" },
        [TO]: { stateDiff: { [`0x${"00".repeat(32)}`]: `0x${"00".repeat(31)}01` } },
      }),
    );
    expect(funded.overrides?.[FROM]).toEqual({
      nonce: "0x5",
      balance: `0x${FUNDED_BALANCE.toString(16)}`,
    });
    expect(Object.keys(funded.overrides ?? {})).toHaveLength(2);
    // no From: the node calls from the zero address, which is the one funded
    const anon = withFundedSender({ ...call(), tx: { to: TO, value: "0x1" } });
    expect(Object.keys(anon.overrides ?? {})).toEqual([
      "0x0000000000000000000000000000000000000000",
    ]);
  });
});
