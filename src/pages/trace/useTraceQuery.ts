/**
 * The page's trace query, and letting a large answer go while another view is shown (asked again
 * on return); a small one stays observed, its tree as the user left it.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import type { TraceRequest } from "./params";
import { traceQueryOptions } from "./query";
import { LARGE_TRACE_FRAMES, useDropWhenUnseen } from "../../trace/useTraceMemory";

export function useTraceQuery(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  /** Null while nothing is to be asked (a trace opened from a file stands in for the request). */
  request: TraceRequest | null,
  active: boolean,
) {
  const [released, setReleased] = useState(false);
  const options = traceQueryOptions(client, endpoint, released ? null : request);
  const query = useQuery(options);
  const size = query.data?.model?.size ?? 0;
  if (!active && size >= LARGE_TRACE_FRAMES && !released) setReleased(true);
  if (active && released) setReleased(false);
  // And one more render once let go: React keeps the render before last (its alternate fibers:
  // props, closures, memo inputs) until the next one, and that render still held the trace.
  const [, settle] = useState(0);
  useEffect(() => {
    if (!released) return;
    const t = setTimeout(() => settle((n) => n + 1), 0);
    return () => clearTimeout(t);
  }, [released]);
  useDropWhenUnseen(options.queryKey, size);
  return { query, queryKey: options.queryKey };
}
