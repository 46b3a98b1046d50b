import { describe, expect, it } from "vitest";
import { groupedNumber, utcText } from "./numberText";

describe("groupedNumber", () => {
  const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  it("writes numbers as en-US grouping does, rounded to whole", () => {
    for (const n of [0, 7, 999, 1000, 34_386, 1_234_567, -1_234_567, 12.5, 1e15, 2 ** 53 - 1])
      expect(groupedNumber(n)).toBe(intl.format(Math.round(n)));
  });
  it("writes numbers past 2^53 and bigints in full", () => {
    expect(groupedNumber(1e21)).toBe("1,000,000,000,000,000,000,000");
    expect(groupedNumber(12_345_678_901_234_567_890n)).toBe("12,345,678,901,234,567,890");
  });
});

describe("utcText", () => {
  it("writes a moment in UTC, and null out of a Date's range", () => {
    expect(utcText(1_700_000_000n)).toBe("2023-11-14 22:13:20 UTC");
    expect(utcText(10n ** 20n)).toBeNull();
  });
});
