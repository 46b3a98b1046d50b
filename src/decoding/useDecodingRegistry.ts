/**
 * The registry a view decodes with: the shared one (built-ins, the user's ABIs) layered with what
 * the public services say about this view's unknown selectors and topics and its contracts.
 *
 * The view renders at once with what the device knows; the services are asked once per view for
 * everything unknown together (through the device cache, so a second visit asks nothing) and the
 * names fill in when they arrive. A service that fails or is slow leaves a quiet note, never an
 * error panel.
 */
import { useEffect, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import {
  emptySources,
  loadGuesser,
  withSources,
  type AbiRegistry,
  type DecodingSources,
} from "../chain";
import type { ResolvedEndpoint } from "../endpoints";
import { chainIdQueryOptions } from "../connection/chainId";
import { useRpc } from "../connection/context";
import { contractLabels } from "./labels";
import { useAbiRegistry } from "./useAbiRegistry";
import { useDecodingContext } from "./context";
import { decodingSourcesQuery, proxyReaders } from "./sourcesQuery";
import { MAX_ADDRESSES, type DecodingKeys } from "./keys";
import { SERVICE_NAMES } from "./settings";

export type { DecodingKeys } from "./keys";

export interface DecodingState {
  registry: AbiRegistry;
  /** How many ABI items the user keeps on this device. */
  stored: number;
  /** The services are being asked. */
  pending: boolean;
  /** Quiet notes: a service that failed or was slow, or is switched off while names are missing. */
  notes: string[];
  /** What the services were asked, for the view's "decoded by" note. */
  asked: { functions: number; events: number; addresses: number };
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

function uniqueAddresses(addresses: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const a of addresses) {
    if (seen.size >= MAX_ADDRESSES) break;
    if (ADDRESS_RE.test(a)) seen.add(a.toLowerCase());
  }
  return [...seen];
}

function contractNames(sources: DecodingSources): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [address, c] of Object.entries(sources.contracts)) {
    if (!c?.name) continue;
    const impl = c.proxy?.implementations[0];
    out[address] = impl?.name ? `${c.name} (${impl.name})` : c.name;
  }
  return out;
}

export function useDecodingRegistry(
  endpoint: ResolvedEndpoint | null,
  keys: DecodingKeys | null,
  /** ABIs the view has in hand (a pasted one), and whether the devnet's ABIs are wanted too. */
  local: { extra?: readonly (readonly unknown[])[]; withDevnet?: boolean } = {},
): DecodingState {
  const { registry: base, stored } = useAbiRegistry(local.extra, {
    withDevnet: local.withDevnet ?? false,
  });
  const { client } = useRpc();
  const { bases, resolver } = useDecodingContext();
  const anyService = resolver !== null && (bases.sigdb !== null || bases.sourcify !== null);
  const chain = useQuery({
    ...chainIdQueryOptions(client, endpoint),
    enabled: anyService && bases.sourcify !== null && keys !== null,
  });

  const readers = useMemo(() => proxyReaders(client, endpoint), [client, endpoint]);

  const wanted = useMemo(() => {
    if (!keys) return null;
    const unknown = base.unknownKeys({ inputs: keys.inputs, topics: keys.topics });
    return {
      functions: [...unknown.functions].sort(),
      events: [...unknown.events].sort(),
      addresses: uniqueAddresses(keys.addresses),
    };
  }, [keys, base]);

  // Sourcify needs the chain id; the database does not, so it is not held up by a node without one.
  const chainId = bases.sourcify !== null && chain.data !== undefined ? chain.data : null;
  const chainSettled = bases.sourcify === null || !chain.isPending || chain.isError;
  const nothingToAsk =
    !wanted ||
    (wanted.functions.length === 0 && wanted.events.length === 0 && wanted.addresses.length === 0);
  const query = useQuery({
    ...decodingSourcesQuery({ resolver, bases, chainId, endpoint, wanted, readers }),
    enabled: anyService && !nothingToAsk && chainSettled,
  });

  const sources = query.data;
  useEffect(() => {
    if (sources) contractLabels.add(contractNames(sources));
  }, [sources]);

  const layered = useMemo(() => (sources ? withSources(base, sources) : base), [base, sources]);
  // Calldata nobody knows still reads as guessed argument types: the guesser (a large module) is
  // loaded only when some selector is left unknown once the services have answered.
  const settledAsking = !query.isFetching;
  const leftUnknown =
    settledAsking &&
    (wanted?.functions.some((sel) => layered.lookupFunctions(sel).length === 0) ?? false);
  const guesser = useQuery({
    queryKey: ["decoding", "guesser"],
    queryFn: loadGuesser,
    enabled: leftUnknown,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const guessing = guesser.data === true;
  const registry = useMemo(
    () => (guessing ? withSources(layered, sources ?? emptySources()) : layered),
    [layered, guessing, sources],
  );
  const notes = useMemo(() => {
    const out: string[] = [];
    for (const f of sources?.failures ?? [])
      out.push(`${SERVICE_NAMES[f.service]}: ${f.message} Names it would give are missing.`);
    if (query.isError)
      out.push(
        `Decoding services: ${query.error instanceof Error ? query.error.message : String(query.error)}`,
      );
    return out;
  }, [sources, query.isError, query.error]);

  return {
    registry,
    stored,
    pending: query.isFetching,
    notes,
    asked: {
      functions: wanted?.functions.length ?? 0,
      events: wanted?.events.length ?? 0,
      addresses: wanted?.addresses.length ?? 0,
    },
  };
}
