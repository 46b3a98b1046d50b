/**
 * Reading an answer's body as it arrives (the trace Worker's first step, kept apart from the
 * parser and checks so the Worker can start its fetch before those have loaded).
 */
import type { BodyRead } from "../../../rpc/transport";

/** Characters of the body kept for the request record (it shows at most 200 KB). */
export const HEAD_CHARS = 256 * 1024;

/**
 * Reads a body to text, stopping past `maxBytes()` (asked per chunk: a request the Worker started
 * on its own learns the page's cap when the page takes it over); a dropped connection marks it cut
 * off.
 */
export async function readBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: () => number,
  /** Told after each chunk: the text so far (in parts) and its size in bytes. */
  onChunk?: (parts: readonly string[], bytes: number) => void,
  /** Asked before each read: a promise to wait for before reading on (null: read on). */
  pause?: (bytes: number) => Promise<void> | null,
): Promise<Extract<BodyRead, { kind: "text" | "too-large" }>> {
  if (!body) return { kind: "text", text: "", bytes: 0, cutOff: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let cutOff = false;
  for (;;) {
    const wait = pause?.(bytes);
    if (wait) await wait;
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      cutOff = true;
      break;
    }
    if (step.done) break;
    bytes += step.value.byteLength;
    if (bytes > maxBytes()) {
      void reader.cancel().catch(() => undefined);
      return { kind: "too-large", bytes, announced: false };
    }
    // Decoded as it arrives: the text is ready when the last byte is.
    parts.push(decoder.decode(step.value, { stream: true }));
    onChunk?.(parts, bytes);
  }
  parts.push(decoder.decode());
  return { kind: "text", text: parts.join(""), bytes, cutOff };
}
