/**
 * What each endpoint refused, remembered for the page's life (in memory, never stored), so a
 * refused method is asked once and every later trace request of the page goes straight to the
 * replay. While two requests of a kind are out, the others of that kind wait for an answer
 * instead of racing them: the trace page sends the call tree, the state changes and the storage
 * tracer at once, and a refused method is asked at most twice.
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
  | { state: "asking"; count: number; done: Promise<void>; finish: () => void };

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
 * How many requests of one kind may be out before its verdict: two, so a full node's first call
 * tree and the view asked beside it go together (no wait on the common case), while a refusing
 * node is asked at most twice.
 */
const MAX_ASKING = 2;

function asking(): Extract<Status, { state: "asking" }> {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { state: "asking", count: 0, done, finish };
}

/**
 * Waits while two requests of these kinds are out; then says whether this one may ask (it counts
 * as asking until `settle` is called with the outcome) or the replay answers it.
 */
export async function beforeAsking(
  cacheId: string,
  method: string,
  kinds: RefusalKind[],
): Promise<{ refused: Refusal } | { settle: (refusal: Refusal | null, served: boolean) => void }> {
  const keys = kinds.map((k) => ({ kind: k, key: keyOf(cacheId, method, k) }));
  for (;;) {
    const known = knownRefusal(cacheId, method, kinds);
    if (known) return { refused: known };
    const full = keys
      .map(({ key }) => statuses.get(key))
      .find(
        (s): s is Extract<Status, { state: "asking" }> =>
          s?.state === "asking" && s.count >= MAX_ASKING,
      );
    if (!full) break;
    await full.done;
  }
  const joined = keys.filter(({ key }) => statuses.get(key)?.state !== "served");
  for (const { key } of joined) {
    const s = statuses.get(key);
    const a = s?.state === "asking" ? s : asking();
    a.count++;
    statuses.set(key, a);
  }
  return {
    settle(refusal, served) {
      for (const { kind, key } of joined) {
        const s = statuses.get(key);
        if (s?.state !== "asking") continue;
        s.count--;
        // A node that refuses the tracer has the method. A kind the answer said nothing about
        // (a failure of another sort) stays unknown: the next request asks again.
        if (refusal?.kind === kind) statuses.set(key, { state: "refused", refusal });
        else if (served || (kind === "method" && refusal?.kind === "js-tracer"))
          statuses.set(key, { state: "served" });
        else if (s.count === 0) statuses.delete(key);
        else statuses.set(key, { ...asking(), count: s.count });
        s.finish();
      }
    },
  };
}

/** Forgets every refusal (tests; a reload does the same for the app). */
export function forgetRefusals(): void {
  statuses.clear();
}
