/**
 * The trace's first request, known from a deep link before the app mounts (the boot module sends
 * it at once): the same method and params the trace query sends for the link, or null when the
 * link does not make a complete request. A callTracer request starts as a Worker job (remote.ts),
 * as the query reads it; any other tracer as a plain fetch.
 */
import type { ResolvedEndpoint } from "../../endpoints";
import { PLAIN, type EarlyStarter } from "../../rpc/early";
import { traceEarlyCall } from "./earlyCall";
import { TRACE_WORKER_KIND, traceEarlyStarter, workerAvailable } from "./remote";

export interface EarlyTraceRequest {
  method: string;
  params: unknown[];
  /** How to start it so that the query adopts it (absent: a plain fetch). */
  kind?: string;
  starter?: (maxBytes: number) => EarlyStarter;
}

export function earlyRequest(
  search: URLSearchParams,
  endpoint: Pick<ResolvedEndpoint, "rpcMethod">,
): EarlyTraceRequest | null {
  const early = traceEarlyCall(search, endpoint);
  if (!early) return null;
  const { call } = early;
  if (!early.callTracer || !workerAvailable()) return { ...call, kind: PLAIN };
  return { ...call, kind: TRACE_WORKER_KIND, starter: traceEarlyStarter };
}
