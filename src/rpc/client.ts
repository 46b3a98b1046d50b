import type { z } from "zod";
import {
  AbortedError,
  HttpStatusError,
  JsonRpcError,
  NetworkError,
  ResponseTooLargeError,
  RpcError,
  SchemaError,
  TimeoutError,
  UnreadableResponseError,
  formatBytes,
  hostOf,
  type NetworkFailure,
  type RpcErrorContext,
} from "./errors";
import { endpointSecrets, maskSecrets, maskValue } from "./mask";
import { embeddedRpcError, parseBody, readEnvelope, sameId } from "./response";
import { MAX_RETRIES, parseRetryAfter, shouldRetry } from "./retry";

export interface RpcEndpoint {
  url: string;
  /** API keys and other secrets in the URL, masked in every error and record. */
  secrets?: readonly string[];
}

export interface RequestRecord {
  id: number;
  startedAt: number;
  method: string;
  /** The URL, secrets masked. */
  endpoint: string;
  host: string;
  status: "pending" | "ok" | "error" | "aborted";
  httpStatus?: number;
  durationMs?: number;
  sizeBytes?: number;
  retries: number;
  /** The body sent, secrets masked. */
  request: unknown;
  /** The parsed JSON answer, or its text when unparsable; text cut at 200 KB when larger. */
  response?: unknown;
  error?: { kind: string; human: string };
  batchSize?: number;
}

