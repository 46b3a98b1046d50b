/**
 * The trace page's side of the storage and source views: runs the storage tracer when asked (a
 * click in the State changes or Source view, or on load for a link that carries one of them) and
 * publishes its answer for those views and the frame detail (context.ts). A node that refuses
 * JavaScript tracers gets an explanation; the raw views stay.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { ResolvedEndpoint } from "../../../endpoints";
import { useRpc } from "../../../shared/context";
import { RpcErrorPanel } from "../../../shared/RpcErrorPanel";
import type { TraceModel } from "../../../shared/trace/model";
import { explainTraceError } from "../query";
import type { SourceInsight } from "../../../shared/trace/source/context";
import { refusesJsTracers, storageTraceQueryOptions } from "./query";
import { readStorageTrace } from "../../../shared/trace/source/storageTrace";

export interface SourceInsightHost {
  endpoint: ResolvedEndpoint | null;
  /** Null for a trace opened from a file or picked from a block's answer: nothing to ask. */
  hash: string | null;
  model: TraceModel | null;
  /** The view shown; a new trace shown on the State changes or Source view asks at once. */
  view: string;
  costNote: string | null;
  frameLink: ((path: string) => string) | null;
}

function explain(error: Error, rpcMethod: string, retry: () => void): ReactNode {
  const refused = refusesJsTracers(error);
  const hint = refused ? null : explainTraceError(error, rpcMethod)?.hint;
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

export function useSourceInsightHost(host: SourceInsightHost): SourceInsight | null {
  const { endpoint, hash, model, view, costNote } = host;
  const { client } = useRpc();
  const wantsIt = view === "state" || view === "source";
  // Asked per trace: a new one starts unasked unless it opens on a view that needs the tracer.
  const [ask, setAsk] = useState({ of: model, asked: wantsIt });
  if (ask.of !== model) setAsk({ of: model, asked: wantsIt });
  const asked = ask.of === model ? ask.asked : wantsIt;
  const query = useQuery(
    storageTraceQueryOptions(client, endpoint, asked && hash && model ? hash : null),
  );
  const read = useMemo(
    () => (query.data === undefined || !model ? null : readStorageTrace(query.data, model)),
    [query.data, model],
  );
  const linkRef = useRef(host.frameLink);
  useEffect(() => {
    linkRef.current = host.frameLink;
  });
  const canLink = host.frameLink !== null;
  const rpcMethod = endpoint?.rpcMethod ?? "debug_jstraceTransaction";
  const { error: queryError, refetch, isFetching } = query;
  const value = useMemo<SourceInsight | null>(() => {
    if (!model || hash === null) return null;
    let error: ReactNode = null;
    if (queryError) error = explain(queryError, rpcMethod, () => void refetch());
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
    };
  }, [
    model,
    hash,
    queryError,
    rpcMethod,
    refetch,
    read,
    endpoint,
    asked,
    isFetching,
    costNote,
    canLink,
  ]);
  return value;
}
