/** The frame the Source and Debug views show. */
import { codeKindOf, type CodeKind } from "../../chain/sources";
import { frameType, type TraceModel } from "../model";

/** The selected frame, else the first failed one, else the top frame. */
export function sourceFrame(model: TraceModel, selected: number): number {
  if (selected >= 0 && selected < model.size) return selected;
  return model.failures[0] ?? 0;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A frame's code address (lower-case), or null when it has none. */
export function codeAddress(model: TraceModel, i: number): string | null {
  const to = model.frames[i]?.to;
  return typeof to === "string" && ADDRESS.test(to) ? to.toLowerCase() : null;
}

/**
 * A frame's code address with what a tracer saw: the call tree leaves a failed CREATE's out (geth
 * and anvil drop its `to`), the tracer's `enter` names the address it was creating at.
 */
export function frameCodeAddress(
  model: TraceModel,
  i: number,
  traced: string | null | undefined,
): string | null {
  const own = codeAddress(model, i);
  if (own || frameCodeKind(model, i) !== "creation") return own;
  return traced && ADDRESS.test(traced) ? traced.toLowerCase() : null;
}

/** Which code a frame runs: a CREATE frame's (a creation transaction's top frame's) is the initcode. */
export function frameCodeKind(model: TraceModel, i: number): CodeKind {
  const f = model.frames[i];
  return codeKindOf(f ? frameType(f) : null);
}
