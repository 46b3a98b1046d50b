import { describe, expect, it } from "vitest";
import isthmus from "../../chain/fixtures/receipts/op-isthmus-devnet-withdrawal.json";
import { receiptFee } from "../../chain/fees";
import { txOutcome, type BlockTx } from "./block";

const tx: BlockTx = {
  index: 0,
  hash: `0x${"11".repeat(32)}`,
  from: `0x${"22".repeat(20)}`,
  to: `0x${"33".repeat(20)}`,
  selector: null,
  inputBytes: 0,
  value: 0n,
  gasPrice: 1_000_000_000n,
};

describe("a block row's fee", () => {
  it("counts the blob fee, as the transaction's summary does (0.000152072 of the unit)", () => {
    const receipt = {
      status: "0x1",
      type: "0x3",
      gasUsed: "0x5208",
      effectiveGasPrice: "0x3b9aca00",
      blobGasUsed: "0x20000",
      blobGasPrice: "0x3b9aca00",
    };
    expect(txOutcome(receipt, tx).fee).toBe(152_072_000_000_000n);
  });

  it("counts the OP Stack operator fee, the same figure as the one fee function", () => {
    const fee = receiptFee(null, isthmus);
    expect(fee?.kind).toBe("paid");
    expect(txOutcome(isthmus, tx).fee).toBe(fee?.kind === "paid" ? fee.total : -1n);
  });

  it("says a deposit paid nothing", () => {
    expect(txOutcome({ status: "0x1", type: "0x7e", gasUsed: "0x5208" }, tx).fee).toBe(0n);
  });
});
