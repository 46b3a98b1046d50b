/**
 * An address's transactions, a page at a time, through Otterscan's `ots_searchTransactionsBefore`
 * / `ots_searchTransactionsAfter` (Erigon with the ots namespace, anvil): the request, the answer
 * checked at the edge (unknown fields kept) and read into rows, newest first. A page asked
 * "before block N" of a numbered block never changes, so it is cached for good; "before 0" means
 * from the chain head and is asked again when stale.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "../../platform/zod";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { inputShape } from "../../decoding/methodText";

/** How many transactions a page asks for (a page may hold more: a block is never cut). */
export const OTS_PAGE_SIZE = 25;

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, "expected 0x-prefixed hex"));
const otsTx = z.looseObject({
  hash: hex,
  blockNumber: z.optional(z.nullable(hex)),
  transactionIndex: z.optional(z.nullable(hex)),
  from: hex,
  to: z.optional(z.nullable(hex)),
  value: z.optional(hex),
  input: z.optional(hex),
  blockTimestamp: z.optional(z.nullable(hex)),
});
const otsReceipt = z.looseObject({
  transactionHash: z.optional(hex),
  status: z.optional(z.nullable(hex)),
  gasUsed: z.optional(hex),
  timestamp: z.optional(z.union([hex, z.number()])),
});
export const otsPageSchema = z.looseObject({
  txs: z.array(otsTx),
  receipts: z.array(otsReceipt),
  firstPage: z.boolean(),
  lastPage: z.boolean(),
});
export type OtsPageAnswer = z.infer<typeof otsPageSchema>;

export interface ActivityTx {
  hash: string;
  blockNumber: number | null;
  index: number | null;
  from: string;
  to: string | null;
  value: bigint;
  /** The call's first four bytes (its function selector), when it carries calldata. */
  selector: string | null;
  /** Bytes of input. */
  inputBytes: number;
  status: "success" | "failed" | null;
  /** Seconds, when the node says. */
  timestamp: number | null;
}

export interface OtsPage {
  txs: ActivityTx[];
  /** No newer transaction of the address (the page starts at the chain head). */
  newest: boolean;
  /** No older transaction of the address. */
  oldest: boolean;
}

/** Where a page starts: before a block (0: from the head), or after one. */
export type OtsCursor = { dir: "before" | "after"; block: number };

const num = (v: string | null | undefined): number | null =>
  v === null || v === undefined || v === "0x" ? null : Number.parseInt(v, 16);

/** The answer as rows, newest first, each with its receipt's status. */
export function readOtsPage(answer: OtsPageAnswer): OtsPage {
  const receipts = new Map<string, OtsPageAnswer["receipts"][number]>();
  answer.receipts.forEach((r, i) => {
    const hash = r.transactionHash ?? answer.txs[i]?.hash;
    if (hash) receipts.set(hash.toLowerCase(), r);
  });
  const txs = answer.txs.map((t): ActivityTx => {
    const r = receipts.get(t.hash.toLowerCase());
    const ts = r?.timestamp ?? t.blockTimestamp ?? null;
    return {
      hash: t.hash,
      blockNumber: num(t.blockNumber),
      index: num(t.transactionIndex),
      from: t.from,
      to: t.to ?? null,
      value: t.value && t.value !== "0x" ? BigInt(t.value) : 0n,
      ...inputShape(t.input ?? "0x"),
      status: r?.status === "0x1" ? "success" : r?.status === "0x0" ? "failed" : null,
      timestamp: typeof ts === "number" ? ts : num(ts),
    };
  });
  const key = (t: ActivityTx) => [t.blockNumber ?? Infinity, t.index ?? Infinity] as const;
  txs.sort((a, b) => {
    const [ab, ai] = key(a);
    const [bb, bi] = key(b);
    return ab !== bb ? bb - ab : bi - ai;
  });
  return { txs, newest: answer.firstPage, oldest: answer.lastPage };
}

export function otsMethod(cursor: OtsCursor): string {
  return cursor.dir === "before" ? "ots_searchTransactionsBefore" : "ots_searchTransactionsAfter";
}

export function otsPageQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  request: { address: string; cursor: OtsCursor } | null,
) {
  const method = request ? otsMethod(request.cursor) : "ots_searchTransactionsBefore";
  const params = request ? [request.address, request.cursor.block, OTS_PAGE_SIZE] : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, method, params),
    queryFn:
      endpoint && params
        ? async ({ signal }) =>
            readOtsPage(
              await client.request(endpoint, method, params, { signal, schema: otsPageSchema }),
            )
        : skipToken,
    // Before a numbered block the page is history; from the head (before 0) it grows.
    staleTime: request && request.cursor.block > 0 ? Infinity : 30_000,
    // A refusal (method not found) is the node's answer, not a fault to retry.
    retry: false,
  });
}
