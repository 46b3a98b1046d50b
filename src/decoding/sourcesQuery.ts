/**
 * The one way a view asks the decoding services for what it wants decoded: the query key every
 * view shares (so a contract one view asked for is not asked again by another), the cache rules,
 * and the on-chain proxy readers the resolver uses for contracts Sourcify does not know. No React.
 */
import { z } from "../platform/zod";
import type { DecodingSources, ProxyReaders } from "../chain";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import type { Resolver } from "./context";
import type { ServiceBases } from "./settings";

const hexAnswer = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, "hex data"));
const READ_OPTS = { schema: hexAnswer, timeoutMs: 10_000, retry: false } as const;

/**
 * Proxies Sourcify does not know are found on chain (EIP-1967/1822/897 slots, EIP-1167 clones): a
 * few standard reads per unverified contract, capped and cached by the resolver.
 */
export function proxyReaders(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
): ProxyReaders | undefined {
  if (!endpoint) return undefined;
  const target = { url: endpoint.url, secrets: endpoint.secrets };
  return {
    readStorage: (address, slot) =>
      client.request(target, "eth_getStorageAt", [address, slot, "latest"], READ_OPTS),
    readCode: (address) => client.request(target, "eth_getCode", [address, "latest"], READ_OPTS),
    call: (address, data) =>
      client.request(target, "eth_call", [{ to: address, data }, "latest"], READ_OPTS),
  };
}

export interface Wanted {
  functions: readonly string[];
  events: readonly string[];
  addresses: readonly string[];
}

/** The services' answer for `wanted`, keyed alike in every view; `enabled` is the caller's. */
export function decodingSourcesQuery(args: {
  resolver: Resolver | null;
  bases: ServiceBases;
  chainId: number | null;
  endpoint: ResolvedEndpoint | null;
  wanted: Wanted | null;
  readers: ProxyReaders | undefined;
}) {
  const { resolver, bases, chainId, endpoint, wanted, readers } = args;
  return {
    queryKey: [
      "decoding",
      bases.sigdb,
      bases.sourcify,
      chainId,
      endpoint?.cacheId ?? null,
      wanted,
    ] as const,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<DecodingSources> => {
      if (!resolver || !wanted) throw new Error("decoding is off");
      return resolver.resolve(
        {
          bases,
          chainId,
          functions: [...wanted.functions],
          events: [...wanted.events],
          // Sourcify needs the chain id: without one only the signature database is asked.
          addresses: chainId === null ? [] : [...wanted.addresses],
          ...(readers ? { readers } : {}),
        },
        signal,
      );
    },
  };
}
