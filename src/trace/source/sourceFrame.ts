/** The frame the Source and Debug views show. */
import type { TraceModel } from "../model";

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
