import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../../chain";
import type { BlockTx } from "./block";
import { ageText, methodText, percentOf, shortHash } from "./format";

const tx = (over: Partial<BlockTx>): BlockTx => ({
  index: 0,
  hash: `0x${"1".repeat(64)}`,
  from: `0x${"a".repeat(40)}`,
  to: `0x${"b".repeat(40)}`,
  selector: null,
  inputBytes: 0,
  value: 0n,
  gasPrice: null,
  ...over,
});

describe("block page wording", () => {
  it("says a block's age as people do", () => {
    expect(ageText(1000n, 1012)).toBe("12 s ago");
    expect(ageText(1000n, 1000 + 3 * 60 + 5)).toBe("3 min ago");
    expect(ageText(1000n, 1000 + 2 * 3600 + 5 * 60)).toBe("2 h 5 min ago");
    expect(ageText(1000n, 1000 + 86_400)).toBe("1 day ago");
    expect(ageText(1000n, 990)).toMatch(/^in 10 s/);
  });

  it("gives gas shares with one decimal, and none of a zero limit", () => {
    expect(percentOf(21_000n, 30_000_000n)).toBe("0.1%");
    expect(percentOf(15_000_000n, 30_000_000n)).toBe("50.0%");
    expect(percentOf(1n, 0n)).toBeNull();
  });

  it("names a transaction's method: decoded, a transfer, a creation, or the selector", () => {
    const registry = new AbiRegistry();
    expect(methodText(tx({ selector: "0xa9059cbb", inputBytes: 68 }), registry)).toBe("transfer");
    expect(methodText(tx({}), registry)).toBe("transfer");
    expect(methodText(tx({ to: null, inputBytes: 100, selector: "0x60806040" }), registry)).toBe(
      "contract creation",
    );
    expect(methodText(tx({ selector: "0xdeadbeef", inputBytes: 4 }), registry)).toBe("0xdeadbeef");
  });

  it("shortens a hash to its first 6 and last 4 hex digits", () => {
    expect(shortHash(`0x123456${"0".repeat(54)}abcd`)).toBe("0x123456…abcd");
  });
});
