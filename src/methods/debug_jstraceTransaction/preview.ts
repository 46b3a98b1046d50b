/**
 * The top of a callTracer answer read from the part of the body that has arrived, so the tree's
 * first rows show while the rest is still on its way (the trace Worker calls it as the body
 * arrives; the full answer is then parsed, checked and modelled as always and replaces it).
 *
 * The text is walked only along the "spine" (the frames whose objects are still open where the
 * text ends); every frame that is complete in the text is parsed natively (JSON.parse of its
 * slice), so the cost stays a small multiple of scanning the prefix. Nodes order a frame's fields
 * differently: geth and reth send `calls` before `value`/`type`/`logs`, the legacy JS tracer after.
 * A spine frame whose `type` has not arrived yet is "pending": the view shows it as a placeholder
 * row until the full answer is read. Complete frames are shown as they are.
 *
 * Only what the tree shows when it opens is kept (frames down to PREVIEW_LEVELS; deeper subtrees
 * are dropped), so the preview stays small to post whatever the answer's size.
 */
import { sameId } from "../../rpc/response";

/** Levels kept: the tree opens expanded down to level 3, so level-4 rows show (collapsed), and
 * level 5 is kept only so that level-4 frames know they have children. */
export const PREVIEW_LEVELS = 5;

export interface PreviewTree {
  /** The top frame: complete frames as sent, open ones with the fields and children so far. */
  root: Record<string, unknown>;
  /** The open frames, top first (each the last child of the one before). */
  open: Record<string, unknown>[];
  /** Per open frame: every field before its `calls` has arrived, `type` among them. */
  shown: boolean[];
  /** The whole result was in the text (nothing is open). */
  complete: boolean;
}

const WS = new Set([32, 9, 10, 13]);

function skipWs(t: string, i: number): number {
  while (i < t.length && WS.has(t.charCodeAt(i))) i++;
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

const STRUCTURAL = /["{}[\]]/g;

/** End (exclusive) of the JSON value starting at `i`, or -1 when the text ends inside it. */
function valueEnd(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 34) return stringEnd(t, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    STRUCTURAL.lastIndex = i;
    for (;;) {
      const m = STRUCTURAL.exec(t);
      if (m === null) return -1;
      const at = m.index;
      const ch = t.charCodeAt(at);
      if (ch === 34) {
        const e = stringEnd(t, at);
        if (e < 0) return -1;
        STRUCTURAL.lastIndex = e;
      } else if (ch === 123 || ch === 91) depth++;
      else if (--depth === 0) return at + 1;
    }
  }
  // A number or a literal: it ends at a delimiter (the text's end may cut a number short).
  let j = i;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || WS.has(d)) return j;
    j++;
  }
  return -1;
}

function parseSlice(t: string, start: number, end: number): unknown {
  // A plain string (no escapes) needs no parser.
  if (t.charCodeAt(start) === 34 && t.indexOf("\\", start) >= end - 1)
    return t.slice(start + 1, end - 1);
  return JSON.parse(t.slice(start, end)) as unknown;
}

/** Drops the children of frames at `PREVIEW_LEVELS` and below in a complete subtree at `level`. */
function prune(frame: unknown, level: number): void {
  const stack: [unknown, number][] = [[frame, level]];
  while (stack.length > 0) {
    const [f, l] = stack.pop() as [unknown, number];
    if (typeof f !== "object" || f === null || Array.isArray(f)) continue;
    const calls = (f as Record<string, unknown>).calls;
    if (!Array.isArray(calls)) continue;
    if (l >= PREVIEW_LEVELS) {
      // The rows do not go this deep.
      delete (f as Record<string, unknown>).calls;
      continue;
    }
    for (const c of calls) stack.push([c, l + 1]);
  }
}

interface Open {
  obj: Record<string, unknown>;
  level: number;
  /** Its `calls` list has begun (its fields before it are all here). */
  headed: boolean;
  /** Inside its `calls` array. */
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
  const stack: Open[] = [{ obj: root, level: 1, headed: false, calls: null }];
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
        const e = valueEnd(t, p);
        if (e >= 0) {
          const child = JSON.parse(t.slice(p, e)) as unknown;
          prune(child, top.level + 1);
          if (top.level < PREVIEW_LEVELS) top.calls.push(child);
          p = e;
          continue;
        }
        const child: Record<string, unknown> = {};
        top.calls.push(child);
        stack.push({ obj: child, level: top.level + 1, headed: false, calls: null });
        p++;
        continue;
      }
      // A frame's fields.
      if (c === 125) {
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
        p = v + 1;
        continue;
      }
      const e = valueEnd(t, v);
      if (e < 0) break;
      top.obj[key] = parseSlice(t, v, e);
      p = e;
    }
  } catch {
    return null;
  }
  return {
    root,
    open: stack.map((o) => o.obj),
    shown: stack.map((o) => o.headed && typeof o.obj.type === "string"),
    complete: stack.length === 0,
  };
}
