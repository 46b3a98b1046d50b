import { describe, expect, it } from "vitest";
import { txTypeName } from "./tx-types";

describe("txTypeName", () => {
  it("names Ethereum, Arbitrum and OP types", () => {
    expect(txTypeName("0x0")).toBe("legacy");
    expect(txTypeName(undefined)).toBe("legacy");
    expect(txTypeName("0x02")).toBe("dynamic fee (EIP-1559)");
    expect(txTypeName(3)).toBe("blob (EIP-4844)");
    expect(txTypeName(4n)).toBe("set code (EIP-7702)");
    expect(txTypeName("0x1")).toBe("access list (EIP-2930)");
    expect(txTypeName("0x64")).toBe("Arbitrum deposit");
    expect(txTypeName("0x6a")).toBe("Arbitrum internal");
    expect(txTypeName("0x78")).toBe("Arbitrum legacy");
    expect(txTypeName("0x7e")).toBe("OP Stack deposit");
    expect(txTypeName("0x71")).toBe("EIP-712 (zkSync)");
    expect(txTypeName("0xff")).toBe("L1 priority (zkSync)");
  });
  it("falls back to the hex type", () => {
    expect(txTypeName("0x67")).toBe("type 0x67 (103)");
    expect(txTypeName("0x0100")).toBe("type 0x100 (256)");
    expect(txTypeName("bogus")).toBe("type bogus");
  });
});
