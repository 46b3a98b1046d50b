/**
 * Lines a tracer's frames up with the call tree's. Nodescope's tracers (the storage tracer, the
 * debug tracer) list their frames in the callTracer's pre-order and say of each its call type (`t`)
 * and code address (`a`): frame i of one is frame i of the other when the call types agree and
 * the code addresses agree (where both say one: a failed CREATE has no `to` in the tree). A
 * SELFDESTRUCT frame of the tree runs no code; anvil's tracers report it as the frame it happens
 * in, so only its place is checked.
 */
import { frameType, type TraceModel } from "./model";
import { pathOf } from "./tree";

/** A frame's `to` as a lower-case address, or null. */
export function addressOf(v: unknown): string | null {
  return typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : null;
}

function describe(type: string | null, address: string | null): string {
  return `${type ?? "a call"}${address ? ` to ${address}` : ""}`;
}

/**
 * Why the frames are not the same frames, or null. `name` is the tracer's answer in the message
 * ("the storage trace"); `also` checks what else a tracer says of frame i once its type and code
 * agree (a message, or null).
 */
export function lineUpFrames<F extends { t: string | null; a: string | null }>(
  raw: readonly F[],
  model: TraceModel,
  name: string,
  also?: (f: F, i: number) => string | null,
): string | null {
  const n = Math.min(raw.length, model.size);
  for (let i = 0; i < n; i++) {
    const f = raw[i];
    const cf = model.frames[i];
    if (!f || !cf) break;
    const type = frameType(cf);
    if (type === "SELFDESTRUCT") continue;
    const to = addressOf(cf.to);
    const t = f.t ? f.t.toUpperCase() : null;
    const a = f.a ? f.a.toLowerCase() : null;
    const sameType = t === null || type === "?" || t === type;
    const sameCode = a === null || to === null || a === to;
    if (!sameType || !sameCode)
      return `frame ${pathOf(model, i)} is ${describe(type, to)} in the call tree and ${describe(t, a)} in ${name}`;
    const other = also?.(f, i) ?? null;
    if (other) return other;
  }
  if (raw.length !== model.size)
    return `${name} has ${raw.length} frames, the call tree ${model.size}`;
  return null;
}
