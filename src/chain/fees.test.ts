// The fee of a receipt, on real receipts (fixtures/receipts/README.md: sources and licences) and
// on the shapes the pages once disagreed on: the block's row and the transaction's summary call
// this one function, so a blob fee or an operator fee can no longer be left out of one of them.
import { describe, expect, it } from "vitest";
import gethLogs from "./fixtures/receipts/geth-with-logs.json";
import opWeth from "./fixtures/receipts/op-mainnet-weth-transfer.json";
import opDeposit from "./fixtures/receipts/op-mainnet-deposit.json";
import isthmus from "./fixtures/receipts/op-isthmus-devnet-withdrawal.json";
import arbitrum from "./fixtures/receipts/arbitrum-one-arb-transfer.json";
import { receiptFee } from "./fees";
import { readQuantity } from "./quantity";

const q = (v: unknown): bigint => {
  const n = readQuantity(v);
  if (n === null) throw new Error(`not a quantity: ${String(v)}`);
  return n;
};

describe("receiptFee", () => {
  it("adds the blob fee of a type-3 transaction (21,000 gas and 131,072 blob gas at 1 gwei)", () => {
    const fee = receiptFee(null, {
      type: "0x3",
      gasUsed: "0x5208",
      effectiveGasPrice: "0x3b9aca00",
      blobGasUsed: "0x20000",
      blobGasPrice: "0x3b9aca00",
    });
    expect(fee).toMatchObject({ kind: "paid", total: 152_072_000_000_000n });
  });

  it("is gasUsed × effectiveGasPrice on a plain geth receipt", () => {
    const fee = receiptFee(null, gethLogs);
    expect(fee).toMatchObject({
      kind: "paid",
      total: q(gethLogs.gasUsed) * q(gethLogs.effectiveGasPrice),
      priceSource: "effectiveGasPrice",
    });
  });

  it("falls back to the transaction's gasPrice where the receipt has no effectiveGasPrice", () => {
    const { effectiveGasPrice: _dropped, ...older } = gethLogs;
    const fee = receiptFee({ gasPrice: "0x2" }, older);
    expect(fee).toMatchObject({ total: q(gethLogs.gasUsed) * 2n, priceSource: "gasPrice" });
    expect(receiptFee(null, older)).toBeNull();
  });

  it("adds the OP Stack L1 data fee (op-geth, Ecotone)", () => {
    const fee = receiptFee(null, opWeth);
    expect(fee).toMatchObject({
      kind: "paid",
      total: q(opWeth.gasUsed) * q(opWeth.effectiveGasPrice) + q(opWeth.l1Fee),
    });
  });

  it("adds the Isthmus operator fee the chain charged (422 wei on this receipt)", () => {
    const fee = receiptFee(null, isthmus);
    if (fee?.kind !== "paid") throw new Error("expected a paid fee");
    expect(fee.operator?.wei).toBe(422n);
    expect(fee.total).toBe(
      q(isthmus.gasUsed) * q(isthmus.effectiveGasPrice) + q(isthmus.l1Fee) + 422n,
    );
  });

  it("says an OP deposit pays no L2 fee", () => {
    expect(receiptFee(null, opDeposit)).toEqual({ kind: "none" });
  });

  it("does not add Arbitrum's gasUsedForL1: it is part of gasUsed", () => {
    const fee = receiptFee(null, arbitrum);
    expect(fee).toMatchObject({
      total: q(arbitrum.gasUsed) * q(arbitrum.effectiveGasPrice),
      l1Fee: null,
    });
  });
});
