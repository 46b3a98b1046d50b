/**
 * The result an answer's text holds, for the first paint's painters (logs.ts, tx.ts). Not the rpc
 * layer's envelope reader: its module and the errors it imports made the logs painter's chunk wait
 * (50 logs' first row +13 ms, 1 of 8 rounds); the page reads the same answer through it anyway.
 */

/** A copy of an answer as the first paint reads it (app/boot.ts): whole, or its first bytes only. */
export interface AnswerCopy {
  text: string;
  /** The whole answer (else `text` is its start, cut anywhere). */
  complete: boolean;
}

/** `{ result }` when `text` is an answer carrying a result; null for an error, or text that is none. */
export function resultOf(text: string): { result: unknown } | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof body === "object" && body !== null && "result" in body
    ? { result: body.result }
    : null;
}

/**
 * The complete elements at the start of an answer's `result` array, read from the answer's first
 * bytes (`text`, cut anywhere): at most `most`, null when those bytes hold no result array (an
 * error, another shape, or the array not begun) or an element that is not JSON. The envelope is
 * walked at its top level only, so a `"result"` inside a string or a nested object is not taken.
 */
export function resultPrefixOf(text: string, most: number): unknown[] | null {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let key: string | null = null;
  let arrayAt = -1;
  let elementAt = -1;
  const out: unknown[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92) escaped = true;
      else if (c === 34) {
        inString = false;
        if (depth === 1 && arrayAt < 0) key = text.slice(stringStart + 1, i);
      }
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i;
      if (arrayAt >= 0 && depth === 2) elementAt = i;
    } else if (c === 123 || c === 91) {
      if (depth === 0 && c !== 123) return null;
      if (depth === 1 && c === 91 && key === "result") arrayAt = i;
      else if (depth === 1 && arrayAt < 0) key = null;
      if (arrayAt >= 0 && depth === 2) elementAt = i;
      depth += 1;
    } else if (c === 125 || c === 93) {
      if (arrayAt >= 0 && depth === 2) {
        // The array ends within the bytes read (a scalar element pending ends here).
        return elementAt >= 0 && !take(text.slice(elementAt, i)) ? null : out;
      }
      depth -= 1;
      if (arrayAt >= 0 && depth === 2 && elementAt >= 0) {
        if (!take(text.slice(elementAt, i + 1))) return null;
        elementAt = -1;
        if (out.length >= most) return out;
      }
    } else if (c === 44 && arrayAt >= 0 && depth === 2 && elementAt >= 0) {
      // a scalar element (a number, true, …) ends at its comma
      if (!take(text.slice(elementAt, i))) return null;
      elementAt = -1;
      if (out.length >= most) return out;
    } else if (arrayAt >= 0 && depth === 2 && elementAt < 0 && c > 32 && c !== 44) {
      elementAt = i;
    }
  }
  return arrayAt >= 0 ? out : null;

  function take(json: string): boolean {
    try {
      out.push(JSON.parse(json));
      return true;
    } catch {
      return false;
    }
  }
}
