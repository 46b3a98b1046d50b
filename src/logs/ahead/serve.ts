/**
 * The logs reader Worker's work (logs.worker.ts runs it): the answer's bytes, fed as they arrive,
 * are read as a JSON-RPC envelope whose `result` is an array of logs. Each log in the canonical
 * shape is read in place (scan.ts) and sent packed: the bytes it spans and where its fields are
 * (pack.ts); any other element is parsed and sent as it is, in its place, for the page to check.
 * The bytes are kept: the page may ask for the whole text (an error, an answer that is not a result
 * array, a malformed one). No React, no zod.
 */
import {
  CLOSE_BRACKET,
  COLON,
  COMMA,
  FLAGS,
  logPlaces,
  MORE,
  NUMBERS,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  scanLog,
  skipSpace,
  skipValue,
  SLOTS,
} from "./scan";
import type { LogPlaces } from "./scan";
import type { FromReader, LogsPart, ToReader } from "./protocol";

/** How far into the answer `"result":[` must appear (as the page's own stream: rpc/stream.ts). */
const HEAD_LIMIT = 64 * 1024;
/** How much of the answer's text the page keeps for its request record (rpc/ahead.ts). */
const HEAD_BYTES = 256 * 1024;
/** Logs read before a part is sent even mid-chunk. */
const PART_LOGS = 8192;

export interface ReaderPort {
  postMessage(message: FromReader, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToReader>) => void) | null;
}

function text(b: Uint8Array): string {
  return new TextDecoder().decode(b);
}

/**
 * The index after the `[` opening the envelope's `result` array in `b`; MORE while it may still
 * come; -2 when the answer is not an object whose `result` is an array (an error, a bare value).
 */
export function resultArrayStart(b: Uint8Array): number {
  const n = b.length;
  let i = skipSpace(b, 0, n);
  if (i >= n) return MORE;
  if (b[i] !== OPEN_BRACE) return -2;
  i = skipSpace(b, i + 1, n);
  for (;;) {
    if (i >= n) return MORE;
    if (b[i] !== QUOTE) return -2;
    const keyEnd = skipValue(b, i, n);
    if (keyEnd < 0) return keyEnd;
    let key: unknown;
    try {
      key = JSON.parse(text(b.subarray(i, keyEnd)));
    } catch {
      return -2;
    }
    i = skipSpace(b, keyEnd, n);
    if (i >= n) return MORE;
    if (b[i] !== COLON) return -2;
    i = skipSpace(b, i + 1, n);
    if (i >= n) return MORE;
    if (key === "result") return b[i] === OPEN_BRACKET ? i + 1 : -2;
    const end = skipValue(b, i, n);
    if (end < 0) return end;
    i = skipSpace(b, end, n);
    if (i >= n) return MORE;
    if (b[i] !== COMMA) return -2;
    i = skipSpace(b, i + 1, n);
  }
}

