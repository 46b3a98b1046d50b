/**
 * One HTTP exchange: POST the body, with a time limit, the caller's abort signal and a size cap,
 * and read the answer as text. Transport failures come back as their classes (timeout, network,
 * aborted, too large, cut off); what the answer means is interpret.ts's job.
 */
import {
  AbortedError,
  closedMidAnswer,
  NetworkError,
  ResponseTooLargeError,
  RpcError,
  TimeoutError,
  type NetworkFailure,
  type RpcErrorContext,
} from "./errors";
import { deadline } from "./deadline";
import { nextRequestId, shareKey, sharedExchange, type Exchanged } from "./inflight";
import {
  readAheadOf,
  readThroughAhead,
  STREAMED_HEAD_BYTES,
  takeAheadRead,
  type AheadRead,
  type ReadHow,
} from "./ahead";
import { isPlainResultEnvelope } from "./response";
import type { ResultStream } from "./stream";

export interface TransportOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error("aborted"));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * An error by its shape, not `instanceof Error`: the runtime's fetch may throw from another realm
 * (a Worker's, a test runner's context), whose Error is not this one's.
 */
function errorLike(value: unknown): { message: string; cause?: unknown } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const rec = value as { message?: unknown; cause?: unknown };
  return typeof rec.message === "string" ? { message: rec.message, cause: rec.cause } : undefined;
}

function errorCode(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const rec = value as { code?: unknown; errors?: unknown };
  if (typeof rec.code === "string") return rec.code;
  if (Array.isArray(rec.errors)) {
    for (const inner of rec.errors as unknown[]) {
      const code = errorCode(inner);
      if (code) return code;
    }
  }
  return undefined;
}

/** The URL to fetch and an Authorization header for credentials written into it (fetch refuses those). */
function splitCredentials(url: string): { target: string; authorization?: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol)) return null;
  if (!u.username && !u.password) return { target: url };
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const pair = new TextEncoder().encode(`${decode(u.username)}:${decode(u.password)}`);
  let binary = "";
  for (const byte of pair) binary += String.fromCharCode(byte);
  u.username = "";
  u.password = "";
  return { target: u.toString(), authorization: `Basic ${btoa(binary)}` };
}

/**
 * The one way a JSON-RPC POST is built (the client, a request sent ahead, a Worker that fetches): the
 * URL without credentials, which travel as an Authorization header instead; null when `url` is
 * not an http(s) URL.
 */
export function httpRequest(
  url: string,
  bodyText: string,
): { target: string; init: RequestInit & { headers: Record<string, string> } } | null {
  const split = splitCredentials(url);
  if (!split) return null;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (split.authorization) headers.Authorization = split.authorization;
  return {
    target: split.target,
    init: { method: "POST", headers, body: bodyText, credentials: "omit", cache: "no-store" },
  };
}

/**
 * What a reader that is not this thread (a Worker that fetched and read the answer) made of it:
 * the call's result itself (with the body's head for the request record), the whole body as text
 * for the interpret step (any answer but a plain result: errors are named as always), or too large.
 */
export type BodyRead =
  | { kind: "result"; value: unknown; head: string; bytes: number }
  | { kind: "text"; text: string; bytes: number; cutOff: boolean }
  | { kind: "too-large"; bytes: number; announced: boolean };

/**
 * What a remote exchange rejects with when its other side could not start (a Worker whose script
 * did not load, or that the page may not create): the exchange is then done here instead.
 */
export class RemoteUnavailable extends Error {
  override name = "RemoteUnavailable";
}

/**
 * An exchange done elsewhere; it rejects with the runtime's error when the fetch itself fails,
 * and with RemoteUnavailable when it could not be done there at all. It may answer from a request
 * of the same call it had sent already: `id` is then the id that one was sent with.
 */
export type RemoteExchange = (req: {
  url: string;
  bodyText: string;
  id: number;
  maxBytes: number;
  signal: AbortSignal;
}) => Promise<{
  status: number;
  contentType: string;
  retryAfter: string | null;
  read: BodyRead;
  id?: number;
}>;

/** How one exchange goes when it is not a plain fetch read here. */
export interface ExchangeVia {
  id: number;
  /** Shares the exchange with identical requests in flight (inflight.ts): `shareKey(…)`. */
  share?: string;
  remote?: RemoteExchange;
  /** Fed the body as it arrives (2xx only); when it hands back the result, the text is not decoded. */
  stream?: ResultStream<unknown>;
}

export type { Exchanged } from "./inflight";

/**
 * What a failed fetch says: browsers give "Failed to fetch"; Node "fetch failed" plus a cause
 * code. The runtime's error is not ours, so its `code` is read here, at the edge, once.
 */
