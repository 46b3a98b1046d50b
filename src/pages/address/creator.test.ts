import { describe, expect, it } from "vitest";
import { firstBlockWithCode } from "./creator";

describe("the creation block by bisection over eth_getCode", () => {
  it("finds the first block with code in about log2(head) asks", async () => {
    const asked: bigint[] = [];
    const r = await firstBlockWithCode(async (b) => {
      asked.push(b);
      return b >= 12_535n;
    }, 12_543n);
    expect(r.block).toBe(12_535n);
    expect(r.asked).toBe(asked.length);
    expect(r.asked).toBeLessThanOrEqual(14);
  });

  it("a contract with code since genesis is found at block 0", async () => {
    expect((await firstBlockWithCode(async () => true, 1_000_000n)).block).toBe(0n);
  });
});
