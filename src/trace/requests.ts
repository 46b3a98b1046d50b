/**
 * The two extra runs both trace pages ask for, built in one place: the state changes (the
 * prestateTracer in diff mode) and Nodescope's storage tracer (source/tracer.ts). The trace page
 * runs them on a mined transaction (`[hash, config]`), the dry run on a call
 * (`[tx, block, config]`, the config carrying its overrides); the tracer, its provider rule and
 * the time limits are the same for both.
 *
 * Each is another paid run of the transaction or call: asked on the user's word (or a link that
 * carries the view), once per params, kept (KEPT_ANSWER), never retried by itself, and sent
 * without an abort signal so React's development double mount cannot send it twice.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { rpcQueryKey } from "../connection/query";
import { KEPT_ANSWER } from "../connection/query-defaults";
import { traceOrReplay } from "../replay/fallback";
import { flatten } from "./flatten";
import { readStateDiff, type StateDiffResult } from "./insight/stateDiff";
import { traceAnswerSchema } from "./load";
import type { TraceModel } from "./model";
import { anyJsonSchema, type CallFrame } from "./result";
import { STORAGE_TRACER } from "./source/tracer";

/** The call tree with its logs: what a dry run and a comparison ask for. */
export const CALL_TRACER = { tracer: "callTracer", tracerConfig: { withLog: true } } as const;

/** Every account and slot the run touches, before and after. */
export const PRESTATE_DIFF = {
  tracer: "prestateTracer",
  tracerConfig: { diffMode: true },
} as const;

/** The provider's own trace method: it documents `{ tracer }` alone, no `timeout`. */
export const PROVIDER_TRACE_METHOD = "debug_jstraceTransaction";

/** geth's default tracer time limit is 5 s; the storage tracer steps through every opcode. */
export const STORAGE_TRACER_NODE_TIMEOUT = "60s";

/** How long the app waits for a trace run (a heavy block or call takes a while). */
export const TRACE_RUN_TIMEOUT_MS = 75_000;
/** The storage tracer's wait: the node's own 60 s limit, and the answer's transfer. */
export const STORAGE_TRACER_TIMEOUT_MS = 90_000;

/** The storage tracer's config for the method it is sent with. */
export function storageTracerConfig(rpcMethod: string): { tracer: string; timeout?: string } {
  return rpcMethod === PROVIDER_TRACE_METHOD
    ? { tracer: STORAGE_TRACER }
    : { tracer: STORAGE_TRACER, timeout: STORAGE_TRACER_NODE_TIMEOUT };
}

/**
 * What a run is asked about: the params before the tracer config (`[hash]`, or `[tx, block]`
 * with the block a concrete number), and what the config carries besides the tracer (a call's
 * `stateOverrides`, `blockOverrides`).
 */
export interface TraceTarget {
  lead: readonly unknown[];
  extra?: Readonly<Record<string, unknown>>;
}

/** The exact params: the target's lead, then `{ ...tracer, ...extra }`. */
export function traceRunParams(
  target: TraceTarget,
  tracer: Readonly<Record<string, unknown>>,
): unknown[] {
  return [...target.lead, { ...tracer, ...target.extra }];
}

function runQueryOptions<T>(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  fallbackMethod: string,
  params: unknown[] | null,
  timeoutMs: number,
  read: (raw: unknown) => T,
) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, endpoint?.rpcMethod ?? fallbackMethod, params),
    queryFn:
      endpoint && params
        ? async (): Promise<T> =>
            read(
              await traceOrReplay(client, endpoint, params, {
                retry: false,
                timeoutMs,
                schema: anyJsonSchema,
              }),
            )
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}

/**
 * The state changes: the same transaction or call under the prestateTracer in diff mode.
 * `fallbackMethod` names the key's method while no endpoint is resolved.
 */
export function stateDiffQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  fallbackMethod: string,
  target: TraceTarget | null,
) {
  const params = target ? traceRunParams(target, PRESTATE_DIFF) : null;
  return runQueryOptions<StateDiffResult>(
    client,
    endpoint,
    fallbackMethod,
    params,
    TRACE_RUN_TIMEOUT_MS,
    readStateDiff,
  );
}

/** The storage tracer on the same transaction or call: its answer as sent (storageTrace.ts reads it). */
export function storageTraceQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  fallbackMethod: string,
  target: TraceTarget | null,
) {
  const method = endpoint?.rpcMethod ?? fallbackMethod;
  const params = target ? traceRunParams(target, storageTracerConfig(method)) : null;
  return runQueryOptions<unknown>(
    client,
    endpoint,
    fallbackMethod,
    params,
    STORAGE_TRACER_TIMEOUT_MS,
    (raw) => raw,
  );
}

/** A call tree as the dry run and the comparison read it: the node's answer and its model. */
export interface CallTreeResult {
  /** The node's answer as sent (the Raw JSON view, the download). */
  raw: unknown;
  top: CallFrame;
  model: TraceModel;
}

/** The node answered, but not with one call frame (a node whose callTracer differs). */
export class NotACallTreeError extends Error {
  constructor(
    readonly kind: string,
    rpcMethod: string,
  ) {
    super(`The node's ${rpcMethod} answer is not a call tree (it holds a ${kind}).`);
    this.name = "NotACallTreeError";
  }
}

/**
 * The callTracer (with logs) on a transaction or a call, modelled once in the query function.
 * The dry run asks it on a call (`[tx, block]`, its overrides in `extra`); the comparison on
 * either side. `keyTag` keeps apart entries whose params are the same but whose answers another
 * page reads differently (the trace page keeps its own shape for `[hash, callTracer]`).
 */
export function callTreeQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  fallbackMethod: string,
  target: TraceTarget | null,
  keyTag?: string,
) {
  const params = target ? traceRunParams(target, CALL_TRACER) : null;
  const key = rpcQueryKey(endpoint, endpoint?.rpcMethod ?? fallbackMethod, params);
  return queryOptions({
    queryKey: keyTag ? [...key, keyTag] : key,
    queryFn:
      endpoint && params
        ? async (): Promise<CallTreeResult> => {
            // No abort signal: React's development double mount would send the run twice.
            const { raw, answer } = await traceOrReplay(client, endpoint, params, {
              retry: false,
              timeoutMs: TRACE_RUN_TIMEOUT_MS,
              schema: traceAnswerSchema,
            });
            if (answer.kind !== "frame")
              throw new NotACallTreeError(answer.kind, endpoint.rpcMethod);
            return { raw, top: answer.frame, model: flatten(answer.frame) };
          }
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}
