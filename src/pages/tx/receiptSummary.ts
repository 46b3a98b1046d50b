/**
 * What the transaction did, from its receipt beside the transaction: status, where and when,
 * gas used of the limit, the fee paid (exact, in wei and the native unit) with its L2 parts, and
 * the receipt's fields the app does not name. Pure: the Summary view and the tests read it.
 */
import { formatDecimal, formatWei, readQuantity } from "../../chain";
import { gasPriceReading, timestampReading } from "./format";
import { isDepositType, l1FeeLabel, noL2FeeLabel, receiptFieldLabel, stackOf } from "./l2Stack";
import { OTHER_FIELD_LABELS, rawTextOf, unknownView, type FieldRow } from "./model";
import { receiptLogs, type ReceiptLog, type TxReceipt } from "./receipt";

export type ReceiptStatus =
  | { kind: "success" }
  | { kind: "failed" }
  /** Not mined yet (or the node has no receipt for it yet). */
  | { kind: "pending" }
  /** Pre-Byzantium: the receipt carries the post-state `root`, not a status. */
  | { kind: "root"; root: string }
  | { kind: "unknown"; raw: string };

export interface FeePart {
  name: string;
  /** What the part is, in words. */
  label: string;
  /** Exact, in the part's unit ("… wei", "… gas"). */
  exact: string;
  reading?: string;
}

export interface Fee {
  kind: "paid";
  wei: bigint;
  /** Every digit, in the native unit: "0.000052113 ETH". */
  native: string;
  /** Where the price per gas came from. */
  priceSource: "effectiveGasPrice" | "gasPrice";
  price: bigint;
  parts: FeePart[];
}

/**
 * A transaction that pays nothing on L2 (type 0x7e: an OP Stack deposit, Scroll's L1 message),
 * whatever fee fields the node adds to its receipt.
 */
export interface NoL2Fee {
  kind: "none";
  wei: 0n;
  /** "deposit: no L2 fee" */
  label: string;
  detail: string;
}

export interface ReceiptSummary {
  status: ReceiptStatus;
  blockNumber: bigint | null;
  blockHash: string | null;
  /** Unix seconds, from the transaction, the receipt or its block; null until known. */
  timestamp: bigint | null;
  time: string | null;
  /** Blocks on top of it, itself included; null until the head is known. */
  confirmations: bigint | null;
  from: string;
  to: string | null;
  /** The receipt's contractAddress for a creation. */
  contractCreated: string | null;
  value: bigint;
  gasUsed: bigint | null;
  gasLimit: bigint | null;
  /** "52.11 %" of the limit. */
  gasPercent: string | null;
  fee: Fee | NoL2Fee | null;
  /** null when the node sent `logs: null` (or none). */
  logs: ReceiptLog[] | null;
  /** The receipt's fields the app does not name (L2 extras…), in the node's order. */
  other: FieldRow[];
}

/** Receipt fields the summary reads or that repeat the transaction. */
const KNOWN_RECEIPT_FIELDS = new Set([
  "transactionHash",
  "transactionIndex",
  "blockHash",
  "blockNumber",
  "blockTimestamp",
  "from",
  "to",
  "cumulativeGasUsed",
  "gasUsed",
  "effectiveGasPrice",
  "contractAddress",
  "logs",
  "logsBloom",
  "type",
  "status",
  "root",
  "blobGasUsed",
  "blobGasPrice",
]);

export interface SummaryInput {
  tx: Record<string, unknown>;
  receipt: TxReceipt | null;
  /** The chain head (eth_blockNumber), when known. */
  head: bigint | null;
  /** The block's timestamp (eth_getBlockByHash), when the transaction carries none. */
  blockTimestamp: bigint | null;
  symbol: string;
  /** The chain's id (the transaction's, else the connection's): names the L2 fee parts. */
  chainId?: bigint | null;
}

const str = (x: unknown): string | null => (typeof x === "string" ? x : null);

/** "52.11 %", exact to two decimals by bigint arithmetic (rounded down). */
export function percentOf(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  const hundredths = (part * 10000n) / whole;
  const frac = (hundredths % 100n).toString().padStart(2, "0");
  return `${(hundredths / 100n).toString()}.${frac} %`;
}

function statusOf(receipt: TxReceipt | null): ReceiptStatus {
  if (!receipt) return { kind: "pending" };
  const status = receipt.status;
  if (status === "0x1" || status === 1 || status === "0x01") return { kind: "success" };
  if (status === "0x0" || status === 0 || status === "0x00") return { kind: "failed" };
  const root = str(receipt.root);
  if ((status === undefined || status === null) && root) return { kind: "root", root };
  return { kind: "unknown", raw: rawTextOf(status) };
}

