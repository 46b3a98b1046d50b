/**
 * The simulation's queries: the call tree (callTracer with logs) and, on the user's word, the
 * same call's state changes (prestateTracer in diff mode). A simulation is asked once per set of
 * params and kept (KEPT_ANSWER): `latest` moves, so "Run again" asks anew; nothing is retried by
 * itself, so a refused call costs one request.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "zod";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { rpcQueryKey } from "../../shared/query";
import { KEPT_ANSWER } from "../../shared/query-defaults";
import { flatten } from "../../shared/trace/flatten";
import { traceAnswerSchema } from "../../shared/trace/load";
import type { TraceModel } from "../../shared/trace/model";
import { anyJsonSchema, type CallFrame } from "../../shared/trace/result";
import { readStateDiff, type StateDiffResult } from "../../shared/trace/insight/stateDiff";
import { STORAGE_TRACER } from "../../shared/trace/source/tracer";
import { PRESTATE_DIFF, toParams, type SimulateRequest } from "./params";

export const METHOD = "debug_traceCall";

/** The node runs the call on a block's state: allow it the time a heavy call takes. */
const TIMEOUT_MS = 75_000;

export interface SimulationResult {
  /** The node's answer as sent (the Raw JSON view, the download). */
  raw: unknown;
  top: CallFrame;
  model: TraceModel;
}

/** The node answered, but not with one call frame (a node whose callTracer differs). */
export class NotACallTreeError extends Error {
  constructor(readonly kind: string) {
    super(`The node's debug_traceCall answer is not a call tree (it holds a ${kind}).`);
    this.name = "NotACallTreeError";
  }
}

export function simulateQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  r: SimulateRequest | null,
) {
  const params = r ? toParams(r) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, endpoint?.rpcMethod ?? METHOD, params),
    queryFn:
      endpoint && params
        ? async (): Promise<SimulationResult> => {
            // No abort signal: React's development double mount would send the call twice.
            const { raw, answer } = await client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              endpoint.rpcMethod,
              params,
              { retry: false, timeoutMs: TIMEOUT_MS, schema: traceAnswerSchema },
            );
            if (answer.kind !== "frame") throw new NotACallTreeError(answer.kind);
            return { raw, top: answer.frame, model: flatten(answer.frame) };
          }
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}

export function simulateStateQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  r: SimulateRequest | null,
) {
  const params = r ? toParams(r, PRESTATE_DIFF) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, endpoint?.rpcMethod ?? METHOD, params),
    queryFn:
      endpoint && params
        ? async (): Promise<StateDiffResult> =>
            readStateDiff(
              await client.request(
                { url: endpoint.url, secrets: endpoint.secrets },
                endpoint.rpcMethod,
                params,
                { retry: false, timeoutMs: TIMEOUT_MS, schema: anyJsonSchema },
              ),
            )
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}

/**
 * The app's storage tracer on the same call (and overrides): the slots it reads and writes, named
 * from the verified layouts, and the failing line of a revert (src/shared/trace/source/).
 */
export function simulateStorageQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  r: SimulateRequest | null,
) {
  const params = r ? toParams(r, { tracer: STORAGE_TRACER, timeout: "60s" }) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, endpoint?.rpcMethod ?? METHOD, params),
    queryFn:
      endpoint && params
        ? async (): Promise<unknown> =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              endpoint.rpcMethod,
              params,
              { retry: false, timeoutMs: 90_000, schema: anyJsonSchema },
            )
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}

const minedSchema = z
  .looseObject({
    status: z.string().nullish(),
    gasUsed: z.string().nullish(),
  })
  .nullable();
export type MinedOutcome = z.infer<typeof minedSchema>;

/**
 * How the mined transaction a simulation re-runs went on chain (its receipt's status and gas), to
 * set beside what the simulation says. A node that refuses leaves the comparison out.
 */
export function minedOutcomeQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_getTransactionReceipt", hash ? [hash] : null),
    queryFn:
      endpoint && hash
        ? async ({ signal }): Promise<MinedOutcome> =>
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              "eth_getTransactionReceipt",
              [hash],
              { signal, retry: false, timeoutMs: 15_000, schema: minedSchema },
            )
        : skipToken,
    ...KEPT_ANSWER,
  });
}