function describeFailure(error: unknown, url: string): NetworkFailure {
  const failed = errorLike(error);
  const message = failed?.message ?? String(error);
  const cause = failed?.cause;
  const code = errorCode(cause) ?? errorCode(error);
  const causeMessage = errorLike(cause)?.message;
  const detail = code ?? causeMessage;
  const pageProtocol =
    "location" in globalThis && typeof globalThis.location === "object"
      ? globalThis.location.protocol
      : undefined;
  const offline =
    "navigator" in globalThis &&
    typeof globalThis.navigator === "object" &&
    globalThis.navigator.onLine === false;
  return {
    causeText: detail && detail !== message ? `${message}: ${detail}` : message,
    causeCode: code,
    mixedContent: pageProtocol === "https:" && /^http:/i.test(url),
    offline,
  };
}

/** The first moment `signal` aborts, as a rejection. */
function abortion(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => undefined as void;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error("aborted"));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/**
 * Puts a request in flight before anyone asks for it (see inflight.ts): the first identical
 * request within `ttlMs` reads its answer. Sent as the transport sends (`httpRequest`). `copy`
 * gets a response of its own (`splitBody`): its body is read apart from the one the caller reads.
 */
export function sendAhead(
  url: string,
  method: string,
  params: readonly unknown[],
  ttlMs: number,
  /** The first paint's: handed a copy of the response (its own body to read, of which it reads
   * what it needs and cancels the rest) as it arrives, or null when the fetch failed or the answer
   * is an error status. */
  copy?: {
    to: (response: Response | null) => void;
    /** The most it reads whole: of a body announced larger it reads the first bytes only. */
    wholeUpTo: number;
  },
  /** Reads a 2xx answer's body from its headers on, when it will (rpc/ahead.ts); the page's read
   * takes over what it made. Asked after `copy` has its own copy. */
  ahead?: (response: Response, signal: AbortSignal) => AheadRead | null,
): boolean {
  const id = nextRequestId();
  const bodyText = JSON.stringify({ jsonrpc: "2.0", id, method, params: [...params] });
  const http = httpRequest(url, bodyText);
  if (!http) return false;
  sharedExchange(
    shareKey(url, method, params),
    id,
    (signal) =>
      globalThis.fetch(http.target, { ...http.init, signal }).then(
        (received) => {
          const [response, copied] =
            copy && received.ok ? splitBody(received, copy.wholeUpTo) : [received, null];
          copy?.to(copied);
          const reader = response.ok && ahead ? ahead(response, signal) : null;
          if (reader) readAheadOf(response, reader);
          return response;
        },
        (error: unknown) => {
          copy?.to(null);
          throw error;
        },
      ),
    ttlMs,
  );
  return true;
}

/**
 * Two responses reading one body: the page's and the first paint's copy. A body announced over
 * what the copy reads whole is split by a stream's tee, which reads only as either side asks: the
 * browser's own (`Response.clone()`) reads it to its end at once, on the page's thread, while the
 * first rows wait (a 6 MB answer's first rows −16 ms, a 60 MB one's app −31 ms; interleaved A/Bs,
 * bench/STARTUP.md, sixteenth round). A smaller one, read whole by both, is cloned: the stream's
 * tee copies each chunk for its second side (1,000 logs' first rows +5 ms).
 */
function splitBody(response: Response, wholeUpTo: number): [Response, Response] {
  const announced = Number(response.headers.get("content-length") ?? Number.NaN);
  if (!response.body || !(announced > wholeUpTo)) return [response, response.clone()];
  const [page, copy] = response.body.tee();
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  };
  return [new Response(page, init), new Response(copy, init)];
}

