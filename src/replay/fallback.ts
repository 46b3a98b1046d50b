/**
 * The one door every trace request goes through (the trace page's query, the call tree of the dry
 * run and the comparison, the state changes, the storage tracer, the debugger's passes): asked of
 * the node, and answered by the in-browser replay instead when the node refuses the method
 * (-32601) or JavaScript tracers ("tracer not found"), or when the user asked for the replay.
 * The replay's answer is the JSON the node would have given, checked with the same schema, so
 * every view reads it unchanged; where it came from goes to activity.ts for the views to say.
 * No React.
 */
import type { ResolvedEndpoint } from "../endpoints";
import { AbortedError, SchemaError, type CallOptions, type RpcClient } from "../rpc";
import { addRecord, subjectOf, tracerName, updateRecord, type TraceOrigin } from "./activity";
import { loadReplay, replayAvailable } from "./provider";
import { nodeEndpoint } from "./onDemand";
import { beforeAsking, kindsOf, refusalOf, type Refusal } from "./refusals";
import type { ReplayRequest, ReplaySource } from "./types";

/** The trace methods a replay answers, and the one it answers them as. */
const REPLAYED: Readonly<Record<string, ReplayRequest["method"]>> = {
  debug_traceTransaction: "debug_traceTransaction",
  debug_jstraceTransaction: "debug_traceTransaction",
  debug_traceCall: "debug_traceCall",
};

/** The config's place in the params: `[hash, config]` or `[tx, block, config]`. */
function configOf(method: ReplayRequest["method"], params: readonly unknown[]): unknown {
  return params[method === "debug_traceCall" ? 2 : 1];
}

/** Reads state from the node behind the endpoint: the chain the trace is about. */
export function replaySource(client: RpcClient, endpoint: ResolvedEndpoint): ReplaySource {
  const node = nodeEndpoint(endpoint);
  return { client, resolve: (method) => ({ ok: true, endpoint: { ...node, rpcMethod: method } }) };
}

/**
 * The trace answer for `params` under `endpoint.rpcMethod`: the node's, or the replay's when the
 * node refuses (see the file's comment). `opts` are the node request's; its `schema` checks the
 * replay's answer too (a `remote` or `stream` reader is for the node's answer only).
 */
export async function traceOrReplay<T>(
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  params: readonly unknown[],
  opts: CallOptions<T> = {},
): Promise<T> {
  const method = endpoint.rpcMethod;
  const as = REPLAYED[method];
  const target = { url: endpoint.url, secrets: endpoint.secrets };
  // Without an engine in the build the node's answer or refusal stands, as before the replay.
  if (!as || (!replayAvailable() && endpoint.via !== "replay"))
    return client.request(target, method, params, opts);

  const config = configOf(as, params);
  const tracer = tracerName(config);
  const base = {
    // The entry the answer is kept under: the node's, or the on-demand replay's own.
    endpoint: endpoint.cacheId,
    method,
    subject: subjectOf(method, params),
    tracer,
  };
  if (endpoint.via === "replay") return replay(client, endpoint, as, params, opts, base, null);

  const gate = await beforeAsking(base.endpoint, method, kindsOf(tracer === "a JavaScript tracer"));
  if ("refused" in gate) return replay(client, endpoint, as, params, opts, base, gate.refused);
  let answer: T;
  try {
    answer = await client.request(target, method, params, opts);
  } catch (error) {
    const refusal = refusalOf(error, method, tracer === "a JavaScript tracer");
    gate.settle(refusal, false);
    if (!refusal) throw error;
    return replay(client, endpoint, as, params, opts, base, refusal);
  }
  gate.settle(null, true);
  addRecord({ ...base, state: { at: "done", origin: { from: "node" } } });
  return answer;
}

/** The replay's answer, recorded with its origin (or its failure) for the views. */
async function replay<T>(
  client: RpcClient,
  endpoint: ResolvedEndpoint,
  as: ReplayRequest["method"],
  params: readonly unknown[],
  opts: CallOptions<T>,
  base: { endpoint: string; method: string; subject: string; tracer: string },
  refusal: Refusal | null,
): Promise<T> {
  const started = performance.now();
  const ctx = () => ({
    method: `${endpoint.rpcMethod} (replayed in this browser)`,
    endpoint: endpoint.url,
    request: { method: as, params },
    durationMs: performance.now() - started,
    secrets: endpoint.secrets,
  });
  const controller = new AbortController();
  const id = addRecord({
    ...base,
    state: { at: "running", progress: null, refusal, cancel: () => controller.abort() },
  });
  const fail = (message: string) => updateRecord(id, { at: "failed", message, refusal });
  let run;
  try {
    run = await loadReplay();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    throw error;
  }
  let outcome;
  try {
    outcome = await run(
      replaySource(client, endpoint),
      { method: as, params },
      {
        signal: controller.signal,
        onProgress: (progress) =>
          updateRecord(id, {
            at: "running",
            progress,
            refusal,
            cancel: () => controller.abort(),
          }),
      },
    );
  } catch (error) {
    if (controller.signal.aborted) {
      fail("Cancelled.");
      throw new AbortedError(ctx());
    }
    fail(error instanceof Error ? error.message : String(error));
    throw error;
  }
  let result = outcome.result as T;
  if (opts.schema) {
    const checked = opts.schema.safeParse(outcome.result);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      fail("The replay's answer is not the shape the node would give.");
      throw new SchemaError(ctx(), {
        path: ["result", ...(issue?.path ?? [])].map(String).join("."),
        issue: issue?.message ?? "unexpected shape",
      });
    }
    result = checked.data;
  }
  const origin: TraceOrigin = {
    from: "replay",
    blockNumber: outcome.blockNumber,
    hardfork: outcome.hardfork,
    notes: outcome.notes,
    refusal,
    requests: outcome.requests,
  };
  updateRecord(id, { at: "done", origin });
  return result;
}
