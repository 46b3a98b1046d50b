import { describe, expect, it } from "vitest";
import type { DecodedEvent } from "../../chain";
import { withWrapUnits } from "./Events";

const deposit = (name: string): DecodedEvent => ({
  name,
  signature: `${name}(address indexed dst, uint256 wad)`,
  args: [
    {
      name: "dst",
      type: "address",
      indexed: true,
      hashed: false,
      raw: "0x00000000000000000000000000000000000000000000000000000000000000aa",
      value: "0x00000000000000000000000000000000000000aa",
    },
    {
      name: "wad",
      type: "uint256",
      indexed: false,
      hashed: false,
      raw: "0x1bc16d674ec80000",
      value: "2000000000000000000",
    },
  ],
});

describe("WETH Deposit and Withdrawal amounts", () => {
  it("read in whole tokens beside the raw integer, by the token's decimals", () => {
    const ev = withWrapUnits(deposit("Deposit"), { symbol: "WETH", decimals: 18 });
    expect(ev?.args[1]?.value).toBe("2 WETH (2000000000000000000)");
    expect(ev?.args[0]?.value).toBe("0x00000000000000000000000000000000000000aa");
    const out = withWrapUnits(deposit("Withdrawal"), { symbol: "WETH", decimals: 18 });
    expect(out?.args[1]?.value).toBe("2 WETH (2000000000000000000)");
  });
  it("stay raw without decimals, and other events are left alone", () => {
    expect(withWrapUnits(deposit("Deposit"), { symbol: "WETH" })?.args[1]?.value).toBe(
      "2000000000000000000",
    );
    expect(withWrapUnits(deposit("Minted"), { decimals: 18 })?.args[1]?.value).toBe(
      "2000000000000000000",
    );
  });
});
