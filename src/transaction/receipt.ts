/**
 * The answer of eth_getTransactionReceipt, read leniently: a receipt is chain data from every
 * kind of client (pre-Byzantium `root` instead of `status`, no `effectiveGasPrice` on older
 * nodes, `logs: null`, L2 extras), so no field of it can fail the whole answer. Only the outer
 * shape is checked (an object, or `null`: not mined yet or unknown); each field is read where it
 * is used, and what the app does not name is kept and shown under "Other fields".
 */
import { z } from "../platform/zod";
import { readQuantity } from "../chain";

export type TxReceipt = Record<string, unknown>;

export const receiptResponseSchema = z.nullable(z.record(z.string(), z.unknown()));

/** One log of a receipt, as the views read it (fields a log lacks are null). */
export interface ReceiptLog {
  address: string;
  topics: string[];
  data: string;
  logIndex: bigint | null;
}

const logSchema = z.looseObject({
  address: z.string(),
  topics: z.array(z.string()),
  data: z.string(),
});

/** The receipt's logs; `null` when the node sent none (`logs: null` or absent). */
export function receiptLogs(receipt: TxReceipt): ReceiptLog[] | null {
  const logs = receipt.logs;
  if (!Array.isArray(logs)) return null;
  const out: ReceiptLog[] = [];
  for (const raw of logs) {
    const log = logSchema.safeParse(raw);
    if (!log.success) continue;
    out.push({
      address: log.data.address,
      topics: log.data.topics,
      data: log.data.data,
      logIndex: readQuantity(log.data.logIndex),
    });
  }
  return out;
}
