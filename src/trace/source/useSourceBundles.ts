/**
 * Sourcify's sources, layouts and source maps for the addresses a view needs (and the
 * implementations of proxies among them): one lookup per view and set of addresses, through the
 * device cache, never waited for by the view (it says what is missing meanwhile).
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import { chainIdQueryOptions } from "../../connection/chainId";
import { useRpc } from "../../connection/context";
import { useDecodingContext } from "../../decoding/context";
import type { Bundles } from "./namedState";

export interface BundleState {
  bundles: Bundles;
  pending: boolean;
  /** Why there is nothing to ask (Sourcify off, chain unknown) or what failed; null when fine. */
  note: string | null;
}

const NONE: Bundles = {};

export function useSourceBundles(
  endpoint: ResolvedEndpoint | null,
  addresses: readonly string[] | null,
): BundleState {
  const { client } = useRpc();
  const { bases, resolver } = useDecodingContext();
  const base = bases.sourcify;
  // By content: callers may pass a new array of the same addresses on every render.
  const joined = addresses
    ? [...new Set(addresses.map((a) => a.toLowerCase()))].sort().join(",")
    : null;
  const wanted = useMemo(
    () => (joined === null ? null : joined.split(",").filter(Boolean)),
    [joined],
  );
  const chain = useQuery({
    ...chainIdQueryOptions(client, endpoint),
    enabled: base !== null && wanted !== null && wanted.length > 0,
  });
  const chainId = chain.data ?? null;
  const bundles = resolver?.bundles;
  const query = useQuery({
    queryKey: ["sourceBundles", base, chainId, wanted] as const,
    enabled: !!bundles && base !== null && chainId !== null && !!wanted && wanted.length > 0,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: ({ signal }) => {
      if (!bundles || base === null || chainId === null || !wanted)
        throw new Error("Sourcify is off");
      return bundles({ base, chainId, addresses: wanted }, signal);
    },
  });
  let note: string | null = null;
  if (base === null || !bundles)
    note = "Sourcify is switched off (Settings): sources and layouts cannot be asked.";
  else if (chain.isSuccess && chainId === null)
    note = "The node does not say its chain id, so Sourcify cannot be asked.";
  else if (query.isError) note = `Sourcify could not be asked: ${query.error.message}`;
  else if (query.data && query.data.failures.length > 0)
    note = `Sourcify: ${query.data.failures[0] ?? ""}`;
  return {
    bundles: query.data?.bundles ?? NONE,
    pending: query.isFetching || (chain.isFetching && query.data === undefined),
    note,
  };
}
