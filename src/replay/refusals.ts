/**
 * What each endpoint refused, remembered for the page's life (in memory, never stored), so a
 * refused method is asked once and every later trace request of the page goes straight to the
 * replay. While the first request of a kind is out, the others of that kind wait for its answer
 * instead of racing it: the trace page sends the call tree, the state changes and the storage
 * tracer at once, and three refusals of one method would be three wasted requests.
 * No React.
 */
import { JsonRpcError, MethodUnsupportedError } from "../rpc";

/** What a node refused: the method itself, or JavaScript tracers on it. */
export type RefusalKind = "method" | "js-tracer";

export interface Refusal {
  kind: RefusalKind;
  /** The method as sent. */
  method: string;
  /** The node's own words (masked by the rpc layer), e.g. "tracer not found". */
  message: string;
  code: number;
}

type Status =
  | { state: "served" }
  | { state: "refused"; refusal: Refusal }
  | { state: "asking"; done: Promise<void> };

const statuses = new Map<string, Status>();

/** geth's "tracer not found", Erigon's and providers' words for a tracer they will not run. */
const JS_REFUSAL =
  /tracer not found|javascript|\bjs\b|goja|(?:unknown|invalid|unsupported) tracer|tracer\b.*\bnot (?:supported|allowed|available|found)/i;

function keyOf(cacheId: string, method: string, kind: RefusalKind): string {
  return `${cacheId}\n${method}\n${kind}`;
}

/** The refusal a failure means for a request (whether it asked a JS tracer), or null. */
export function refusalOf(error: unknown, method: string, jsTracer: boolean): Refusal | null {
  if (error instanceof MethodUnsupportedError)
    return { kind: "method", method, message: error.rpcMessage, code: error.code };
  if (jsTracer && error instanceof JsonRpcError && JS_REFUSAL.test(error.rpcMessage))
    return { kind: "js-tracer", method, message: error.rpcMessage, code: error.code };
  return null;
}

/** The kinds a request depends on: the method always, JS tracers when it sends one. */
export function kindsOf(jsTracer: boolean): RefusalKind[] {
  return jsTracer ? ["method", "js-tracer"] : ["method"];
}

/** A known refusal of one of these kinds, or null. */
export function knownRefusal(
  cacheId: string,
  method: string,
  kinds: RefusalKind[],
): Refusal | null {
  for (const kind of kinds) {
    const s = statuses.get(keyOf(cacheId, method, kind));
    if (s?.state === "refused") return s.refusal;
  }
  return null;
}

/**
 * Waits while another request of these kinds is asking; then says whether this one may ask
 * (`ask` marks the unknown kinds as asking until `settle` is called with the outcome).
 */
export async function beforeAsking(
  cacheId: string,
  method: string,
  kinds: RefusalKind[],
): Promise<{ refused: Refusal } | { settle: (refusal: Refusal | null, served: boolean) => void }> {
  for (;;) {
    const known = knownRefusal(cacheId, method, kinds);
    if (known) return { refused: known };
    const waiting = kinds
      .map((k) => statuses.get(keyOf(cacheId, method, k)))
      .find((s): s is Extract<Status, { state: "asking" }> => s?.state === "asking");
    if (!waiting) break;
    await waiting.done;
  }
  const unknown = kinds.filter((k) => statuses.get(keyOf(cacheId, method, k)) === undefined);
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  for (const k of unknown) statuses.set(keyOf(cacheId, method, k), { state: "asking", done });
  return {
    settle(refusal, served) {
      for (const k of unknown) {
        const key = keyOf(cacheId, method, k);
        if (refusal?.kind === k) statuses.set(key, { state: "refused", refusal });
        // A node that refuses the tracer has the method. A kind the answer said nothing about
        // (a failure of another sort) is asked again later.
        else if (served || (k === "method" && refusal?.kind === "js-tracer"))
          statuses.set(key, { state: "served" });
        else statuses.delete(key);
      }
      finish();
    },
  };
}

/** Forgets every refusal (tests; a reload does the same for the app). */
export function forgetRefusals(): void {
  statuses.clear();
}
