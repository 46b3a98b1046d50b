/**
 * A variable's value read from one step's machine state, by its type: value types from their
 * stack word; `memory` strings, bytes, arrays and structs from memory; `calldata` ones from the
 * call's input; `storage` references said as the slot they point at. No React.
 */
import { bytesToHex, getAddress } from "viem";
import { readWord } from "../trace/steps";
import type { DataLocation, VarType } from "./types";
import { calldataHeadSize, isDynamic } from "./types";

/** A value as shown: a text, or members/elements (a struct, an array) with a one-line summary. */
export type Shown =
  | { kind: "text"; text: string }
  | { kind: "items"; summary: string; items: { name: string; value: Shown }[] };

export interface MachineView {
  /** Bottom first, hex without 0x. */
  stack: readonly string[];
  /** Memory from `offset` (what the tracer kept of it) and its whole size. */
  memory: { offset: number; bytes: Uint8Array; size: number } | null;
  /** The call's input (calldata), null when not known. */
  input: Uint8Array | null;
}

/** Elements shown of an array (the rest are counted). */
export const MAX_ELEMENTS = 32;
const MAX_BYTES = 4096;

const text = (t: string): Shown => ({ kind: "text", text: t });
const unreadable = (where: string): Shown => text(`(${where} not kept at this step)`);

function word(bytes: Uint8Array, at: number): bigint | null {
  if (at < 0 || at + 32 > bytes.length) return null;
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(bytes[at + i] ?? 0);
  return v;
}

/** A value type from its 32-byte word. */
export function valueText(t: VarType, v: bigint): string {
  const hex = v.toString(16).padStart(64, "0").slice(-64);
  if (t.kind === "enum") return t.members[Number(v)] ?? v.toString(10);
  if (t.kind === "address") return getAddress(`0x${hex.slice(-40)}`);
  if (t.kind === "uint" || t.kind === "int" || t.kind === "bool" || t.kind === "fixedBytes")
    return readWord(
      { type: t.kind === "bool" ? "bool" : labelOf(t), location: null, name: null },
      hex,
    );
  return `0x${hex}`;
}

function labelOf(t: VarType): string {
  if (t.kind === "uint" || t.kind === "int") return `${t.kind}${t.bits}`;
  if (t.kind === "fixedBytes") return `bytes${t.size}`;
  return t.label;
}

function bytesText(t: VarType, data: Uint8Array): string {
  if (t.kind === "string") {
    try {
      return JSON.stringify(new TextDecoder("utf-8", { fatal: true }).decode(data));
    } catch {
      // not UTF-8: its bytes
    }
  }
  return bytesToHex(data);
}

const isValue = (t: VarType) =>
  t.kind !== "bytes" &&
  t.kind !== "string" &&
  t.kind !== "array" &&
  t.kind !== "struct" &&
  t.kind !== "mapping";

function summary(t: VarType, n: number): string {
  return t.kind === "struct" ? t.label : `${t.label} (${n} element${n === 1 ? "" : "s"})`;
}

/** A reference type laid out in memory at `ptr` (what a memory pointer word points at). */
export function readMemory(t: VarType, ptr: bigint, m: MachineView, depth = 0): Shown {
  const mem = m.memory;
  if (!mem) return unreadable("memory");
  if (depth > 6) return text("…");
  const at = Number(ptr) - mem.offset;
  if (ptr > BigInt(mem.size)) return text(`(memory 0x${ptr.toString(16)}, past memory's end)`);
  const w = (k: number) => word(mem.bytes, at + k);
  if (t.kind === "bytes" || t.kind === "string") {
    const len = w(0);
    if (len === null) return unreadable(`memory at 0x${ptr.toString(16)}`);
    if (len > BigInt(MAX_BYTES)) return text(`${t.label} of ${len} bytes`);
    const from = at + 32;
    const to = from + Number(len);
    if (from < 0 || to > mem.bytes.length) return unreadable(`memory at 0x${ptr.toString(16)}`);
    return text(bytesText(t, mem.bytes.slice(from, to)));
  }
  if (t.kind === "array" || t.kind === "struct") {
    let count: number;
    let first = 0;
    if (t.kind === "array" && t.length === null) {
      const len = w(0);
      if (len === null) return unreadable(`memory at 0x${ptr.toString(16)}`);
      count = Number(len > 1_000_000n ? 1_000_000n : len);
      first = 32;
    } else count = t.kind === "array" ? (t.length ?? 0) : t.members.length;
    const items: { name: string; value: Shown }[] = [];
    for (let i = 0; i < Math.min(count, MAX_ELEMENTS); i++) {
      const et = t.kind === "array" ? t.base : (t.members[i]?.type ?? t);
      const name = t.kind === "array" ? `[${i}]` : (t.members[i]?.name ?? `${i}`);
      const v = w(first + 32 * i);
      items.push({
        name,
        value:
          v === null
            ? unreadable("memory")
            : isValue(et)
              ? text(valueText(et, v))
              : et.kind === "mapping"
                ? text("mapping (storage only)")
                : readMemory(et, v, m, depth + 1),
      });
    }
    if (count > MAX_ELEMENTS)
      items.push({ name: "…", value: text(`${count - MAX_ELEMENTS} more`) });
    return { kind: "items", summary: summary(t, count), items };
  }
  return text(`memory 0x${ptr.toString(16)}`);
}

