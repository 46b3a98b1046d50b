/**
 * Where a traced transaction sits. The state changes and the storage tracer are asked through
 * src/trace/requests.ts (one request for both trace pages).
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "zod";
import type { ResolvedEndpoint } from "../../../endpoints";
import type { RpcClient } from "../../../rpc";
import { rpcQueryKey } from "../../../connection/query";
import { KEPT_ANSWER } from "../../../connection/query-defaults";

const locationSchema = z
  .looseObject({
    blockHash: z.string().nullable().optional(),
    blockNumber: z.string().nullable().optional(),
    transactionIndex: z.string().nullable().optional(),
    gas: z.string().nullable().optional(),
  })
  .nullable();
export type TxLocation = z.infer<typeof locationSchema>;

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
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_getTransactionByHash", hash ? [hash] : null),
    queryFn:
      endpoint && hash
        ? async ({ signal }): Promise<TxLocation> =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              "eth_getTransactionByHash",
              [hash],
              { signal, retry: false, timeoutMs: 15_000, schema: locationSchema },
            )
        : skipToken,
    ...KEPT_ANSWER,
  });
}

/** The receipt as the node sent it (read leniently: each field is read where it is used). */
const receiptSchema = z.record(z.string(), z.unknown()).nullable();

/**
 * The traced transaction's receipt, from `eth_getTransactionReceipt` on the trace's endpoint: its
 * gasUsed is what the trace's summary puts beside the top frame's (trace/gasAgreement.ts).
 * The same key and raw shape as the transaction page's receipt, so one answer serves both pages.
 * A node that refuses it leaves the summary with the top frame's figure alone.
 */
export function txReceiptQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_getTransactionReceipt", hash ? [hash] : null),
    queryFn:
      endpoint && hash
        ? async ({ signal }): Promise<Record<string, unknown> | null> =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              "eth_getTransactionReceipt",
              [hash],
              { signal, retry: false, timeoutMs: 15_000, schema: receiptSchema },
            )
        : skipToken,
    ...KEPT_ANSWER,
  });
}
