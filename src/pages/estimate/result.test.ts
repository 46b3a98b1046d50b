import { describe, expect, it } from "vitest";
import { costAt, splitGas } from "./result";

describe("intrinsic gas split", () => {
  it("a plain transfer is all base cost", () => {
    const s = splitGas(21000n, { to: "0x0100000000000000000000000000000000000000" });
    expect(s.intrinsic).toBe(21000n);
    expect(s.calldataGas).toBe(0n);
    expect(s.execution).toBe(0n);
    expect(s.creation).toBeNull();
  });

  it("calldata: 4 per zero byte, 16 per non-zero byte (EIP-2028)", () => {
    // a9059cbb + 32-byte address word (12 zero + 20 non-zero) + 32-byte amount (31 zero + 1 non-zero)
    const data = `0xa9059cbb${"00".repeat(12)}${"11".repeat(20)}${"00".repeat(31)}01`;
    const s = splitGas(51_000n, { to: "0x0100000000000000000000000000000000000000", data });
    expect(s.zeroBytes).toBe(43);
    expect(s.nonZeroBytes).toBe(25);
    expect(s.calldataGas).toBe(43n * 4n + 25n * 16n);
    expect(s.intrinsic).toBe(21000n + 572n);
    expect(s.execution).toBe(51_000n - 21_572n);
  });

  it("creation adds 32,000 and 2 per 32-byte init code word (EIP-3860)", () => {
    const data = `0x${"60".repeat(33)}`; // 33 bytes → 2 words
    const s = splitGas(100_000n, { data });
    expect(s.creation).toEqual({ gas: 32000n, words: 2, wordGas: 4n });
    expect(s.intrinsic).toBe(21000n + 33n * 16n + 32000n + 4n);
  });

  it("the conformance call (input 0xff01 → 0x5316) splits into 21,000 + 20 + execution", () => {
    const s = splitGas(0x5316n, {
      to: "0x17e7eedce4ac02ef114a7ed9fe6e2f33feba1667",
      data: "0xff01",
    });
    expect(s.calldataGas).toBe(32n);
    expect(s.execution).toBe(0x5316n - 21032n);
  });
});

describe("cost at a gas price", () => {
  it("is exact in ETH and gwei", () => {
    const r = costAt(21000n, "20");
    expect(r).toEqual({
      ok: true,
      value: {
        gasPriceWei: 20_000_000_000n,
        wei: 420_000_000_000_000n,
        eth: "0.00042",
        gwei: "420000",
      },
    });
    const tiny = costAt(21000n, "0.000000001");
    expect(tiny.ok && tiny.value?.eth).toBe("0.000000000000021");
    const odd = costAt(123457n, "0.1");
    expect(odd.ok && odd.value?.gwei).toBe("12345.7");
  });

  it("refuses a price finer than 1 wei or negative, and an empty one shows no cost", () => {
    expect(costAt(21000n, "0.0000000001")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/gwei has at most 9/),
    });
    expect(costAt(21000n, "-1")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/negative/),
    });
    expect(costAt(21000n, "")).toEqual({ ok: true, value: null });
  });
});
