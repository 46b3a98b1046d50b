/**
 * What a trace answer holds, for an answer from the node and for a pasted or opened file alike:
 * one call tree, a block's worth of them (`[{txHash, result}]` from debug_traceBlock*, zkSync's
 * `[{result}]`, the empty `[]`), a muxTracer object (`{callTracer: {...}, prestateTracer: {...}}`)
 * or another tracer's free-form JSON. A block or a muxTracer answer is not refused: the user picks
 * the transaction or the tracer (`pickBlockEntry`, `pickTracer`), which is then read the same way.
 */
import { z } from "../platform/zod";
import {
  callFrameSchema,
  isEmptyStructLog,
  looksLikeCallFrame,
  quoteRaw,
  type CallFrame,
} from "./result";

/** One transaction of a block-level answer, with what the picker lists about it. */
export interface BlockEntry {
  /** 0-based position in the answer (the transaction's index in the block, as sent). */
  position: number;
  txHash: string | null;
  /** The entry's `result` as sent; undefined when the entry carries an `error` instead. */
  result: unknown;
  /** The entry's `error` (geth sends one for a transaction it could not trace). */
  error: string | null;
  /** The top call's type and target, when the result is a call tree. */
  topType: string | null;
  topTo: string | null;
  /** Frames in the entry's call tree (0 when the result is not one). */
  frames: number;
}

export interface MuxPart {
  /** The tracer's name as the key of the muxTracer object (`callTracer`, `prestateTracer`…). */
  name: string;
  value: unknown;
}

export type TraceAnswer =
  | { kind: "frame"; frame: CallFrame }
  | { kind: "block"; entries: BlockEntry[] }
  | { kind: "mux"; parts: MuxPart[] }
  | { kind: "other"; value: unknown };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** How many frames a call tree holds (iterative: trees can be 1,024 calls deep). */
export function countFrames(root: unknown): number {
  let n = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const f = stack.pop();
    n++;
    if (isObject(f) && Array.isArray(f.calls)) for (const c of f.calls) stack.push(c);
  }
  return n;
}

/** Whether a value is a block-level answer: an array of `{result}` / `{txHash, result}` / `{txHash, error}` entries. */
export function isBlockAnswer(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.every((e) => isObject(e) && ("result" in e || "error" in e || looksLikeCallFrame(e)))
  );
}