export interface RpcClientOptions {
  fetch?: typeof fetch;
  /** Per HTTP request; default 30 s. */
  timeoutMs?: number;
  /** Default 50 MB. */
  maxResponseBytes?: number;
  /** Called when a call starts and on each change (retry, completion) with a fresh object. */
  onRecord?: (r: RequestRecord) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions<T> {
  signal?: AbortSignal;
  timeoutMs?: number;
  schema?: z.ZodType<T>;
  /** Default true; false disables retries. */
  retry?: boolean;
  /** Default 2 (the most `shouldRetry` allows by default). */
  maxRetries?: number;
  /** Before each retry; `attempt` is 1 for the first retry. */
  onRetry?: (info: { attempt: number; delayMs: number; error: RpcError }) => void;
}

export type BatchEntry = { ok: true; result: unknown } | { ok: false; error: RpcError };

export interface RpcClient {
  request<T = unknown>(
    endpoint: RpcEndpoint,
    method: string,
    params: readonly unknown[],
    opts?: CallOptions<T>,
  ): Promise<T>;
  batch(
    endpoint: RpcEndpoint,
    calls: readonly { method: string; params: readonly unknown[] }[],
    opts?: Omit<CallOptions<unknown>, "schema">,
  ): Promise<BatchEntry[]>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
const RECORD_TEXT_LIMIT = 200 * 1024;

// Module-level so that several clients never reuse an id (the inspector lists them together).
let nextRpcId = 1;
let nextRecordId = 1;

interface RawResponse {
  status: number;
  contentType: string;
  retryAfter: string | null;
  text: string;
  bytes: number;
}

interface CallSpec {
  endpoint: RpcEndpoint;
  /** Shown in errors and records: the method, or a batch summary. */
  label: string;
  /** Every method in the call; a retry needs all of them to agree. */
  methods: readonly string[];
  body: unknown;
  batchSize?: number;
}

/**
 * Performance marks for the benchmark (bench/run.mjs reads them with a PerformanceObserver):
 * harmless where the User Timing API is missing.
 */
function perfMark(name: string, method: string): void {
  try {
    globalThis.performance?.mark?.(name, { detail: { method } });
  } catch {
    // marks are diagnostics only
  }
}

function perfMeasure(name: string, start: string, end: string, method: string): void {
  try {
    const perf = globalThis.performance;
    perf?.measure?.(name, { start, end, detail: { method } });
    // Observers (the benchmark's) already hold the entries; the buffer must not grow per request.
    perf?.clearMarks?.(start);
    perf?.clearMarks?.(end);
    perf?.clearMeasures?.(name);
  } catch {
    // marks are diagnostics only
  }
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

/** What a failed fetch says: browsers give "Failed to fetch"; Node "fetch failed" plus a cause code. */
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

function schemaPath(path: readonly PropertyKey[]): string {
  let out = "result";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function methodSummary(methods: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const m of methods) counts.set(m, (counts.get(m) ?? 0) + 1);
  const parts = [...counts].map(([m, n]) => (n > 1 ? `${m} ×${n}` : m));
  return `batch(${parts.join(", ")})`;
}

export function createRpcClient(opts: RpcClientOptions = {}): RpcClient {
  const fetchImpl =
    opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const defaultTimeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const sleep = opts.sleep ?? defaultSleep;

  function emit(record: RequestRecord): void {
    try {
      opts.onRecord?.(record);
    } catch {
      // A failing observer must not fail the request it observes.
    }
  }

  function storedResponse(raw: RawResponse, secrets: readonly string[]): unknown {
    if (raw.text.length > RECORD_TEXT_LIMIT) {
      return `${maskSecrets(raw.text.slice(0, RECORD_TEXT_LIMIT), secrets)}… (cut at ${formatBytes(RECORD_TEXT_LIMIT)} of ${formatBytes(raw.bytes)})`;
    }
    const parsed = parseBody(raw.text, raw.contentType);
    return parsed.ok ? maskValue(parsed.value, secrets) : maskSecrets(raw.text, secrets);
  }

  /** One HTTP exchange: the answer's status and text, or a transport failure. */
  async function exchange(
    url: string,
    bodyText: string,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    ctx: () => RpcErrorContext,
  ): Promise<RawResponse> {
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
        throw new NetworkError(ctx(), { causeText: "invalid URL", causeCode: "INVALID_URL" });
      }
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (split.authorization) headers.Authorization = split.authorization;
      let res: Response;
      try {
        res = await fetchImpl(split.target, {
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

  /** Throws the HTTP status error for a non-2xx answer. */
  function checkStatus(raw: RawResponse, ctx: RpcErrorContext): void {
    if (raw.status >= 200 && raw.status < 300) return;
    throw new HttpStatusError(ctx, {
      status: raw.status,
      body: raw.text,
      retryAfterMs: parseRetryAfter(raw.retryAfter),
      rpcError: embeddedRpcError(raw.text),
    });
  }

  function parseOrThrow(raw: RawResponse, ctx: RpcErrorContext): unknown {
    const parsed = parseBody(raw.text, raw.contentType);
    if (!parsed.ok)
      throw new UnreadableResponseError(ctx, { reason: parsed.reason, body: raw.text });
    return parsed.value;
  }

  /** Runs one logical call: record, attempts, retries, and the interpretation of the answer. */
  async function run<R>(
    spec: CallSpec,
    options: Omit<CallOptions<unknown>, "schema"> | undefined,
    interpret: (
      raw: RawResponse,
      ctx: (method?: string, request?: unknown) => RpcErrorContext,
    ) => R,
    /** A failure inside a successful answer worth showing on the record (failed batch entries). */
    partialFailure?: (result: R) => RequestRecord["error"],
  ): Promise<R> {
    const { url } = spec.endpoint;
    const secrets = endpointSecrets(url, spec.endpoint.secrets);
    const bodyText = JSON.stringify(spec.body);
    const maskedUrl = maskSecrets(url, secrets);
    const callStart = performance.now();
    const timeoutMs = options?.timeoutMs ?? defaultTimeout;
    const maxRetries = options?.retry === false ? 0 : (options?.maxRetries ?? MAX_RETRIES);
    const signal = options?.signal;

    let record: RequestRecord = {
      id: nextRecordId++,
      startedAt: Date.now(),
      method: spec.label,
      endpoint: maskedUrl,
      host: hostOf(maskedUrl),
      status: "pending",
      retries: 0,
      request: maskValue(JSON.parse(bodyText) as unknown, secrets),
      ...(spec.batchSize !== undefined ? { batchSize: spec.batchSize } : {}),
    };
    const update = (patch: Partial<RequestRecord>) => {
      record = { ...record, ...patch };
      emit(record);
    };
    emit(record);

    const fail = (error: RpcError): never => {
      update({
        status: error instanceof AbortedError ? "aborted" : "error",
        durationMs: performance.now() - callStart,
        error: { kind: error.kind, human: error.human },
      });
      throw error;
    };

    for (let attempt = 0; ; attempt++) {
      const attemptStart = performance.now();
      const ctx = (method: string = spec.label, request: unknown = spec.body): RpcErrorContext => ({
        method,
        endpoint: url,
        request,
        durationMs: performance.now() - attemptStart,
        secrets,
      });
      try {
        const raw = await exchange(url, bodyText, signal, timeoutMs, () => ctx());
        update({
          httpStatus: raw.status,
          sizeBytes: raw.bytes,
          response: storedResponse(raw, secrets),
        });
        checkStatus(raw, ctx());
        const result = interpret(raw, ctx);
        const partial = partialFailure?.(result);
        update({
          status: partial ? "error" : "ok",
          durationMs: performance.now() - callStart,
          ...(partial ? { error: partial } : {}),
        });
        return result;
      } catch (caught) {
        if (!(caught instanceof RpcError)) throw caught;
        let decision = { retry: attempt < maxRetries, delayMs: 0 };
        for (const method of spec.methods) {
          const d = shouldRetry(caught, attempt, method, maxRetries);
          decision = {
            retry: decision.retry && d.retry,
            delayMs: Math.max(decision.delayMs, d.delayMs),
          };
        }
        if (!decision.retry) return fail(caught);
        options?.onRetry?.({ attempt: attempt + 1, delayMs: decision.delayMs, error: caught });
        update({ retries: attempt + 1 });
        try {
          await sleep(decision.delayMs, signal);
        } catch {
          return fail(new AbortedError(ctx()));
        }
        if (signal?.aborted) return fail(new AbortedError(ctx()));
      }
    }
  }

  return {
    request<T = unknown>(
      endpoint: RpcEndpoint,
      method: string,
      params: readonly unknown[],
      options?: CallOptions<T>,
    ): Promise<T> {
      const id = nextRpcId++;
      const body = { jsonrpc: "2.0", id, method, params: [...params] };
      return run({ endpoint, label: method, methods: [method], body }, options, (raw, ctx) => {
        perfMark("nodescope:parse:start", method);
        const parsedBody = parseOrThrow(raw, ctx());
        perfMark("nodescope:parse:end", method);
        perfMeasure("nodescope:parse", "nodescope:parse:start", "nodescope:parse:end", method);
        const envelope = readEnvelope(parsedBody);
        if (!envelope.ok)
          throw new UnreadableResponseError(ctx(), {
            reason: "envelope",
            body: raw.text,
            detail: envelope.detail,
          });
        // A parse or invalid-request error may carry a null id: it still answers this request.
        const idMatches =
          sameId(envelope.id, id) || (envelope.kind === "error" && envelope.id === null);
        if (!idMatches) {
          throw new UnreadableResponseError(ctx(), {
            reason: "wrong-id",
            body: raw.text,
            detail: `sent id ${id}, got id ${describeValue(envelope.id)}`,
          });
        }
        if (envelope.kind === "error") throw new JsonRpcError(ctx(), envelope.error);
        if (!options?.schema) return envelope.result as T;
        perfMark("nodescope:validate:start", method);
        const checked = options.schema.safeParse(envelope.result);
        perfMark("nodescope:validate:end", method);
        perfMeasure(
          "nodescope:validate",
          "nodescope:validate:start",
          "nodescope:validate:end",
          method,
        );
        if (checked.success) return checked.data;
        const issue = checked.error.issues[0];
        const path = issue ? issue.path : [];
        throw new SchemaError(ctx(), {
          path: schemaPath(path),
          issue: issue ? issue.message : "the value does not match the expected shape",
          received: describeValue(valueAt(envelope.result, path)),
        });
      });
    },

    batch(endpoint, calls, options) {
      const entries = calls.map((c) => ({
        id: nextRpcId++,
        method: c.method,
        body: { jsonrpc: "2.0", id: 0, method: c.method, params: [...c.params] },
      }));
      for (const e of entries) e.body.id = e.id;
      const body = entries.map((e) => e.body);
      const methods = calls.map((c) => c.method);
      const label = methodSummary(methods);
      return run(
        { endpoint, label, methods, body, batchSize: calls.length },
        options,
        (raw, ctx): BatchEntry[] => {
          const value = parseOrThrow(raw, ctx());
          if (!Array.isArray(value)) {
            // A whole batch can be refused with a single error object (e.g. "batch size exceed limit").
            const envelope = readEnvelope(value);
            if (envelope.ok && envelope.kind === "error")
              throw new JsonRpcError(ctx(), envelope.error);
            throw new UnreadableResponseError(ctx(), {
              reason: "envelope",
              body: raw.text,
              detail: envelope.ok
                ? "a single response where an array for the batch was expected"
                : envelope.detail,
            });
          }
          const byId = new Map<number, BatchEntry>();
          const strays: string[] = [];
          for (const item of value as unknown[]) {
            const envelope = readEnvelope(item);
            const entry = entries.find((e) => sameId(envelope.id, e.id));
            if (!entry) {
              strays.push(describeValue(envelope.id));
              continue;
            }
            if (byId.has(entry.id)) continue;
            const entryCtx = ctx(entry.method, entry.body);
            if (!envelope.ok) {
              byId.set(entry.id, {
                ok: false,
                error: new UnreadableResponseError(entryCtx, {
                  reason: "envelope",
                  body: JSON.stringify(item),
                  detail: envelope.detail,
                }),
              });
            } else if (envelope.kind === "error") {
              byId.set(entry.id, { ok: false, error: new JsonRpcError(entryCtx, envelope.error) });
            } else {
              byId.set(entry.id, { ok: true, result: envelope.result });
            }
          }
          return entries.map((entry): BatchEntry => {
            const found = byId.get(entry.id);
            if (found) return found;
            const detail = strays.length
              ? `no answer for id ${entry.id}; the batch answer has unknown ids ${strays.slice(0, 5).join(", ")}`
              : `the batch answer has no response for id ${entry.id}`;
            return {
              ok: false,
              error: new UnreadableResponseError(ctx(entry.method, entry.body), {
                reason: strays.length ? "wrong-id" : "envelope",
                body: raw.text,
                detail,
              }),
            };
          });
        },
        (results) => {
          const failed = results.flatMap((r) => (r.ok ? [] : [r.error]));
          const first = failed[0];
          if (!first) return undefined;
          return {
            kind: first.kind,
            human: `${failed.length} of ${results.length} calls failed; the first: ${first.human}`,
          };
        },
      );
    },
  };
}