/** One HTTP exchange: the answer's status and text, or a transport failure. */
export async function exchange(
  options: TransportOptions,
  url: string,
  bodyText: string,
  signal: AbortSignal | undefined,
  ctx: () => RpcErrorContext,
  via?: ExchangeVia,
): Promise<Exchanged> {
  const { timeoutMs, maxBytes } = options;
  const limit = deadline(timeoutMs, signal);
  const failure = (error: unknown): RpcError => {
    if (limit.timedOut()) return new TimeoutError(ctx(), timeoutMs);
    if (signal?.aborted || limit.signal.aborted) return new AbortedError(ctx());
    return new NetworkError(ctx(), describeFailure(error, url));
  };
  try {
    if (signal?.aborted) throw new AbortedError(ctx());
    const http = httpRequest(url, bodyText);
    if (!http) {
      throw new NetworkError(ctx(), { causeText: "not a valid URL", causeCode: "INVALID_URL" });
    }
    if (via?.remote) {
      let answer: Awaited<ReturnType<RemoteExchange>> | null = null;
      try {
        answer = await via.remote({ url, bodyText, id: via.id, maxBytes, signal: limit.signal });
      } catch (error) {
        // Not done there: done here, the plain way (below).
        if (!(error instanceof RemoteUnavailable)) throw failure(error);
      }
      if (limit.timedOut() || limit.signal.aborted) throw failure(new Error("aborted"));
      if (answer) return fromRemote(answer, maxBytes, ctx);
    }
    // An identical request in flight is joined: one exchange, one read of its answer.
    const shared = sharedExchange(via?.share ?? null, via?.id ?? 0, (sig) =>
      options.fetch(http.target, { ...http.init, signal: sig }),
    );
    const leave = shared.join();
    const aborted = abortion(limit.signal);
    try {
      const read = shared.read((res, sig) =>
        readAnswer(res, sig, { maxBytes, stream: via?.stream, id: shared.id, ctx }),
      );
      return { ...(await Promise.race([read, aborted.promise])), id: shared.id };
    } catch (error) {
      if (error instanceof RpcError && !limit.signal.aborted) throw error;
      throw failure(error);
    } finally {
      aborted.dispose();
      leave();
    }
  } finally {
    limit.dispose();
  }
}

/** Reads one answer's body (the first caller's read of a shared exchange). */
async function readAnswer(res: Response, signal: AbortSignal, how: ReadHow): Promise<Exchanged> {
  const { maxBytes, ctx } = how;
  const announced = Number(res.headers.get("content-length") ?? Number.NaN);
  const ahead = takeAheadRead(res);
  if (Number.isFinite(announced) && announced > maxBytes) {
    ahead?.close();
    void res.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(ctx(), {
      limitBytes: maxBytes,
      receivedBytes: announced,
      announced: true,
    });
  }
  // Read since its headers by a reader of its own (sent ahead): taken over from there (null: it
  // read nothing after all, the body is read here).
  if (ahead) {
    const read = await readThroughAhead(ahead, res, signal, how);
    if (read) return read;
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let cutOff = false;
  const stream = res.ok ? how.stream : undefined;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        if (signal.aborted) throw error;
        // The connection dropped mid-body: what arrived is judged as a cut-off answer.
        cutOff = true;
        break;
      }
      if (step.done) break;
      bytes += step.value.byteLength;
      if (bytes > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw new ResponseTooLargeError(ctx(), {
          limitBytes: maxBytes,
          receivedBytes: bytes,
          announced: false,
        });
      }
      chunks.push(step.value);
      if (stream) await stream.push(step.value);
    }
  }
  const streamed = stream && !cutOff ? stream.finish() : null;
  if (streamed) {
    // A plain result for this id: returned as the stream read it. Anything else is read whole.
    if (isPlainResultEnvelope(streamed.envelope, how.id)) {
      const headBytes = new Uint8Array(Math.min(bytes, STREAMED_HEAD_BYTES));
      let at = 0;
      for (const chunk of chunks) {
        if (at >= headBytes.length) break;
        const part = chunk.subarray(0, headBytes.length - at);
        headBytes.set(part, at);
        at += part.byteLength;
      }
      return {
        status: res.status,
        contentType: res.headers.get("content-type") ?? "",
        retryAfter: res.headers.get("retry-after"),
        text: new TextDecoder().decode(headBytes),
        bytes,
        decoded: { value: streamed.result },
      };
    }
  }
  const all = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = new TextDecoder().decode(all);
  if (cutOff) throw closedMidAnswer(ctx(), text);
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    retryAfter: res.headers.get("retry-after"),
    text,
    bytes,
  };
}

/** A remote reader's answer as the transport's: the decoded result, the text, or its failure. */
function fromRemote(
  answer: Awaited<ReturnType<RemoteExchange>>,
  maxBytes: number,
  ctx: () => RpcErrorContext,
): Exchanged {
  const { status, contentType, retryAfter, read, id } = answer;
  if (read.kind === "too-large")
    throw new ResponseTooLargeError(ctx(), {
      limitBytes: maxBytes,
      receivedBytes: read.bytes,
      announced: read.announced,
    });
  if (read.kind === "text") {
    if (read.cutOff) throw closedMidAnswer(ctx(), read.text);
    return { status, contentType, retryAfter, text: read.text, bytes: read.bytes, id };
  }
  return {
    status,
    contentType,
    retryAfter,
    text: read.head,
    bytes: read.bytes,
    id,
    decoded: { value: read.value },
  };
}
