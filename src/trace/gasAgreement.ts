/**
 * Does the trace's top frame agree with the receipt about the gas used, and if not, why not —
 * computed once, here, for every view that shows a trace's gas (the summary). No React.
 *
 * Clients differ: geth's callTracer puts the transaction's gas limit on the top frame (`gas`) and
 * the receipt's gasUsed (intrinsic gas included, refund taken off) on its `gasUsed`; others start
 * the top frame after the intrinsic gas (its `gas` is the limit minus it) and may leave that gas
 * out of `gasUsed`, or count the gas before the refund; and a node's tracer can simply be wrong
 * (the devnet's anvil answers gasUsed 115,060 for a transfer whose receipt says 34,386 of a
 * 100,000 limit). The receipt's figure is what was charged; a top-frame figure above the limit
 * is never shown without a word.
 */
import { formatDecimal, readQuantity } from "../chain";

/** What the receipt and the transaction say, when the page has them. */
export interface ReceiptGas {
  /** The receipt's gasUsed: what the transaction was charged for. */
  gasUsed: bigint | null;
  /** The transaction's gas limit. */
  limit: bigint | null;
}

export type GasVerdict =
  /** The top frame's gasUsed is the receipt's. */
  | "agree"
  /** No receipt to compare with: the top frame's figure alone. */
  | "trace-only"
  /** The top frame sent no gasUsed: the receipt's figure alone. */
  | "receipt-only"
  /** The top frame leaves out the intrinsic gas the receipt counts. */
  | "intrinsic"
  /** The top frame counts gas before the refund (and may leave out the intrinsic gas). */
  | "refund"
  /** The top frame says more than it could have used: the node's tracer is wrong. */
  | "node-error"
  /** The two differ and neither intrinsic gas nor a refund explains it. */
  | "unexplained";

export interface GasAgreement {
  verdict: GasVerdict;
  /** The receipt's gasUsed; null without a receipt. */
  receiptGasUsed: bigint | null;
  /** The transaction's gas limit, when known. */
  limit: bigint | null;
  /** The top frame's `gasUsed` and `gas` as the node sent them; null when absent. */
  topGasUsed: bigint | null;
  topGas: bigint | null;
  /** The limit less the top frame's gas: the intrinsic gas a node that starts after it took off. */
  intrinsic: bigint | null;
  /** The likely reason, for people, when the figures differ or cannot be right; null otherwise. */
  note: string | null;
}

const g = formatDecimal;

/**
 * Refunds are capped at a fifth of the gas used since London (EIP-3529), at half before it: a
 * top frame above the receipt by no more than half of its own figure reads as a pre-refund count.
 */
function refundFits(before: bigint, after: bigint): boolean {
  return before > after && (before - after) * 2n <= before;
}

export function gasAgreement(
  top: { gas?: unknown; gasUsed?: unknown } | null | undefined,
  receipt: ReceiptGas | null,
): GasAgreement {
  const topGasUsed = readQuantity(top?.gasUsed);
  const topGas = readQuantity(top?.gas);
  const receiptGasUsed = receipt?.gasUsed ?? null;
  const limit = receipt?.limit ?? null;
  const intrinsic = limit !== null && topGas !== null && topGas < limit ? limit - topGas : null;
  const base = { receiptGasUsed, limit, topGasUsed, topGas, intrinsic };
  const say = (verdict: GasVerdict, note: string | null): GasAgreement => ({
    verdict,
    ...base,
    note,
  });
  const charged =
    receiptGasUsed !== null ? ` The receipt's ${g(receiptGasUsed)} is what was charged.` : "";

  if (topGasUsed === null)
    return say(receiptGasUsed === null ? "trace-only" : "receipt-only", null);
  if (receiptGasUsed !== null && topGasUsed === receiptGasUsed) return say("agree", null);

  if (limit !== null && topGasUsed > limit)
    return say(
      "node-error",
      `The node's top frame says ${g(topGasUsed)} gas used: more than the transaction's ${g(limit)} gas limit${topGas !== null ? ` (the frame was given ${g(topGas)})` : ""}, which no execution can reach — a fault in the node's tracer.${charged}`,
    );
  if (receiptGasUsed === null) {
    if (topGas !== null && topGasUsed > topGas)
      return say(
        "node-error",
        `The node's top frame says ${g(topGasUsed)} gas used of the ${g(topGas)} it was given: more than it had — a fault in the node's tracer.`,
      );
    return say("trace-only", null);
  }

  const withIntrinsic = intrinsic !== null ? topGasUsed + intrinsic : null;
  if (withIntrinsic === receiptGasUsed)
    return say(
      "intrinsic",
      `The node's top frame leaves out the ${g(intrinsic ?? 0n)} intrinsic gas (the 21,000 base and the calldata, before any code runs) that the receipt counts: ${g(topGasUsed)} + ${g(intrinsic ?? 0n)} = ${g(receiptGasUsed)}.`,
    );
  if (refundFits(topGasUsed, receiptGasUsed))
    return say(
      "refund",
      `The node's top frame counts the gas before the refund (storage cleared or reset gives gas back): ${g(topGasUsed - receiptGasUsed)} more than the receipt's ${g(receiptGasUsed)}, which is after it.`,
    );
  if (withIntrinsic !== null && intrinsic !== null && refundFits(withIntrinsic, receiptGasUsed))
    return say(
      "refund",
      `The node's top frame leaves out the ${g(intrinsic)} intrinsic gas and counts the gas before the refund: ${g(topGasUsed)} + ${g(intrinsic)} − the ${g(withIntrinsic - receiptGasUsed)} refunded = the receipt's ${g(receiptGasUsed)}.`,
    );
  if (topGas !== null && topGasUsed > topGas)
    return say(
      "node-error",
      `The node's top frame says ${g(topGasUsed)} gas used of the ${g(topGas)} it was given: more than it had — a fault in the node's tracer.${charged}`,
    );
  const apart =
    topGasUsed > receiptGasUsed ? topGasUsed - receiptGasUsed : receiptGasUsed - topGasUsed;
  return say(
    "unexplained",
    `The node's top frame says ${g(topGasUsed)}, the receipt ${g(receiptGasUsed)}: ${g(apart)} apart, more than intrinsic gas or a refund explains (a node's own way of counting, or its error).${charged}`,
  );
}
