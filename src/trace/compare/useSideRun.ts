/**
 * One side's call tree: a transaction's by hash (the trace method, callTracer with logs), or a
 * dry run's at its block (its tag pinned once, as the dry run pins it, and the dry run's own query,
 * so an answer the dry run page has is not asked again). Both on the link's one connection.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import { useRpc } from "../../connection/context";
import { callTreeQueryOptions, type CallTreeResult, type TraceTarget } from "../requests";
import { callTarget } from "../../simulation/params";
import { pinnedAt, pinRequest } from "../../simulation/pin";
import {
  blockPinQueryOptions,
  METHOD,
  sentRequest,
  simulateQueryOptions,
  type Simulation,
} from "../../simulation/query";
import type { Side } from "./sides";
import { replayEndpoint } from "../../replay/onDemand";

/** The trace by hash goes where traces go (the provider's method, or the one a link names). */
export const TRACE_METHOD = "debug_jstraceTransaction";
/** The by-hash call tree's entries are kept apart from the trace page's (it reads them its own way). */
export const KEY_TAG = "call tree";

export interface SideRun {
  data: CallTreeResult | undefined;
  error: unknown;
  fetching: boolean;
  endpoint: ResolvedEndpoint | null;
  /** The endpoint's failure to resolve, in words; null when it resolved. */
  unresolved: string | null;
  /** The key's method, and what the state runs go on. */
  method: string;
  stateTarget: TraceTarget | null;
  refetch: () => void;
}

export function useSideRun(side: Side): SideRun {
  const { client, resolve } = useRpc();
  const traceResolved = resolve(TRACE_METHOD);
  const callResolved = resolve(METHOD);
  const nodeTrace = traceResolved.ok ? traceResolved.endpoint : null;
  // A `replay:` side is the same transaction answered in this browser (its own cache entries).
  const traceEndpoint =
    nodeTrace && side.kind === "tx" && side.replay ? replayEndpoint(nodeTrace) : nodeTrace;
  const callEndpoint = callResolved.ok ? callResolved.endpoint : null;

  const hash = side.kind === "tx" ? side.hash : null;
  const txTarget = useMemo<TraceTarget | null>(() => (hash ? { lead: [hash] } : null), [hash]);
  const tx = useQuery(callTreeQueryOptions(client, traceEndpoint, TRACE_METHOD, txTarget, KEY_TAG));

  const request = side.kind === "sim" ? side.link.request : null;
  const pinAsk = request ? pinRequest(request.block) : null;
  const tagged = pinAsk !== null;
  const pin = useQuery(
    blockPinQueryOptions(
      client,
      callEndpoint,
      pinAsk && side.kind === "sim" ? { request: pinAsk, simulation: side.params } : null,
    ),
  );
  const pinned = pin.isError ? undefined : pin.data;
  const sim = useMemo<Simulation | null>(() => {
    if (!request) return null;
    if (!tagged) return { request, at: pinnedAt(request.block, null) };
    return pinned ? { request, at: pinned } : null;
  }, [request, tagged, pinned]);
  const call = useQuery(simulateQueryOptions(client, callEndpoint, sim));
  const simTarget = useMemo(() => (sim ? callTarget(sentRequest(sim)) : null), [sim]);

  if (side.kind === "sim")
    return {
      data: call.isError ? undefined : call.data,
      error: pin.error ?? call.error,
      fetching: pin.isFetching || call.isFetching,
      endpoint: callEndpoint,
      unresolved: callResolved.ok ? null : callResolved.reason,
      method: METHOD,
      stateTarget: simTarget,
      refetch: () => void (pin.isError ? pin.refetch() : call.refetch()),
    };
  return {
    data: tx.isError ? undefined : tx.data,
    error: tx.error,
    fetching: tx.isFetching,
    endpoint: traceEndpoint,
    unresolved: side.kind === "tx" && !traceResolved.ok ? traceResolved.reason : null,
    method: TRACE_METHOD,
    stateTarget: txTarget,
    refetch: () => void tx.refetch(),
  };
}
