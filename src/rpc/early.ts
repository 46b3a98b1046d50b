/**
 * Requests started before the app mounts. A deep link names its first request in the URL, so the
 * boot module sends it at once (instead of ~400 ms later, after React, the route's chunk and the
 * connection check) and the client adopts the answer in flight when the page asks for the same
 * call: same URL, same method and params (the body differs only by its id, which the adopting
 * client takes over, so the request record shows the body as sent). Each early request is adopted
 * once; one nobody asks for within `EARLY_TTL_MS` is aborted and dropped.
 *
 * The plain kind is a fetch on this thread whose value is a `Promise<Response>`. Another kind
 * (a Worker that fetches and reads the body off the main thread) brings its own starter and is
 * adopted only by a caller of the same kind.
 */
import { httpRequest } from "./transport";

export const EARLY_TTL_MS = 8_000;

export interface EarlyCall {
  method: string;
  params: readonly unknown[];
}

export interface JsonRpcBody {
  jsonrpc: "2.0";
  id: number;
  method: string;
  params: unknown[];
}

/** An early request once adopted: its id and body as sent, and what its starter gave. */
export interface EarlyRequest {
  kind: string;
  id: number;
  body: JsonRpcBody;
  bodyText: string;
  value: unknown;
  abort: () => void;
}

/** Sends one early request: its value (what the adopter awaits) and how to abort it. */
export type EarlyStarter = (req: { url: string; bodyText: string; id: number }) => {
  value: unknown;
  abort: () => void;
};

export const PLAIN = "fetch";

const pending = new Map<string, EarlyRequest & { timer: ReturnType<typeof setTimeout> }>();

/** The longest a client's call waits for the boot module to decide on an early start of it. */
export const EARLY_DECISION_WAIT_MS = 1_000;

/** Methods whose early start is being decided (the boot module loads the route's early module,
 * the devnet's address): a client's call of one waits for that, then adopts what was started. */
const deciding = new Map<string, Promise<void>>();

/**
 * Says an early start of one of `methods` is being decided until `decided` settles (at most
 * EARLY_DECISION_WAIT_MS): a page that mounts first then adopts the request instead of racing it
 * with its own (for a trace, the Worker's own start is adopted only with the early id).
 */
export function decidingEarly(methods: readonly string[], decided: Promise<unknown>): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = Promise.race([
    decided.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, EARLY_DECISION_WAIT_MS))),
  ]).then(() => {
    clearTimeout(timer);
    for (const m of methods) if (deciding.get(m) === settled) deciding.delete(m);
  });
  for (const m of methods) deciding.set(m, settled);
}

/** Resolves once no early start of `method` is being decided (at once, null, when none is). */
export function earlyDecided(method: string): Promise<void> | null {
  return deciding.get(method) ?? null;
}

/** Calls a client asked for that no early request answered: the page got there first (its app
 * mounted before the boot module's start), and an early start of one now would send it twice.
 * The last few only: early requests are started as the page opens. */
const askedFirst: string[] = [];
const ASKED_FIRST_KEPT = 32;

/** The first early request's id: far from the client's own ids (which count from 1), so an early
 * id never repeats one of them. A Worker that starts a deep link's request before this module has
 * loaded uses it too, so that the boot module's start finds the same request (trace.worker.ts). */
export const FIRST_EARLY_ID = 1_000_000_001;
let nextEarlyId = FIRST_EARLY_ID;

/** The body an early call is sent with. */
export function earlyBody(id: number, call: EarlyCall): { body: JsonRpcBody; bodyText: string } {
  const body: JsonRpcBody = { jsonrpc: "2.0", id, method: call.method, params: [...call.params] };
  return { body, bodyText: JSON.stringify(body) };
}

function keyOf(url: string, method: string, params: readonly unknown[]): string {
  return `${url}\n${JSON.stringify([method, params])}`;
}

/** The plain starter: a fetch on this thread, built as the transport builds it. */
export const fetchStarter: EarlyStarter = ({ url, bodyText }) => {
  const http = httpRequest(url, bodyText);
  const controller = new AbortController();
  const value = http
    ? globalThis.fetch(http.target, { ...http.init, signal: controller.signal })
    : Promise.reject(new TypeError("not a valid URL"));
  // The adopter awaits it; until then a failure must not count as unhandled.
  value.catch(() => undefined);
  return { value, abort: () => controller.abort() };
};

/**
 * Starts `call` to `url` now; a second start of the same call is ignored while the first waits,
 * and so is a start of a call a client has already asked for itself. Returns false when nothing
 * was started.
 */
export function startEarly(
  url: string,
  call: EarlyCall,
  opts: { starter?: EarlyStarter; kind?: string; ttlMs?: number } = {},
): boolean {
  const { starter = fetchStarter, kind = PLAIN, ttlMs = EARLY_TTL_MS } = opts;
  const key = keyOf(url, call.method, call.params);
  if (pending.has(key) || askedFirst.includes(key)) return false;
  const id = nextEarlyId++;
  const { body, bodyText } = earlyBody(id, call);
  const started = starter({ url, bodyText, id });
  const timer = setTimeout(() => {
    if (pending.get(key)?.id !== id) return;
    pending.delete(key);
    started.abort();
  }, ttlMs);
  pending.set(key, { kind, id, body, bodyText, value: started.value, abort: started.abort, timer });
  return true;
}

/** The early request for this call, of this kind, taken (adopted once); null when none waits. */
export function takeEarly(
  url: string,
  method: string,
  params: readonly unknown[],
  kind: string = PLAIN,
): EarlyRequest | null {
  const key = keyOf(url, method, params);
  const hit = pending.get(key);
  if (!hit || hit.kind !== kind) {
    askedFirst.push(key);
    if (askedFirst.length > ASKED_FIRST_KEPT) askedFirst.shift();
    return null;
  }
  pending.delete(key);
  clearTimeout(hit.timer);
  const { timer: _timer, ...early } = hit;
  return early;
}

/** How many early requests wait to be adopted (tests, diagnostics). */
export function pendingEarly(): number {
  return pending.size;
}
