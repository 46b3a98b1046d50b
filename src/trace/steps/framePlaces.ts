/**
 * Where a frame's steps are in the verified source: each step's instruction and line, a step's
 * place (file, line, column, text) and the failing step's place, found from the jumps before it.
 * No React.
 */
import { locatePc, type Jump } from "../../chain/solidity";
import type { DebugPlace } from "./frameTypes";
import { instructionAt, type SourceIndex } from "./sourceIndex";
import type { DebugFrameData } from "./trace";

/** What the frame steps through when there is no source index: pcs and gas only. */
export interface Places {
  s: SourceIndex | null;
  instr: Int32Array;
  lineAt: Int32Array;
}

export function placesOf(data: DebugFrameData, s: SourceIndex | null): Places {
  const size = data.kept;
  const instr = new Int32Array(size).fill(-1);
  const lineAt = new Int32Array(size).fill(-1);
  if (s)
    for (let k = 0; k < size; k++) {
      const i = instructionAt(s, data.pcs[k] ?? -1);
      instr[k] = i;
      if (i >= 0) lineAt[k] = s.line[i] ?? -1;
    }
  return { s, instr, lineAt };
}

/** The place of instruction i (null: none, or no source index), each worked out once. */
export function placeFinder(s: SourceIndex | null): (i: number) => DebugPlace | null {
  const placeCache = new Map<number, DebugPlace | null>();
  const placeOfInstr = (i: number): DebugPlace | null => {
    if (!s || i < 0) return null;
    const hit = placeCache.get(i);
    if (hit !== undefined) return hit;
    const id = s.line[i] ?? -1;
    const ref = id >= 0 ? s.lines[id] : undefined;
    const e = s.entries[i];
    const out =
      ref && e
        ? {
            path: ref.path,
            line: ref.line,
            column: columnOf(s, e.file, e.start, ref.line),
            text: ref.text,
            start: e.start,
            end: e.start + e.length,
            via: "step" as const,
          }
        : null;
    placeCache.set(i, out);
    return out;
  };
  return placeOfInstr;
}

/** Where the failing step is: its own place, or the jump into the generated or shared code it ran. */
export function failPlaceOf(
  data: DebugFrameData,
  s: SourceIndex | null,
  instr: Int32Array,
  failStep: number | null,
): DebugPlace | null {
  let failPlace: DebugPlace | null = null;
  if (failStep !== null && s) {
    const jumps: Jump[] = [];
    for (let k = failStep - 1; k >= 0 && jumps.length < 16 && failStep - k < 5000; k--) {
      const i = instr[k] ?? -1;
      const o = i >= 0 ? s.op[i] : 0;
      const pc = data.pcs[k] ?? 0;
      const next = data.pcs[k + 1] ?? 0;
      if ((o === 0x56 || o === 0x57) && next !== pc + 1) jumps.unshift({ from: pc, to: next });
    }
    const found = locatePc({
      entries: s.entries,
      index: s.index,
      files: s.files,
      code: s.hex,
      pc: data.pcs[failStep] ?? 0,
      jumps,
    });
    if (found) failPlace = { ...found, via: found.via === "revert" ? "step" : "jump" };
  }
  return failPlace;
}

function columnOf(s: SourceIndex, file: number, start: number, line: number): number {
  const f = s.files.get(file);
  if (!f) return 1;
  // the line's first byte: walk back from the range's start to the newline before it
  const bytes = new TextEncoder().encode(f.content.slice(0, Math.min(f.content.length, start + 1)));
  let i = Math.min(start, bytes.length) - 1;
  while (i >= 0 && bytes[i] !== 0x0a) i--;
  void line;
  return start - i;
}
