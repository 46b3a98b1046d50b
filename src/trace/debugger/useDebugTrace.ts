/**
 * Pass 1 of the debug tracer for a trace, shared by the Debug view and the Source view's gas per
 * line: Sourcify's bundles for every contract the trace runs (their source maps say at which
 * jumps the tracer keeps stack words), then one run of the tracer through the page's endpoint,
 * read against the call tree. React-query keeps the answer: the two views and the call tree's
 * internal calls (useInternalCallsHost, through the same usePass1) ask once.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcError } from "../../rpc";
import { codeAddresses, debugWordPcs, parseDebugTrace, type DebugTrace } from "../steps";
import type { TraceModel } from "../model";
import type { DebugQuery, SourceInsight } from "../source/context";
import type { Bundles } from "../source/namedState";
import { useSourceBundles } from "../source/useSourceBundles";

export interface DebugPass1 {
  trace: DebugTrace | null;
  /** Why there is no trace: the node's refusal or failure, or an answer that cannot be read. */
  error: RpcError | null;
  unreadable: string | null;
  busy: boolean;
  bundles: Bundles;
  bundlesPending: boolean;
  /** Sourcify off, the chain unknown, or what Sourcify failed with; null when fine. */
  bundleNote: string | null;
  retry: () => void;
}

export function useDebugTrace(
  model: TraceModel,
  insight: SourceInsight,
  wanted: boolean,
): DebugPass1 {
  return usePass1(model, insight.endpoint, insight.debugQuery, wanted);
}

/**
 * Pass 1 for `model` on `endpoint` once `wanted`: the one way it is asked for (the Debug and
 * Source views through useDebugTrace, the call tree's internal calls through
 * useInternalCallsHost), so every caller's request, and cached answer, is the same.
 */
export function usePass1(
  model: TraceModel | null,
  endpoint: ResolvedEndpoint | null,
  debugQuery: DebugQuery,
  wanted: boolean,
): DebugPass1 {
  // Both read every frame (a 100,000-frame trace: ~100 ms on the main thread): only once the
  // run is wanted, not for every trace the call tree shows.
  const addresses = useMemo(() => (model && wanted ? codeAddresses(model) : null), [model, wanted]);
  const { bundles, pending, note } = useSourceBundles(endpoint, addresses);
  // The run waits for the bundles (their jumps are in the tracer's text), not for ever: without
  // Sourcify it runs with none and steps show pcs and gas.
  const words = useMemo(
    () => (!wanted || pending || model === null ? null : debugWordPcs(model, bundles)),
    [model, bundles, pending, wanted],
  );
  const query = useQuery(debugQuery(words));
  const read = useMemo(
    () => (query.data === undefined || model === null ? null : parseDebugTrace(query.data, model)),
    [query.data, model],
  );
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    trace: read?.kind === "trace" ? read.trace : null,
    error: query.error,
    unreadable: read?.kind === "unreadable" ? read.reason : null,
    busy: query.isFetching || (wanted && pending),
    bundles,
    bundlesPending: pending,
    bundleNote: note,
    retry,
  };
}
