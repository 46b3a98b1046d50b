import { describe, expect, it } from "vitest";
import { checkAddress } from "./address";
import { checkHash32, checkHexData, parseBlockInput, parseQuantityInput, toQuantity } from "./hex";
import { address, blockTag, hash32, hexData, quantity, strictQuantity } from "./hexSchemas";

const HASH = `0x${"ab".repeat(32)}`;

function message(r: { ok: true } | { ok: false; message: string }): string {
  if (r.ok) throw new Error("expected a failure");
  return r.message;
}

describe("zod schemas", () => {
  it("accept and refuse what they should", () => {
    expect(hash32.safeParse(HASH).success).toBe(true);
    expect(hash32.safeParse(HASH.slice(0, -2)).success).toBe(false);
    expect(address.safeParse("0x" + "0".repeat(40)).success).toBe(true);
    expect(address.safeParse("0x" + "0".repeat(39)).success).toBe(false);
    expect(hexData.safeParse("0x").success).toBe(true);
    expect(hexData.safeParse("0xabc").success).toBe(false);
    expect(quantity.safeParse("0x01").success).toBe(true); // lenient on responses
    expect(strictQuantity.safeParse("0x01").success).toBe(false);
    expect(strictQuantity.safeParse("0x0").success).toBe(true);
    expect(quantity.safeParse("0x").success).toBe(false);
    expect(quantity.safeParse(5).success).toBe(false);
    expect(blockTag.safeParse("finalized").success).toBe(true);
    expect(blockTag.safeParse("newest").success).toBe(false);
  });
});

describe("checkHash32", () => {
  it("accepts a hash and lower-cases it", () => {
    expect(checkHash32(`  ${HASH.toUpperCase().replace("0X", "0x")} `)).toEqual({
      ok: true,
      value: HASH,
    });
  });
  it("says which problem", () => {
    expect(message(checkHash32(""))).toBe("is empty");
    expect(message(checkHash32("ab".repeat(32)))).toBe("must start with 0x");
    expect(message(checkHash32(`0x${"ab".repeat(31)}`))).toBe(
      "must be 32 bytes (64 hex digits) — got 31 bytes",
    );
    expect(message(checkHash32(`0x${"ab".repeat(33)}`))).toBe(
      "must be 32 bytes (64 hex digits) — got 33 bytes",
    );
    expect(message(checkHash32(`0x${"a".repeat(63)}`))).toBe(
      "must be 32 bytes (64 hex digits) — got 63 hex digits (an odd number)",
    );
    expect(message(checkHash32(`0xab g${"a".repeat(59)}`))).toBe(
      "contains a non-hex character a space at position 5",
    );
    expect(message(checkHash32(`0xabcg${"a".repeat(60)}`))).toBe(
      "contains a non-hex character 'g' at position 6",
    );
  });
});

describe("checkAddress", () => {
  const lower = "0xd8da6bf26964af9d7eed9e03e53415d37aa96045";
  const checksummed = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
  it("returns the checksummed form", () => {
    expect(checkAddress(lower)).toEqual({ ok: true, value: checksummed });
    expect(checkAddress(checksummed)).toEqual({ ok: true, value: checksummed });
  });
  it("refuses a wrong checksum, wrong length, bad characters", () => {
    expect(message(checkAddress(checksummed.replace("dA6", "Da6")))).toMatch(
      /invalid EIP-55 checksum/,
    );
    expect(message(checkAddress(lower.slice(0, -2)))).toBe(
      "must be 20 bytes (40 hex digits) — got 19 bytes",
    );
    expect(message(checkAddress(lower.slice(2)))).toBe("must start with 0x");
    expect(message(checkAddress("0xz" + lower.slice(3)))).toBe(
      "contains a non-hex character 'z' at position 3",
    );
    expect(message(checkAddress("0x"))).toBe(
      "must be 20 bytes (40 hex digits) — got none after 0x",
    );
  });
});

