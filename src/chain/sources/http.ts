import { deadline } from "../../rpc";
import { DecodingServiceError, type DecodingService, type ServiceCallOptions } from "./types";

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Answers bigger than this are refused (a verified ABI is rarely above 1 MB). */
const MAX_BYTES = 8 * 1024 * 1024;

function abortError(): Error {
  const err = new Error("the request was aborted");
  err.name = "AbortError";
  return err;
}

/**
 * GET a JSON document. Resolves with the status and the parsed body (null when the body is not
 * JSON); rejects with DecodingServiceError on timeouts, network failures and oversized answers,
 * and with an AbortError when the caller's signal aborts. No credentials, no referrer: only the
 * URL leaves the device.
 */
export async function getJson(
  service: DecodingService,
  url: string,
  opts: ServiceCallOptions = {},
): Promise<{ status: number; body: unknown }> {
  const { signal } = opts;
  if (signal?.aborted) throw abortError();
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = deadline(timeoutMs, signal);
  const host = hostOf(url);
  try {
    const res = await doFetch(url, {
      method: "GET",
      headers: { accept: "application/json" },
      credentials: "omit",
      referrerPolicy: "no-referrer",
      signal: limit.signal,
    });
    const text = await res.text();
    if (text.length > MAX_BYTES)
      throw new DecodingServiceError(service, `${host} sent more than 8 MB`, res.status);
    let body: unknown = null;
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch (err) {
    if (err instanceof DecodingServiceError) throw err;
    if (signal?.aborted) throw abortError();
    if (limit.timedOut())
      throw new DecodingServiceError(
        service,
        `${host} did not answer within ${timeoutMs / 1000} s`,
      );
    const detail = err instanceof Error ? err.message : String(err);
    throw new DecodingServiceError(service, `${host} could not be reached (${detail})`);
  } finally {
    limit.dispose();
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
