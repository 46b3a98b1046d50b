/**
 * The native unit's symbol of the chain an endpoint serves, for a view: the chain id asked once a
 * minute at most (chainId.ts, the query the connection check and decoding share), read through the
 * chain's unit table. The default until the chain is known, and where the node does not say.
 */
import { useQuery } from "@tanstack/react-query";
import { nativeSymbol } from "../chain/nativeUnit";
import type { ResolvedEndpoint } from "../endpoints";
import { chainIdQueryOptions } from "./chainId";
import { useRpc } from "./context";

export function useNativeSymbol(
  endpoint: ResolvedEndpoint | null,
  /** Whether the view shows an amount yet: nothing is asked before (a bad link asks nothing). */
  wanted: boolean,
): string {
  const { client } = useRpc();
  const chain = useQuery(chainIdQueryOptions(client, wanted ? endpoint : null));
  return nativeSymbol(chain.data == null ? null : BigInt(chain.data));
}
