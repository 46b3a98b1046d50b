/**
 * A page's side of the storage and source views: runs the storage tracer when asked (a click in
 * the State changes or Source view, or on load for a link that carries one of them) and publishes
 * its answer for those views and the frame detail (context.ts). What runs it is the page's: a
 * mined transaction's trace by hash, or a simulated call with its overrides. A node that refuses
 * JavaScript tracers gets an explanation; the raw views stay.
 */
import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcError } from "../../rpc";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import type { TraceModel } from "../model";
import type { DebugQuery, SourceInsight } from "./context";
import { refusesJsTracers } from "./refusal";
import { readStorageTrace } from "./storageTrace";
import { rememberPreimages } from "../sessionPreimages";

export interface SourceInsightHost<K extends QueryKey> {
  endpoint: ResolvedEndpoint | null;
  /** The storage tracer's request for what the page shows; `run` false → not asked (skipToken). */
  storageQuery: (run: boolean) => UseQueryOptions<unknown, RpcError, unknown, K>;
  /** False for a trace opened from a file or picked from a block's answer: nothing to ask. */
  canAsk: boolean;
  /** What to try after a failure that is not a refusal of JavaScript tracers (null: nothing more). */
  hintFor: (error: RpcError) => string | null;
  model: TraceModel | null;
  /** The view shown; a new trace shown on the State changes or Source view asks at once. */
  view: string;
  costNote: string | null;
  frameLink: ((path: string) => string) | null;
  /** The debug tracer's runs on the same target. */
  debugQuery: DebugQuery;
}

function explain(
  error: RpcError,
  rpcMethod: string,
  hint: string | null,
  retry: () => void,
): ReactNode {
  const refused = refusesJsTracers(error);
  return (
    <div className="flex flex-col gap-2">
      <RpcErrorPanel
        error={error}
        title={
          refused ? "This node does not run JavaScript tracers" : "The storage tracer could not run"
        }
        onRetry={refused ? undefined : retry}
      />
      <p className="text-sm">
        {refused
          ? `Naming slots and finding the failing line need Nodescope's own tracer, a JavaScript tracer sent with ${rpcMethod}; this node refused it (some providers, Erigon built without JavaScript tracers and Besu do). The call tree, the raw state changes and the other views do not need it. A geth or anvil node, or an endpoint that accepts custom tracers, can run it.`
          : (hint ?? "")}
      </p>
    </div>
  );
}

export function useSourceInsightHost<K extends QueryKey>(
  host: SourceInsightHost<K>,
): SourceInsight | null {
  const { endpoint, storageQuery, canAsk, model, view, costNote, debugQuery } = host;
  const wantsIt = view === "state" || view === "source";
  // Asked per trace: a new one starts unasked unless it opens on a view that needs the tracer.
  const [ask, setAsk] = useState({ of: model, asked: wantsIt });
  if (ask.of !== model) setAsk({ of: model, asked: wantsIt });
  const asked = ask.of === model ? ask.asked : wantsIt;
  const query = useQuery(storageQuery(canAsk && asked && model !== null));
  const read = useMemo(
    () => (query.data === undefined || !model ? null : readStorageTrace(query.data, model)),
    [query.data, model],
  );
  // The keys this trace hashed name mapping entries on the address page later in the session.
  const seenPreimages = read?.kind === "trace" ? read.trace.preimages : null;
  useEffect(() => {
    if (seenPreimages) rememberPreimages(seenPreimages);
  }, [seenPreimages]);
  const linkRef = useRef(host.frameLink);
  useEffect(() => {
    linkRef.current = host.frameLink;
  });
  const canLink = host.frameLink !== null;
  const rpcMethod = endpoint?.rpcMethod ?? "the trace method";
  const { error: queryError, refetch, isFetching } = query;
  const hint = queryError && !refusesJsTracers(queryError) ? host.hintFor(queryError) : null;
  const hintRef = useRef(host.hintFor);
  useEffect(() => {
    hintRef.current = host.hintFor;
  });
  const value = useMemo<SourceInsight | null>(() => {
    if (!model || !canAsk) return null;
    let error: ReactNode = null;
    if (queryError) error = explain(queryError, rpcMethod, hint, () => void refetch());
    else if (read?.kind === "unreadable")
      error = (
        <p role="alert" className="text-sm">
          The node answered the storage tracer with something Nodescope cannot read ({read.reason}
          ). The answer is in the Requests panel.
        </p>
      );
    return {
      endpoint,
      asked,
      ask: () => setAsk({ of: model, asked: true }),
      busy: isFetching,
      trace: read?.kind === "trace" ? read.trace : null,
      error,
      costNote,
      frameLink: canLink ? (path: string) => linkRef.current?.(path) ?? "" : null,
      debugQuery,
      hintFor: (e: RpcError) => hintRef.current(e),
    };
  }, [
    model,
    canAsk,
    queryError,
    hint,
    rpcMethod,
    refetch,
    read,
    endpoint,
    asked,
    isFetching,
    costNote,
    canLink,
    debugQuery,
  ]);
  return value;
}
