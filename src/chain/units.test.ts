import { describe, expect, it } from "vitest";
import { formatDecimal, formatGas, formatNative, formatWei, parseValueInput } from "./units";
import { toQuantity } from "./hex";

function message(r: { ok: true } | { ok: false; message: string }): string {
  if (r.ok) throw new Error("expected a failure");
  return r.message;
}

describe("parseValueInput", () => {
  it("is exact", () => {
    const r = parseValueInput("1.5", "ether");
    expect(r).toEqual({ ok: true, value: 1500000000000000000n });
    if (r.ok) expect(toQuantity(r.value)).toBe("0x14d1120d7b160000");
    expect(parseValueInput("0.000000000000000001", "ether")).toEqual({ ok: true, value: 1n });
    expect(parseValueInput("30", "gwei")).toEqual({ ok: true, value: 30_000_000_000n });
    expect(parseValueInput(".5", "gwei")).toEqual({ ok: true, value: 500_000_000n });
    expect(parseValueInput("0x10", "wei")).toEqual({ ok: true, value: 16n });
    const huge = "115792089237316195423570985008687907853269984665640564039457.584007913129639935";
    expect(parseValueInput(huge, "ether")).toEqual({ ok: true, value: 2n ** 256n - 1n });
  });
  it("refuses with reasons", () => {
    expect(message(parseValueInput("0.0000000000000000001", "ether"))).toBe(
      "ether has at most 18 decimals",
    );
    expect(message(parseValueInput("0.0000000001", "gwei"))).toBe("gwei has at most 9 decimals");
    expect(message(parseValueInput("1.5", "wei"))).toBe("wei has no decimals: type a whole number");
    expect(message(parseValueInput("0.0000000000000000001", "ether", "BNB"))).toBe(
      "BNB has at most 18 decimals",
    );
    expect(message(parseValueInput("-1", "ether"))).toBe("must not be negative");
    expect(message(parseValueInput("1,5", "ether"))).toMatch(/decimal point/);
    expect(message(parseValueInput("abc", "ether"))).toMatch(/^is not a number/);
    expect(message(parseValueInput("0x10", "ether"))).toMatch(/hex values are in wei/);
    expect(
      message(
        parseValueInput("115792089237316195423570985008687907853269984665640564039458", "ether"),
      ),
    ).toMatch(/too large/);
  });
});

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

describe("formatDecimal / formatGas", () => {
  it("groups thousands", () => {
    expect(formatDecimal(0n)).toBe("0");
    expect(formatDecimal(999n)).toBe("999");
    expect(formatDecimal(1000n)).toBe("1,000");
    expect(formatDecimal(-1234567n)).toBe("-1,234,567");
    expect(formatGas(21000n)).toBe("21,000");
  });
});
