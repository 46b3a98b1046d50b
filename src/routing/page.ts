/**
 * What the app shell hands each method page. Pages never touch `location`: the shell owns the
 * hash route, and a page reads and writes only its own search params through these props.
 */
export interface MethodPageProps {
  /** The route's search params as they stand (a deep link, or what the page last wrote). */
  search: URLSearchParams;
  /** Replace the route's search params; a page writes them on submit, and the query follows them. */
  setSearch: (params: Record<string, string | undefined>, opts?: { replace?: boolean }) => void;
  /**
   * Whether the page is the one shown (the shell keeps pages mounted while another is shown, so
   * nothing typed is lost); a page may let go of large answers while hidden. Default true.
   */
  active?: boolean;
}

/**
 * What a page's header names below its heading: the method the endpoint is sent (its `rpcMethod`,
 * which may differ from the name the app routes it by: a trace goes out as `debug_traceTransaction`
 * or `debug_jstraceTransaction`) and the (masked) URL; nothing when no endpoint resolves.
 */
export function endpointTarget(
  resolved: { ok: true; endpoint: { rpcMethod: string; maskedUrl: string } } | { ok: false },
): { method: string | null; target: string | null } {
  return resolved.ok
    ? { method: resolved.endpoint.rpcMethod, target: resolved.endpoint.maskedUrl }
    : { method: null, target: null };
}
