/** The frame the Source and Debug views show. */
import { codeKindOf, type CodeKind } from "../../chain/sources";
import { frameType, type TraceModel } from "../model";

/** The selected frame, else the first failed one, else the top frame. */
export function sourceFrame(model: TraceModel, selected: number): number {
  if (selected >= 0 && selected < model.size) return selected;
  return model.failures[0] ?? 0;
}

/** A frame's code address (lower-case), or null when it has none. */
export function codeAddress(model: TraceModel, i: number): string | null {
  const to = model.frames[i]?.to;
  return typeof to === "string" && /^0x[0-9a-fA-F]{40}$/.test(to) ? to.toLowerCase() : null;
}

/** Which code a frame runs: a CREATE frame's (a creation transaction's top frame's) is the initcode. */
export function frameCodeKind(model: TraceModel, i: number): CodeKind {
  const f = model.frames[i];
  return codeKindOf(f ? frameType(f) : null);
}
