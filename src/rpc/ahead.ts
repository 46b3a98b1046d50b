/**
 * An answer read ahead: a request sent before the page needs it (`sendAhead`) may have its body
 * read from its headers on by a reader of its own (a Worker fed the bytes as they arrive) instead
 * of waiting for the page to join. What that reader made of the body is handed over to the page's
 * read once, in order: the pieces of the result already made and those to come go to the page's
 * stream (`ResultStream.take`), and the read ends as the transport's own would — the envelope
 * without its result, or the whole text. The transport knows only this interface; what a piece is
 * belongs to the reader and the stream that takes it. No React.
 */
import { closedMidAnswer, ResponseTooLargeError, type RpcErrorContext } from "./errors";
import type { Exchanged } from "./inflight";
import { isPlainResultEnvelope } from "./response";
import type { ResultStream } from "./stream";

/** How much of a streamed answer's text is kept for the request record (it keeps 200 KB). */
export const STREAMED_HEAD_BYTES = 256 * 1024;

/** How a body read ahead ended. */
export type AheadEnd =
  /** The result array read to its end: the envelope without it (`"result":0`), its head's text. */
  | { kind: "streamed"; envelope: string; head: string; bytes: number }
  /** Not read as a result array (an error, a malformed answer), or cut off: the whole text. */
  | { kind: "text"; text: string; bytes: number; cutOff: boolean };

export interface AheadRead {
  /**
   * Hands the read over, once: every piece made goes to `stream.take` (when the stream takes
   * pieces; otherwise the end is the whole text). Resolves to how the body ended (a connection
   * that closed mid-answer: the text that arrived, `cutOff`), or to null when the reader could not
   * start and read none of it (the body is then free to read); rejects once `signal` aborts.
   */
  handOver(
    stream: ResultStream<unknown> | undefined,
    signal: AbortSignal,
  ): Promise<AheadEnd | null>;
  /** The whole text, after a handed-over read ended `streamed` (an envelope the page reads whole). */
  text(): Promise<{ text: string; bytes: number }>;
  /** Stops reading and lets the reader go (nobody will take it, or it was read). */
  close(): void;
}

const readers = new WeakMap<Response, AheadRead>();

/** Marks `response`'s body as read by `reader` (the transport then reads through it). */
export function readAheadOf(response: Response, reader: AheadRead): void {
  readers.set(response, reader);
}

/** The reader `response`'s body is read by, once (the one read there is); undefined if none. */
export function takeAheadRead(response: Response): AheadRead | undefined {
  const reader = readers.get(response);
  readers.delete(response);
  return reader;
}

/** How a body is read (the transport's `readAnswer`, and through a reader ahead alike). */
export interface ReadHow {
  maxBytes: number;
  stream: ResultStream<unknown> | undefined;
  /** The id the answer must carry. */
  id: number;
  ctx: () => RpcErrorContext;
}

/**
 * The page's read of a body read ahead (the transport's `readAnswer` for such a response): the
 * stream takes the pieces, and the answer is judged as the transport judges its own read. Null
 * when the reader read none of it: the transport reads the body itself.
 */
export async function readThroughAhead(
  reader: AheadRead,
  res: Response,
  signal: AbortSignal,
  how: ReadHow,
): Promise<Exchanged | null> {
  const meta = {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    retryAfter: res.headers.get("retry-after"),
  };
  try {
    const stream = res.ok && how.stream?.take ? how.stream : undefined;
    const end = await reader.handOver(stream, signal);
    if (end === null) return null;
    if (end.bytes > how.maxBytes)
      throw new ResponseTooLargeError(how.ctx(), {
        limitBytes: how.maxBytes,
        receivedBytes: end.bytes,
        announced: false,
      });
    if (end.kind === "streamed") {
      const taken = stream?.taken?.() ?? null;
      if (taken && isPlainResultEnvelope(end.envelope, how.id))
        return { ...meta, text: end.head, bytes: end.bytes, decoded: { value: taken.result } };
    }
    const whole = end.kind === "text" ? end : { ...(await reader.text()), cutOff: false };
    if (whole.cutOff) throw closedMidAnswer(how.ctx(), whole.text);
    return { ...meta, text: whole.text, bytes: whole.bytes };
  } finally {
    reader.close();
  }
}
