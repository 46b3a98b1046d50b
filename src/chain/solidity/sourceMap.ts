/**
 * Solidity source maps (the compressed `s:l:f:j:m;…` form, one entry per instruction) and what a
 * failing pc means in the source: file, line, column and the line's text. No React.
 *
 * A failing pc inside generated code (a file id the contract's sources do not hold, such as the
 * compiler's Yul utility functions) or without a place (file -1) is located by the last jump the
 * frame took from a place in the sources, as Otterscan's revert trace does. So is one in a block
 * the optimizer shares between reverts (a plain `require(c)`'s `revert(0, 0)`, an argument-less
 * custom error): the block was jumped into, and it keeps the place of only one of the statements
 * that share it, so the jump's own place, when it does not enclose the block's (an `if` around
 * its `revert`), is where this revert came from.
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

export interface Jump {
  /** The JUMP/JUMPI's pc, and where it went. */
  from: number;
  to: number;
}

export interface LocateInput {
  entries: readonly SourceMapEntry[];
  index: Int32Array;
  files: ReadonlyMap<number, SourceFile>;
  /** The runtime bytecode the map counts instructions in (to tell a block that was jumped into). */
  code?: string;
  pc: number;
  /** The frame's last jumps taken, oldest first. */
  jumps?: readonly Jump[];
}

const ENDS_BLOCK = new Set([0x00, 0x56, 0x57, 0xf3, 0xfd, 0xfe, 0xff]);

/** Whether `pc` is reached from `to` without another jump or jump target: the jump entered its block. */
export function enteredBy(code: string, to: number, pc: number): boolean {
  const hex = code.startsWith("0x") ? code.slice(2) : code;
  const op = (at: number) => parseInt(hex.slice(at * 2, at * 2 + 2), 16);
  if (to > pc || op(to) !== 0x5b) return false;
  for (let at = to; at <= pc && at * 2 < hex.length;) {
    if (at === pc) return true;
    const o = op(at);
    if (ENDS_BLOCK.has(o) || (o === 0x5b && at !== to)) return false;
    at += o >= 0x60 && o <= 0x7f ? o - 0x5e : 1;
  }
  return false;
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
  const jumps = input.jumps ?? [];
  const last = jumps[jumps.length - 1];
  if (own && last && input.code && enteredBy(input.code, last.to, input.pc)) {
    const from = tryPc(last.from, "jump");
    const encloses =
      from && from.path === own.path && from.start <= own.start && from.end >= own.end;
    if (from && !encloses && (from.path !== own.path || from.start !== own.start)) return from;
  }
  if (own) return own;
  for (let k = jumps.length - 1; k >= 0; k--) {
    const found = tryPc((jumps[k] as Jump).from, "jump");
    if (found) return found;
  }
  return null;
}
