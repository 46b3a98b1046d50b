/**
 * The functions a verified Solidity file declares, read from its text: name, byte range (the
 * source map counts UTF-8 bytes), visibility and the typed parameters and returns of its
 * signature, and how a stack word of one of those types reads. A reader, not a parser: comments
 * and strings are skipped when matching braces; anything it cannot read leaves a type unknown.
 */
import { hexToBytes } from "viem";

export interface Param {
  /** The type as written (`uint256`, `address`, `Point memory` → `Point`). */
  type: string;
  /** `memory`, `storage`, `calldata`, or null for a value type. */
  location: string | null;
  name: string | null;
}

export interface FunctionDef {
  name: string;
  /** Byte offsets of `function … }` (or `;` for one without a body). */
  start: number;
  end: number;
  params: Param[];
  returns: Param[];
  /** Declared `external` or `public`: an entry point of the contract, not an internal call. */
  entry: boolean;
}

const LOCATIONS = new Set(["memory", "storage", "calldata"]);
/** The types a stack word holds whole (listed as an array's elements). */
const VALUE_TYPE = /^(u?int\d*|address|bool|bytes\d+)$/;

/** Blanks comments and string contents (same length) so braces and parentheses can be counted. */
function blankNoise(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const e = text.indexOf("\n", i);
      const stop = e < 0 ? text.length : e;
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === "/" && next === "*") {
      const e = text.indexOf("*/", i + 2);
      const stop = e < 0 ? text.length : e + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      out +=
        c + " ".repeat(Math.max(0, Math.min(j, text.length) - i - 1)) + (j < text.length ? c : "");
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out.slice(0, text.length);
}

function splitTop(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const c of list) {
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    if (c === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  if (cur.trim() !== "") out.push(cur);
  return out;
}

function readParams(list: string): Param[] {
  return splitTop(list).map((part) => {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    const location = tokens.find((t) => LOCATIONS.has(t)) ?? null;
    const rest = tokens.filter((t) => !LOCATIONS.has(t) && t !== "payable" && t !== "indexed");
    const type = rest[0] ?? "?";
    const name = rest.length > 1 ? (rest[rest.length - 1] ?? null) : null;
    return { type, location, name };
  });
}

/** The matching close of the parenthesis at `open`, or -1. */
function closeParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

/** Character index → UTF-8 byte offset, for a file that is not plain ASCII. */
function byteOffsets(text: string): ((i: number) => number) | null {
  // eslint-disable-next-line no-control-regex -- ASCII is the common case: offsets are indices
  if (/^[\x00-\x7f]*$/.test(text)) return null;
  const offsets = new Uint32Array(text.length + 1);
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    offsets[i] = b;
    const code = text.charCodeAt(i);
    if (code < 0x80) b += 1;
    else if (code < 0x800) b += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      // a surrogate pair: four bytes for both halves
      b += 4;
      offsets[++i] = b;
      continue;
    } else b += 3;
  }
  offsets[text.length] = b;
  return (i) => offsets[i] ?? b;
}

