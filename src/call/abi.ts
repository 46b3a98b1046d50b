/**
 * The call builder's ABI side (pasted ABIs are kept by the shared store, ../common/abis.ts): typed
 * signatures, per-type argument checks, encoding with viem and decoding Data back through the
 * chain registry. No React; nothing here is ever sent anywhere.
 */
import {
  encodeFunctionData,
  getAddress,
  parseAbiItem,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from "viem";
import { AbiRegistry, builtinAbis, decodeCalldata as chainDecodeCalldata } from "../chain";
import type { Parsed } from "./params";

/** A function's signature with parameter names: `transfer(address to, uint256 amount)`. */
export function paramType(p: AbiParameter): string {
  if (p.type.startsWith("tuple") && "components" in p) {
    return `(${p.components.map(paramType).join(",")})${p.type.slice("tuple".length)}`;
  }
  return p.type;
}

export function functionSignature(f: AbiFunction, withNames = true): string {
  return `${f.name}(${f.inputs.map((p) => (withNames && p.name ? `${paramType(p)} ${p.name}` : paramType(p))).join(", ")})`;
}

/** Checks pasted ABI JSON; the functions it has, or why it is not an ABI. */
export function parseAbiJson(text: string): Parsed<Abi> {
  const registry = new AbiRegistry({ builtins: false });
  const r = registry.addAbiJson(text);
  if (!r.ok) return { ok: false, message: r.message };
  return { ok: true, value: registry.userAbi as Abi };
}

/** Functions to offer in the picker: user-added ones first, then the built-in set. */
export function listFunctions(
  registry: AbiRegistry,
  first: readonly Abi[number][] = [],
): AbiFunction[] {
  const seen = new Set<string>();
  const out: AbiFunction[] = [];
  const push = (item: Abi[number]) => {
    if (item.type !== "function") return;
    const sig = functionSignature(item);
    if (seen.has(sig)) return;
    seen.add(sig);
    out.push(item);
  };
  first.forEach(push);
  registry.userAbi.forEach((i) => push(i as Abi[number]));
  for (const group of builtinAbis()) group.abi.forEach(push);
  return out;
}

/** `transfer(address,uint256)` or `function transfer(address to, uint256 amount)` → the function. */
export function parseFunctionSignature(text: string): Parsed<AbiFunction> {
  const t = text.trim().replace(/;$/, "");
  if (t === "")
    return {
      ok: false,
      message:
        "Type a function signature such as transfer(address,uint256), or pick one from the ABI.",
    };
  const src = t.startsWith("function ") ? t : `function ${t}`;
  try {
    const item = parseAbiItem(src) as Abi[number];
    if (item.type !== "function")
      return { ok: false, message: "That is not a function signature." };
    return { ok: true, value: item };
  } catch (e) {
    const detail =
      e instanceof Error
        ? ((e as { shortMessage?: string }).shortMessage ?? e.message.split("\n")[0])
        : "";
    return {
      ok: false,
      message: `Not a function signature viem can read (e.g. transfer(address,uint256))${detail ? `: ${detail}` : "."}`,
    };
  }
}

export function argLabel(p: AbiParameter, index: number): string {
  return `${p.name || `arg${index + 1}`} (${paramType(p)})`;
}

const INT_RE = /^(u?)int(\d*)$/;
const BYTES_N_RE = /^bytes(\d+)$/;

function fixedArray(type: string): { inner: string; length: number | null } | null {
  const m = /^(.*)\[(\d*)\]$/.exec(type);
  if (!m) return null;
  return { inner: m[1] ?? "", length: m[2] ? Number(m[2]) : null };
}

/**
 * A value for `p` from user input (text at the top level, JSON values inside arrays/tuples),
 * checked against its type. Returns the value viem's encoder takes.
 */
export function coerceArg(
  p: AbiParameter,
  input: unknown,
  where = p.name || "value",
): Parsed<unknown> {
  const type = p.type;
  const arr = fixedArray(type);
  if (arr) {
    let list: unknown = input;
    if (typeof input === "string") {
      if (input.trim() === "")
        return { ok: false, message: `${where}: give a JSON array, e.g. [] or ["0x…"].` };
      try {
        list = JSON.parse(input);
      } catch {
        return {
          ok: false,
          message: `${where}: an array is written as JSON, e.g. [1, 2] or ["0xabc…"].`,
        };
      }
    }
    if (!Array.isArray(list)) return { ok: false, message: `${where}: expected a JSON array.` };
    if (arr.length !== null && list.length !== arr.length)
      return {
        ok: false,
        message: `${where}: ${type} needs exactly ${arr.length} items (got ${list.length}).`,
      };
    const inner = { ...p, type: arr.inner } as AbiParameter;
    const out: unknown[] = [];
    for (let i = 0; i < list.length; i++) {
      const r = coerceArg(inner, list[i], `${where}[${i}]`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (type === "tuple" && "components" in p) {
    let v: unknown = input;
    if (typeof input === "string") {
      try {
        v = JSON.parse(input);
      } catch {
        return { ok: false, message: `${where}: a tuple is written as a JSON array or object.` };
      }
    }
    const comps = p.components;
    if (Array.isArray(v)) {
      if (v.length !== comps.length)
        return {
          ok: false,
          message: `${where}: the tuple has ${comps.length} fields (got ${v.length}).`,
        };
      const out: unknown[] = [];
      for (let i = 0; i < comps.length; i++) {
        const c = comps[i];
        if (!c) continue;
        const r = coerceArg(c, v[i], `${where}.${c.name || i}`);
        if (!r.ok) return r;
        out.push(r.value);
      }
      return { ok: true, value: out };
    }
    if (typeof v === "object" && v !== null) {
      const rec = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const c of comps) {
        if (!c.name)
          return { ok: false, message: `${where}: unnamed tuple fields: use a JSON array.` };
        const r = coerceArg(c, rec[c.name], `${where}.${c.name}`);
        if (!r.ok) return r;
        out[c.name] = r.value;
      }
      return { ok: true, value: out };
    }
    return { ok: false, message: `${where}: expected a JSON array or object for the tuple.` };
  }
  const text =
    typeof input === "string"
      ? input.trim()
      : typeof input === "number" || typeof input === "boolean"
        ? String(input)
        : null;
  if (text === null) return { ok: false, message: `${where}: expected a ${type} value.` };
  if (type === "address") {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text))
      return { ok: false, message: `${where}: an address is 0x followed by 40 hex digits.` };
    const mixed = /[a-f]/.test(text) && /[A-F]/.test(text);
    if (mixed && getAddress(text) !== text)
      return {
        ok: false,
        message: `${where}: the address checksum does not match (type it in lower case if unsure).`,
      };
    return { ok: true, value: text };
  }
  if (type === "bool") {
    const l = text.toLowerCase();
    if (l === "true" || l === "1") return { ok: true, value: true };
    if (l === "false" || l === "0") return { ok: true, value: false };
    return { ok: false, message: `${where}: a bool is true or false.` };
  }
  if (type === "string") return { ok: true, value: typeof input === "string" ? input : text };
  if (type === "bytes") {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text))
      return {
        ok: false,
        message: `${where}: bytes are 0x followed by an even number of hex digits.`,
      };
    return { ok: true, value: text };
  }
  const bn = BYTES_N_RE.exec(type);
  if (bn) {
    const n = Number(bn[1]);
    if (!/^0x[0-9a-fA-F]*$/.test(text) || text.length !== 2 + 2 * n)
      return {
        ok: false,
        message: `${where}: ${type} is 0x followed by exactly ${2 * n} hex digits.`,
      };
    return { ok: true, value: text };
  }
  const im = INT_RE.exec(type);
  if (im) {
    const unsigned = im[1] === "u";
    const bits = BigInt(im[2] || "256");
    let v: bigint;
    if (/^-?\d+$/.test(text)) v = BigInt(text);
    else if (/^0x[0-9a-fA-F]+$/.test(text)) v = BigInt(text);
    else return { ok: false, message: `${where}: ${type} is a whole number (decimal, or 0x hex).` };
    const min = unsigned ? 0n : -(2n ** (bits - 1n));
    const max = unsigned ? 2n ** bits - 1n : 2n ** (bits - 1n) - 1n;
    if (v < min || v > max)
      return {
        ok: false,
        message: `${where}: out of range for ${type} (${unsigned ? "0" : `−2^${bits - 1n}`} … ${unsigned ? `2^${bits}` : `2^${bits - 1n}`} − 1).`,
      };
    return { ok: true, value: v };
  }
  return {
    ok: false,
    message: `${where}: the type ${type} is not supported by the builder; type the Data by hand.`,
  };
}

