/**
 * The storage tracer's request: another paid trace of the same transaction, through the trace
 * endpoint (`debug_jstraceTransaction` on the provider, `debug_traceTransaction` elsewhere), asked
 * when a view needs it (a click, or a link that carries the view), once per hash, kept for good.
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../../endpoints";
import type { RpcClient } from "../../../rpc";
import { rpcQueryKey } from "../../../shared/query";
import { KEPT_ANSWER } from "../../../shared/query-defaults";
import { anyJsonSchema } from "../../../shared/trace/result";
import { STORAGE_TRACER } from "../../../shared/trace/source/tracer";

const TRACE_METHOD = "debug_jstraceTransaction";

/** The params: the provider documents `{tracer}` alone; geth-like nodes get a longer timeout. */
export function storageTraceParams(hash: string, rpcMethod: string) {
  return [
    hash,
    rpcMethod === TRACE_METHOD
      ? { tracer: STORAGE_TRACER }
      : { tracer: STORAGE_TRACER, timeout: "60s" },
  ] as const;
}

export function storageTraceQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  const method = endpoint?.rpcMethod ?? TRACE_METHOD;
  const params = hash ? storageTraceParams(hash, method) : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, method, params),
    queryFn:
      endpoint && params
        ? async (): Promise<unknown> =>
            // No abort signal, as for the trace itself: a paid request is never sent twice.
            client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              endpoint.rpcMethod,
              params,
              {
                retry: false,
                timeoutMs: 90_000,
                schema: anyJsonSchema,
              },
            )
        : skipToken,
    ...KEPT_ANSWER,
    structuralSharing: false,
  });
}
