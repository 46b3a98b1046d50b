/**
 * Requests in flight, shared: a request identical to one already on its way (same URL, method and
 * params) joins it instead of being sent again — one HTTP exchange, one answer read once, and every
 * caller awaits that same read. An exchange no longer in flight is forgotten: a later identical
 * request is sent anew (this is no cache).
 *
 * The body is read by the first caller that reads it (with its stream, its size cap); the others
 * get what that read made of it. Each caller keeps its own time limit and abort signal: a caller
 * that gives up leaves, and the last one to leave aborts the exchange.
 *
 * `sendAhead` puts a request in flight before anyone reads it (a deep link's first request, sent
 * by the boot module before the app has loaded): the page's identical request joins it. Unjoined
 * for `ttlMs`, it is aborted and forgotten.
 */
import type { RawResponse } from "./interpret";

/** Every request of this page gets its own id (several clients, a request sent ahead). */
let lastId = 0;
export function nextRequestId(): number {
  return ++lastId;
}

/** What one exchange read: the answer's text, and the result itself when a reader already decoded
 * it (a stream, a remote reader); `id` is the id the answer must carry. */
export interface Exchanged extends RawResponse {
  id?: number;
  decoded?: { value: unknown };
}

export interface InFlight {
  /** The id the request was sent with: the answer must carry it. */
  readonly id: number;
  /** The body's one read: begun by the first caller that asks, awaited by every other. */
  read(start: (response: Response, signal: AbortSignal) => Promise<Exchanged>): Promise<Exchanged>;
  /** Joins the exchange; call the returned function when this caller is done with it. */
  join(): () => void;
}

const inFlight = new Map<string, InFlight>();

export function shareKey(url: string, method: string, params: readonly unknown[]): string {
  return `${url}\n${method}\n${JSON.stringify(params)}`;
}

/**
 * The exchange in flight under `key`, or a new one that `send` starts (with `id`, under the
 * signal that aborts it once every caller has left). A null key shares nothing; with `ttlMs`, one
 * nobody joins in that time is aborted and forgotten.
 */
export function sharedExchange(
  key: string | null,
  id: number,
  send: (signal: AbortSignal) => Promise<Response>,
  ttlMs?: number,
): InFlight {
  const known = key === null ? undefined : inFlight.get(key);
  if (known) return known;
  const controller = new AbortController();
  let users = 0;
  let done = false;
  const forget = () => {
    done = true;
    clearTimeout(timer);
    if (key !== null && inFlight.get(key) === entry) inFlight.delete(key);
  };
  const response = send(controller.signal);
  // Read by whoever joins; until then a failure must not count as unhandled.
  response.catch(forget);
  const timer =
    ttlMs === undefined
      ? undefined
      : setTimeout(() => {
          if (users > 0 || done) return;
          forget();
          controller.abort();
        }, ttlMs);
  let read: Promise<Exchanged> | null = null;
  const entry: InFlight = {
    id,
    read(start) {
      if (!read) {
        read = response.then((res) => start(res, controller.signal));
        read.then(forget, forget);
      }
      return read;
    },
    join() {
      users++;
      clearTimeout(timer);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        if (--users > 0 || done) return;
        forget();
        controller.abort();
      };
    },
  };
  if (key !== null) inFlight.set(key, entry);
  return entry;
}

/** How many requests are in flight and shareable (tests, diagnostics). */
export function inFlightCount(): number {
  return inFlight.size;
}
