/**
 * The trace workspace around a call tree, built once for both pages that show one (a mined
 * transaction's trace, a simulated call): the decoding registry and decoders, the tokens' names
 * for the balance and flow views, the state changes (another run, asked on the user's word or by
 * a link that opens on the State changes view), the storage tracer and source insight, and the
 * State changes view with names. What the runs are asked about is the page's (`stateTarget`,
 * `storageTarget`: a hash, or a call at a pinned block); how they are asked is requests.ts's.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient, RpcError } from "../rpc";
import { lazyView } from "../ui";
import { useDecodingRegistry, type DecodingState } from "../decoding/useDecodingRegistry";
import { RpcErrorPanel } from "../advice/RpcErrorPanel";
import { tokenMetaQueryOptions, type TokenMeta } from "../decoding/tokenMeta";
import { FrameDecodeCache, TraceDecoder } from "./decode";
import { traceDecodingKeys } from "./decodingKeys";
import { tokenEventEmitters, tokensOf, transfersOf } from "./insight/transfers";
import type { StateDiffResult } from "./insight/stateDiff";
import type { TraceModel } from "./model";
import { debugTraceQueryOptions, type DebugTracerOptions } from "./steps";
import { stateDiffQueryOptions, storageTraceQueryOptions, type TraceTarget } from "./requests";
import type { SourceInsight } from "./source/context";
import { useSourceInsightHost } from "./source/useSourceInsightHost";
import type { InternalCalls } from "./internalCalls/context";
import { useInternalCallsHost } from "./internalCalls/useInternalCallsHost";
import type { TraceTab } from "./TraceView";

// The state view's names load with it: a first visit does not need them.
const NamedStatePanel = lazyView(() =>
  import("./insight/NamedStatePanel").then((m) => m.NamedStatePanel),
);

export interface TraceWorkspaceArgs {
  client: RpcClient;
  endpoint: ResolvedEndpoint | null;
  /** The key's method while no endpoint is resolved (`debug_jstraceTransaction`, `debug_traceCall`). */
  method: string;
  model: TraceModel | null;
  /** False while a large trace's frames still arrive (the names and tokens wait for all). */
  framesComplete: boolean;
  /** ABIs the page has in hand, and whether the devnet's are wanted (useDecodingRegistry). */
  decoding?: { extra?: readonly (readonly unknown[])[]; withDevnet?: boolean };
  tab: TraceTab;
  /** The request's identity: a new one starts with the state changes unasked… */
  askKey: string;
  /** …unless its link opens on them (`view=state`). */
  linkView: string | null;
  /** What the state changes run on; null: they cannot be asked (a file, another tracer). */
  stateTarget: TraceTarget | null;
  /** What the storage tracer runs on; null: it cannot be asked. */
  storageTarget: TraceTarget | null;
  /** What to try after a failed run (null: nothing more to say). */
  hintFor: (error: RpcError) => string | null;
  /** "280 compute units" on a priced endpoint, else null. */
  costNote: string | null;
  frameLink: ((path: string) => string) | null;
  /** The State changes view's first words (what the run is). */
  stateIntro?: string;
}

export interface TraceWorkspace {
  decoding: DecodingState;
  decoder: TraceDecoder;
  /** The model's decoding; null with no model. */
  decode: FrameDecodeCache | null;
  tokenMeta: ReadonlyMap<string, TokenMeta> | undefined;
  sourceInsight: SourceInsight | null;
  /** The State changes view (ask, run, named slots); null with no model. */
  stateView: ReactNode;
  /** The state changes as read (the dry run checks them for overrides the node ignored). */
  stateResult: StateDiffResult | undefined;
  /** The internal calls (the debug tracer, on the user's word); null where it cannot be asked. */
  internalCalls: InternalCalls | null;
}

