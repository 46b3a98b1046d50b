/**
 * "Replay in this browser" on any node: the user's choice, for the tab's life, to have every trace
 * method answered by the replay. The app's resolver hands out the trace endpoint marked
 * `via: "replay"` (with its own cache id, so the node's answers and the replay's are kept apart
 * and "Check against the node" can set them side by side). No React.
 */
import type { ResolvedEndpoint, ResolveResult, RoutedMethod } from "../endpoints";
import { createStore } from "../platform/store";

/** The methods whose answers a replay can give. */
const TRACE_METHODS: ReadonlySet<string> = new Set([
  "debug_traceTransaction",
  "debug_jstraceTransaction",
  "debug_traceCall",
]);

const REPLAY_ID = " (replayed in this browser)";

export const onDemandReplay = createStore(false);

/** The same endpoint, its trace methods answered in this browser. */
export function replayEndpoint(e: ResolvedEndpoint): ResolvedEndpoint {
  if (e.via === "replay") return e;
  return { ...e, via: "replay", cacheId: `${e.cacheId}${REPLAY_ID}` };
}

/** The node behind an endpoint (what a replay reads its state from). */
export function nodeEndpoint(e: ResolvedEndpoint): ResolvedEndpoint {
  if (e.via !== "replay") return e;
  const node: ResolvedEndpoint = { ...e, cacheId: e.cacheId.slice(0, -REPLAY_ID.length) };
  delete node.via;
  return node;
}

/** A resolver whose trace methods are replayed when `on` (the app wraps its own with it). */
export function withReplay(
  resolve: (method: RoutedMethod) => ResolveResult,
  on: boolean,
): (method: RoutedMethod) => ResolveResult {
  if (!on) return resolve;
  return (method) => {
    const r = resolve(method);
    return r.ok && TRACE_METHODS.has(r.endpoint.rpcMethod)
      ? { ok: true, endpoint: replayEndpoint(r.endpoint) }
      : r;
  };
}

/** The comparison's side that is a transaction replayed in this browser: `replay:0x…`. */
export const REPLAY_SIDE_PREFIX = "replay:";
