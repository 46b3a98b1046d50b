/**
 * A block as eth_getBlockByNumber / eth_getBlockByHash (with full transactions) sends it, read
 * into the page's model once, in the query function. Chain data from every kind of client: only
 * the outer shape is checked (an object, or `null`: no such block on this node), each field is
 * read where the model needs it, and a field a client leaves out is null, never a failure.
 */
import { z } from "../../platform/zod";
import { readQuantity } from "../../chain";
import { receiptFee } from "../../chain/fees";

export const blockResponseSchema = z.nullable(z.record(z.string(), z.unknown()));
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** One transaction of the block, as its row shows it (before its receipt is in). */
export interface BlockTx {
  index: number;
  hash: string;
  from: string | null;
  /** null: a contract creation. */
  to: string | null;
  /** The input's first 4 bytes (lower case), or null when the input is shorter. */
  selector: string | null;
  /** Bytes of input. */
  inputBytes: number;
  value: bigint;
  /** The price the transaction offered (gasPrice), for a fee when the receipt has no effectiveGasPrice. */
  gasPrice: bigint | null;
}

export interface BlockModel {
  number: bigint | null;
  hash: string | null;
  parentHash: string | null;
  timestamp: bigint | null;
  miner: string | null;
  gasUsed: bigint | null;
  gasLimit: bigint | null;
  baseFeePerGas: bigint | null;
  blobGasUsed: bigint | null;
  excessBlobGas: bigint | null;
  /** null: the block has no withdrawals field (before Shanghai, or a chain without them). */
  withdrawals: number | null;
  txs: BlockTx[];
  /** The node sent only the transactions' hashes (no from, to, value). */
  hashesOnly: boolean;
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const lowerOrNull = (v: unknown): string | null => (typeof v === "string" ? v.toLowerCase() : null);

function readTx(raw: unknown, index: number): BlockTx | null {
  if (typeof raw === "string") {
    return {
      index,
      hash: raw.toLowerCase(),
      from: null,
      to: null,
      selector: null,
      inputBytes: 0,
      value: 0n,
      gasPrice: null,
    };
  }
  if (typeof raw !== "object" || raw === null) return null;
  const t = raw as Record<string, unknown>;
  const hash = lowerOrNull(t.hash);
  if (!hash) return null;
  const input = str(t.input) ?? str(t.data) ?? "0x";
  return {
    index: Number(readQuantity(t.transactionIndex) ?? BigInt(index)),
    hash,
    from: lowerOrNull(t.from),
    to: lowerOrNull(t.to),
    selector: input.length >= 10 ? input.slice(0, 10).toLowerCase() : null,
    inputBytes: Math.max(0, Math.ceil((input.length - 2) / 2)),
    value: readQuantity(t.value) ?? 0n,
    gasPrice: readQuantity(t.gasPrice),
  };
}

/** The page's model of a node's block; null stays null (no such block). */
export function blockModel(raw: BlockResponse): BlockModel | null {
  if (raw === null) return null;
  const list = Array.isArray(raw.transactions) ? raw.transactions : [];
  const txs: BlockTx[] = [];
  list.forEach((t, i) => {
    const tx = readTx(t, i);
    if (tx) txs.push(tx);
  });
  return {
    number: readQuantity(raw.number),
    hash: lowerOrNull(raw.hash),
    parentHash: lowerOrNull(raw.parentHash),
    timestamp: readQuantity(raw.timestamp),
    miner: lowerOrNull(raw.miner),
    gasUsed: readQuantity(raw.gasUsed),
    gasLimit: readQuantity(raw.gasLimit),
    baseFeePerGas: readQuantity(raw.baseFeePerGas),
    blobGasUsed: readQuantity(raw.blobGasUsed),
    excessBlobGas: readQuantity(raw.excessBlobGas),
    withdrawals: Array.isArray(raw.withdrawals) ? raw.withdrawals.length : null,
    txs,
    hashesOnly: list.length > 0 && list.every((t) => typeof t === "string"),
  };
}

/** What a row shows of its receipt. */
export interface TxOutcome {
  status: "success" | "failed" | "unknown";
  gasUsed: bigint | null;
  /** gas used × the price paid, plus an L1 data fee where the receipt names one (OP Stack, Scroll). */
  fee: bigint | null;
  /** The contract a creation made. */
  contractAddress: string | null;
}

/** A receipt read for its row; the transaction's own gasPrice stands in for a missing effectiveGasPrice. */
export function txOutcome(receipt: Record<string, unknown>, tx: BlockTx | undefined): TxOutcome {
  const status = readQuantity(receipt.status);
  const gasUsed = readQuantity(receipt.gasUsed);
  // The one fee of a receipt (chain/fees.ts): the blob and OP Stack operator fees included.
  const fee = receiptFee(tx ?? null, receipt);
  return {
    status: status === 1n ? "success" : status === 0n ? "failed" : "unknown",
    gasUsed,
    fee: fee === null ? null : fee.kind === "none" ? 0n : fee.total,
    contractAddress: lowerOrNull(receipt.contractAddress),
  };
}

/** A hex quantity for a block number (requests and keys). */
export function blockHex(n: bigint): string {
  return `0x${n.toString(16)}`;
}
