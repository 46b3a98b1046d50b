import { HttpStatusError, NetworkError, OutOfComputeUnitsError } from "./errors";

/** The client's bound per call: at most this many retries after the first attempt. */
export const MAX_RETRIES = 2;
const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_MS = 30_000;
const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/**
 * Trace methods cost the user many compute units (280 per debug_jstraceTransaction call), so a
 * failed trace is shown, never repeated behind the user's back.
 */
export function isTraceMethod(method: string): boolean {
  return /^debug_(js)?trace/i.test(method) || /^trace_/i.test(method);
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Whether a failed call is worth another try, and after how long. Pure; the client is the only
 * place that retries. `attempt` counts the retries already done. Retried: HTTP 429, 502, 503,
 * 504 and network failures, at most `maxRetries` (2) times, with exponential backoff (500 ms,
 * 1 s; at most 8 s) or the server's Retry-After (at most 30 s). Never retried: trace methods,
 * other statuses, JSON-RPC errors, timeouts, cancellations, unreadable answers, invalid URLs,
 * and used-up compute units (OutOfComputeUnitsError: waiting seconds cannot help).
 */
export function shouldRetry(
  error: unknown,
  attempt: number,
  method: string,
  maxRetries: number = MAX_RETRIES,
): { retry: boolean; delayMs: number } {
  const no = { retry: false, delayMs: 0 };
  if (attempt >= maxRetries || isTraceMethod(method)) return no;
  const backoff = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempt), MAX_BACKOFF_MS);
  if (error instanceof NetworkError && error.causeCode !== "INVALID_URL")
    return { retry: true, delayMs: backoff };
  if (error instanceof OutOfComputeUnitsError) return no;
  if (error instanceof HttpStatusError && RETRYABLE_STATUS.has(error.status)) {
    const delayMs =
      error.retryAfterMs !== undefined ? Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS) : backoff;
    return { retry: true, delayMs };
  }
  return no;
}
