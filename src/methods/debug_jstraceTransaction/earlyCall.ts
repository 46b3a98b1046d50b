/**
 * The trace request a deep link makes (the same method and params the trace query sends for it),
 * or null when the link does not make a complete request. Shared by the boot module's early start
 * (early.ts) and the trace Worker's own start (selfstart.ts); no Worker or DOM here.
 */
import type { ResolvedEndpoint } from "../../endpoints";
import { formSearchOf, fromSearch, isCallTracer, toParams } from "./params";

export interface TraceEarlyCall {
  call: { method: string; params: unknown[] };
  /** A callTracer request: read and modelled in the trace Worker. */
  callTracer: boolean;
}

export function traceEarlyCall(
  search: URLSearchParams,
  endpoint: Pick<ResolvedEndpoint, "rpcMethod">,
): TraceEarlyCall | null {
  const { request } = fromSearch(formSearchOf(search));
  if (!request) return null;
  return {
    call: { method: endpoint.rpcMethod, params: [...toParams(request)] },
    callTracer: isCallTracer(request),
  };
}
