/**
 * Runs first (main.tsx), before React and the app's chunks load: a deep link names its route's
 * first request, so it is sent now instead of after the app has mounted, the route's chunk has
 * loaded and the connection has been checked (~400 ms later). The page's query adopts the answer
 * in flight (src/rpc/early.ts): same URL and secrets handling, same method and params.
 *
 * Each method folder may say what its first request is in `early.ts` (`earlyRequest(search,
 * endpoint) → {method, params} | null`, built from its own params module so the body matches
 * the query's); a folder without one is simply not started early. Nothing is sent when the
 * connection cannot be told yet (a key kept only in memory) or the link is incomplete.
 */
import {
  resolveEndpoint,
  TRACE_METHODS,
  type MethodName,
  type ResolvedEndpoint,
} from "../endpoints";
import { decidingEarly, PLAIN, startEarly, type EarlyStarter } from "../rpc/early";
import { perf } from "../platform/perf";
import { devnetManifestSchema, type DevnetManifest } from "../shared/manifest";
import { initialConnection } from "./connection";
import { parseHash, ROUTES } from "./router";
import { responseLimitBytes } from "./settings/limits";
import { preloadPage } from "./pages";

/** What a method folder's `early.ts` offers. */
export interface EarlyModule {
  earlyRequest: (
    search: URLSearchParams,
    endpoint: ResolvedEndpoint,
  ) => {
    method: string;
    params: readonly unknown[];
    kind?: string;
    starter?: (maxBytes: number) => EarlyStarter;
  } | null;
}

// Loaded on demand: a visit loads only its own route's early module (a transaction link does not
// pay for the trace's or the logs' request code).
const EARLY = import.meta.glob<EarlyModule>("../methods/*/early.ts");

/** The method folder's early module, by RPC method (the folder's name); null when it has none. */
export async function earlyModuleFor(method: string): Promise<EarlyModule | null> {
  const load = EARLY[`../methods/${method}/early.ts`];
  if (!load) return null;
  const mod = await load();
  return typeof mod.earlyRequest === "function" ? mod : null;
}

/** Params the shell reads itself (App's APP_PARAMS); a page never sees them. */
const APP_PARAMS = ["rpc", "traceMethod"];

async function devnetManifest(): Promise<DevnetManifest | null> {
  try {
    const res = await fetch("./devnet.json", { cache: "no-store" });
    if (!res.ok) return null;
    const parsed = devnetManifestSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Starts the current route's first request, if the link makes one; never throws. */
export function bootEarly(hash: string = window.location.hash): Promise<boolean> {
  try {
    const location = parseHash(hash);
    const method = ROUTES.find((r) => r.id === location.route)?.method;
    // The route's page loads now, beside the app, not once the app has rendered.
    if (method) void preloadPage(method)?.catch(() => undefined);
    if (!method || !EARLY[`../methods/${method}/early.ts`]) return Promise.resolve(false);
    const started = startRouteEarly(method, location.search);
    // The page's own call of the method (a trace: by either name) waits for this decision.
    const trace = (TRACE_METHODS as readonly string[]).includes(method);
    decidingEarly(trace ? TRACE_METHODS : [method], started);
    return started;
  } catch {
    return Promise.resolve(false);
  }
}

async function startRouteEarly(method: string, search: URLSearchParams): Promise<boolean> {
  try {
    let connection = initialConnection(search, null);
    // The early module and the devnet manifest load side by side.
    const [mod, manifest] = await Promise.all([
      earlyModuleFor(method),
      connection.kind === "devnet" ? devnetManifest() : Promise.resolve(null),
    ]);
    if (!mod) return false;
    if (connection.kind === "devnet") connection = initialConnection(search, manifest);
    const resolved = resolveEndpoint(connection, method as MethodName);
    if (!resolved.ok) return false;
    const pageSearch = new URLSearchParams(search);
    for (const k of APP_PARAMS) pageSearch.delete(k);
    const call = mod.earlyRequest(pageSearch, resolved.endpoint);
    if (!call) return false;
    const started = startEarly(
      resolved.endpoint.url,
      { method: call.method, params: call.params },
      { starter: call.starter?.(responseLimitBytes()), kind: call.kind ?? PLAIN },
    );
    // From navigation to the request leaving: the benchmark's view of the head start.
    perf.measure("nodescope:boot:early", 0, call.method);
    return started;
  } catch {
    // Only a head start: the page sends the request itself as always.
    return false;
  }
}
