/**
 * The fee a transaction paid, from its receipt: the one computation every page shows (the
 * transaction's summary, the block's table). Exact, in wei, by bigint arithmetic:
 *
 *   gasUsed × (effectiveGasPrice, else the transaction's gasPrice)
 *   + l1Fee (OP Stack, Scroll: the L1 data fee the receipt names)
 *   + the OP Stack operator fee (Isthmus / Jovian scalars in the receipt)
 *   + blobGasUsed × blobGasPrice (EIP-4844, type 3)
 *
 * An OP deposit or a Scroll L1 message pays no L2 fee. Arbitrum's `gasUsedForL1` is part of
 * gasUsed already (it is named beside the fee, never added).
 */
import { formatDecimal } from "./units";
import { readQuantity } from "./quantity";
import { isDepositType } from "./l2Stack";

export interface OperatorFee {
  wei: bigint;
  /** The formula with its numbers, as the spec writes it. */
  formula: string;
}

/** What a receipt says was paid, each part exact (null: the receipt names no such part). */
export type ReceiptFee =
  | {
      kind: "paid";
      /** Every part added: what the sender paid. */
      total: bigint;
      gasUsed: bigint;
      price: bigint;
      priceSource: "effectiveGasPrice" | "gasPrice";
      /** gasUsed × price. */
      execution: bigint;
      l1Fee: bigint | null;
      operator: OperatorFee | null;
      blob: { gasUsed: bigint; gasPrice: bigint; wei: bigint } | null;
    }
  /** A deposit (OP Stack) or an L1 message (Scroll): no L2 fee. */
  | { kind: "none" };

/**
 * The OP Stack operator fee (Isthmus), from the receipt's scalars and its gasUsed (the gas the
 * transaction used, as the spec says): gasUsed × operatorFeeScalar / 1e6, rounded down, +
 * operatorFeeConstant. From Jovian (its receipts add `daFootprintGasScalar`) the scalar is no
 * longer divided: gasUsed × operatorFeeScalar × 100 + operatorFeeConstant. Sources: the specs'
 * isthmus/exec-engine.md "Operator Fee" and the GasPriceOracle's Isthmus and Jovian formulas.
 */
export function operatorFeeOf(
  receipt: Record<string, unknown>,
  gasUsed: bigint,
): OperatorFee | null {
  const scalar = readQuantity(receipt.operatorFeeScalar);
  const constant = readQuantity(receipt.operatorFeeConstant);
  if (scalar === null || constant === null) return null;
  if (readQuantity(receipt.daFootprintGasScalar) !== null)
    return {
      wei: gasUsed * scalar * 100n + constant,
      formula: `gasUsed × operatorFeeScalar × 100 + operatorFeeConstant (Jovian: ${formatDecimal(gasUsed)} × ${formatDecimal(scalar)} × 100 + ${formatDecimal(constant)})`,
    };
  return {
    wei: (gasUsed * scalar) / 1_000_000n + constant,
    formula: `gasUsed × operatorFeeScalar / 1,000,000, rounded down, + operatorFeeConstant (Isthmus: ${formatDecimal(gasUsed)} × ${formatDecimal(scalar)} / 1,000,000 + ${formatDecimal(constant)})`,
  };
}

/**
 * The fee of a mined transaction from its receipt (and the transaction's own type and gasPrice,
 * for receipts that leave them out); null when neither the receipt nor the transaction says the
 * gas used and its price.
 */
export function receiptFee(
  tx: { type?: unknown; gasPrice?: unknown } | null,
  receipt: Record<string, unknown>,
): ReceiptFee | null {
  if (isDepositType(receipt.type ?? tx?.type)) return { kind: "none" };
  const gasUsed = readQuantity(receipt.gasUsed);
  const effective = readQuantity(receipt.effectiveGasPrice);
  const price = effective ?? readQuantity(tx?.gasPrice);
  if (gasUsed === null || price === null) return null;
  const execution = gasUsed * price;
  const l1Fee = readQuantity(receipt.l1Fee);
  const operator = operatorFeeOf(receipt, gasUsed);
  const blobGasUsed = readQuantity(receipt.blobGasUsed);
  const blobGasPrice = readQuantity(receipt.blobGasPrice);
  const blob =
    blobGasUsed !== null && blobGasPrice !== null
      ? { gasUsed: blobGasUsed, gasPrice: blobGasPrice, wei: blobGasUsed * blobGasPrice }
      : null;
  return {
    kind: "paid",
    total: execution + (l1Fee ?? 0n) + (operator?.wei ?? 0n) + (blob?.wei ?? 0n),
    gasUsed,
    price,
    priceSource: effective !== null ? "effectiveGasPrice" : "gasPrice",
    execution,
    l1Fee,
    operator,
    blob,
  };
}