/** A calldata value of type `t` whose head or data starts at byte `at` of the input. */
function readCalldataAt(
  t: VarType,
  at: number,
  length: number | null,
  m: MachineView,
  depth = 0,
): Shown {
  const input = m.input;
  if (!input) return unreadable("the call's input");
  if (depth > 6) return text("…");
  if (t.kind === "bytes" || t.kind === "string") {
    const len = length ?? Number(word(input, at) ?? 0n);
    const from = length === null ? at + 32 : at;
    if (from + len > input.length || len > MAX_BYTES) return text(`${t.label} of ${len} bytes`);
    return text(bytesText(t, input.slice(from, from + len)));
  }
  if (t.kind === "array" || t.kind === "struct") {
    let count: number;
    let base = at;
    if (t.kind === "array" && t.length === null) {
      count = length ?? Number(word(input, at) ?? 0n);
      if (length === null) base = at + 32;
    } else count = t.kind === "array" ? (t.length ?? 0) : t.members.length;
    const items: { name: string; value: Shown }[] = [];
    let off = base;
    for (let i = 0; i < Math.min(count, MAX_ELEMENTS); i++) {
      const et = t.kind === "array" ? t.base : (t.members[i]?.type ?? t);
      const name = t.kind === "array" ? `[${i}]` : (t.members[i]?.name ?? `${i}`);
      let value: Shown;
      if (isDynamic(et)) {
        const rel = word(input, off);
        value =
          rel === null || rel > BigInt(input.length)
            ? text("(past the input's end)")
            : readCalldataAt(et, base + Number(rel), null, m, depth + 1);
      } else if (isValue(et)) {
        const v = word(input, off);
        value = v === null ? text("(past the input's end)") : text(valueText(et, v));
      } else value = readCalldataAt(et, off, null, m, depth + 1);
      items.push({ name, value });
      off += calldataHeadSize(et);
    }
    if (count > MAX_ELEMENTS)
      items.push({ name: "…", value: text(`${count - MAX_ELEMENTS} more`) });
    return { kind: "items", summary: summary(t, count), items };
  }
  const v = word(input, at);
  return v === null ? text("(past the input's end)") : text(valueText(t, v));
}

/**
 * A variable from its stack words (`words`: its slots, lowest first): a value type itself; a
 * reference through memory, calldata (a dynamic one is offset then length) or storage.
 */
export function readVariable(
  t: VarType,
  location: DataLocation,
  words: readonly string[],
  m: MachineView,
): Shown {
  const big = (w: string | undefined) => (w === undefined ? null : BigInt(`0x${w || "0"}`));
  const first = big(words[0]);
  if (first === null) return text("(not on the stack)");
  if (location === "stack")
    return isValue(t) ? text(valueText(t, first)) : text(`0x${first.toString(16)}`);
  if (location === "memory") return readMemory(t, first, m);
  if (location === "storage")
    return text(
      `storage slot 0x${first.toString(16)} (storage is read only where the step touches it)`,
    );
  const second = big(words[1]);
  if (words.length === 2 && second !== null)
    return readCalldataAt(t, Number(first), Number(second > 1_000_000n ? 1_000_000n : second), m);
  return readCalldataAt(t, Number(first), null, m);
}
