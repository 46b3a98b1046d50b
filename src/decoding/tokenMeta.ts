/**
 * Token symbols and decimals from `eth_call` `symbol()` / `decimals()` to each token on a view's
 * endpoint: all tokens of a view in one query, asked concurrently, kept for good. A token (or a
 * node) that does not answer simply stays unnamed: amounts then show raw.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "../platform/zod";
import { checksummed, decodeDecimals, decodeSymbol, DECIMALS_CALL, SYMBOL_CALL } from "../chain";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { rpcQueryKey } from "../connection/query";
import { KEPT_ANSWER } from "../connection/query-defaults";

export interface TokenMeta {
  symbol?: string;
  decimals?: number;
}

/** More tokens than this in one view are left unnamed (a request storm is worse than raw amounts). */
export const MAX_TOKENS = 25;

const hexAnswer = z.string();

export function tokenMetaQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  tokens: readonly string[],
) {
  const params = tokens.length > 0 ? [...tokens].sort().slice(0, MAX_TOKENS) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_call", params ? { tokenMeta: params } : null),
    queryFn:
      endpoint && params
        ? async ({ signal }): Promise<ReadonlyMap<string, TokenMeta>> => {
            const target = { url: endpoint.url, secrets: endpoint.secrets };
            const ask = (to: string, data: string) =>
              client
                .request(target, "eth_call", [{ to, data }, "latest"], {
                  signal,
                  retry: false,
                  timeoutMs: 15_000,
                  schema: hexAnswer,
                })
                .catch(() => null);
            const entries = await Promise.all(
              params.map(async (token) => {
                const [symbol, decimals] = await Promise.all([
                  ask(token, SYMBOL_CALL),
                  ask(token, DECIMALS_CALL),
                ]);
                const meta: TokenMeta = {};
                const s = decodeSymbol(symbol);
                const d = decodeDecimals(decimals);
                if (s !== null) meta.symbol = s;
                if (d !== null) meta.decimals = d;
                return [token, meta] as const;
              }),
            );
            return new Map(entries);
          }
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}

/** A token's symbol and decimals from a view's answer (keyed checksummed), by any spelling of its address. */
export function tokenMetaOf(
  tokenMeta: ReadonlyMap<string, TokenMeta> | undefined,
  address: string,
): TokenMeta | undefined {
  if (!tokenMeta || tokenMeta.size === 0) return undefined;
  const key = checksummed(address);
  return key ? tokenMeta.get(key) : undefined;
}
