/**
 * The trace query. Each trace costs the user 280 compute units, so it is requested once and kept:
 * no retries (neither react-query's nor the client's), no refetch on focus/mount/reconnect, and
 * the result never goes stale (a transaction's trace is fixed by its hash). A new request happens
 * only when the user submits different params, or presses "Run again" (a refetch of this key).
 * The call tree's model is built here, once per answer, not by the view.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import { perf } from "../../platform/perf";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../connection/query";
import { KEPT_ANSWER } from "../../connection/query-defaults";
import { traceOrReplay } from "../../replay/fallback";
import { flatten } from "../../trace/flatten";
import type { TraceModel } from "../../trace/model";
import type { CallFrame } from "../../trace/result";
import { durationMs, isCallTracer, toParams, type TraceRequest } from "./params";
import { traceAnswerSchema, type TraceAnswer } from "../../trace/load";
import type { FrameArrival } from "../../trace/arrival";
import { traceExchange, workerAvailable, type TracePayload } from "./worker/job";
import { anyJsonSchema } from "../../trace/result";

// How a failed trace is told: shared with the comparison's sides (src/trace/explain.ts).
export { explainTraceError, traceErrorHint, type TraceErrorExplanation } from "../../trace/explain";

export const METHOD = "debug_jstraceTransaction";

/** What the node answered, and the call tree's model when the tracer was callTracer. */
export interface TraceResult {
  raw: unknown;
  model: TraceModel | null;
  /**
   * For callTracer: what the answer holds (one call tree, or a block's / a muxTracer's answer the
   * user picks from, see load.ts). Null for other tracers.
   */
  answer: TraceAnswer | null;
  /**
   * A call tree read in the Worker: its frames arrive in chunks after the model's arrays; `raw`
   * (the checked top frame) holds the whole tree once `arrival.complete`.
   */
  arrival?: FrameArrival | null;
}

/** The longest delay a browser timer takes; a longer one fires at once (it overflows). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How long the browser waits: the node's own timeout (default 5 s in geth) plus headroom, never
 * more than a timer can hold (a 600h timeout must not fire at once).
 */
export function clientTimeoutMs(r: TraceRequest): number {
  const node = r.options.timeout ? durationMs(r.options.timeout) : 0;
  return Math.min(MAX_TIMER_MS, Math.max(60_000, node + 15_000));
}

export function traceQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  r: TraceRequest | null,
) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, endpoint?.rpcMethod ?? METHOD, r ? toParams(r) : null),
    queryFn:
      endpoint && r
        ? async (): Promise<TraceResult> => {
            // No abort signal: react-query aborts a query whose signal was read when its last
            // observer unmounts, and React's development double mount would then send this paid
            // request twice. A trace once asked is paid for anyway; its answer is kept.
            const opts = { retry: false, timeoutMs: clientTimeoutMs(r) };
            if (!isCallTracer(r)) {
              const raw = await traceOrReplay(client, endpoint, toParams(r), {
                ...opts,
                schema: anyJsonSchema,
              });
              return { raw, model: null, answer: null };
            }
            // In a Worker where there is one (on a deep link, the one that already sent this very
            // request: worker/README.md): fetched, parsed, checked and modelled off the main
            // thread, which gets arrays and frames. Any answer but one call tree comes back as text, read here.
            // A replayed answer comes back checked by the schema, never through the Worker.
            const out = await traceOrReplay<TracePayload | { raw: unknown; answer: TraceAnswer }>(
              client,
              endpoint,
              toParams(r),
              {
                ...opts,
                schema: traceAnswerSchema,
                ...(workerAvailable() ? { remote: traceExchange } : {}),
              },
            );
            if ("arrival" in out) {
              const top = out.model.frames[0] as CallFrame;
              const answer = { kind: "frame", frame: top } as const;
              return { raw: top, model: out.model, answer, arrival: out.arrival };
            }
            // The node's own JSON is kept for the raw view; the checked answer feeds the model.
            const { raw, answer } = out;
            const frame = answer.kind === "frame" ? answer.frame : null;
            return {
              raw,
              model: frame ? perf.time("nodescope:trace:model", () => flatten(frame)) : null,
              answer,
            };
          }
        : skipToken,
    ...KEPT_ANSWER,
    // A new answer replaces the old one whole: comparing two large traces field by field for
    // sharing would cost more than it saves.
    structuralSharing: false,
  });
}
