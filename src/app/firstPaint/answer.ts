/**
 * The result an answer's text holds, read by the rpc layer's one envelope reader (a JSON-RPC 2.0
 * result, not an error): what the first paint's painters draw from (logs.ts, tx.ts).
 */
import { readEnvelope } from "../../rpc/response";

/** `{ result }` when `text` is a JSON-RPC result; null for an error, or text that is none. */
export function resultOf(text: string): { result: unknown } | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const envelope = readEnvelope(body);
  return envelope.ok && envelope.kind === "result" ? { result: envelope.result } : null;
}
