/**
 * Streaming a JSON-RPC answer whose result is an array (eth_getLogs): the elements are parsed as
 * the body arrives, a batch per chunk, so the first ones can be shown before the download ends.
 * The client feeds each body chunk of a 2xx answer to `push` and, at the end, asks `finish` for
 * the envelope without its result (`"result":0`, interpreted as usual: id, error) and the result.
 * Anything unexpected (no `"result":[` near the start, a malformed element, a consumer that gives
 * up by throwing) turns streaming off: `finish` returns null and the client reads the whole text
 * the usual way, so errors keep their exact classes and paths. No React.
 */
import { untilNextTask } from "../platform/schedule";

/** What the client feeds a streamed answer to. */
export interface ResultStream<T> {
  /** A body chunk (2xx answers only). A returned promise paces the reader. */
  push(chunk: Uint8Array): void | Promise<void>;
  /** After the last chunk: the envelope without its result, and the result; null = not streamed. */
  finish(): { envelope: string; result: T } | null;
  /**
   * A piece of the result made by a reader ahead (rpc/ahead.ts), in that reader's own format,
   * instead of body chunks; absent when this stream takes none. A returned promise paces it.
   */
  take?(part: unknown): void | Promise<void>;
  /** After the last piece taken: the result; null when a piece could not be taken. */
  taken?(): { result: T } | null;
}

export interface ResultArrayStreamOptions<T> {
  /**
   * The next elements of the result array, parsed (not validated), in order. Throwing turns
   * streaming off. A returned promise is awaited before more of the body is read.
   */
  onItems: (items: unknown[]) => void | Promise<void>;
  /** The result, once the array closed and every element was handed to `onItems`. */
  result: () => T;
  /** Gives the page a turn (a macrotask) after this much parsing; default 30 ms. */
  sliceMs?: number;
  /**
   * Takes a piece a reader ahead made (`ResultStream.take`); throwing turns streaming off. Without
   * it the stream takes no pieces.
   */
  onPart?: (part: unknown) => void | Promise<void>;
}

/** How far into the answer `"result":[` must appear (an envelope's other members are short). */
const HEAD_LIMIT = 64 * 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Index of the `"` closing the string whose body starts at `from`, or -1 when not in `s` yet. */
function closingQuote(s: string, from: number): number {
  let j = s.indexOf('"', from);
  while (j !== -1) {
    // Backslashes right before it (the opening quote stops the count).
    let k = j - 1;
    while (k >= 0 && s.charCodeAt(k) === BACKSLASH) k--;
    if ((j - 1 - k) % 2 === 0) return j;
    j = s.indexOf('"', j + 1);
  }
  return -1;
}

