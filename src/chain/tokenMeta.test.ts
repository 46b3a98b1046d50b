import { encodeAbiParameters, stringToHex, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { decodeDecimals, decodeSymbol, DECIMALS_CALL, SYMBOL_CALL } from "./tokenMeta";

describe("token metadata", () => {
  it("calls the standard selectors", () => {
    expect(SYMBOL_CALL).toBe(toFunctionSelector("symbol()"));
    expect(DECIMALS_CALL).toBe(toFunctionSelector("decimals()"));
  });

  it("reads string and bytes32 symbols, and refuses junk", () => {
    expect(decodeSymbol(encodeAbiParameters([{ type: "string" }], ["WETH"]))).toBe("WETH");
    expect(decodeSymbol(stringToHex("MKR", { size: 32 }))).toBe("MKR");
    expect(decodeSymbol("0x")).toBeNull();
    expect(decodeSymbol(null)).toBeNull();
    expect(decodeSymbol(encodeAbiParameters([{ type: "string" }], ["<b>\u0007</b>"]))).toBeNull();
  });

  it("reads decimals within range", () => {
    expect(decodeDecimals(encodeAbiParameters([{ type: "uint8" }], [18]))).toBe(18);
    expect(decodeDecimals(encodeAbiParameters([{ type: "uint256" }], [10n ** 30n]))).toBeNull();
    expect(decodeDecimals("0x")).toBeNull();
  });
});
