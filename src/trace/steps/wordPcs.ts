/**
 * Where pass 1 keeps stack words: at each JUMP the source map marks `i` into a declared function
 * (the arguments sit under the jump's target: the parameter count plus one word) and each JUMP
 * marked `o` out of one (the return values under the return address). Everything else records
 * only pc and gas. No React.
 */
import type { SourceBundle } from "../../chain/sources";
import { JUMP_IN, JUMP_OUT, sourceIndexOf } from "./sourceIndex";
import type { DebugWordPcs } from "./tracer";
import { slotCount } from "./functions";

/** The pcs of one contract's code → how many top stack words to keep there. */
export function wordPcsOf(bundle: SourceBundle): Record<number, number> {
  const s = sourceIndexOf(bundle);
  const out: Record<number, number> = {};
  if (!s) return out;
  const pcOf = new Int32Array(s.entries.length).fill(-1);
  for (let pc = 0; pc < s.index.length; pc++) {
    const i = s.index[pc] ?? -1;
    if (i >= 0 && i < pcOf.length) pcOf[i] = pc;
  }
  for (let i = 0; i < s.entries.length; i++) {
    if (s.op[i] !== 0x56) continue;
    const pc = pcOf[i] ?? -1;
    if (pc < 0) continue;
    if (s.jump[i] === JUMP_IN) {
      // the target is the PUSH just before the jump (a computed target keeps nothing)
      const push = i - 1;
      const op = push >= 0 ? (s.op[push] ?? 0) : 0;
      const pushPc = push >= 0 ? (pcOf[push] ?? -1) : -1;
      if (op < 0x60 || op > 0x7f || pushPc < 0) continue;
      let target = 0;
      for (let b = 1; b <= op - 0x5f; b++) target = target * 256 + (s.code[pushPc + b] ?? 0);
      const t = target < s.index.length ? (s.index[target] ?? -1) : -1;
      const fn = t >= 0 ? (s.fn[t] ?? -1) : -1;
      const def = fn >= 0 ? s.functions[fn] : undefined;
      const e = t >= 0 ? s.entries[t] : undefined;
      if (def && e && e.start === def.start && def.params.length > 0)
        out[pc] = slotCount(def.params) + 1;
    } else if (s.jump[i] === JUMP_OUT) {
      const fn = s.fn[i] ?? -1;
      const def = fn >= 0 ? s.functions[fn] : undefined;
      const e = s.entries[i];
      if (def && e && e.start === def.start && def.returns.length > 0)
        out[pc] = slotCount(def.returns) + 1;
    }
  }
  return out;
}

/** The pcs of every verified contract a trace runs (code address → pcs). */
export function debugWordPcs(bundles: Iterable<SourceBundle>): DebugWordPcs {
  const out: Record<string, Record<number, number>> = {};
  for (const b of bundles) {
    const pcs = wordPcsOf(b);
    if (Object.keys(pcs).length) out[b.address.toLowerCase()] = pcs;
  }
  return out;
}
