/**
 * The JSON-RPC client: composes the transport (one HTTP exchange), the interpret step (answer →
 * result or named error), the retry rule and the request records. No React.
 */
import type { z } from "../platform/zod";
import { sendBatch, type BatchAnswer, type BatchCall } from "./batch";
import { AbortedError, RpcError, type RpcErrorContext } from "./errors";
import { interpretResponse } from "./interpret";
import { endpointSecrets } from "./mask";
import { startRecord, type RequestRecord } from "./records";
import { MAX_RETRIES, shouldRetry } from "./retry";
import { nextRequestId, shareKey } from "./inflight";
import type { ResultStream } from "./stream";
import { defaultSleep, exchange, type RemoteExchange } from "./transport";

export interface RpcEndpoint {
  url: string;
  /** API keys and other secrets in the URL, masked in every error and record. */
  secrets?: readonly string[];
}

export interface RpcClientOptions {
  fetch?: typeof fetch;
  /** Per HTTP request; default 30 s. */
  timeoutMs?: number;
  /** Default 50 MB; a function is read at each request (a setting the user may change). */
  maxResponseBytes?: number | (() => number);
  /** Called when a call starts and on each change (retry, completion) with a fresh object. */
  onRecord?: (r: RequestRecord) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions<T> {
  signal?: AbortSignal;
  timeoutMs?: number;
  schema?: z.ZodMiniType<T>;
  /** Default true; false disables retries. */
  retry?: boolean;
  /** Default 2 (the most `shouldRetry` allows by default); a caller's budget may lower it. */
  maxRetries?: number;
  /** Before each retry; `attempt` is 1 for the first retry. */
  onRetry?: (info: { attempt: number; delayMs: number; error: RpcError }) => void;
  /**
   * Fetch and read the answer elsewhere (a Worker that parses, checks and models a large answer
   * off the main thread); its decoded result is returned as is (`schema` is not applied to it).
   */
  remote?: RemoteExchange;
  /**
   * Read a result array as it arrives (stream.ts): the stream parses and checks its elements and
   * its result is returned as is (`schema` is not applied to it); an answer it cannot read is
   * read whole, the usual way. A retry needs a fresh stream: it is used for the first attempt only.
   */
  stream?: ResultStream<T>;
}

export interface RpcClient {
  request<T = unknown>(
    endpoint: RpcEndpoint,
    method: string,
    params: readonly unknown[],
    opts?: CallOptions<T>,
  ): Promise<T>;
  /**
   * Several calls in one POST (a JSON-RPC batch), no retries; null when the node refuses batches
   * (then send them one by one). Optional: a client without it sends one by one.
   */
  batch?(
    endpoint: RpcEndpoint,
    calls: readonly BatchCall[],
    opts?: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<BatchAnswer | null>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

export function createRpcClient(opts: RpcClientOptions = {}): RpcClient {
  const fetchImpl =
    opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = opts.sleep ?? defaultSleep;
  const maxBytes = () =>
    typeof opts.maxResponseBytes === "function"
      ? opts.maxResponseBytes()
      : (opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);

  return {
    batch: (endpoint, calls, options) =>
      sendBatch(
        {
          transport: {
            fetch: fetchImpl,
            timeoutMs: options?.timeoutMs ?? opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            maxBytes: maxBytes(),
          },
          onRecord: opts.onRecord,
        },
        endpoint,
        calls,
        options?.signal,
      ),
    async request<T = unknown>(
      endpoint: RpcEndpoint,
      method: string,
      params: readonly unknown[],
      options?: CallOptions<T>,
    ): Promise<T> {
      const { url } = endpoint;
      const id = nextRequestId();
      const body = { jsonrpc: "2.0", id, method, params: [...params] };
      const bodyText = JSON.stringify(body);
      // The one rule for identical requests: one already in flight is joined, not sent again.
      const share = shareKey(url, method, params);
      const secrets = endpointSecrets(url, endpoint.secrets);
      const transport = {
        fetch: fetchImpl,
        timeoutMs: options?.timeoutMs ?? opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBytes: maxBytes(),
      };
      const maxRetries = options?.retry === false ? 0 : (options?.maxRetries ?? MAX_RETRIES);
      const signal = options?.signal;
      const record = startRecord(opts.onRecord, { method, url, secrets, body });
      const fail = (error: RpcError): never => {
        record.failed(error);
        throw error;
      };

      for (let attempt = 0; ; attempt++) {
        const attemptStart = performance.now();
        const ctx = (): RpcErrorContext => ({
          method,
          endpoint: url,
          request: body,
          durationMs: performance.now() - attemptStart,
          secrets,
        });
        try {
          const raw = await exchange(transport, url, bodyText, signal, ctx, {
            id,
            share,
            remote: options?.remote,
            stream: attempt === 0 ? options?.stream : undefined,
          });
          record.answered(raw);
          if (raw.decoded) {
            record.ok();
            return raw.decoded.value as T;
          }
          // A joined request carries the id it was sent with.
          const result = interpretResponse(raw, raw.id ?? id, ctx, options?.schema);
          record.ok();
          return result;
        } catch (caught) {
          if (!(caught instanceof RpcError)) throw caught;
          const decision = shouldRetry(caught, attempt, method, maxRetries);
          if (!decision.retry) return fail(caught);
          options?.onRetry?.({ attempt: attempt + 1, delayMs: decision.delayMs, error: caught });
          record.retrying(attempt + 1);
          try {
            await sleep(decision.delayMs, signal);
          } catch {
            return fail(new AbortedError(ctx()));
          }
          if (signal?.aborted) return fail(new AbortedError(ctx()));
        }
      }
    },
  };
}
