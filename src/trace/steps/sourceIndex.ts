/**
 * What the debugger reads of one verified contract's code and source map, built once per
 * SourceBundle and code (runtime or creation: a CREATE frame runs the initcode, counted by its own
 * map, and the two never share an index): per instruction its opcode, jump mark, source line (an id into `lines`) and the
 * innermost declared function around its range; the functions of every file. No React.
 *
 * An instruction has no line when its file is not among the verified sources (the compiler's
 * generated Yul helpers), has no range (-1), or maps to a range wider than a function (the
 * contract's dispatcher maps to the whole contract): that code is "unattributed".
 */
import {
  decodeSourceMap,
  instructionIndex,
  type SourceFile,
  type SourceMapEntry,
} from "../../chain/solidity";
import { bundleCode, type CodeKind, type SourceBundle } from "../../chain/sources";
import { enclosingFunction, functionsOf, type FunctionDef } from "./functions";

export const JUMP_NONE = 0;
export const JUMP_IN = 1;
export const JUMP_OUT = 2;

export interface LineRef {
  path: string;
  /** 1-based. */
  line: number;
  /** The line's text (attacker-controlled: render as text). */
  text: string;
}

export interface FunctionRef extends FunctionDef {
  path: string;
  /** 1-based line of `function`. */
  line: number;
}

export interface SourceIndex {
  /** Which code it reads, and that code as bytes and as Sourcify sent it (0x…). */
  kind: CodeKind;
  code: Uint8Array;
  hex: string;
  /** pc → instruction index (-1 inside a PUSH's data). */
  index: Int32Array;
  entries: SourceMapEntry[];
  files: Map<number, SourceFile>;
  /** Per instruction: opcode, jump mark (JUMP_*), line id (-1: none), function id (-1: none). */
  op: Uint8Array;
  jump: Uint8Array;
  line: Int32Array;
  fn: Int32Array;
  lines: LineRef[];
  functions: FunctionRef[];
}

const built = new WeakMap<SourceBundle, Partial<Record<CodeKind, SourceIndex | null>>>();

function hexBytes(code: string): Uint8Array {
  const hex = code.startsWith("0x") ? code.slice(2) : code;
  const out = new Uint8Array(Math.floor(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Byte offsets where each line starts (the source map counts UTF-8 bytes). */
function lineStarts(content: string): { starts: number[]; texts: string[] } {
  const bytes = new TextEncoder().encode(content);
  const starts = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  const texts = content.split("\n").map((t) => t.replace(/\r$/, ""));
  return { starts, texts };
}

function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The index of the bundle's runtime or creation code, or null when it has not that code or its map. */
export function sourceIndexOf(bundle: SourceBundle, kind: CodeKind): SourceIndex | null {
  const cached = built.get(bundle) ?? {};
  const hit = cached[kind];
  if (hit !== undefined) return hit;
  let out: SourceIndex | null = null;
  const bc = bundleCode(bundle, kind);
  if (bc) {
    const code = hexBytes(bc.code);
    const index = instructionIndex(bc.code);
    const entries = decodeSourceMap(bc.sourceMap);
    const files = new Map<number, SourceFile>();
    for (const s of bundle.sources) if (s.id >= 0) files.set(s.id, s);
    const perFile = new Map<
      number,
      { starts: number[]; texts: string[]; defs: FunctionDef[]; base: number }
    >();
    const functions: FunctionRef[] = [];
    for (const [id, f] of files) {
      const { starts, texts } = lineStarts(f.content);
      const defs = functionsOf(f.content);
      perFile.set(id, { starts, texts, defs, base: functions.length });
      for (const d of defs) functions.push({ ...d, path: f.path, line: lineAt(starts, d.start) });
    }
    const count = entries.length;
    const op = new Uint8Array(count);
    const jump = new Uint8Array(count);
    const line = new Int32Array(count).fill(-1);
    const fn = new Int32Array(count).fill(-1);
    const lines: LineRef[] = [];
    const lineIds = new Map<string, number>();
    for (let pc = 0; pc < index.length; pc++) {
      const i = index[pc] ?? -1;
      if (i >= 0 && i < count) op[i] = code[pc] ?? 0;
    }
    for (let i = 0; i < count; i++) {
      const e = entries[i];
      if (!e) continue;
      jump[i] = e.jump === "i" ? JUMP_IN : e.jump === "o" ? JUMP_OUT : JUMP_NONE;
      const file = perFile.get(e.file);
      const source = files.get(e.file);
      if (!file || !source || e.start < 0) continue;
      const end = e.start + Math.max(0, e.length);
      const f = enclosingFunction(file.defs, e.start, end);
      if (f >= 0) fn[i] = file.base + f;
      // wider than a function it holds: the dispatcher or the contract itself
      const wide = file.defs.some(
        (d) => e.start <= d.start && end >= d.end && end - e.start > d.end - d.start,
      );
      if (wide) continue;
      const n = lineAt(file.starts, e.start);
      const key = `${e.file}:${n}`;
      let id = lineIds.get(key);
      if (id === undefined) {
        id = lines.length;
        lineIds.set(key, id);
        lines.push({ path: source.path, line: n, text: file.texts[n - 1] ?? "" });
      }
      line[i] = id;
    }
    out = { kind, code, hex: bc.code, index, entries, files, op, jump, line, fn, lines, functions };
  }
  built.set(bundle, { ...cached, [kind]: out });
  return out;
}

/** The instruction index at `pc`, or -1. */
export function instructionAt(s: SourceIndex, pc: number): number {
  return pc >= 0 && pc < s.index.length ? (s.index[pc] ?? -1) : -1;
}
