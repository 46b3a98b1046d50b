/**
 * Solidity source maps (the compressed `s:l:f:j:m;…` form, one entry per instruction) and what a
 * failing pc means in the source: file, line, column and the line's text. No React.
 *
 * A failing pc inside generated code (a file id the contract's sources do not hold, such as the
 * compiler's Yul utility functions) or without a place (file -1) is located by the last jump the
 * frame took from a place in the sources, as Otterscan's revert trace does.
 */

export type JumpMark = "i" | "o" | "-";

export interface SourceMapEntry {
  /** Byte offset of the range in the file; -1 for none. */
  start: number;
  length: number;
  /** The file's source id; -1 for none. */
  file: number;
  jump: JumpMark;
  modifierDepth: number;
}

/** Decodes the compressed form: empty or missing fields repeat the previous entry's. */
export function decodeSourceMap(map: string): SourceMapEntry[] {
  const out: SourceMapEntry[] = [];
  let prev: SourceMapEntry = { start: -1, length: -1, file: -1, jump: "-", modifierDepth: 0 };
  if (map.trim() === "") return out;
  for (const part of map.split(";")) {
    const f = part.split(":");
    const num = (i: number, old: number) => {
      const v = f[i];
      if (v === undefined || v === "") return old;
      const n = Number(v);
      return Number.isInteger(n) ? n : old;
    };
    const j = f[3];
    const cur: SourceMapEntry = {
      start: num(0, prev.start),
      length: num(1, prev.length),
      file: num(2, prev.file),
      jump: j === "i" || j === "o" || j === "-" ? j : prev.jump,
      modifierDepth: num(4, prev.modifierDepth),
    };
    out.push(cur);
    prev = cur;
  }
  return out;
}

/** pc → instruction index (a PUSHn's data bytes map to -1). */
export function instructionIndex(code: string): Int32Array {
  const hex = code.startsWith("0x") ? code.slice(2) : code;
  const size = Math.floor(hex.length / 2);
  const index = new Int32Array(size).fill(-1);
  let n = 0;
  for (let pc = 0; pc < size;) {
    index[pc] = n++;
    const op = parseInt(hex.slice(pc * 2, pc * 2 + 2), 16);
    pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
  }
  return index;
}

export interface SourceFile {
  id: number;
  path: string;
  content: string;
}

export interface SourcePlace {
  path: string;
  /** 1-based. */
  line: number;
  column: number;
  /** The line's text (attacker-controlled: render as text). */
  text: string;
  /** The range's start and end offsets in the file. */
  start: number;
  end: number;
  /** "revert": where the failing instruction itself maps; "jump": the last jump into generated or unmapped code. */
  via: "revert" | "jump";
}

/** The 1-based line and column of a byte offset (source maps count UTF-8 bytes). */
export function lineOf(
  content: string,
  offset: number,
): { line: number; column: number; text: string } {
  const bytes = new TextEncoder().encode(content);
  const before = new TextDecoder().decode(
    bytes.slice(0, Math.max(0, Math.min(offset, bytes.length))),
  );
  const lines = content.split("\n");
  const lineIdx = before.split("\n").length - 1;
  const column = before.length - (before.lastIndexOf("\n") + 1) + 1;
  return { line: lineIdx + 1, column, text: (lines[lineIdx] ?? "").replace(/\r$/, "") };
}

export interface LocateInput {
  entries: readonly SourceMapEntry[];
  index: Int32Array;
  files: ReadonlyMap<number, SourceFile>;
  pc: number;
  /** The frame's last jumps (pcs of JUMP/JUMPI taken), oldest first. */
  jumps?: readonly number[];
}

function placeAt(
  input: LocateInput,
  pc: number,
): { entry: SourceMapEntry; file: SourceFile } | null {
  const i = pc >= 0 && pc < input.index.length ? (input.index[pc] ?? -1) : -1;
  const entry = i >= 0 ? input.entries[i] : undefined;
  if (!entry || entry.file < 0 || entry.start < 0) return null;
  const file = input.files.get(entry.file);
  return file ? { entry, file } : null;
}

/** Where a failing pc is in the sources, or null when neither it nor a jump before it maps there. */
export function locatePc(input: LocateInput): SourcePlace | null {
  const tryPc = (pc: number, via: SourcePlace["via"]): SourcePlace | null => {
    const at = placeAt(input, pc);
    if (!at) return null;
    const { line, column, text } = lineOf(at.file.content, at.entry.start);
    return {
      path: at.file.path,
      line,
      column,
      text,
      start: at.entry.start,
      end: at.entry.start + at.entry.length,
      via,
    };
  };
  const own = tryPc(input.pc, "revert");
  if (own) return own;
  const jumps = input.jumps ?? [];
  for (let k = jumps.length - 1; k >= 0; k--) {
    const found = tryPc(jumps[k] as number, "jump");
    if (found) return found;
  }
  return null;
}
