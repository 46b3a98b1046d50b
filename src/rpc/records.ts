/**
 * The request records the inspector shows: one per logical call, re-emitted (as a fresh object)
 * on each change — retry, answer, failure. Secrets are masked before anything is recorded.
 */
import { AbortedError, formatBytes, hostOf, type RpcError } from "./errors";
import type { RawResponse } from "./interpret";
import { maskSecrets, maskValue } from "./mask";
import { parseBody } from "./response";

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
}

const RECORD_TEXT_LIMIT = 200 * 1024;

// Module-level so that several clients never reuse an id (the inspector lists them together).
let nextRecordId = 1;

function storedResponse(raw: RawResponse, secrets: readonly string[]): unknown {
  if (raw.text.length > RECORD_TEXT_LIMIT) {
    return `${maskSecrets(raw.text.slice(0, RECORD_TEXT_LIMIT), secrets)}… (cut at ${formatBytes(RECORD_TEXT_LIMIT)} of ${formatBytes(raw.bytes)})`;
  }
  const parsed = parseBody(raw.text, raw.contentType);
  return parsed.ok ? maskValue(parsed.value, secrets) : maskSecrets(raw.text, secrets);
}

export interface Recorder {
  answered(raw: RawResponse): void;
  retrying(retries: number): void;
  ok(): void;
  failed(error: RpcError): void;
}

/** Starts the record of one call and returns what moves it on. `emit` never fails the call. */
export function startRecord(
  emit: ((r: RequestRecord) => void) | undefined,
  call: { method: string; url: string; secrets: readonly string[]; body: unknown },
): Recorder {
  const started = performance.now();
  const maskedUrl = maskSecrets(call.url, call.secrets);
  let record: RequestRecord = {
    id: nextRecordId++,
    startedAt: Date.now(),
    method: call.method,
    endpoint: maskedUrl,
    host: hostOf(maskedUrl),
    status: "pending",
    retries: 0,
    request: maskValue(call.body, call.secrets),
  };
  const send = () => {
    try {
      emit?.(record);
    } catch {
      // A failing observer must not fail the request it observes.
    }
  };
  const update = (patch: Partial<RequestRecord>) => {
    record = { ...record, ...patch };
    send();
  };
  send();
  return {
    answered: (raw) =>
      update({
        httpStatus: raw.status,
        sizeBytes: raw.bytes,
        response: storedResponse(raw, call.secrets),
      }),
    retrying: (retries) => update({ retries }),
    ok: () => update({ status: "ok", durationMs: performance.now() - started }),
    failed: (error) =>
      update({
        status: error instanceof AbortedError ? "aborted" : "error",
        durationMs: performance.now() - started,
        error: { kind: error.kind, human: error.human },
      }),
  };
}
