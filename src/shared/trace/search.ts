/**
 * Search over the trace (no React): one lower-case text per frame, built once per model and
 * names source (in slices between frames of the page), then a plain substring pass.
 */
import type { CallFrame } from "./result";
import { frameError, frameType, nodeRevertReason, type TraceModel } from "./model";
import type { Structure } from "./tree";

/** What search needs to know beyond the raw frame: names the decoder can give cheaply. */
export interface SearchNames {
  /** `address`: the called contract (or the emitting one), whose verified ABI names come first. */
  functionName: (selector: string, address?: string) => string | undefined;
  eventName: (topic0: string, address?: string) => string | undefined;
  /** The decoded revert reason of a failed frame's output. */
  revertText: (output: string) => string | undefined;
}

/** Lower-case searchable text per frame, built once per model and names source. */
export function buildSearchTexts(
  m: TraceModel,
  names: SearchNames,
  /** Only frames [from, to) into `texts` (built in slices between frames of the page). */
  part?: { from: number; to: number; texts: string[] },
): string[] {
  const texts = part?.texts ?? new Array<string>(m.size);
  const fnCache = new Map<string, string>();
  const evCache = new Map<string, string>();
  for (let i = part?.from ?? 0, stop = part ? Math.min(part.to, m.size) : m.size; i < stop; i++) {
    const f = m.frames[i] as CallFrame;
    const parts: string[] = [frameType(f), f.from, typeof f.to === "string" ? f.to : ""];
    const input = typeof f.input === "string" ? f.input : "";
    if (input.length >= 10) {
      const sel = input.slice(0, 10).toLowerCase();
      const to = typeof f.to === "string" ? f.to.toLowerCase() : "";
      const key = `${to}|${sel}`;
      let name = fnCache.get(key);
      if (name === undefined) {
        name = names.functionName(sel, to || undefined) ?? "";
        fnCache.set(key, name);
      }
      parts.push(sel, name);
    }
    const error = frameError(f);
    if (error) {
      parts.push(error);
      const reason = nodeRevertReason(f);
      if (reason) parts.push(reason);
      if (typeof f.output === "string" && f.output.length > 2)
        parts.push(names.revertText(f.output) ?? "");
    }
    if (Array.isArray(f.logs)) {
      for (const l of f.logs) {
        parts.push(l.address);
        const t0 = l.topics[0];
        if (t0) {
          const key = t0.toLowerCase();
          const at = `${l.address.toLowerCase()}|${key}`;
          let name = evCache.get(at);
          if (name === undefined) {
            name = names.eventName(key, l.address) ?? "";
            evCache.set(at, name);
          }
          parts.push(key, name);
        }
      }
    }
    texts[i] = parts.join("\u0001").toLowerCase();
  }
  return texts;
}

/** Frames (shown ones only) whose text contains the query, in tree order. */
export function searchFrames(texts: readonly string[], query: string, s: Structure): Int32Array {
  const q = query.trim().toLowerCase();
  if (q === "") return new Int32Array(0);
  const out: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    if ((texts[i] as string).includes(q) && (s.shown === null || s.shown[i])) out.push(i);
  }
  return Int32Array.from(out);
}

/** The first entry of `sorted` after (or before) `from`, wrapping around; -1 when empty. */
export function stepIn(sorted: Int32Array, from: number, dir: 1 | -1): number {
  if (sorted.length === 0) return -1;
  if (dir === 1) {
    for (const x of sorted) if (x > from) return x;
    return sorted[0] as number;
  }
  for (let k = sorted.length - 1; k >= 0; k--)
    if ((sorted[k] as number) < from) return sorted[k] as number;
  return sorted[sorted.length - 1] as number;
}
