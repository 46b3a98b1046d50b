/**
 * One HTTP exchange: POST the body, with a time limit, the caller's abort signal and a size cap,
 * and read the answer as text. Transport failures come back as their classes (timeout, network,
 * aborted, too large, cut off); what the answer means is interpret.ts's job.
 */
import {
  AbortedError,
  NetworkError,
  ResponseTooLargeError,
  RpcError,
  TimeoutError,
  UnreadableResponseError,
  type NetworkFailure,
  type RpcErrorContext,
} from "./errors";
import type { RawResponse } from "./interpret";

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
 * What a failed fetch says: browsers give "Failed to fetch"; Node "fetch failed" plus a cause
 * code. The runtime's error is not ours, so its `code` is read here, at the edge, once.
 */
function describeFailure(error: unknown, url: string): NetworkFailure {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? error.cause : undefined;
  const code = errorCode(cause) ?? errorCode(error);
  const causeMessage = cause instanceof Error ? cause.message : undefined;
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

/** One HTTP exchange: the answer's status and text, or a transport failure. */
export async function exchange(
  options: TransportOptions,
  url: string,
  bodyText: string,
  signal: AbortSignal | undefined,
  ctx: () => RpcErrorContext,
): Promise<RawResponse> {
  const { timeoutMs, maxBytes } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const failure = (error: unknown): RpcError => {
    if (timedOut) return new TimeoutError(ctx(), timeoutMs);
    if (signal?.aborted || controller.signal.aborted) return new AbortedError(ctx());
    return new NetworkError(ctx(), describeFailure(error, url));
  };
  try {
    if (signal?.aborted) throw new AbortedError(ctx());
    const split = splitCredentials(url);
    if (!split) {
      throw new NetworkError(ctx(), { causeText: "not a valid URL", causeCode: "INVALID_URL" });
    }
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (split.authorization) headers.Authorization = split.authorization;
    let res: Response;
    try {
      res = await options.fetch(split.target, {
        method: "POST",
        headers,
        body: bodyText,
        signal: controller.signal,
        credentials: "omit",
        cache: "no-store",
      });
    } catch (error) {
      throw failure(error);
    }
    const announced = Number(res.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(announced) && announced > maxBytes) {
      void res.body?.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(ctx(), {
        limitBytes: maxBytes,
        receivedBytes: announced,
        announced: true,
      });
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let cutOff = false;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (error) {
          if (timedOut || controller.signal.aborted) throw failure(error);
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
      }
    }
    const all = new Uint8Array(bytes);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const text = new TextDecoder().decode(all);
    if (cutOff)
      throw new UnreadableResponseError(ctx(), {
        reason: "truncated",
        body: text,
        detail: "the connection closed mid-answer",
      });
    return {
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      retryAfter: res.headers.get("retry-after"),
      text,
      bytes,
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
