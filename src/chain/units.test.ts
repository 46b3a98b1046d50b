import { describe, expect, it } from "vitest";
import { formatBlockParam, formatDecimal, formatNative, formatWei } from "./units";

describe("formatWei", () => {
  it("keeps full precision and trims zeros", () => {
    expect(formatWei(1500000000000000000n)).toBe("1.5");
    expect(formatWei(1n)).toBe("0.000000000000000001");
    expect(formatWei(10n ** 18n)).toBe("1");
    expect(formatWei(0n)).toBe("0");
    expect(formatWei(2n ** 256n - 1n)).toBe(
      "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
    );
    expect(formatWei(1234567n * 10n ** 18n + 1n, "ether", { thousands: true })).toBe(
      "1,234,567.000000000000000001",
    );
    expect(formatWei(30_000_000_000n, "gwei")).toBe("30");
    expect(formatWei(123n, "wei")).toBe("123");
  });
  it("labels with the native symbol", () => {
    expect(formatNative(10n ** 18n)).toBe("1 ETH");
    expect(formatNative(10n ** 18n, { nativeSymbol: "BNB" })).toBe("1 BNB");
    expect(formatNative(10n ** 18n, { unit: "gwei", thousands: true })).toBe("1,000,000,000 gwei");
  });
});

describe("formatDecimal", () => {
  it("groups thousands", () => {
    expect(formatDecimal(0n)).toBe("0");
    expect(formatDecimal(999n)).toBe("999");
    expect(formatDecimal(1000n)).toBe("1,000");
    expect(formatDecimal(-1234567n)).toBe("-1,234,567");
  });
});

describe("counts read the same everywhere", () => {
  it("decimal, grouped in thousands, from a bigint or a number", () => {
    expect(formatDecimal(34386n)).toBe("34,386");
    expect(formatDecimal(100000)).toBe("100,000");
    expect(formatDecimal(12509.4)).toBe("12,509");
    expect(formatDecimal(-1234n)).toBe("-1,234");
    expect(formatDecimal(2n ** 64n)).toBe("18,446,744,073,709,551,616");
    expect(formatDecimal(1e21)).toBe("1,000,000,000,000,000,000,000");
  });

  it("a block as a link holds it: decimal first, hex only as the raw value beside it", () => {
    expect(formatBlockParam("0x30dd")).toBe("12,509 (0x30dd)");
    expect(formatBlockParam("12509")).toBe("12,509");
    expect(formatBlockParam("latest")).toBe("latest");
  });
});
