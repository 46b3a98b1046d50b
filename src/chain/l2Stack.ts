/**
 * Which rollup stack charged a receipt's L2 fee parts, and how its own fields are named. Decided
 * once here, read by the fee (receiptSummary.ts), the receipt's other fields and the type's name:
 *
 * 1. the chain id, when it is a chain this app knows (the transaction's own `chainId`, else the
 *    connection's): OP Stack chains, Scroll, Arbitrum;
 * 2. else the receipt's fields that only one stack sends: op-geth's L1 block info
 *    (`l1GasPrice`, `l1GasUsed`, `l1FeeScalar`, the Ecotone scalars, the Isthmus operator fee
 *    scalars, Jovian's `daFootprintGasScalar`) and deposit fields; Nitro's `gasUsedForL1` and
 *    `l1BlockNumber`;
 * 3. else unknown. Scroll's receipt adds `l1Fee` alone, and so may another chain: a lone `l1Fee`
 *    on an unknown chain is an "L1 data fee" without a stack's name, never "OP Stack".
 */
import { readQuantity } from "./quantity";
import { txTypeName } from "./tx-types";

export type L2Stack = "op" | "scroll" | "arbitrum";

export const STACK_NAMES: Readonly<Record<L2Stack, string>> = {
  op: "OP Stack",
  scroll: "Scroll",
  arbitrum: "Arbitrum",
};

/** Chain ids whose stack is known (mainnets and their public testnets). */
const CHAIN_STACKS: ReadonlyMap<bigint, L2Stack> = new Map<bigint, L2Stack>([
  [10n, "op"], // OP Mainnet
  [8453n, "op"], // Base
  [204n, "op"], // opBNB
  [5611n, "op"], // opBNB testnet
  [11155420n, "op"], // OP Sepolia
  [84532n, "op"], // Base Sepolia
  [7777777n, "op"], // Zora
  [34443n, "op"], // Mode
  [130n, "op"], // Unichain
  [480n, "op"], // World Chain
  [57073n, "op"], // Ink
  [534352n, "scroll"], // Scroll
  [534351n, "scroll"], // Scroll Sepolia
  [42161n, "arbitrum"], // Arbitrum One
  [42170n, "arbitrum"], // Arbitrum Nova
  [421614n, "arbitrum"], // Arbitrum Sepolia
]);

/** Receipt fields only op-geth (and clients following its receipt) sends. */
const OP_ONLY = [
  "l1GasPrice",
  "l1GasUsed",
  "l1FeeScalar",
  "l1BaseFeeScalar",
  "l1BlobBaseFee",
  "l1BlobBaseFeeScalar",
  "operatorFeeScalar",
  "operatorFeeConstant",
  "daFootprintGasScalar",
  "depositNonce",
  "depositReceiptVersion",
];
/** Receipt fields only Arbitrum Nitro sends. */
const ARBITRUM_ONLY = ["gasUsedForL1", "l1BlockNumber"];

export interface StackReading {
  stack: L2Stack | null;
  /** What decided it, said beside the label. */
  by: "chain id" | "receipt fields" | null;
}

export function stackOf(chainId: bigint | null, receipt: Record<string, unknown>): StackReading {
  const known = chainId !== null ? CHAIN_STACKS.get(chainId) : undefined;
  if (known) return { stack: known, by: "chain id" };
  const has = (k: string) => receipt[k] !== undefined && receipt[k] !== null;
  if (OP_ONLY.some(has)) return { stack: "op", by: "receipt fields" };
  if (ARBITRUM_ONLY.some(has)) return { stack: "arbitrum", by: "receipt fields" };
  return { stack: null, by: null };
}

/** The stack a chain id names, with no receipt at hand (the transaction's type name). */
export function stackOfChain(chainId: bigint | null): L2Stack | null {
  return chainId !== null ? (CHAIN_STACKS.get(chainId) ?? null) : null;
}

/** Type 0x7e: an OP Stack deposit, and on Scroll its L1 message. Neither pays an L2 fee. */
export const DEPOSIT_TYPE = 0x7en;

export function isDepositType(type: unknown): boolean {
  return readQuantity(type) === DEPOSIT_TYPE;
}

/** The transaction type's name on this chain: 0x7e is Scroll's L1 message on Scroll. */
export function typeNameOn(type: bigint, chainId: bigint | null): string {
  if (type === DEPOSIT_TYPE && stackOfChain(chainId) === "scroll") return "Scroll L1 message";
  return txTypeName(type);
}

/** Why a 0x7e transaction shows no fee, in the stack's words. */
export function noL2FeeLabel(stack: L2Stack | null): { label: string; detail: string } {
  if (stack === "scroll")
    return {
      label: "L1 message: no L2 fee",
      detail: "Scroll L1 messages are paid for on L1 when they are enqueued; L2 charges nothing",
    };
  return {
    label: "deposit: no L2 fee",
    detail:
      "an OP Stack deposit buys its L2 gas on L1 (OptimismPortal); the fee fields the node adds (l1Fee, effectiveGasPrice…) are not charged on L2",
  };
}

/** The label of the L1 data fee (`l1Fee`), by the stack that charged it. */
export function l1FeeLabel(reading: StackReading): string {
  if (reading.stack === "op" || reading.stack === "scroll")
    return `${STACK_NAMES[reading.stack]}: L1 data fee, paid on top of execution`;
  if (reading.stack === "arbitrum")
    return "L1 data fee (l1Fee), paid on top of execution — unusual on Arbitrum, which charges L1 within gasUsed";
  return "L1 data fee (l1Fee), paid on top of execution — which rollup charged it is not known from the chain id or the receipt's fields";
}

/**
 * The label of a receipt field outside the spec, by stack: `l1Fee` is named after the stack that
 * sent it; the rest keep the label their name gives (model.ts OTHER_FIELD_LABELS).
 */
export function receiptFieldLabel(
  name: string,
  reading: StackReading,
  fallback: string | undefined,
): string | undefined {
  if (name !== "l1Fee") return fallback;
  return reading.stack === "op" || reading.stack === "scroll"
    ? `${STACK_NAMES[reading.stack]}: L1 data fee`
    : "L1 data fee (the rollup is not known from the chain id or the receipt's fields)";
}
