/**
 * The top of a callTracer answer read from the part of the body that has arrived, so the tree's
 * first rows show while the rest is still on its way (the trace Worker calls it as the body
 * arrives; the full answer is then parsed, checked and modelled as always and replaces it).
 *
 * Only the frames the tree opens with are read: frames down to OPEN_DEPTH (model.ts), field by
 * field (each value parsed on its own). Deeper subtrees are skipped, only counting a collapsed
 * frame's children, with a scan that jumps from quote to quote, so the cost stays a fraction of
 * parsing the prefix. Nodes order a frame's fields differently: geth and reth send `calls`
 * before `value`/`type`/`logs`, the legacy JS tracer after. A frame whose `type` has not arrived
 * yet (or whose fields before `calls` are not all here) is "pending": the view shows it as a
 * placeholder row until the full answer is read.
 */
import { sameId } from "../rpc/response";
import { OPEN_DEPTH } from "./tree";

export interface PreviewTree {
  /** The top frame: the frames read, each with its fields so far and its children read. */
  root: Record<string, unknown>;
  /** Per frame read, in pre-order: its own fields have all arrived (`calls` begun or the frame
   * closed), `type` among them. */
  shown: boolean[];
  /** Per frame read, in pre-order: children skipped (the frame is collapsed when the tree opens). */
  hiddenChildren: number[];
  /** The whole result was in the text. */
  complete: boolean;
}

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function skipWs(t: string, i: number): number {
  while (i < t.length && isWs(t.charCodeAt(i))) i++;
  return i;
}

/** End (exclusive) of the string starting at `t[i] === '"'`, or -1 when the text ends first. */
function stringEnd(t: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = t.indexOf('"', from);
    if (q < 0) return -1;
    let b = q - 1;
    let slashes = 0;
    while (t.charCodeAt(b) === 92) {
      slashes++;
      b--;
    }
    if (slashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** End (exclusive) of the object or array starting at `i`, or -1 when the text ends inside it. */
function nestedEnd(t: string, i: number): number {
  let depth = 0;
  const n = t.length;
  for (let j = i; j < n; j++) {
    const c = t.charCodeAt(j);
    if (c === 34) {
      const e = stringEnd(t, j);
      if (e < 0) return -1;
      j = e - 1;
    } else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return j + 1;
  }
  return -1;
}

/** End (exclusive) of the JSON value starting at `i`, or -1 when the text ends inside it. */
function valueEnd(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 34) return stringEnd(t, i);
  if (c === 123 || c === 91) return nestedEnd(t, i);
  // A number or a literal: it ends at a delimiter (the text's end may cut a number short).
  for (let j = i; j < t.length; j++) {
    const d = t.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || isWs(d)) return j;
  }
  return -1;
}

function parseSlice(t: string, start: number, end: number): unknown {
  // A plain string (no escapes) needs no parser.
  if (t.charCodeAt(start) === 34) {
    const slash = t.indexOf("\\", start);
    if (slash < 0 || slash >= end) return t.slice(start + 1, end - 1);
  }
  return JSON.parse(t.slice(start, end)) as unknown;
}

interface Open {
  obj: Record<string, unknown>;
  /** Pre-order number of this frame among the frames read. */
  at: number;
  level: number;
  /** Its `calls` list has begun (its fields before it are all here). */
  headed: boolean;
  /** Inside its `calls` array: the children read so far (null: not inside it). */
  calls: unknown[] | null;
}

/**
 * The top of the call tree in `text` (the start of a JSON-RPC answer), or null when the text does
 * not start as a plain callTracer result answering `id` (an error, another id, another shape):
 * the full answer is then read as always. `id` must come before `result` for a preview.
 */
export function previewTrace(text: string, id: number): PreviewTree | null {
  const t = text;
  let p = skipWs(t, 0);
  if (t.charCodeAt(p) !== 123) return null;
  p++;
  let idSeen = false;
  // The envelope, up to `result`.
  for (;;) {
    p = skipWs(t, p);
    const c = t.charCodeAt(p);
    if (c === 44) {
      p++;
      continue;
    }
    if (c !== 34) return null;
    const ke = stringEnd(t, p);
    if (ke < 0) return null;
    const key = parseSlice(t, p, ke);
    p = skipWs(t, ke);
    if (t.charCodeAt(p) !== 58) return null;
    p = skipWs(t, p + 1);
    if (key === "result") {
      if (!idSeen || t.charCodeAt(p) !== 123) return null;
      break;
    }
    if (key === "error") return null;
    const ve = valueEnd(t, p);
    if (ve < 0) return null;
    if (key === "id") {
      let v: unknown;
      try {
        v = parseSlice(t, p, ve);
      } catch {
        return null;
      }
      if (!sameId(v, id)) return null;
      idSeen = true;
    }
    p = ve;
  }

  const root: Record<string, unknown> = {};
  const shown: boolean[] = [false];
  const hiddenChildren: number[] = [0];
  const stack: Open[] = [{ obj: root, at: 0, level: 1, headed: false, calls: null }];
  const settle = (o: Open) => {
    shown[o.at] = o.headed && typeof o.obj.type === "string";
  };
  p++;
  try {
    while (stack.length > 0 && p < t.length) {
      const top = stack[stack.length - 1] as Open;
      p = skipWs(t, p);
      if (p >= t.length) break;
      const c = t.charCodeAt(p);
      if (c === 44) {
        p++;
        continue;
      }
      if (top.calls !== null) {
        // Inside a frame's calls: a child, or the end of the list.
        if (c === 93) {
          top.calls = null;
          p++;
          continue;
        }
        if (c !== 123) return null;
        if (top.level >= OPEN_DEPTH) {
          // The frame is collapsed when the tree opens: its children are only counted.
          const e = nestedEnd(t, p);
          if (e < 0) break;
          hiddenChildren[top.at] = (hiddenChildren[top.at] as number) + 1;
          p = e;
          continue;
        }
        const child: Record<string, unknown> = {};
        top.calls.push(child);
        const at = shown.length;
        shown.push(false);
        hiddenChildren.push(0);
        stack.push({ obj: child, at, level: top.level + 1, headed: false, calls: null });
        p++;
        continue;
      }
      // A frame's fields.
      if (c === 125) {
        top.headed = true;
        settle(top);
        stack.pop();
        p++;
        continue;
      }
      if (c !== 34) return null;
      const ke = stringEnd(t, p);
      if (ke < 0) break;
      const key = parseSlice(t, p, ke);
      if (typeof key !== "string") return null;
      let v = skipWs(t, ke);
      if (v >= t.length) break;
      if (t.charCodeAt(v) !== 58) return null;
      v = skipWs(t, v + 1);
      if (v >= t.length) break;
      if (key === "calls" && t.charCodeAt(v) === 91) {
        const calls: unknown[] = [];
        top.obj.calls = calls;
        top.calls = calls;
        top.headed = true;
        settle(top);
        p = v + 1;
        continue;
      }
      const e = valueEnd(t, v);
      if (e < 0) break;
      top.obj[key] = parseSlice(t, v, e);
      if (top.headed) settle(top);
      p = e;
    }
  } catch {
    return null;
  }
  return { root, shown, hiddenChildren, complete: stack.length === 0 };
}