export function nativeAmount(wei: bigint, symbol: string): string {
  return `${formatWei(wei, "ether")} ${symbol}`;
}

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
): { wei: bigint; formula: string } | null {
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

function feeOf(
  tx: Record<string, unknown>,
  receipt: TxReceipt,
  gasUsed: bigint | null,
  symbol: string,
  chainId: bigint | null,
): Fee | NoL2Fee | null {
  const stack = stackOf(chainId, receipt);
  if (isDepositType(receipt.type ?? tx.type))
    return { kind: "none", wei: 0n, ...noL2FeeLabel(stack.stack) };
  const effective = readQuantity(receipt.effectiveGasPrice);
  const txPrice = readQuantity(tx.gasPrice);
  const price = effective ?? txPrice;
  if (gasUsed === null || price === null) return null;
  const execution = gasUsed * price;
  const parts: FeePart[] = [];
  let total = execution;

  const l1Fee = readQuantity(receipt.l1Fee);
  const operator = operatorFeeOf(receipt, gasUsed);
  const blobGasUsed = readQuantity(receipt.blobGasUsed);
  const blobGasPrice = readQuantity(receipt.blobGasPrice);
  const blobFee = blobGasUsed !== null && blobGasPrice !== null ? blobGasUsed * blobGasPrice : null;
  if (l1Fee !== null || blobFee !== null || operator !== null)
    parts.push({
      name: "execution",
      label: `gasUsed × ${effective !== null ? "effectiveGasPrice" : "gasPrice"}`,
      exact: `${formatDecimal(execution)} wei`,
      reading: nativeAmount(execution, symbol),
    });
  if (l1Fee !== null) {
    total += l1Fee;
    parts.push({
      name: "l1Fee",
      label: l1FeeLabel(stack),
      exact: `${formatDecimal(l1Fee)} wei`,
      reading: nativeAmount(l1Fee, symbol),
    });
  }
  if (operator !== null) {
    total += operator.wei;
    parts.push({
      name: "operatorFee",
      label: `OP Stack operator fee, paid on top: ${operator.formula}`,
      exact: `${formatDecimal(operator.wei)} wei`,
      reading: nativeAmount(operator.wei, symbol),
    });
  }
  const l1GasUsed = readQuantity(receipt.l1GasUsed);
  if (l1GasUsed !== null)
    parts.push({
      name: "l1GasUsed",
      label: "OP Stack: L1 gas the data fee was charged for",
      exact: `${formatDecimal(l1GasUsed)} gas`,
    });
  const l1GasPrice = readQuantity(receipt.l1GasPrice);
  if (l1GasPrice !== null)
    parts.push({
      name: "l1GasPrice",
      label: "OP Stack: L1 gas price",
      exact: `${formatDecimal(l1GasPrice)} wei`,
      reading: gasPriceReading(l1GasPrice, symbol),
    });
  const forL1 = readQuantity(receipt.gasUsedForL1);
  if (forL1 !== null)
    parts.push({
      name: "gasUsedForL1",
      label: "Arbitrum: the part of gasUsed charged for posting to L1 (included in the fee)",
      exact: `${formatDecimal(forL1)} gas = ${formatDecimal(forL1 * price)} wei`,
      reading: nativeAmount(forL1 * price, symbol),
    });
  if (blobFee !== null && blobGasUsed !== null && blobGasPrice !== null) {
    total += blobFee;
    parts.push({
      name: "blob fee",
      label: `blobGasUsed × blobGasPrice (${formatDecimal(blobGasUsed)} × ${formatDecimal(blobGasPrice)})`,
      exact: `${formatDecimal(blobFee)} wei`,
      reading: nativeAmount(blobFee, symbol),
    });
  }
  return {
    kind: "paid",
    wei: total,
    native: nativeAmount(total, symbol),
    priceSource: effective !== null ? "effectiveGasPrice" : "gasPrice",
    price,
    parts,
  };
}

export function buildSummary({
  tx,
  receipt,
  head,
  blockTimestamp,
  symbol,
  chainId = null,
}: SummaryInput): ReceiptSummary {
  const stack = receipt ? stackOf(chainId, receipt) : null;
  const blockHash = str(receipt?.blockHash) ?? str(tx.blockHash);
  const blockNumber = readQuantity(receipt?.blockNumber) ?? readQuantity(tx.blockNumber);
  const timestamp =
    readQuantity(tx.blockTimestamp) ?? readQuantity(receipt?.blockTimestamp) ?? blockTimestamp;
  const gasUsed = receipt ? readQuantity(receipt.gasUsed) : null;
  const gasLimit = readQuantity(tx.gas);
  const other: FieldRow[] = receipt
    ? Object.entries(receipt)
        .filter(([k]) => !KNOWN_RECEIPT_FIELDS.has(k))
        .map(([name, value]) => {
          const label = stack
            ? receiptFieldLabel(name, stack, OTHER_FIELD_LABELS[name])
            : OTHER_FIELD_LABELS[name];
          return {
            name,
            view: unknownView(value, symbol),
            rawText: rawTextOf(value),
            ...(label ? { label } : {}),
          };
        })
    : [];
  const to = str(tx.to) ?? str(receipt?.to);
  return {
    status: statusOf(receipt),
    blockNumber: receipt || str(tx.blockHash) ? blockNumber : null,
    blockHash,
    timestamp,
    time: timestamp !== null ? timestampReading(timestamp) : null,
    confirmations:
      head !== null && blockNumber !== null && head >= blockNumber && (receipt || tx.blockHash)
        ? head - blockNumber + 1n
        : null,
    from: str(tx.from) ?? str(receipt?.from) ?? "",
    to,
    contractCreated: receipt ? str(receipt.contractAddress) : null,
    value: readQuantity(tx.value) ?? 0n,
    gasUsed,
    gasLimit,
    gasPercent: gasUsed !== null && gasLimit !== null ? percentOf(gasUsed, gasLimit) : null,
    fee: receipt ? feeOf(tx, receipt, gasUsed, symbol, chainId) : null,
    logs: receipt ? receiptLogs(receipt) : null,
    other,
  };
}