/** Every `function NAME(…)` the file declares, with its range and signature. */
export function functionsOf(content: string): FunctionDef[] {
  const text = blankNoise(content);
  const toByte = byteOffsets(content) ?? ((i: number) => i);
  const out: FunctionDef[] = [];
  const re = /\bfunction\s+([A-Za-z_$][\w$]*)\s*\(/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = m[1] ?? "";
    const open = m.index + m[0].length - 1;
    const close = closeParen(text, open);
    if (close < 0) continue;
    // the header runs to the body's `{` or a `;`
    let i = close + 1;
    while (i < text.length && text[i] !== "{" && text[i] !== ";") i++;
    const header = text.slice(close + 1, i);
    let end = i;
    if (text[i] === "{") {
      let depth = 0;
      for (; end < text.length; end++) {
        if (text[end] === "{") depth++;
        else if (text[end] === "}" && --depth === 0) break;
      }
    }
    let returns: Param[] = [];
    const r = /\breturns\s*\(/.exec(header);
    if (r) {
      const rOpen = close + 1 + r.index + r[0].length - 1;
      const rClose = closeParen(text, rOpen);
      if (rClose > rOpen) returns = readParams(content.slice(rOpen + 1, rClose));
    }
    out.push({
      name,
      start: toByte(m.index),
      end: toByte(Math.min(end + 1, text.length)),
      params: readParams(content.slice(open + 1, close)),
      returns,
      entry: /\b(?:external|public)\b/.test(header),
    });
  }
  return out;
}

/** The innermost function whose range holds [start, end), or -1. */
export function enclosingFunction(
  defs: readonly FunctionDef[],
  start: number,
  end: number,
): number {
  let best = -1;
  for (let i = 0; i < defs.length; i++) {
    const d = defs[i];
    if (!d || d.start > start || d.end < end) continue;
    const b = best >= 0 ? defs[best] : undefined;
    if (!b || d.start >= b.start) best = i;
  }
  return best;
}

/**
 * The stack slots a parameter takes (legacy pipeline): two for a dynamic `calldata` value — its
 * offset in the call's input, then its length (bytes, or elements of an array) — one otherwise.
 */
export function stackSlots(param: Param): number {
  return param.location === "calldata" &&
    (param.type === "bytes" || param.type === "string" || /\[\]$/.test(param.type))
    ? 2
    : 1;
}

/** The slots the parameters take together. */
export const slotCount = (params: readonly Param[]): number =>
  params.reduce((n, p) => n + stackSlots(p), 0);

/**
 * A dynamic calldata value from its two stack words (offset into the call's input, then length):
 * `bytes` as hex, `string` as text when it is UTF-8, an array by its length. Without the input
 * (or past its end), where it lies.
 */
export function readCalldata(
  param: Param,
  offsetWord: string,
  lengthWord: string,
  input: string | null,
): string {
  const offset = BigInt(`0x${offsetWord.replace(/^0x/, "") || "0"}`);
  const length = BigInt(`0x${lengthWord.replace(/^0x/, "") || "0"}`);
  const where = `calldata at 0x${offset.toString(16)}, length ${length.toString(10)}`;
  const body = input?.replace(/^0x/, "") ?? null;
  if (/\[\]$/.test(param.type)) {
    // a value type's elements are one word each from the offset: listed (the first 32)
    const base = param.type.slice(0, -2);
    const shown = Number(length < 32n ? length : 32n);
    const end = (Number(offset) + shown * 32) * 2;
    if (body === null || !VALUE_TYPE.test(base) || end > body.length)
      return `${param.type} of ${length.toString(10)} (${where})`;
    const items = Array.from({ length: shown }, (_, i) => {
      const at = (Number(offset) + i * 32) * 2;
      return readWord({ type: base, location: null, name: null }, body.slice(at, at + 64));
    });
    return `[${items.join(", ")}${length > 32n ? `, … ${length - 32n} more` : ""}]`;
  }
  const from = Number(offset) * 2;
  const to = from + Number(length) * 2;
  if (body === null || length > 1_000_000n || to > body.length) return where;
  const hex = body.slice(from, to).toLowerCase();
  if (param.type === "string") {
    try {
      const bytes = hexToBytes(`0x${hex}`);
      return JSON.stringify(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      return `0x${hex}`;
    }
  }
  return `0x${hex}`;
}

/**
 * A stack word read as the parameter's type: numbers in decimal, addresses, booleans, fixed
 * bytes; a reference type (memory, calldata, storage) is a pointer into that place, said so.
 */
export function readWord(param: Param, word: string): string {
  const hex = word.replace(/^0x/, "").toLowerCase().padStart(64, "0").slice(-64);
  const v = BigInt(`0x${hex}`);
  if (param.location) return `${param.location} 0x${v.toString(16)}`;
  const t = param.type;
  const bits = (prefix: string) => {
    const n = Number(t.slice(prefix.length) || "256");
    return Number.isInteger(n) && n > 0 && n <= 256 ? n : 256;
  };
  if (/^uint\d*$/.test(t)) return (v & ((1n << BigInt(bits("uint"))) - 1n)).toString(10);
  if (/^int\d*$/.test(t)) {
    const n = BigInt(bits("int"));
    const low = v & ((1n << n) - 1n);
    return (low >= 1n << (n - 1n) ? low - (1n << n) : low).toString(10);
  }
  if (t === "address") return `0x${hex.slice(-40)}`;
  if (t === "bool") return v === 0n ? "false" : "true";
  const fixed = /^bytes(\d+)$/.exec(t);
  if (fixed) {
    // legacy code keeps a bytesN left-aligned in its word
    const n = Math.min(32, Number(fixed[1]));
    return `0x${hex.slice(0, n * 2)}`;
  }
  return `0x${v.toString(16)}`;
}

/** Whether a value of the parameter's type is read from memory (a string, bytes or array there). */
export const inMemory = (p: Param): boolean =>
  p.location === "memory" && (p.type === "string" || p.type === "bytes" || /\[\d*\]$/.test(p.type));

/**
 * A `memory` string, bytes or array of value types read where its pointer word points, in the
 * memory pass 1 kept at the jump (hex from byte 0); null where it lies past what was kept.
 */
export function readMemoryParam(param: Param, word: string, memory: string): string | null {
  const body = memory.replace(/^0x/, "");
  const ptr = Number.parseInt(word.replace(/^0x/, "").slice(-8) || "0", 16);
  if (word.replace(/^0x/, "").replace(/^0+/, "").length > 8) return null;
  const at = (n: number) => body.slice(n * 2, n * 2 + 64);
  const arr = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (arr) {
    const base = arr[1] ?? "";
    if (!VALUE_TYPE.test(base)) return null;
    const fixed = arr[2] ? Number(arr[2]) : null;
    const length = fixed ?? Number.parseInt(at(ptr) || "x", 16);
    const first = fixed === null ? ptr + 32 : ptr;
    if (!Number.isFinite(length) || (first + Math.min(length, 32) * 32) * 2 > body.length)
      return null;
    const items = Array.from({ length: Math.min(length, 32) }, (_, i) =>
      readWord({ type: base, location: null, name: null }, at(first + i * 32)),
    );
    return `[${items.join(", ")}${length > 32 ? `, … ${length - 32} more` : ""}]`;
  }
  const length = Number.parseInt(at(ptr) || "x", 16);
  if (!Number.isFinite(length) || (ptr + 32 + length) * 2 > body.length) return null;
  const hex = body.slice((ptr + 32) * 2, (ptr + 32 + length) * 2);
  if (param.type === "string")
    try {
      return JSON.stringify(
        new TextDecoder("utf-8", { fatal: true }).decode(hexToBytes(`0x${hex}`)),
      );
    } catch {
      // not UTF-8: its bytes
    }
  return `0x${hex}`;
}
