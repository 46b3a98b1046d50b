/**
 * A page's side of the internal calls: on the user's word ("Show internal calls"), Sourcify's
 * bundles for every contract the trace runs (their source maps say at which jumps the tracer keeps
 * the arguments), then one pass 1 run of the debug tracer through the page's endpoint — the same
 * request, and so the same cached answer, as the Debug view's — read against the call tree and
 * turned into each frame's internal calls. A node that refuses JavaScript tracers gets an
 * explanation; the frames stay.
 */
import { useMemo, useState } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcError } from "../../rpc";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { internalCallIndex } from "../steps";
import { usePass1 } from "../debugger/useDebugTrace";
import type { TraceModel } from "../model";
import type { DebugQuery } from "../source/context";
import { refusesJsTracers } from "../source/refusal";
import type { InternalCalls } from "./context";

export interface InternalCallsHost {
  endpoint: ResolvedEndpoint | null;
  /** The debug tracer's query on the page's target (the Debug view's own). */
  debugQuery: DebugQuery;
  /** Whether the tracer can be asked (false: a file, another tracer). */
  canAsk: boolean;
  /** The whole trace (null while frames arrive). */
  model: TraceModel | null;
  /** The request's identity (useTraceWorkspace's `askKey`): a new one starts unasked. */
  askKey: string;
  hintFor: (error: RpcError) => string | null;
  costNote: string | null;
}

export function useInternalCallsHost(host: InternalCallsHost): InternalCalls | null {
  const { endpoint, debugQuery, canAsk, model, askKey } = host;
  // Asked per request: a new one starts unasked. Not per model object: the same trace's model
  // handed over (the Worker's, then the query's) kept the button but dropped a press made between.
  const [ask, setAsk] = useState({ key: askKey, asked: false });
  if (ask.key !== askKey) setAsk({ key: askKey, asked: false });
  const asked = ask.key === askKey && ask.asked && model !== null && canAsk;
  const pass = usePass1(model, endpoint, debugQuery, asked);
  const { trace, unreadable, bundles, bundleNote: note } = pass;
  const index = useMemo(
    () => (trace && model ? internalCallIndex(trace, model, bundles) : unreadable),
    [trace, unreadable, model, bundles],
  );
  const { error: queryError, retry: refetch, busy } = pass;
  const { hintFor, costNote } = host;
  return useMemo<InternalCalls | null>(() => {
    if (!model || !canAsk) return null;
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
            onRetry={refused ? undefined : refetch}
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
      ask: () => setAsk({ key: askKey, asked: true }),
      busy,
      byFrame: found ? found.byFrame : null,
      found: found ? { calls: found.calls, frames: found.frames } : null,
      notes,
      error,
      costNote,
    };
  }, [model, canAsk, askKey, note, index, queryError, hintFor, refetch, asked, busy, costNote]);
}
