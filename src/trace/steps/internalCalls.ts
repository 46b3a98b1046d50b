/**
 * The internal calls of every frame a pass 1 debug trace covers, for the call tree, the flame
 * chart and Gas by function: each frame whose code Sourcify verified with a source map of the code
 * it runs (the runtime's; a CREATE frame's, the creation code's) is read (buildFrameDebug) and its shown internal calls kept. No React.
 */
import { bundleCode, codeKindOf, type SourceBundle } from "../../chain/sources";
import { frameType, type TraceModel } from "../model";
import { buildFrameDebug, type InternalCall } from "./frame";
import type { DebugTrace } from "./trace";
import { groupedNumber } from "../../ui/basics/numberText";

/** Past this many frames with a verified source map, the rest are left out (and said so). */
export const INTERNAL_CALL_FRAMES = 2_000;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Every code address the trace runs, lower-case, once. */
export function codeAddresses(model: TraceModel): string[] {
  const out = new Set<string>();
  for (const f of model.frames)
    if (typeof f.to === "string" && ADDRESS.test(f.to)) out.add(f.to.toLowerCase());
  return [...out];
}

export interface InternalCallIndex {
  /** Frame index → its internal calls (frames with none are absent). */
  byFrame: Map<number, InternalCall[]>;
  /** Frames read, and how many internal calls in all. */
  frames: number;
  calls: number;
  /** Plain sentences: frames not lined up, verified code without a source map, inlined, the bound. */
  notes: string[];
}

export function internalCallIndex(
  trace: DebugTrace,
  model: TraceModel,
  bundles: Readonly<Record<string, SourceBundle | null>>,
): InternalCallIndex {
  const byFrame = new Map<number, InternalCall[]>();
  const notes: string[] = [];
  if (!trace.inStep) {
    notes.push(
      `The debug trace does not line up with the call tree (${trace.mismatch ?? "another run"}): no internal calls are shown.`,
    );
    return { byFrame, frames: 0, calls: 0, notes };
  }
  let frames = 0;
  let calls = 0;
  let left = 0;
  const inlined = new Set<string>();
  let unmapped = 0;
  for (let i = 0; i < model.size && i < trace.frames.length; i++) {
    const cf = model.frames[i];
    const to = cf?.to;
    const bundle = typeof to === "string" ? bundles[to.toLowerCase()] : undefined;
    if (!bundle || !cf) continue;
    // a CREATE frame runs the initcode: its own source map, not the runtime's
    if (!bundleCode(bundle, codeKindOf(frameType(cf)))) {
      unmapped++;
      continue;
    }
    if (frames >= INTERNAL_CALL_FRAMES) {
      left++;
      continue;
    }
    frames++;
    const input = model.frames[i]?.input;
    const f = buildFrameDebug(trace, i, bundle, {
      input: typeof input === "string" ? input : null,
    });
    for (const n of f.notes) if (n.startsWith("Inlined")) inlined.add(n);
    if (f.internalCalls.length) {
      byFrame.set(i, f.internalCalls);
      calls += f.internalCalls.length;
    }
  }
  if (unmapped)
    notes.push(
      `${groupedNumber(unmapped)} ${unmapped === 1 ? "frame runs" : "frames run"} verified code whose source map Sourcify did not send (a CREATE frame needs the creation code's): no internal calls can be read there.`,
    );
  if (left)
    notes.push(
      `Internal calls are read for the first ${groupedNumber(INTERNAL_CALL_FRAMES)} frames with verified code; ${groupedNumber(left)} more are left out.`,
    );
  if (trace.cut > 0)
    notes.push(
      `Step bound reached: the tracer kept ${groupedNumber(trace.kept)} steps and left ${groupedNumber(trace.cut)} out; internal calls past the bound are not shown.`,
    );
  notes.push(...inlined);
  return { byFrame, frames, calls, notes };
}