/** Encodes a call to `fn` with the user's argument texts; per-argument messages when wrong. */
export function encodeCall(
  fn: AbiFunction,
  inputs: readonly string[],
): { ok: true; data: Hex } | { ok: false; problems: (string | null)[] } {
  const problems: (string | null)[] = [];
  const args: unknown[] = [];
  fn.inputs.forEach((p, i) => {
    const r = coerceArg(p, inputs[i] ?? "", argLabel(p, i));
    problems.push(r.ok ? null : r.message);
    if (r.ok) args.push(r.value);
  });
  if (problems.some((p) => p !== null)) return { ok: false, problems };
  try {
    const data = encodeFunctionData({ abi: [fn], functionName: fn.name, args } as Parameters<
      typeof encodeFunctionData
    >[0]);
    return { ok: true, data };
  } catch (e) {
    const msg =
      e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e);
    return { ok: false, problems: fn.inputs.map((_, i) => (i === 0 ? msg : null)) };
  }
}

export interface DecodedCalldata {
  signature: string;
  args: { label: string; value: string }[];
}

/**
 * Data typed by hand → the call it makes, when the selector is known (the registry, or the
 * function chosen in the builder); why it does not decode; or null when the selector is unknown.
 */
export function decodeData(
  data: string,
  registry: AbiRegistry,
  extra: AbiFunction | null = null,
): Parsed<DecodedCalldata> | null {
  const text = data.trim();
  if (!/^0x([0-9a-fA-F]{2}){4,}$/.test(text)) return null;
  const selector = text.slice(0, 10).toLowerCase();
  let source = registry;
  if (extra) {
    try {
      if (toFunctionSelector(extra) === selector) {
        source = new AbiRegistry({ builtins: false });
        source.addAbi([extra]);
      }
    } catch {
      // keep the registry
    }
  }
  const d = chainDecodeCalldata(text, source);
  if (!d.signature) return null;
  if (d.error || !d.args)
    return {
      ok: false,
      message: `The selector ${selector} is ${d.signature}, but ${d.error ?? "the arguments do not decode"}.`,
    };
  return {
    ok: true,
    value: {
      signature: d.signature,
      args: d.args.map((a, i) => ({
        label: `${a.name || `arg${i + 1}`} (${a.type})`,
        value: a.value,
      })),
    },
  };
}
