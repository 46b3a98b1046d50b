import { describe, expect, it } from "vitest";
import { blockModel, txOutcome } from "./block";
import { runBounded } from "./receipts";

describe("receipts one by one", () => {
  it("runs at most `limit` tasks at once, each item once, in order", async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await runBounded(
      Array.from({ length: 20 }, (_, i) => i),
      6,
      async (i) => {
        running++;
        most = Math.max(most, running);
        seen.push(i);
        await new Promise((r) => setTimeout(r, 1));
        running--;
      },
    );
    expect(most).toBe(6);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("starts nothing more once aborted", async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await runBounded(
      [1, 2, 3, 4, 5],
      1,
      async (i) => {
        seen.push(i);
        if (i === 2) controller.abort();
        await Promise.resolve();
      },
      controller.signal,
    );
    expect(seen).toEqual([1, 2]);
  });
});

describe("block model", () => {
  it("reads a block's fields leniently and its transactions in order", () => {
    const b = blockModel({
      number: "0x10",
      hash: "0xAB",
      gasUsed: "0x5208",
      transactions: [
        { hash: "0x01", from: "0xA", to: null, input: "0x6080604052", value: "0x1" },
        "0x02",
        42,
      ],
    });
    expect(b?.number).toBe(16n);
    expect(b?.hash).toBe("0xab");
    expect(b?.baseFeePerGas).toBeNull();
    expect(b?.withdrawals).toBeNull();
    expect(b?.txs.map((t) => t.hash)).toEqual(["0x01", "0x02"]);
    expect(b?.txs[0]?.to).toBeNull();
    expect(blockModel(null)).toBeNull();
  });

  it("reads a receipt's status and fee (effective price, else the offered one; plus an L1 fee)", () => {
    const [t] = blockModel({ transactions: [{ hash: "0x1", gasPrice: "0x2" }] })?.txs ?? [];
    expect(
      txOutcome({ status: "0x1", gasUsed: "0x10", effectiveGasPrice: "0x3" }, t),
    ).toMatchObject({
      status: "success",
      fee: 48n,
    });
    expect(txOutcome({ status: "0x0", gasUsed: "0x10" }, t)).toMatchObject({
      status: "failed",
      fee: 32n,
    });
    expect(txOutcome({ gasUsed: "0x1", effectiveGasPrice: "0x1", l1Fee: "0x5" }, t)).toMatchObject({
      status: "unknown",
      fee: 6n,
    });
  });
});
