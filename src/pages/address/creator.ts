/**
 * Who created a contract, and in which transaction: `ots_getContractCreator` where the node serves
 * it (Erigon, anvil), else a binary search over `eth_getCode` at past blocks (about log2(head)
 * requests, one at a time) for the block the code first appears in, then that block's contract
 * creations (at most MAX_CREATION_RECEIPTS receipts, a few at a time) for the one that made it. A
 * node without the old state says so instead of a guess.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { getAddress } from "viem";
import { formatDecimal } from "../../chain";
import { z } from "../../platform/zod";
import type { ResolvedEndpoint } from "../../endpoints";
import {
  JsonRpcError,
  MethodUnsupportedError,
  MissingStateError,
  NotAllowedError,
  type RpcClient,
} from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { KEPT_ANSWER } from "../../connection/query-defaults";

export const MAX_CREATION_RECEIPTS = 40;
const RECEIPT_CONCURRENCY = 4;

const creatorSchema = z.nullable(z.looseObject({ hash: z.string(), creator: z.string() }));
const hexData = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, "hex data"));
const blockTxs = z.nullable(
  z.looseObject({
    transactions: z.array(
      z.looseObject({ hash: z.string(), from: z.string(), to: z.nullish(z.string()) }),
    ),
  }),
);
const receiptSchema = z.nullable(z.looseObject({ contractAddress: z.nullish(z.string()) }));

export type CreatorAnswer =
  | { kind: "found"; hash: string; creator: string; block: bigint | null; how: string }
  /** Created in `block` inside a transaction the receipts do not name (a factory's CREATE). */
  | { kind: "in-block"; block: bigint; how: string }
  | { kind: "no-history"; how: string }
  | { kind: "unknown"; how: string };

/** The first block whose code at `address` is not empty, by bisection; `head` has code. */
export async function firstBlockWithCode(
  hasCode: (block: bigint) => Promise<boolean>,
  head: bigint,
): Promise<{ block: bigint; asked: number }> {
  let lo = 0n;
  let hi = head;
  let asked = 0;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    asked++;
    if (await hasCode(mid)) hi = mid;
    else lo = mid + 1n;
  }
  return { block: lo, asked };
}

/** An answer that says the node has no state at that block (pruned, or before what it keeps). */
function isMissingHistory(e: unknown): boolean {
  return (
    e instanceof MissingStateError ||
    (e instanceof JsonRpcError && /out of range|outofrange|state|trie|histor|prun/i.test(e.message))
  );
}

/** The node's own words for a refusal (one line), or null when the error is not one. */
function refusal(e: unknown): string | null {
  if (e instanceof MethodUnsupportedError || e instanceof NotAllowedError)
    return e.rpcMessage.replace(/\s+/g, " ").slice(0, 120);
  return null;
}

export function creatorQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  address: string | null,
  head: bigint | null,
) {
  const params = address ? ([address] as const) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "ots_getContractCreator", params),
    queryFn:
      endpoint && address && head !== null
        ? async ({ signal }): Promise<CreatorAnswer> => {
            const t = { url: endpoint.url, secrets: endpoint.secrets };
            const opts = { signal, timeoutMs: 20_000, retry: false } as const;
            let refused: string;
            try {
              const c = await client.request(t, "ots_getContractCreator", [address], {
                ...opts,
                schema: creatorSchema,
              });
              if (c)
                return {
                  kind: "found",
                  hash: c.hash,
                  creator: getAddress(c.creator),
                  block: null,
                  how: "ots_getContractCreator",
                };
              return { kind: "unknown", how: "ots_getContractCreator found no creator" };
            } catch (e) {
              const why = refusal(e);
              if (why === null) throw e;
              refused = `The node refuses ots_getContractCreator (${why}); found instead by a binary search over eth_getCode`;
            }
            // A pruning node answers for recent blocks only: a block it keeps no state for counts
            // as "not yet" (the search moves up), and if that is what bounds the answer, it says so.
            let lastNo: "code" | "history" | null = null;
            let historyNote = "";
            const search = await firstBlockWithCode(async (b) => {
              try {
                const code = await client.request(
                  t,
                  "eth_getCode",
                  [address, `0x${b.toString(16)}`],
                  { ...opts, schema: hexData },
                );
                if (code === "0x") lastNo = "code";
                return code !== "0x";
              } catch (e) {
                if (!isMissingHistory(e)) throw e;
                lastNo = "history";
                historyNote =
                  e instanceof JsonRpcError ? e.rpcMessage.replace(/\s+/g, " ").slice(0, 120) : "";
                return false;
              }
            }, head);
            const how = `${refused} (${search.asked} requests) and the creating block's receipts`;
            const block = await client.request(
              t,
              "eth_getBlockByNumber",
              [`0x${search.block.toString(16)}`, true],
              { ...opts, schema: blockTxs },
            );
            const creations = (block?.transactions ?? [])
              .filter((tx) => !tx.to)
              .slice(0, MAX_CREATION_RECEIPTS);
            let found: { hash: string; from: string } | null = null;
            let next = 0;
            const worker = async () => {
              while (next < creations.length && !found) {
                const tx = creations[next++];
                if (!tx) return;
                const r = await client.request(t, "eth_getTransactionReceipt", [tx.hash], {
                  ...opts,
                  schema: receiptSchema,
                });
                if (r?.contractAddress?.toLowerCase() === address.toLowerCase())
                  found = { hash: tx.hash, from: tx.from };
              }
            };
            await Promise.all(
              Array.from({ length: Math.min(RECEIPT_CONCURRENCY, creations.length) }, worker),
            );
            const hit = found as { hash: string; from: string } | null;
            if (hit)
              return {
                kind: "found",
                hash: hit.hash,
                creator: getAddress(hit.from),
                block: search.block,
                how,
              };
            // What stopped the search below was missing state, not missing code: no creation to name.
            if ((lastNo as "code" | "history" | null) === "history") {
              const n = formatDecimal(search.block);
              return {
                kind: "no-history",
                how: `Not found from this node: it does not serve ots_getContractCreator and keeps no state before block ${n}${historyNote ? ` (“${historyNote}”)` : ""}, where the code is already there, so the contract was created at or before block ${n}; an archive node, or one serving ots_getContractCreator (Erigon, anvil), names its creator`,
              };
            }
            return { kind: "in-block", block: search.block, how };
          }
        : skipToken,
    ...KEPT_ANSWER,
  });
}