export function createResultArrayStream<T>(opts: ResultArrayStreamOptions<T>): ResultStream<T> {
  const decoder = new TextDecoder();
  const sliceMs = opts.sliceMs ?? 30;
  let phase: "head" | "array" | "tail" | "off" = "head";
  let head = "";
  let prefix = "";
  let tail = "";
  // Array phase: the text from the start of the first unparsed element, and where scanning resumes.
  let buf = "";
  let pos = 0;
  let depth = 0;
  let inString = false;
  // Cuts at the last `},{` of the text in hand while they hold (see `cutAtLastBoundary`).
  let cutting = true;
  let lastYield = now();

  function now(): number {
    return globalThis.performance?.now?.() ?? Date.now();
  }

  /**
   * Finds `"result"` `:` `[` at depth 1 of the envelope; the text after `[` starts the array.
   * True once found; false while more is needed or when streaming is off.
   */
  function scanHead(): boolean {
    let d = 0;
    let i = 0;
    let lastKey: string | null = null;
    let afterColon = false;
    while (i < head.length) {
      const c = head.charCodeAt(i);
      if (c === QUOTE) {
        const end = closingQuote(head, i + 1);
        if (end === -1) return false; // wait for more
        if (d === 1) lastKey = head.slice(i + 1, end);
        afterColon = false;
        i = end + 1;
        continue;
      }
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (afterColon && d === 1 && lastKey === "result") {
        if (c !== OPEN_BRACKET) {
          phase = "off";
          return false;
        }
        prefix = head.slice(0, i);
        const rest = head.slice(i + 1);
        head = "";
        phase = "array";
        buf = rest;
        pos = 0;
        return true;
      }
      afterColon = false;
      if (c === COLON && d === 1) afterColon = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) d++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) d--;
      i++;
    }
    if (head.length > HEAD_LIMIT) phase = "off";
    return false;
  }

  /** Scans `buf` for complete elements; returns their text (comma-separated) or "". */
  function scanArray(): string {
    let lastBoundary = -1;
    let i = pos;
    const s = buf;
    const n = s.length;
    while (i < n) {
      if (inString) {
        const end = closingQuote(s, i);
        if (end === -1) {
          i = n;
          break;
        }
        inString = false;
        i = end + 1;
        continue;
      }
      const c = s.charCodeAt(i);
      if (c === QUOTE) {
        inString = true;
        i++;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
        i++;
      } else if (c === CLOSE_BRACE) {
        depth--;
        i++;
      } else if (c === CLOSE_BRACKET) {
        if (depth === 0) {
          // The end of the result array.
          const complete = s.slice(0, i);
          tail = s.slice(i + 1);
          buf = "";
          pos = 0;
          phase = "tail";
          return complete;
        }
        depth--;
        i++;
      } else if (c === COMMA && depth === 0) {
        lastBoundary = i;
        i++;
      } else i++;
    }
    if (lastBoundary === -1) {
      pos = i;
      return "";
    }
    const complete = s.slice(0, lastBoundary);
    buf = s.slice(lastBoundary + 1);
    pos = i - lastBoundary - 1;
    return complete;
  }

  async function deliver(text: string): Promise<void> {
    if (text.trim() === "") return;
    const items: unknown = JSON.parse(`[${text}]`);
    if (!Array.isArray(items)) throw new Error("not an array");
    await opts.onItems(items);
  }

  /**
   * The elements before the last `},{` in `buf`, found by the engine's own search instead of a
   * character-by-character scan (a fifth of reading 100,000 logs, bench/STARTUP.md): a list of
   * objects — logs — cuts there. The text before it parses as a list of values only if that comma
   * is between two elements: one inside a string, or between two objects nested in an element,
   * leaves an unfinished string or bracket, and the parse fails. Then this stream scans character
   * by character from there on (`scanArray`). The scanner starts again at the cut: what follows it
   * starts an element.
   */
  function cutAtLastBoundary(): unknown[] | null {
    if (!cutting) return null;
    const cut = buf.lastIndexOf("},{");
    if (cut === -1) return null;
    let items: unknown;
    try {
      items = JSON.parse(`[${buf.slice(0, cut + 1)}]`);
    } catch {
      items = null;
    }
    if (!Array.isArray(items)) {
      cutting = false;
      return null;
    }
    buf = buf.slice(cut + 2);
    pos = 0;
    depth = 0;
    inString = false;
    return items;
  }

  // Pieces from a reader ahead: off once one could not be taken.
  const onPart = opts.onPart;
  let partsOff = false;
  async function takePart(
    onPart: (part: unknown) => void | Promise<void>,
    part: unknown,
  ): Promise<void> {
    if (partsOff) return;
    try {
      await onPart(part);
    } catch {
      partsOff = true;
    }
  }
  function taken(): { result: T } | null {
    if (partsOff) return null;
    try {
      return { result: opts.result() };
    } catch {
      return null;
    }
  }

  return {
    async push(chunk) {
      if (phase === "off") return;
      const text = decoder.decode(chunk, { stream: true });
      try {
        if (phase === "head") {
          head += text;
          if (!scanHead()) return;
        } else if (phase === "array") {
          buf += text;
        } else {
          tail += text;
          return;
        }
        const items = cutAtLastBoundary();
        if (items !== null && items.length > 0) await opts.onItems(items);
        // what follows the cut (the element still arriving), or the whole text when none
        await deliver(scanArray());
      } catch {
        phase = "off";
        buf = "";
        return;
      }
      if (now() - lastYield >= sliceMs) {
        await untilNextTask();
        lastYield = now();
      }
    },
    ...(onPart ? { take: (part: unknown) => takePart(onPart, part), taken } : {}),
    finish() {
      if (phase !== "tail") return null;
      tail += decoder.decode();
      try {
        return { envelope: `${prefix}0${tail}`, result: opts.result() };
      } catch {
        return null;
      }
    },
  };
}