describe("checkHexData", () => {
  it("accepts empty and whole bytes", () => {
    expect(checkHexData("0x")).toEqual({ ok: true, value: "0x" });
    expect(checkHexData("0xA9059CBB")).toEqual({ ok: true, value: "0xa9059cbb" });
  });
  it("refuses odd length and non-hex", () => {
    expect(message(checkHexData("0xabc"))).toBe(
      "must be whole bytes (an even number of hex digits) — got 3 hex digits",
    );
    expect(message(checkHexData("0xqq"))).toBe("contains a non-hex character 'q' at position 3");
    expect(message(checkHexData("abcd"))).toBe("must start with 0x");
  });
});

describe("parseQuantityInput", () => {
  it("parses decimal and hex", () => {
    expect(parseQuantityInput("0")).toEqual({ ok: true, value: 0n });
    expect(parseQuantityInput("0x0")).toEqual({ ok: true, value: 0n });
    expect(parseQuantityInput("5")).toEqual({ ok: true, value: 5n });
    expect(parseQuantityInput("0x5")).toEqual({ ok: true, value: 5n });
    expect(parseQuantityInput("007")).toEqual({ ok: true, value: 7n });
    expect(parseQuantityInput((2n ** 256n - 1n).toString())).toEqual({
      ok: true,
      value: 2n ** 256n - 1n,
    });
  });
  it("refuses with a reason", () => {
    expect(message(parseQuantityInput("-1"))).toBe("must not be negative");
    expect(message(parseQuantityInput("1.5"))).toBe("must be a whole number (no decimal point)");
    expect(message(parseQuantityInput("1e18"))).toMatch(/no exponent/);
    expect(message(parseQuantityInput("abc"))).toMatch(/^is not a number/);
    expect(message(parseQuantityInput(""))).toBe("is empty");
    expect(message(parseQuantityInput("0x"))).toBe("has no digits after 0x");
    expect(message(parseQuantityInput("0x1g"))).toBe(
      "contains a non-hex character 'g' at position 4",
    );
    expect(message(parseQuantityInput((2n ** 256n).toString()))).toBe(
      "is too large: the maximum is 2^256 − 1",
    );
    expect(message(parseQuantityInput(`0x1${"0".repeat(64)}`))).toMatch(/too large/);
  });
});

describe("parseBlockInput", () => {
  it("parses tags in any case and numbers in decimal or hex; empty is no block", () => {
    expect(parseBlockInput("Latest")).toEqual({ ok: true, value: "latest" });
    expect(parseBlockInput(" finalized ")).toEqual({ ok: true, value: "finalized" });
    expect(parseBlockInput("0x10")).toEqual({ ok: true, value: 16n });
    expect(parseBlockInput("0X10")).toEqual({ ok: true, value: 16n });
    expect(parseBlockInput("016")).toEqual({ ok: true, value: 16n });
    expect(parseBlockInput("  ")).toEqual({ ok: true, value: null });
    expect(parseBlockInput((2n ** 64n - 1n).toString())).toEqual({
      ok: true,
      value: 2n ** 64n - 1n,
    });
  });
  it("says which way the rest is wrong", () => {
    expect(parseBlockInput("newest")).toEqual({ ok: false, problem: "not-a-block" });
    expect(parseBlockInput("1.5")).toEqual({ ok: false, problem: "not-a-block" });
    expect(parseBlockInput("0x")).toEqual({ ok: false, problem: "not-a-block" });
    expect(parseBlockInput("-3")).toEqual({ ok: false, problem: "negative" });
    expect(parseBlockInput((2n ** 64n).toString())).toEqual({ ok: false, problem: "too-large" });
    expect(parseBlockInput("101", 100n)).toEqual({ ok: false, problem: "too-large" });
  });
});

describe("toQuantity", () => {
  it("writes canonical quantities", () => {
    expect(toQuantity(0n)).toBe("0x0");
    expect(toQuantity(255n)).toBe("0xff");
    expect(() => toQuantity(-1n)).toThrow(RangeError);
  });
});
