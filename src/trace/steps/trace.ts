/**
 * The debug tracer's answer (tracer.ts), checked (zod, unknown fields kept) and lined up with the
 * call tree the way the storage trace is (source/storageTrace.ts): both list the frames in the
 * same pre-order, and each tracer frame's call type and code address must be the tree's. The
 * per-step numbers become typed arrays once: the pcs, and the gas left at each step rebuilt from
 * the differences the tracer sent.
 */
import { z } from "../../platform/zod";
import { lineUpFrames } from "../lineUp";
import type { TraceModel } from "../model";

const count = z.int().check(z.gte(0));
const hexWord = z.string().check(z.regex(/^[0-9a-fA-F]{1,64}$/));
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const detailSchema = z.looseObject({
  k: count,
  o: count,
  s: z.array(hexWord),
  m: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/)),
  mo: count,
  ml: count,
  sl: z.optional(z.tuple([hexWord, z.nullable(hexWord)])),
});
const frameSchema = z.looseObject({
  t: z.nullable(z.string()),
  a: z.nullable(address),
  at: z.int().check(z.gte(-1)),
  n: count,
  p: z.array(count),
  // a step's gas difference can be negative where a callee's refund is handed back
  g: z.array(z.int()),
  w: z.array(z.array(z.union([count, hexWord]))),
  wm: z.optional(z.array(z.tuple([count, z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/))]))),
  u: z.optional(count),
  e: z.optional(z.string()),
  f: z.optional(count),
  x: z.optional(z.array(detailSchema)),
});
export const debugTraceSchema = z.looseObject({
  nodescope: z.literal("debug"),
  v: z.literal(1),
  frames: z.array(frameSchema).check(z.minLength(1)),
  max: count,
  kept: count,
  cut: count,
  window: z.nullable(z.looseObject({ f: count, from: count, to: count })),
});

/** One step's stack, memory and storage access (pass 2). Words are lower-case hex, no 0x. */
export interface StepDetail {
  step: number;
  /** The opcode (a number). */
  op: number;
  /** Bottom first. */
  stack: string[];
  /** Bytes of memory from `memoryOffset` (0x…), of `memorySize` in all. */
  memory: string;
  memoryOffset: number;
  memorySize: number;
  /** The slot read or written and its value (null when the read's value was not seen). */
  storage: { slot: string; value: string | null; write: boolean } | null;
}

export interface DebugFrameData {
  /** What the tracer saw: the call type and code address (lower-case). */
  type: string | null;
  address: string | null;
  /** The parent frame's step that opened this one (its CALL); -1 for the top frame. */
  parentStep: number;
  /** Steps the frame ran; `pcs` holds the first `kept` of them. */
  steps: number;
  kept: number;
  pcs: Uint32Array;
  /** Gas left before each kept step. */
  gas: Float64Array;
  /** Stack words the tracer kept at listed pcs: step → words, top first (hex, no 0x). */
  words: Map<number, string[]>;
  /** Memory (hex from byte 0) kept with the words at jumps whose values lie in memory. */
  wordMemory?: Map<number, string>;
  /** What the node said consumed by the frame (child frames), or null. */
  gasUsed: number | null;
  failStep: number | null;
  error: string | null;
  /** Pass 2's steps of this frame. */
  details: Map<number, StepDetail>;
}

export interface DebugTrace {
  frames: DebugFrameData[];
  /** The bound on kept steps, how many were kept, and how many were not. */
  max: number;
  kept: number;
  cut: number;
  /** The window the answer describes in detail (pass 2), or null for pass 1. */
  window: { frame: number; from: number; to: number } | null;
  /** False when the tracer's frames are not the call tree's (see `mismatch`). */
  inStep: boolean;
  mismatch: string | null;
}

export type DebugTraceResult =
  { kind: "trace"; trace: DebugTrace } | { kind: "unreadable"; reason: string };

type RawFrame = z.infer<typeof frameSchema>;

/** Why the tracer's frames and the call tree's are not the same frames (lineUp.ts), or null. */
function lineUp(raw: readonly RawFrame[], model: TraceModel): string | null {
  return lineUpFrames(raw, model, "the debug trace");
}

function frameData(f: RawFrame): DebugFrameData {
  const kept = Math.min(f.p.length, f.g.length);
  const pcs = Uint32Array.from(f.p.slice(0, kept));
  const gas = new Float64Array(kept);
  let left = 0;
  for (let k = 0; k < kept; k++) {
    const g = f.g[k] ?? 0;
    // the first entry is the gas left negated (the tracer's difference from 0)
    left = k === 0 ? -g : left - g;
    gas[k] = left;
  }
  const words = new Map<number, string[]>();
  for (const rec of f.w) {
    const [step, ...rest] = rec;
    if (typeof step === "number") words.set(step, rest.map(String));
  }
  const wordMemory = new Map<number, string>();
  for (const [step, hex] of f.wm ?? []) wordMemory.set(step, hex.toLowerCase());
  const details = new Map<number, StepDetail>();
  for (const d of f.x ?? [])
    details.set(d.k, {
      step: d.k,
      op: d.o,
      stack: d.s.map((w) => w.toLowerCase()),
      memory: d.m.toLowerCase(),
      memoryOffset: d.mo,
      memorySize: d.ml,
      storage: d.sl
        ? {
            slot: d.sl[0].toLowerCase(),
            value: d.sl[1]?.toLowerCase() ?? null,
            write: d.o === 0x55,
          }
        : null,
    });
  return {
    type: f.t,
    address: f.a ? f.a.toLowerCase() : null,
    parentStep: f.at,
    steps: f.n,
    kept,
    pcs,
    gas,
    words,
    wordMemory,
    gasUsed: f.u ?? null,
    failStep: f.f ?? null,
    error: f.e ?? null,
    details,
  };
}

/**
 * Reads the tracer's answer (pass 1 or pass 2) against the call tree it belongs to; `model` null
 * skips the line-up (a test, or a trace opened without its tree).
 */
export function parseDebugTrace(json: unknown, model: TraceModel | null): DebugTraceResult {
  const parsed = debugTraceSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: "unreadable",
      reason: issue
        ? `${issue.path.join(".") || "result"}: ${issue.message}`
        : "not the debug tracer's answer",
    };
  }
  const raw = parsed.data;
  const mismatch = model ? lineUp(raw.frames, model) : null;
  const frames = raw.frames.map(frameData);
  return {
    kind: "trace",
    trace: {
      frames,
      max: raw.max,
      kept: raw.kept,
      cut: raw.cut,
      window: raw.window ? { frame: raw.window.f, from: raw.window.from, to: raw.window.to } : null,
      inStep: mismatch === null,
      mismatch,
    },
  };
}
