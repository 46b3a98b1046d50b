import { describe, expect, it } from "vitest";
import { decimalReading, gasPriceReading, timestampReading, weiReading } from "./format";
import { nativeSymbol } from "../../chain/nativeUnit";

describe("wei readings are exact", () => {
  it("in ETH and gwei, with no floating point", () => {
    expect(weiReading(1n)).toBe("0.000000000000000001 ETH · 0.000000001 gwei");
    expect(weiReading(1_500_000_000_000_000_000n)).toBe("1.5 ETH · 1,500,000,000 gwei");
    expect(weiReading(0n)).toBe("0 ETH · 0 gwei");
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in wei it is exact.
    expect(weiReading(300_000_000_000_000_000n)).toBe("0.3 ETH · 300,000,000 gwei");
    const max = (1n << 256n) - 1n;
    expect(weiReading(max)).toBe(
      "115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935 ETH · 115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457,584,007,913.129639935 gwei",
    );
  });
  it("gas prices read in gwei first, in the chain's native unit", () => {
    expect(gasPriceReading(0x3b9aca01n)).toBe("1.000000001 gwei · 0.000000001000000001 ETH");
    expect(weiReading(10n ** 18n, nativeSymbol(56n))).toBe("1 BNB · 1,000,000,000 gwei");
    expect(nativeSymbol(999999n)).toBe("ETH");
  });
});

describe("other readings", () => {
  it("quantities in decimal, timestamps as UTC ISO dates", () => {
    expect(decimalReading(0x186a0n)).toBe("100,000");
    expect(timestampReading(0xf0n)).toBe("1970-01-01T00:04:00Z");
    expect(timestampReading(1_700_000_000n)).toBe("2023-11-14T22:13:20Z");
    expect(timestampReading(1n << 62n)).toBeNull();
  });
});
