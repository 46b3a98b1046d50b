/**
 * What decides which rollup a receipt's fee parts are named after: the chain id first, then the
 * fields only one stack sends. Receipts: fixtures/receipts (sources and licences in its README).
 */
import { describe, expect, it } from "vitest";
import arbitrum from "./fixtures/receipts/arbitrum-one-arb-transfer.json";
import gethLogs from "./fixtures/receipts/geth-with-logs.json";
import opIsthmus from "./fixtures/receipts/op-isthmus-devnet-withdrawal.json";
import opWeth from "./fixtures/receipts/op-mainnet-weth-transfer.json";
import { stackOf, typeNameOn } from "./l2Stack";

describe("the rollup that charged the fee", () => {
  it("a known chain id decides, whatever the fields say", () => {
    expect(stackOf(534352n, opWeth)).toEqual({ stack: "scroll", by: "chain id" });
    expect(stackOf(8453n, gethLogs)).toEqual({ stack: "op", by: "chain id" });
    expect(stackOf(42161n, gethLogs)).toEqual({ stack: "arbitrum", by: "chain id" });
  });

  it("on an unknown chain, the fields only one stack sends decide", () => {
    expect(stackOf(null, opWeth)).toEqual({ stack: "op", by: "receipt fields" });
    expect(stackOf(999n, opIsthmus)).toEqual({ stack: "op", by: "receipt fields" });
    expect(stackOf(null, arbitrum)).toEqual({ stack: "arbitrum", by: "receipt fields" });
  });

  it("a lone l1Fee (Scroll's shape) on an unknown chain names no stack", () => {
    expect(stackOf(null, { ...gethLogs, l1Fee: "0x10" })).toEqual({ stack: null, by: null });
    expect(stackOf(null, gethLogs)).toEqual({ stack: null, by: null });
  });

  it("type 0x7e is Scroll's L1 message on Scroll, an OP Stack deposit elsewhere", () => {
    expect(typeNameOn(0x7en, 534352n)).toBe("Scroll L1 message");
    expect(typeNameOn(0x7en, 10n)).toBe("OP Stack deposit");
    expect(typeNameOn(0x7en, null)).toBe("OP Stack deposit");
    expect(typeNameOn(2n, 534352n)).toBe("dynamic fee (EIP-1559)");
  });
});