/** Whether a value is a muxTracer answer: an object keyed by tracer names only. */
export function isMuxAnswer(value: unknown): boolean {
  if (!isObject(value) || looksLikeCallFrame(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => /Tracer$/.test(k));
}

function blockEntry(e: Record<string, unknown>, position: number): BlockEntry {
  const hasResult = "result" in e;
  const result = hasResult ? e.result : looksLikeCallFrame(e) ? e : undefined;
  const txHash = typeof e.txHash === "string" ? e.txHash : null;
  const error =
    typeof e.error === "string"
      ? e.error
      : isObject(e.error) && typeof e.error.message === "string"
        ? e.error.message
        : e.error !== undefined && e.error !== null
          ? quoteRaw(e.error)
          : null;
  const frame = isObject(result) && looksLikeCallFrame(result);
  return {
    position,
    txHash,
    result,
    error,
    topType: frame && typeof result.type === "string" ? result.type.toUpperCase() : null,
    topTo: frame && typeof result.to === "string" ? result.to : null,
    frames: frame ? countFrames(result) : 0,
  };
}

/**
 * What an answer holds. `expectFrame`: the answer came for callTracer, so an object that is
 * neither a muxTracer answer nor another known shape is read as a call frame (with warnings for
 * what is missing) rather than as free-form JSON. Throws `TraceShapeError` only for what cannot be
 * shown at all.
 */
export function readTraceAnswer(value: unknown, expectFrame: boolean): TraceAnswer {
  if (isBlockAnswer(value))
    return {
      kind: "block",
      entries: value.map((e, k) => blockEntry(e as Record<string, unknown>, k)),
    };
  if (isMuxAnswer(value))
    return {
      kind: "mux",
      parts: Object.entries(value as Record<string, unknown>).map(([name, v]) => ({
        name,
        value: v,
      })),
    };
  if (looksLikeCallFrame(value) || (expectFrame && isObject(value) && !isEmptyStructLog(value)))
    return { kind: "frame", frame: callFrameSchema.parse(value) };
  if (expectFrame && Array.isArray(value)) {
    const bad = value.findIndex((e) => !isBlockAnswer([e]));
    throw new TraceShapeError(
      `[${bad}]`,
      `expected a block entry {txHash, result} or a call frame, got ${quoteRaw(value[bad])}`,
    );
  }
  if (expectFrame)
    throw new TraceShapeError(
      "",
      `expected a call frame object, a block's array of {txHash, result} or a muxTracer object, got ${quoteRaw(value)}`,
    );
  return { kind: "other", value };
}

/** An answer the viewer cannot show at all: where (`[2].result`, "" for the whole answer) and why. */
export class TraceShapeError extends Error {
  constructor(
    readonly path: string,
    readonly issue: string,
  ) {
    super(`${path === "" ? "the answer" : path}: ${issue}`);
    this.name = "TraceShapeError";
  }
}

/** The picked transaction of a block-level answer, read as a trace answer of its own. */
export function pickBlockEntry(entry: BlockEntry): TraceAnswer {
  if (entry.result === undefined)
    throw new TraceShapeError(
      `[${entry.position}]`,
      `no result${entry.error ? `; the node said: ${entry.error}` : ""}`,
    );
  try {
    return readTraceAnswer(entry.result, false);
  } catch (e) {
    if (e instanceof TraceShapeError)
      throw new TraceShapeError(`[${entry.position}].result${e.path}`, e.issue);
    throw e;
  }
}

/** The picked tracer of a muxTracer answer; its callTracer part is read as a call tree. */
export function pickTracer(part: MuxPart): TraceAnswer {
  try {
    return readTraceAnswer(part.value, part.name === "callTracer");
  } catch (e) {
    if (e instanceof TraceShapeError) throw new TraceShapeError(`${part.name}${e.path}`, e.issue);
    throw e;
  }
}

/**
 * The schema the trace query gives the RPC client for callTracer requests: the answer read as
 * above; an answer that cannot be shown is refused with its path.
 */
export const traceAnswerSchema: z.ZodMiniType<{ raw: unknown; answer: TraceAnswer }> = z.transform(
  (input, ctx) => {
    if (isEmptyStructLog(input)) {
      // The same issue callFrameSchema reports (the view recognises it by its text).
      const r = callFrameSchema.safeParse(input);
      for (const issue of r.error?.issues ?? [])
        ctx.issues.push({ code: "custom", message: issue.message, input });
      return z.NEVER;
    }
    try {
      // The node's own JSON stays as sent (checking copies what it changes): the raw view shows it.
      return { raw: input, answer: readTraceAnswer(input, true) };
    } catch (e) {
      if (!(e instanceof TraceShapeError)) throw e;
      ctx.issues.push({ code: "custom", message: e.issue, input, path: pathKeys(e.path) });
      return z.NEVER;
    }
  },
);

/** `[2].result.calls[0]` as schema path keys: [2, "result", "calls", 0]. */
function pathKeys(path: string): PropertyKey[] {
  const out: PropertyKey[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|\.?([A-Za-z_$][\w$]*)/g))
    out.push(m[1] !== undefined ? Number(m[1]) : (m[2] ?? ""));
  return out;
}

/** A pasted or opened trace: the raw result, a JSON-RPC response, or a test fixture with `result`. */
export function parseTraceJson(
  text: string,
): { ok: true; value: unknown; answer: TraceAnswer } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      message: `Trace JSON is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const value =
    isObject(parsed) && !looksLikeCallFrame(parsed) && !isMuxAnswer(parsed) && "result" in parsed
      ? parsed.result
      : parsed;
  try {
    return { ok: true, value, answer: readTraceAnswer(value, false) };
  } catch (e) {
    if (e instanceof TraceShapeError) return { ok: false, message: `Trace JSON: ${e.message}` };
    throw e;
  }
}

/** The call tree an answer shows directly, if it is one. */
export function frameOf(answer: TraceAnswer | null): CallFrame | null {
  return answer?.kind === "frame" ? answer.frame : null;
}

/** The answer shown after the user's picks: `path` holds one pick per block / muxTracer level. */
export interface PickedAnswer {
  answer: TraceAnswer;
  /** The picked part as the node sent it (for the raw view, copy and download). */
  raw: unknown;
  /** How many picks of `path` were used (a pick below a call tree is ignored). */
  depth: number;
  /** Set when a pick cannot be shown: where and why. */
  error: string | null;
}

export function resolvePicks(
  answer: TraceAnswer,
  raw: unknown,
  path: readonly number[],
): PickedAnswer {
  let at: PickedAnswer = { answer, raw, depth: 0, error: null };
  for (const k of path) {
    const a = at.answer;
    try {
      if (a.kind === "block") {
        const entry = a.entries[k];
        if (!entry) break;
        at = { answer: pickBlockEntry(entry), raw: entry.result, depth: at.depth + 1, error: null };
      } else if (a.kind === "mux") {
        const part = a.parts[k];
        if (!part) break;
        at = { answer: pickTracer(part), raw: part.value, depth: at.depth + 1, error: null };
      } else break;
    } catch (e) {
      if (!(e instanceof TraceShapeError)) throw e;
      return { ...at, depth: at.depth + 1, error: e.message };
    }
  }
  return at;
}