export function serveLogsReader(port: ReaderPort): void {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let phase: "head" | "array" | "tail" | "off" = "head";
  let prefix = "";
  const tail: Uint8Array[] = [];
  // The bytes not yet read (from `pos`), and whether a `,` or `]` comes next.
  let buf: Uint8Array = new Uint8Array(0);
  let pos = 0;
  let separator = false;
  // The logs read since the last part: their places in `buf`, and the bytes they span.
  const places: LogPlaces = logPlaces(PART_LOGS);
  let count = 0;
  let from = 0;
  let to = 0;

  const send = (part: LogsPart, transfer: Transferable[] = []) =>
    port.postMessage({ type: "part", part }, transfer);

  const flush = () => {
    if (count === 0) return;
    const n = count * SLOTS;
    const starts = places.starts.slice(0, n);
    const ends = places.ends.slice(0, n);
    for (let j = 0; j < n; j++) {
      starts[j] = (starts[j] as number) - from;
      ends[j] = (ends[j] as number) - from;
    }
    const part: LogsPart = {
      kind: "packed",
      count,
      bytes: buf.slice(from, to),
      starts,
      ends,
      topicCounts: places.topicCounts.slice(0, count),
      flags: places.flags.slice(0, count * FLAGS),
      numbers: places.numbers.slice(0, count * NUMBERS.length),
      words: places.words.slice(0, count),
    };
    count = 0;
    send(part, [
      part.bytes.buffer,
      starts.buffer,
      ends.buffer,
      part.topicCounts.buffer,
      part.flags.buffer,
      part.numbers.buffer,
      part.words.buffer,
    ]);
  };

  /** Reads the elements in `buf` from `pos`; false once the answer is not read here (off). */
  const readArray = (): boolean => {
    const n = buf.length;
    for (;;) {
      const i = skipSpace(buf, pos, n);
      if (i >= n) return true;
      const c = buf[i];
      if (c === CLOSE_BRACKET && (separator || count === 0)) {
        flush();
        tail.push(buf.slice(i + 1));
        phase = "tail";
        return true;
      }
      if (separator) {
        if (c !== COMMA) return false;
        separator = false;
        pos = i + 1;
        continue;
      }
      if (c === OPEN_BRACE) {
        const end = scanLog(buf, i, n, places, count);
        if (end === MORE) return true;
        if (end >= 0) {
          if (count === 0) from = i;
          to = end;
          count++;
          pos = end;
          separator = true;
          if (count === PART_LOGS) flush();
          continue;
        }
      }
      // Not a log read here: parsed as it is, sent in its place.
      const end = skipValue(buf, i, n);
      if (end === MORE) return true;
      let item: unknown;
      try {
        item = JSON.parse(text(buf.subarray(i, end)));
      } catch {
        return false;
      }
      flush();
      send({ kind: "items", items: [item] });
      pos = end;
      separator = true;
    }
  };

  const onChunk = (chunk: Uint8Array) => {
    chunks.push(chunk);
    bytes += chunk.byteLength;
    if (phase === "off") return;
    if (phase === "tail") {
      tail.push(chunk);
      return;
    }
    if (pos >= buf.length) buf = chunk;
    else {
      const joined = new Uint8Array(buf.length - pos + chunk.byteLength);
      joined.set(buf.subarray(pos));
      joined.set(chunk, buf.length - pos);
      buf = joined;
    }
    pos = 0;
    if (phase === "head") {
      const start = resultArrayStart(buf);
      if (start === MORE) {
        if (buf.length > HEAD_LIMIT) phase = "off";
        return;
      }
      if (start < 0) {
        phase = "off";
        return;
      }
      prefix = text(buf.subarray(0, start - 1));
      pos = start;
      phase = "array";
    }
    if (!readArray()) phase = "off";
    else if (phase === "array") flush();
  };

  const handle = (m: ToReader) => {
    if (m.type === "chunk") onChunk(m.bytes);
    else if (m.type === "end") {
      if (phase !== "off") flush();
      const streamed = phase === "tail" && !m.cutOff;
      port.postMessage({
        type: "end",
        envelope: streamed ? `${prefix}0${decodeFirst(tail, Number.POSITIVE_INFINITY)}` : null,
        head: decodeFirst(chunks, HEAD_BYTES),
        bytes,
      });
    } else port.postMessage({ type: "text", text: decodeFirst(chunks, bytes), bytes });
  };
  port.onmessage = (e) => handle(e.data);
}

/** The first `limit` bytes of `chunks` as text. */
function decodeFirst(chunks: readonly Uint8Array[], limit: number): string {
  const decoder = new TextDecoder();
  let out = "";
  let left = limit;
  for (const c of chunks) {
    if (left <= 0) break;
    const part = c.byteLength > left ? c.subarray(0, left) : c;
    left -= part.byteLength;
    out += decoder.decode(part, { stream: true });
  }
  return out + decoder.decode();
}
