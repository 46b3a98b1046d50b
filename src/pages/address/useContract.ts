/**
 * What Sourcify and the chain say about a contract: its verified name and ABI (through the
 * decoding resolver and its device cache, keyed as the other views key it, so a contract already
 * asked about is not asked again), the implementation behind a proxy (Sourcify's resolution, else
 * the EIP-1967/1822/897 slots and EIP-1167 code read from the node), and the source bundles
 * (files, storage layout) of both.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { VerifiedContract } from "../../chain";
import type { SourceBundle } from "../../chain/sources";
import type { ResolvedEndpoint } from "../../endpoints";
import { chainIdQueryOptions } from "../../connection/chainId";
import { useRpc } from "../../connection/context";
import { useDecodingContext } from "../../decoding/context";
import { decodingSourcesQuery, proxyReaders } from "../../decoding/sourcesQuery";
import { layoutFor } from "../../trace/source/namedState";
import { useSourceBundles } from "../../trace/source/useSourceBundles";
import type { StorageLayout } from "../../chain/solidity";

export interface ContractInfo {
  /** The contract's own verification (null: Sourcify does not know it; undefined: not asked yet). */
  verified: VerifiedContract | null | undefined;
  /** A proxy's implementation (lower-case) and how it was found. */
  proxy: { implementation: string | null; kind: string } | null;
  implementation: VerifiedContract | null | undefined;
  bundle: SourceBundle | null;
  implementationBundle: SourceBundle | null;
  layout: { layout: StorageLayout; name: string | null } | null;
  pending: boolean;
  notes: string[];
}

export function useContract(
  endpoint: ResolvedEndpoint | null,
  address: string | null,
): ContractInfo {
  const { client } = useRpc();
  const { bases, resolver } = useDecodingContext();
  const addr = address?.toLowerCase() ?? null;
  const chain = useQuery({
    ...chainIdQueryOptions(client, endpoint),
    enabled: bases.sourcify !== null && addr !== null,
  });
  const chainId = chain.data ?? null;
  const readers = useMemo(() => proxyReaders(client, endpoint), [client, endpoint]);
  const wanted = addr ? { functions: [], events: [], addresses: [addr] } : null;
  const sources = useQuery({
    // The decoding views' key: the same contract asked for there is not asked again here.
    ...decodingSourcesQuery({ resolver, bases, chainId, endpoint, wanted, readers }),
    enabled: resolver !== null && bases.sourcify !== null && addr !== null && chainId !== null,
  });
  const data = sources.data;
  const verified = addr && data ? (data.contracts[addr] ?? null) : undefined;
  const fromSourcify = verified?.proxy?.implementations[0]?.address.toLowerCase() ?? null;
  const onChain = addr ? data?.proxies?.[addr] : undefined;
  const proxy = fromSourcify
    ? { implementation: fromSourcify, kind: verified?.proxy?.type ?? "proxy (Sourcify)" }
    : onChain
      ? { implementation: onChain.implementation, kind: onChain.type }
      : null;
  const impl = proxy?.implementation ?? null;
  const implementation = impl && data ? (data.contracts[impl] ?? null) : undefined;
  const bundles = useSourceBundles(endpoint, addr ? (impl ? [addr, impl] : [addr]) : null);
  const bundle = addr ? (bundles.bundles[addr] ?? null) : null;
  const implementationBundle = impl ? (bundles.bundles[impl] ?? null) : null;
  const layout = addr ? layoutFor(addr, impl ? [impl] : [], bundles.bundles) : null;
  const notes: string[] = [];
  if (bases.sourcify === null)
    notes.push(
      "Sourcify is switched off (Settings): the name, source, ABI and layout are not asked.",
    );
  else if (chain.isSuccess && chainId === null)
    notes.push("The node does not say its chain id, so Sourcify cannot be asked.");
  for (const f of data?.failures ?? [])
    if (f.service === "sourcify") notes.push(`Sourcify: ${f.message}`);
  if (sources.isError) notes.push(`Sourcify could not be asked: ${sources.error.message}`);
  if (bundles.note && bases.sourcify !== null && !notes.length) notes.push(bundles.note);
  return {
    verified,
    proxy,
    implementation,
    bundle,
    implementationBundle,
    layout,
    pending: sources.isFetching || chain.isFetching || bundles.pending,
    notes,
  };
}
