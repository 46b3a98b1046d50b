/**
 * The request a trace link makes, and whether the Worker may start it itself (serve.ts): for a
 * link naming a complete callTracer request that need not wait for the user's press (../gate.ts),
 * on the connection the page will open with — a link's
 * `rpc=`, this tab's custom URL, a provider kept on this device with its key, or the devnet (from
 * its manifest). The same method and params the trace query sends: the page then takes the run
 * over instead of sending its own.
 */
import {
  initialConnectionOf,
  readOverride,
  resolveEndpoint,
  type DevnetInfo,
  type ResolvedEndpoint,
  type StoredConnection,
} from "../../../endpoints";
import { parseHash, viewSearch } from "../../../routing/route";
import { linkGate, spenderOf, type Spender } from "../gate";
import { formSearchOf, fromSearch, isCallTracer, toParams, type TraceRequest } from "../params";

/** The trace route's method (the folder's name), as the router names it. */
const METHOD = "debug_jstraceTransaction";

export interface TraceCall {
  url: string;
  method: string;
  params: unknown[];
}

/**
 * Whether the Worker may send `request` before anyone asked: only built-in tracers it reads
 * itself (callTracer), and only what the page would send on load too — a request that waits for
 * the user's press (gate.ts: tracer code, a long timeout, on the user's key) never starts here.
 */
export function startsAhead(request: TraceRequest, spender: Spender): boolean {
  return isCallTracer(request) && linkGate(request, spender) === null;
}

/** The call a trace link makes on `endpoint`; null when the link makes no complete request. */
export function traceCall(
  search: URLSearchParams,
  endpoint: Pick<ResolvedEndpoint, "rpcMethod" | "url" | "provider">,
): TraceCall | null {
  const { request } = fromSearch(formSearchOf(viewSearch(search)));
  const spender = spenderOf(endpoint.provider, readOverride(search) !== null);
  if (!request || !startsAhead(request, spender)) return null;
  return { url: endpoint.url, method: endpoint.rpcMethod, params: [...toParams(request)] };
}

/**
 * What the Worker starts for `hash`: the call, "devnet" when the connection is the devnet and its
 * manifest is needed first (`devnet` null), or null when it starts nothing.
 */
export function ownCall(
  hash: string,
  stored: StoredConnection | null,
  devnet: DevnetInfo | null,
): TraceCall | "devnet" | null {
  const { route, search } = parseHash(hash);
  if (route !== "trace" || !search.has("hash")) return null;
  const kept = stored ?? { settings: null, override: null };
  const connection = initialConnectionOf(search, kept, devnet);
  if (connection.kind === "devnet" && !connection.devnet) return "devnet";
  const resolved = resolveEndpoint(connection, METHOD);
  return resolved.ok ? traceCall(search, resolved.endpoint) : null;
}

/** Whether a request body is `call` (its id aside). */
export function isCall(call: TraceCall, url: string, bodyText: string): boolean {
  if (call.url !== url) return false;
  try {
    const body = JSON.parse(bodyText) as { method?: unknown; params?: unknown };
    return (
      body.method === call.method && JSON.stringify(body.params) === JSON.stringify(call.params)
    );
  } catch {
    return false;
  }
}
