/**
 * Where pass 1 keeps stack words: at each JUMP the source map marks `i` into a declared function
 * (the arguments sit under the jump's target: the parameter count plus one word) and each JUMP
 * marked `o` out of one (the return values under the return address). Everything else records
 * only pc and gas. No React.
 */
import { codeKindOf, type CodeKind, type SourceBundle } from "../../chain/sources";
import { frameType, type TraceModel } from "../model";
import { JUMP_IN, JUMP_OUT, sourceIndexOf, type SourceIndex } from "./sourceIndex";
import type { DebugTracerOptions } from "./tracer";
import { inMemory, slotCount } from "./functions";

/** Added to a pc's word count where memory is kept too (a `memory` string, bytes or array). */
export const WITH_MEMORY = 100;

/** The pcs of one contract's runtime or creation code → how many top stack words to keep there. */
export function wordPcsOf(bundle: SourceBundle, kind: CodeKind): Record<number, number> {
  const s = sourceIndexOf(bundle, kind);
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
      // the target: the constant just before the jump (a target read from the stack keeps nothing)
      const target = constantBefore(s, pcOf, i - 1, 0)?.value ?? -1n;
      if (target < 0n || target >= BigInt(s.index.length)) continue;
      const t = s.index[Number(target)] ?? -1;
      const fn = t >= 0 ? (s.fn[t] ?? -1) : -1;
      const def = fn >= 0 ? s.functions[fn] : undefined;
      const e = t >= 0 ? s.entries[t] : undefined;
      if (def && e && e.start === def.start && def.params.length > 0)
        out[pc] = slotCount(def.params) + 1 + (def.params.some(inMemory) ? WITH_MEMORY : 0);
    } else if (s.jump[i] === JUMP_OUT) {
      const fn = s.fn[i] ?? -1;
      const def = fn >= 0 ? s.functions[fn] : undefined;
      const e = s.entries[i];
      if (def && e && e.start === def.start && def.returns.length > 0)
        out[pc] = slotCount(def.returns) + 1 + (def.returns.some(inMemory) ? WITH_MEMORY : 0);
    }
  }
  return out;
}

/**
 * The constant instruction i leaves on top of the stack, and the instruction before what it
 * consumed: a PUSH, or shifts and masks of PUSHes — a constructor jumps to an internal function
 * through its pointer packed with the runtime's (`PUSH tags PUSH 0x1b SHL PUSH 0x1c SHR JUMP`).
 */
function constantBefore(
  s: SourceIndex,
  pcOf: Int32Array,
  i: number,
  depth: number,
): { value: bigint; next: number } | null {
  const op = i >= 0 ? (s.op[i] ?? 0) : 0;
  const pc = i >= 0 ? (pcOf[i] ?? -1) : -1;
  if (pc < 0 || depth > 8) return null;
  if (op >= 0x60 && op <= 0x7f) {
    let v = 0n;
    for (let b = 1; b <= op - 0x5f; b++) v = v * 256n + BigInt(s.code[pc + b] ?? 0);
    return { value: v, next: i - 1 };
  }
  // SHL, SHR, AND, OR: the top operand first, the one under it next
  if (op !== 0x1b && op !== 0x1c && op !== 0x16 && op !== 0x17) return null;
  const a = constantBefore(s, pcOf, i - 1, depth + 1);
  const b = a ? constantBefore(s, pcOf, a.next, depth + 1) : null;
  if (!a || !b) return null;
  const mask = (1n << 256n) - 1n;
  const value =
    op === 0x1b
      ? a.value > 255n
        ? 0n
        : (b.value << a.value) & mask
      : op === 0x1c
        ? b.value >> a.value
        : op === 0x16
          ? a.value & b.value
          : a.value | b.value;
  return { value, next: b.next };
}

/**
 * The pcs of every verified contract a trace runs: `words` by code address for the frames that
 * run runtime code, `creationWords` by created address for CREATE frames (their pcs count the
 * initcode). The top frame of a contract-creation transaction is the one frame its address runs
 * (the code is not there until it returns), so its initcode's pcs go under `words`.
 */
export function debugWordPcs(
  model: TraceModel,
  bundles: Readonly<Record<string, SourceBundle | null>>,
): Pick<DebugTracerOptions, "words" | "creationWords"> {
  const words: Record<string, Record<number, number>> = {};
  const creationWords: Record<string, Record<number, number>> = {};
  const seen = new Set<string>();
  model.frames.forEach((f, i) => {
    const to = typeof f.to === "string" ? f.to.toLowerCase() : null;
    const bundle = to ? bundles[to] : null;
    if (!to || !bundle) return;
    const kind = codeKindOf(frameType(f));
    const into = kind === "creation" && i > 0 ? creationWords : words;
    const key = `${into === words ? "w" : "c"}${to}`;
    if (seen.has(key)) return;
    seen.add(key);
    const pcs = wordPcsOf(bundle, kind);
    if (Object.keys(pcs).length) into[to] = pcs;
  });
  return { words, creationWords };
}
