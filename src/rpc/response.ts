import { looksLikeHtml, type UnreadableReason } from "./errors";

export type Parsed = { ok: true; value: unknown } | { ok: false; reason: UnreadableReason };

/** Parses a body as JSON, or says why it is not JSON (an HTML page, nothing, cut-off JSON, other). */
export function parseBody(text: string, contentType: string): Parsed {
  if (text.trim() === "") return { ok: false, reason: "empty" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    if (looksLikeHtml(text) || (/html/i.test(contentType) && /^\s*</.test(text)))
      return { ok: false, reason: "html" };
    if (isCutOffJson(text)) return { ok: false, reason: "truncated" };
    return { ok: false, reason: "not-json" };
  }
}

/** JSON that opens an object or array and ends before closing it (or inside a string). */
export function isCutOffJson(text: string): boolean {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const ch of trimmed) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth += 1;
    else if (ch === "}" || ch === "]") {
      depth -= 1;
      // Closed early and followed by more: malformed rather than cut off.
      if (depth < 0) return false;
    }
  }
  return inString || depth > 0;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type Envelope =
  | { ok: true; kind: "result"; id: unknown; result: unknown }
  | {
      ok: true;
      kind: "error";
      id: unknown;
      error: { code: number; message: string; data?: unknown };
    }
  | { ok: false; id: unknown; detail: string };

/** Checks one JSON-RPC 2.0 response object: version, exactly one of result/error, error shape. */
export function readEnvelope(value: unknown): Envelope {
  if (!isRecord(value)) {
    return {
      ok: false,
      id: undefined,
      detail: Array.isArray(value)
        ? "an array where one response object was expected"
        : "not a JSON object",
    };
  }
  const id = value.id;
  if (value.jsonrpc !== "2.0") {
    return {
      ok: false,
      id,
      detail:
        value.jsonrpc === undefined
          ? 'the "jsonrpc": "2.0" member is missing'
          : `"jsonrpc" is ${JSON.stringify(value.jsonrpc)}, not "2.0"`,
    };
  }
  const hasResult = "result" in value;
  const hasError = "error" in value;
  if (hasResult && hasError) return { ok: false, id, detail: 'it has both "result" and "error"' };
  if (!hasResult && !hasError)
    return { ok: false, id, detail: 'it has neither "result" nor "error"' };
  if (hasResult) return { ok: true, kind: "result", id, result: value.result };
  const raw = value.error;
  // A code sent as a numeric string ("-32000") is read as the number it spells.
  const error =
    isRecord(raw) && typeof raw.code === "string" && /^-?\d+$/.test(raw.code.trim())
      ? { ...raw, code: Number(raw.code) }
      : raw;
  if (!isRecord(error) || typeof error.code !== "number") {
    return { ok: false, id, detail: '"error" is not an object with a numeric "code"' };
  }
  const message =
    typeof error.message === "string" ? error.message : JSON.stringify(error.message ?? "");
  return {
    ok: true,
    kind: "error",
    id,
    error:
      "data" in error
        ? { code: error.code, message, data: error.data }
        : { code: error.code, message },
  };
}

/** Whether a response id answers request `id` (a server that echoes it as a string is accepted). */
export function sameId(responseId: unknown, id: number): boolean {
  return responseId === id || responseId === String(id);
}

/** The JSON-RPC error inside a body, if any (for non-2xx answers that still carry one). */
export function embeddedRpcError(text: string): { code: number; message: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (!isRecord(first) || !isRecord(first.error)) return undefined;
  const { code, message } = first.error;
  if (typeof code !== "number") return undefined;
  return { code, message: typeof message === "string" ? message : "" };
}

/**
 * Whether a streamed answer's envelope (its text without the result: `"result":0`) is a plain
 * result for request `id`: only then is the streamed result the answer; anything else is read whole.
 */
export function isPlainResultEnvelope(envelopeText: string, id: number): boolean {
  let envelope: unknown;
  try {
    envelope = JSON.parse(envelopeText);
  } catch {
    return false;
  }
  const env = readEnvelope(envelope);
  return env.ok && env.kind === "result" && sameId(env.id, id);
}
