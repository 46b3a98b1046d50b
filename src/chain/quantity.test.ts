import { describe, expect, it } from "vitest";
import { requireQuantity, readQuantity } from "./quantity";

describe("readQuantity and requireQuantity: one reading of a node's numbers", () => {
  it("reads hex as nodes send it: leading zeros, upper case, beyond 2^53", () => {
    expect(readQuantity("0x0")).toBe(0n);
    expect(readQuantity("0x01")).toBe(1n);
    expect(readQuantity("0x30DD")).toBe(12509n);
    expect(readQuantity(`0x${"f".repeat(64)}`)).toBe((1n << 256n) - 1n);
  });

  it("reads a JSON number only when it is a whole, safe, non-negative one", () => {
    expect(readQuantity(34386)).toBe(34386n);
    expect(readQuantity(1.5)).toBeNull();
    expect(readQuantity(-1)).toBeNull();
    expect(readQuantity(2 ** 60)).toBeNull();
    expect(readQuantity(7n)).toBe(7n);
    expect(readQuantity(-7n)).toBeNull();
  });

  it("refuses what is not a quantity: decimal text, no digits, junk", () => {
    for (const bad of ["12", "0x", "0xg1", "", " 0x1", null, undefined, {}, ["0x1"]])
      expect(readQuantity(bad)).toBeNull();
  });

  it("reads `0x` as zero only when the caller says its clients send it so", () => {
    expect(readQuantity("0x", { emptyIsZero: true })).toBe(0n);
    expect(readQuantity("0x", {})).toBeNull();
  });

  it("requireQuantity throws on what a schema should have refused, naming it", () => {
    expect(requireQuantity("0x5208", "gas")).toBe(21000n);
    expect(() => requireQuantity("21000", "gas")).toThrow(/gas is not a hex quantity/);
  });
});
