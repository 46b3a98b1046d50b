/**
 * Where a traced transaction sits and what its receipt says, read from the shared entries
 * (src/transaction/queries.ts: the same key and answer as the transaction page's, so one answer
 * serves both pages). The state changes and the storage tracer are asked through
 * src/trace/requests.ts (one request for both trace pages).
 */
import type { ResolvedEndpoint } from "../../../endpoints";
import type { RpcClient } from "../../../rpc";
import { receiptQueryOptions, txByHashQueryOptions } from "../../../transaction/queries";
import type { TxResponse } from "../../../transaction/txResponse";

export interface TxLocation {
  blockHash: string | null;
  blockNumber: string | null;
  transactionIndex: string | null;
  gas: string | null;
}

function locationOf(answer: TxResponse): TxLocation | null {
  const tx = answer.tx;
  if (!tx) return null;
  return {
    blockHash: tx.blockHash ?? null,
    blockNumber: tx.blockNumber ?? null,
    transactionIndex: tx.transactionIndex ?? null,
    gas: tx.gas ?? null,
  };
}

/**
 * Where the traced transaction sits (block hash, number and index) and its gas limit, from
 * `eth_getTransactionByHash` on the trace's endpoint: what the links to its card, to its block's
 * logs and to its simulation need. A node that refuses the call leaves those links pointing at
 * the hash alone, and the simulation at the latest block.
 */
export function txLocationQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  return { ...txByHashQueryOptions(client, endpoint, hash), select: locationOf };
}

/**
 * The traced transaction's receipt, from `eth_getTransactionReceipt` on the trace's endpoint: its
 * gasUsed is what the trace's summary puts beside the top frame's (trace/gasAgreement.ts). A node
 * that refuses it leaves the summary with the top frame's figure alone.
 */
export const txReceiptQueryOptions = receiptQueryOptions;
