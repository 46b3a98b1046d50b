/**
 * A page's side of the internal calls: on the user's word ("Show internal calls"), Sourcify's
 * bundles for every contract the trace runs (their source maps say at which jumps the tracer keeps
 * the arguments), then one pass 1 run of the debug tracer through the page's endpoint — the same
 * request, and so the same cached answer, as the Debug view's — read against the call tree and
 * turned into each frame's internal calls. A node that refuses JavaScript tracers gets an
 * explanation; the frames stay.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { SourceBundle } from "../../../chain/sources";
import type { ResolvedEndpoint } from "../../../endpoints";
import type { RpcClient, RpcError } from "../../../rpc";
import { RpcErrorPanel } from "../../RpcErrorPanel";
import {
  codeAddresses,
  debugTraceQueryOptions,
  debugWordPcs,
  internalCallIndex,
  parseDebugTrace,
} from "../debug";
import type { TraceModel } from "../model";
import type { TraceTarget } from "../requests";
import { refusesJsTracers } from "../source/refusal";
import { useSourceBundles } from "../source/useSourceBundles";
import type { InternalCalls } from "./context";

export interface InternalCallsHost {
  client: RpcClient;
  endpoint: ResolvedEndpoint | null;
  method: string;
  /** The whole trace (null while frames arrive). */
  model: TraceModel | null;
  /** What the tracer runs on; null: it cannot be asked (a file, another tracer). */
  target: TraceTarget | null;
  hintFor: (error: RpcError) => string | null;
  costNote: string | null;
}

export function useInternalCallsHost(host: InternalCallsHost): InternalCalls | null {
  const { client, endpoint, method, model, target } = host;
  // Asked per trace: a new one starts unasked.
  const [ask, setAsk] = useState<{ of: TraceModel | null; asked: boolean }>({
    of: model,
    asked: false,
  });
  if (ask.of !== model) setAsk({ of: model, asked: false });
  const asked = ask.of === model && ask.asked && model !== null && target !== null;
  const addresses = useMemo(() => (model ? codeAddresses(model) : null), [model]);
  const { bundles, pending, note } = useSourceBundles(endpoint, asked ? addresses : null);
  // The run waits for the bundles (their jumps are in the tracer's text).
  const words = useMemo(
    () =>
      pending
        ? null
        : debugWordPcs(Object.values(bundles).filter((b): b is SourceBundle => b !== null)),
    [bundles, pending],
  );
  const query = useQuery(
    debugTraceQueryOptions(client, endpoint, method, asked && words ? target : null, {
      words: words ?? undefined,
    }),
  );
  const index = useMemo(() => {
    if (query.data === undefined || !model) return null;
    const read = parseDebugTrace(query.data, model);
    return read.kind === "trace" ? internalCallIndex(read.trace, model, bundles) : read.reason;
  }, [query.data, model, bundles]);
  const { error: queryError, refetch, isFetching } = query;
  const { hintFor, costNote } = host;
  return useMemo<InternalCalls | null>(() => {
    if (!model || target === null) return null;
    const notes: string[] = [];
    if (note) notes.push(note);
    if (typeof index === "string")
      notes.push(
        `The node answered the debug tracer with something Nodescope cannot read (${index}). The answer is in the Requests panel.`,
      );
    else if (index) notes.push(...index.notes);
    let error = null;
    if (queryError) {
      const refused = refusesJsTracers(queryError);
      const hint = refused ? null : hintFor(queryError);
      error = (
        <div className="flex flex-col gap-2">
          <RpcErrorPanel
            error={queryError}
            title={
              refused
                ? "This node does not run JavaScript tracers"
                : "The debug tracer could not run"
            }
            onRetry={refused ? undefined : () => void refetch()}
          />
          <p className="text-sm">
            {refused
              ? "Internal calls need Nodescope's debug tracer, a JavaScript tracer; this node refused it. The call tree's frames do not need it."
              : (hint ?? "")}
          </p>
        </div>
      );
    }
    const found = index && typeof index !== "string" ? index : null;
    return {
      asked,
      ask: () => setAsk({ of: model, asked: true }),
      busy: isFetching || (asked && pending),
      byFrame: found ? found.byFrame : null,
      found: found ? { calls: found.calls, frames: found.frames } : null,
      notes,
      error,
      costNote,
    };
  }, [
    model,
    target,
    note,
    index,
    queryError,
    hintFor,
    refetch,
    asked,
    isFetching,
    pending,
    costNote,
  ]);
}