export function useTraceWorkspace(args: TraceWorkspaceArgs): TraceWorkspace {
  const { client, endpoint, method, model, framesComplete, tab, askKey, linkView } = args;
  const whole = model && framesComplete ? model : null;

  const decodingKeys = useMemo(() => (whole ? traceDecodingKeys(whole.frames) : null), [whole]);
  const decoding = useDecodingRegistry(endpoint, decodingKeys, args.decoding);
  const { registry } = decoding;
  const decoder = useMemo(() => new TraceDecoder(registry), [registry]);
  const decode = useMemo(
    () => (model ? new FrameDecodeCache(model.frames, decoder) : null),
    [model, decoder],
  );

  const tokenTab = tab === "balances" || tab === "flow";
  // The call tree's events read an ERC-20 amount in its token's units; the balance and flow views
  // every token moved. The same set where they agree, so switching views asks nothing again.
  const tokens = useMemo(() => {
    if (!whole || (!tokenTab && tab !== "tree")) return [];
    const emitters = tokenEventEmitters(whole);
    return tokenTab ? [...new Set([...emitters, ...tokensOf(transfersOf(whole))])] : emitters;
  }, [whole, tokenTab, tab]);
  const tokenMeta = useQuery(tokenMetaQueryOptions(client, endpoint, tokens));

  // State changes are another run (a full replay on the node, on the user's key): asked by one
  // press in the tab, whose empty state says what the run costs, or on load by a link that says
  // view=state (the link asked for them). Never by merely opening the tab.
  const [stateAsk, setStateAsk] = useState(() => ({ key: askKey, asked: linkView === "state" }));
  if (stateAsk.key !== askKey) setStateAsk({ key: askKey, asked: linkView === "state" });
  const state = useQuery(
    stateDiffQueryOptions(client, endpoint, method, stateAsk.asked ? args.stateTarget : null),
  );

  const { storageTarget } = args;
  // Stable while the page's target is the same (pages build a new object on every render): the
  // source insight, and every view reading it, is rebuilt only when it changes. The target is
  // JSON-RPC params, so its JSON is the same request.
  const targetKey = storageTarget ? JSON.stringify(storageTarget) : null;
  const debugTarget = useMemo(
    () => (targetKey === null ? null : (JSON.parse(targetKey) as TraceTarget)),
    [targetKey],
  );
  const debugQuery = useCallback(
    (options: DebugTracerOptions | null) =>
      debugTraceQueryOptions(client, endpoint, method, options ? debugTarget : null, options ?? {}),
    [client, endpoint, method, debugTarget],
  );
  const sourceInsight = useSourceInsightHost({
    endpoint,
    storageQuery: (run) =>
      storageTraceQueryOptions(client, endpoint, method, run ? storageTarget : null),
    canAsk: storageTarget !== null,
    hintFor: args.hintFor,
    model: whole,
    view: tab,
    costNote: args.costNote,
    frameLink: args.frameLink,
    debugQuery,
  });

  const stateHint = state.isError ? args.hintFor(state.error) : null;
  const stateView = model ? (
    <NamedStatePanel
      model={model}
      asked={stateAsk.asked}
      onAsk={() => setStateAsk((s) => ({ ...s, asked: true }))}
      busy={state.isFetching}
      result={state.data}
      error={
        state.isError ? (
          <div className="flex flex-col gap-2">
            <RpcErrorPanel
              error={state.error}
              title="The state changes could not be read"
              onRetry={() => void state.refetch()}
            />
            {stateHint ? <p className="text-sm">{stateHint}</p> : null}
          </div>
        ) : null
      }
      costNote={args.costNote}
      intro={args.stateIntro}
    />
  ) : null;

  // The debug tracer's internal calls run on what the storage tracer runs on.
  const internalCalls = useInternalCallsHost({
    endpoint,
    debugQuery,
    canAsk: storageTarget !== null,
    model: whole,
    askKey,
    hintFor: args.hintFor,
    costNote: args.costNote,
  });

  return {
    decoding,
    decoder,
    decode,
    tokenMeta: tokenMeta.data,
    sourceInsight,
    stateView,
    stateResult: state.data,
    internalCalls,
  };
}
