/**
 * The storage tracer's answer (tracer.ts), checked and lined up with the call tree: frame i of the
 * tracer is frame i of the callTracer's pre-order. Each frame's storage is its caller's for a
 * DELEGATECALL or CALLCODE, else its own `to`; its code is always its `to`.
 */
import { z } from "zod";
import { frameType, type TraceModel } from "../model";

const word = z.string().regex(/^0x[0-9a-f]{64}$/);
const frameSchema = z.looseObject({
  w: z.array(z.tuple([word, word])),
  r: z.array(word),
  p: z.number().int().min(0).optional(),
  o: z.string().optional(),
  j: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
});
export const storageTraceSchema = z.looseObject({
  nodescope: z.literal(1),
  frames: z.array(frameSchema),
  preimages: z.array(z.string().regex(/^0x(?:[0-9a-fA-F]{2})+$/)),
  truncated: z.number().int().nullable(),
});

export interface TracedFrame {
  writes: { slot: string; value: string }[];
  reads: string[];
  /** The pc of the failing instruction, and which it was (REVERT, INVALID, or the faulting op). */
  failPc: number | null;
  failOp: string | null;
  /** The last jumps the failed frame took, oldest first. */
  jumps: { from: number; to: number }[];
  /** Lower-case; null when the call tree does not say. */
  storage: string | null;
  code: string | null;
}

export interface StorageTrace {
  frames: TracedFrame[];
  preimages: string[];
  /** The entry limit the tracer stopped recording at, or null. */
  truncated: number | null;
  /** False when the tracer's frames do not match the call tree's (another node answered differently). */
  inStep: boolean;
  /** (storage address, slot) → the frames that wrote it and took effect, in order. */
  writers: Map<string, number[]>;
}

export type StorageTraceResult =
  { kind: "trace"; trace: StorageTrace } | { kind: "unreadable"; reason: string };

export function writerKey(address: string, slot: string): string {
  return `${address.toLowerCase()}|${slot.toLowerCase()}`;
}

function addressOf(v: unknown): string | null {
  return typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : null;
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
  const inStep = raw.frames.length === model.size;
  const storageOf: (string | null)[] = [];
  const frames: TracedFrame[] = raw.frames.map((f, i) => {
    let storage: string | null = null;
    let code: string | null = null;
    if (inStep) {
      const cf = model.frames[i];
      code = addressOf(cf?.to);
      const type = cf ? frameType(cf) : "?";
      const parent = model.parent[i] ?? -1;
      storage =
        (type === "DELEGATECALL" || type === "CALLCODE") && parent >= 0
          ? (storageOf[parent] ?? null)
          : code;
    }
    storageOf[i] = storage;
    return {
      writes: f.w.map(([slot, v]) => ({ slot, value: v })),
      reads: f.r,
      failPc: f.p ?? null,
      failOp: f.o ?? null,
      jumps: (f.j ?? []).map(([from, to]) => ({ from, to })),
      storage,
      code,
    };
  });
  const writers = new Map<string, number[]>();
  if (inStep)
    frames.forEach((f, i) => {
      if (!f.storage || model.reverted[i]) return;
      for (const w of f.writes) {
        const key = writerKey(f.storage, w.slot);
        const list = writers.get(key) ?? [];
        if (list[list.length - 1] !== i) list.push(i);
        writers.set(key, list);
      }
    });
  return {
    kind: "trace",
    trace: { frames, preimages: raw.preimages, truncated: raw.truncated, inStep, writers },
  };
}
