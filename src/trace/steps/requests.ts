/**
 * The debug tracer's runs, built in one place for both trace pages: a mined transaction through
 * the trace endpoint (`[hash, config]`: debug_jstraceTransaction on the provider,
 * debug_traceTransaction elsewhere) and a dry run through debug_traceCall (`[tx, block, config]`,
 * the config carrying the overrides). Pass 1 (the whole frame list, pc and gas per step, the words
 * at the jumps `wordPcs` lists) and pass 2 (one frame's window of steps in detail) are two keys of
 * the same factory. Like the storage tracer's: asked on the user's word, kept, never retried by
 * itself, no abort signal (React's development double mount would send it twice).
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { KEPT_ANSWER } from "../../connection/query-defaults";
import { traceOrReplay } from "../../replay/fallback";
import {
  PROVIDER_TRACE_METHOD,
  STORAGE_TRACER_NODE_TIMEOUT,
  STORAGE_TRACER_TIMEOUT_MS,
  traceRunParams,
  type TraceTarget,
} from "../requests";
import { anyJsonSchema } from "../result";
import { debugTracerText, type DebugTracerOptions } from "./tracer";

/** The node's limit for a run (geth's default is 5 s; the tracer steps through every opcode). */
export const DEBUG_TRACER_NODE_TIMEOUT = STORAGE_TRACER_NODE_TIMEOUT;
/** The app's wait: the node's limit and the answer's transfer (a few MB at 250,000 steps). */
export const DEBUG_TRACER_TIMEOUT_MS = STORAGE_TRACER_TIMEOUT_MS;

/** The tracer config for the method it is sent with (the provider's documents `{ tracer }` alone). */
export function debugTracerConfig(
  rpcMethod: string,
  options: DebugTracerOptions = {},
): { tracer: string; timeout?: string } {
  const tracer = debugTracerText(options);
  return rpcMethod === PROVIDER_TRACE_METHOD
    ? { tracer }
    : { tracer, timeout: DEBUG_TRACER_NODE_TIMEOUT };
}

/**
 * The debug tracer on a transaction or a call: its answer as sent (`parseDebugTrace` reads it
 * against the call tree). Pass 1 without `options.window`, pass 2 with it. `fallbackMethod` names
 * the key's method while no endpoint is resolved.
 */
export function debugTraceQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  fallbackMethod: string,
  target: TraceTarget | null,
  options: DebugTracerOptions = {},
) {
  const method = endpoint?.rpcMethod ?? fallbackMethod;
  const params = target ? traceRunParams(target, debugTracerConfig(method, options)) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, method, params),
    queryFn:
      endpoint && params
        ? async (): Promise<unknown> =>
            traceOrReplay(client, endpoint, params, {
              retry: false,
              timeoutMs: DEBUG_TRACER_TIMEOUT_MS,
              schema: anyJsonSchema,
            })
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}
