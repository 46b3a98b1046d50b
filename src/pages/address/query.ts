/**
 * The address page's requests, each keyed `[endpoint.cacheId, rpcMethod, params]`: the block a
 * tag names (a tag is asked again after a short while; a number never), and the account's
 * balance, nonce, code, storage words and calls at that block NUMBER — an answer about a numbered
 * block does not change, so it is kept (`staleTime: Infinity`) and never asked twice.
 */
import { queryOptions, skipToken, type QueryClient } from "@tanstack/react-query";
import { z } from "../../platform/zod";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { KEPT_ANSWER } from "../../connection/query-defaults";

export const METHOD = "eth_getBalance";
/** The standard reads go where the transaction view's do (on the provider: its full-node endpoint). */
export const ENDPOINT_METHOD = "eth_getTransactionByBlockHashAndIndex";

const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, "a hex quantity"));
const hexData = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, "hex data"));
const blockSchema = z.nullable(
  z.looseObject({ number: hexQuantity, hash: z.string(), timestamp: hexQuantity }),
);

export interface PinnedBlock {
  number: bigint;
  hash: string;
  timestamp: bigint;
}

const target = (e: ResolvedEndpoint) => ({ url: e.url, secrets: e.secrets });

/** The block a tag or number names, resolved once per run (a tag's answer is kept 12 s). */
export function blockQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  block: string | null,
) {
  const params = block === null ? null : ([block, false] as const);
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_getBlockByNumber", params),
    queryFn:
      endpoint && params
        ? async ({ signal }): Promise<PinnedBlock | null> => {
            const b = await client.request(target(endpoint), "eth_getBlockByNumber", params, {
              signal,
              schema: blockSchema,
              timeoutMs: 15_000,
            });
            return b
              ? { number: BigInt(b.number), hash: b.hash, timestamp: BigInt(b.timestamp) }
              : null;
          }
        : skipToken,
    ...KEPT_ANSWER,
    staleTime: block !== null && /^0x/.test(block) ? Infinity : 12_000,
  });
}

export type AccountRead = "eth_getBalance" | "eth_getTransactionCount" | "eth_getCode";

/** One fact of the account at a numbered block, as the node's hex. */
export function accountQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  method: AccountRead,
  address: string | null,
  blockHex: string | null,
) {
  const params = address && blockHex ? ([address, blockHex] as const) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, method, params),
    queryFn:
      endpoint && params
        ? ({ signal }): Promise<string> =>
            client.request(target(endpoint), method, params, {
              signal,
              schema: method === "eth_getCode" ? hexData : hexQuantity,
              timeoutMs: 15_000,
            })
        : skipToken,
    ...KEPT_ANSWER,
    staleTime: Infinity,
  });
}

const wordSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{0,64}$/, "a storage word"));

/** How many storage reads run at once: a contract's page must not flood the node. */
export const STORAGE_CONCURRENCY = 6;

function slotHex(slot: bigint): string {
  return `0x${slot.toString(16).padStart(64, "0")}`;
}

/**
 * The words of `slots` at a numbered block, each through its own cache entry (a slot read for
 * one view is not asked again for the next), a few at a time.
 */
export async function readSlots(
  queryClient: QueryClient,
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  address: string,
  blockHex: string,
  slots: readonly bigint[],
  signal: AbortSignal,
): Promise<Map<bigint, string>> {
  const out = new Map<bigint, string>();
  let next = 0;
  const worker = async () => {
    while (next < slots.length) {
      if (signal.aborted) throw signal.reason;
      const slot = slots[next++] as bigint;
      const params = [address, slotHex(slot), blockHex] as const;
      const word = await queryClient.fetchQuery({
        queryKey: rpcQueryKey(endpoint, "eth_getStorageAt", params),
        // Its own signal, not the page's: a slot read another run of the page joins is not
        // cancelled when the run that started it is (a new layout or key re-keys the page's run).
        queryFn: ({ signal: own }) =>
          client.request(target(endpoint), "eth_getStorageAt", params, {
            signal: own,
            schema: wordSchema,
            timeoutMs: 15_000,
          }),
        staleTime: Infinity,
      });
      out.set(slot, word === "0x" ? "0x0" : word);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(STORAGE_CONCURRENCY, slots.length) }, () => worker()),
  );
  return out;
}

/** An `eth_call` of a view function at a numbered block: its return data. */
export function callQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  call: { to: string; data: string; blockHex: string } | null,
) {
  const params = call ? ([{ to: call.to, data: call.data }, call.blockHex] as const) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_call", params),
    queryFn:
      endpoint && params
        ? ({ signal }): Promise<string> =>
            client.request(target(endpoint), "eth_call", params, {
              signal,
              schema: hexData,
              timeoutMs: 20_000,
              retry: false,
            })
        : skipToken,
    ...KEPT_ANSWER,
    staleTime: Infinity,
  });
}
