/**
 * What the transaction did, from its receipt beside the transaction: status, where and when,
 * gas used of the limit, the fee paid (exact, in wei and the native unit) with its L2 parts, and
 * the receipt's fields the app does not name. Pure: the Summary view and the tests read it.
 */
import { formatDecimal, formatWei, readQuantity } from "../../chain";
import { gasPriceReading, timestampReading } from "./format";
import { receiptFee } from "../../chain/fees";
import { l1FeeLabel, noL2FeeLabel, receiptFieldLabel, stackOf } from "../../chain/l2Stack";
import { OTHER_FIELD_LABELS, rawTextOf, unknownView, type FieldRow } from "./model";
import { receiptLogs, type ReceiptLog, type TxReceipt } from "../../transaction/receipt";

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

function feeOf(
  tx: Record<string, unknown>,
  receipt: TxReceipt,
  symbol: string,
  chainId: bigint | null,
): Fee | NoL2Fee | null {
  const stack = stackOf(chainId, receipt);
  const fee = receiptFee(tx, receipt);
  if (!fee) return null;
  if (fee.kind === "none") return { kind: "none", wei: 0n, ...noL2FeeLabel(stack.stack) };
  const { execution, l1Fee, operator, blob, price } = fee;
  const parts: FeePart[] = [];
  if (l1Fee !== null || blob !== null || operator !== null)
    parts.push({
      name: "execution",
      label: `gasUsed × ${fee.priceSource}`,
      exact: `${formatDecimal(execution)} wei`,
      reading: nativeAmount(execution, symbol),
    });
  if (l1Fee !== null)
    parts.push({
      name: "l1Fee",
      label: l1FeeLabel(stack),
      exact: `${formatDecimal(l1Fee)} wei`,
      reading: nativeAmount(l1Fee, symbol),
    });
  if (operator !== null)
    parts.push({
      name: "operatorFee",
      label: `OP Stack operator fee, paid on top: ${operator.formula}`,
      exact: `${formatDecimal(operator.wei)} wei`,
      reading: nativeAmount(operator.wei, symbol),
    });
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
  if (blob !== null)
    parts.push({
      name: "blob fee",
      label: `blobGasUsed × blobGasPrice (${formatDecimal(blob.gasUsed)} × ${formatDecimal(blob.gasPrice)})`,
      exact: `${formatDecimal(blob.wei)} wei`,
      reading: nativeAmount(blob.wei, symbol),
    });
  return {
    kind: "paid",
    wei: fee.total,
    native: nativeAmount(fee.total, symbol),
    priceSource: fee.priceSource,
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
    fee: receipt ? feeOf(tx, receipt, symbol, chainId) : null,
    logs: receipt ? receiptLogs(receipt) : null,
    other,
  };
}
