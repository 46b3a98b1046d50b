/**
 * The storage tracer's answer (tracer.ts), checked and lined up with the call tree. Both list the
 * frames in the same pre-order, and the tracer says of each its call type and code address: the
 * frames are matched pair by pair on those, so an answer from another execution (another block,
 * another node) is said not to line up instead of naming one contract's slots with another's
 * layout. Each frame's storage is its caller's for a DELEGATECALL or CALLCODE, else its own `to`
 * (the tracer's own storage address, where it touched storage, must agree); its code is its `to`.
 */
import { z } from "../../platform/zod";
import { frameType, type TraceModel } from "../model";
import { addressOf, lineUpFrames } from "../lineUp";
import { pathOf } from "../tree";

const word = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const count = z.int().check(z.gte(0));
const frameSchema = z.looseObject({
  t: z.nullable(z.string()),
  a: z.nullable(address),
  s: z.optional(address),
  w: z.array(z.tuple([word, word, word])),
  r: z.array(word),
  p: z.optional(count),
  o: z.optional(z.string()),
  e: z.optional(z.string()),
  j: z.optional(z.array(z.tuple([count, count]))),
});
export const storageTraceSchema = z.looseObject({
  nodescope: z.literal(2),
  frames: z.array(frameSchema).check(z.minLength(1)),
  preimages: z.array(z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})+$/))),
  max: count,
  kept: count,
  cut: z.object({ w: count, r: count, k: count }),
});

export interface SlotWrite {
  slot: string;
  /** The slot's value before the frame first wrote it, and after its last write. */
  before: string;
  after: string;
}

export interface TracedFrame {
  /** Each slot the frame wrote, once. */
  writes: SlotWrite[];
  reads: string[];
  /** The pc of the failing instruction, and which it was (REVERT, INVALID, the failing op). */
  failPc: number | null;
  failOp: string | null;
  /** The node's word for the failure ("out of gas", "stack underflow (0 <=> 1)"), if it gave one. */
  failError: string | null;
  /** The last jumps the failed frame took, oldest first. */
  jumps: { from: number; to: number }[];
  /** What the tracer saw: the call type and the code address (lower-case; null where unknown). */
  type: string | null;
  address: string | null;
  /** Lower-case; null when the frames do not line up with the call tree. */
  storage: string | null;
  code: string | null;
}

/** What the tracer left out once it had kept `max` entries: distinct writes and reads, preimages. */
export interface StorageTraceCut {
  writes: number;
  reads: number;
  preimages: number;
}

export interface StorageTrace {
  frames: TracedFrame[];
  preimages: string[];
  /** The bound on distinct entries, and how many the tracer kept. */
  max: number;
  kept: number;
  /** Null when nothing was left out. */
  cut: StorageTraceCut | null;
  /** False when the tracer's frames do not match the call tree's (see `mismatch`). */
  inStep: boolean;
  /** Where and how they first differ, in words for the views; null when they line up. */
  mismatch: string | null;
  /** (storage address, slot) → the frames that wrote it and took effect, in order. */
  writers: Map<string, number[]>;
}

export type StorageTraceResult =
  { kind: "trace"; trace: StorageTrace } | { kind: "unreadable"; reason: string };

export function writerKey(address: string, slot: string): string {
  return `${address.toLowerCase()}|${slot.toLowerCase()}`;
}

type RawFrame = z.infer<typeof frameSchema>;

/** Why the tracer's frames and the call tree's are not the same frames (lineUp.ts), or null. */
function lineUp(raw: readonly RawFrame[], model: TraceModel, storage: (string | null)[]) {
  return lineUpFrames(raw, model, "the storage trace", (f, i) => {
    const s = f.s?.toLowerCase();
    return s && storage[i] && s !== storage[i]
      ? `frame ${pathOf(model, i)} touched the storage of ${s}, the call tree says ${storage[i]}`
      : null;
  });
}

/** Reads the tracer's answer against the call tree it belongs to. */
export function readStorageTrace(value: unknown, model: TraceModel): StorageTraceResult {
  const parsed = storageTraceSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      kind: "unreadable",
      reason: issue
        ? `${issue.path.join(".") || "result"}: ${issue.message}`
        : "not the tracer's answer",
    };
  }
  const raw = parsed.data;
  // The call tree's storage and code per frame, before knowing whether the tracer agrees.
  const treeStorage: (string | null)[] = [];
  const treeCode: (string | null)[] = [];
  for (let i = 0; i < model.size; i++) {
    const cf = model.frames[i];
    const code = addressOf(cf?.to);
    const type = cf ? frameType(cf) : "?";
    const parent = model.parent[i] ?? -1;
    treeCode[i] = code;
    treeStorage[i] =
      (type === "DELEGATECALL" || type === "CALLCODE") && parent >= 0
        ? (treeStorage[parent] ?? null)
        : code;
  }
  const mismatch = lineUp(raw.frames, model, treeStorage);
  const inStep = mismatch === null;
  const frames: TracedFrame[] = raw.frames.map((f, i) => ({
    writes: f.w.map(([slot, before, after]) => ({ slot, before, after })),
    reads: f.r,
    failPc: f.p ?? null,
    failOp: f.o ?? null,
    failError: f.e ?? null,
    jumps: (f.j ?? []).map(([from, to]) => ({ from, to })),
    type: f.t,
    address: f.a ? f.a.toLowerCase() : null,
    storage: inStep ? (treeStorage[i] ?? null) : null,
    code: inStep ? (treeCode[i] ?? null) : null,
  }));
  const writers = new Map<string, number[]>();
  if (inStep)
    frames.forEach((f, i) => {
      if (!f.storage || model.reverted[i]) return;
      for (const w of f.writes) {
        const key = writerKey(f.storage, w.slot);
        const list = writers.get(key) ?? [];
        list.push(i);
        writers.set(key, list);
      }
    });
  const { w, r, k } = raw.cut;
  return {
    kind: "trace",
    trace: {
      frames,
      preimages: raw.preimages,
      max: raw.max,
      kept: raw.kept,
      cut: w + r + k > 0 ? { writes: w, reads: r, preimages: k } : null,
      inStep,
      mismatch,
      writers,
    },
  };
}
