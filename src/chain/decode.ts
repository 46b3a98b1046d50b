import {
  decodeAbiParameters,
  decodeErrorResult,
  decodeFunctionData,
  getAddress,
  isAddress,
  pad,
  type AbiFunction,
  type AbiParameter,
  type Address,
  type Hex,
} from "viem";
import { isRecord } from "../rpc";
import type { AbiRegistry } from "./registry";
import { parseSignature } from "./registry";

const HEX_DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;

/** One decoded argument: `value` is for display (a plain string, never markup), `raw` is what viem decoded. */
export interface DecodedArg {
  /** The ABI param name, or "" when the ABI leaves it unnamed. */
  name: string;
  type: string;
  value: string;
  raw: unknown;
}

// ---- display of decoded values -------------------------------------------------------------------

function fallbackText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (value === null || value === undefined) return String(value);
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

function formatValue(value: unknown, param: AbiParameter, nested: boolean): string {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array !== null) {
    const inner = { ...param, type: array[1] ?? "" } as AbiParameter;
    if (!Array.isArray(value)) return fallbackText(value);
    return `[${value.map((v) => formatValue(v, inner, true)).join(", ")}]`;
  }
  if (param.type === "tuple") {
    const components: readonly AbiParameter[] = "components" in param ? param.components : [];
    if (Array.isArray(value)) {
      return `(${value.map((v, i) => formatValue(v, components[i] ?? { type: "" }, true)).join(", ")})`;
    }
    if (isRecord(value)) {
      const parts = components.map((c, i) => {
        const key = c.name ?? String(i);
        return `${key}: ${formatValue(value[key], c, true)}`;
      });
      return `{${parts.join(", ")}}`;
    }
    return fallbackText(value);
  }
  if (
    param.type === "address" &&
    typeof value === "string" &&
    isAddress(value, { strict: false })
  ) {
    return getAddress(value);
  }
  if (param.type === "string" && typeof value === "string")
    return nested ? JSON.stringify(value) : value;
  if (param.type.startsWith("bytes") && typeof value === "string") return value.toLowerCase();
  return fallbackText(value);
}

/**
 * A decoded value as display text: integers in decimal, addresses checksummed, bytes as hex,
 * arrays as `[a, b]`, tuples as `{name: v, …}` (or `(a, b)` when unnamed), strings as-is
 * (quoted when inside an array or tuple). Pass the ABI param to get tuple component names.
 */
export function formatArg(value: unknown, type: string | AbiParameter): string {
  return formatValue(value, typeof type === "string" ? { type } : type, false);
}

function toArgs(params: readonly AbiParameter[], values: readonly unknown[]): DecodedArg[] {
  return params.map((p, i) => ({
    name: p.name ?? "",
    type: p.type === "tuple" || p.type.startsWith("tuple[") ? tupleTypeName(p) : p.type,
    value: formatArg(values[i], p),
    raw: values[i],
  }));
}

/** `tuple` shown as its component types, e.g. `(address,uint256)[]`. */
function tupleTypeName(p: AbiParameter): string {
  const components: readonly AbiParameter[] = "components" in p ? p.components : [];
  return `(${components.map((c) => (c.type.startsWith("tuple") ? tupleTypeName(c) : c.type)).join(",")})${p.type.slice(5)}`;
}

// ---- calldata ----------------------------------------------------------------------------------

export interface DecodedCall {
  /** First 4 bytes, lower-case; null when there are fewer than 4. */
  selector: Hex | null;
  name?: string;
  signature?: string;
  /** The built-in group ("ERC-20", …) or "user". */
  source?: string;
  args?: DecodedArg[];
  /** Why it could not be (fully) decoded. */
  error?: string;
}

/** Decodes transaction input / call data against the registry's functions. */
export function decodeCalldata(input: string, registry: AbiRegistry): DecodedCall {
  const data = input.trim();
  if (data === "" || data === "0x") return { selector: null, error: "no calldata" };
  if (!HEX_DATA_RE.test(data))
    return { selector: null, error: "calldata is not hex data (0x + whole bytes)" };
  const bytes = (data.length - 2) / 2;
  if (bytes < 4)
    return {
      selector: null,
      error: `too short: ${bytes} byte${bytes === 1 ? "" : "s"}, a selector needs 4`,
    };
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  const candidates = registry.lookupFunctions(selector);
  if (candidates.length === 0) return { selector, error: `unknown function selector ${selector}` };
  for (const entry of candidates) {
    try {
      const decoded = decodeFunctionData({ abi: [entry.item], data: data as Hex });
      return {
        selector,
        name: entry.item.name,
        signature: entry.signature,
        source: entry.source,
        args: toArgs(entry.item.inputs, decoded.args ?? []),
      };
    } catch {
      // try the next candidate with this selector
    }
  }
  const first = candidates[0];
  return {
    selector,
    name: first?.item.name,
    signature: first?.signature,
    source: first?.source,
    error: `calldata does not match ${first?.signature ?? selector}: the arguments could not be decoded`,
  };
}

/** Decodes a function's return data with its ABI item. */
export function decodeReturn(
  output: string,
  fnItem: AbiFunction,
): { ok: true; values: DecodedArg[] } | { ok: false; message: string } {
  const data = output.trim();
  if (!HEX_DATA_RE.test(data))
    return { ok: false, message: "return data is not hex data (0x + whole bytes)" };
  if (fnItem.outputs.length === 0) return { ok: true, values: [] };
  if (data === "0x")
    return { ok: false, message: "empty return data (is there a contract at this address?)" };
  try {
    const values = decodeAbiParameters(fnItem.outputs, data as Hex);
    return { ok: true, values: toArgs(fnItem.outputs, values) };
  } catch (err) {
    const detail =
      err instanceof Error
        ? "shortMessage" in err && typeof err.shortMessage === "string"
          ? err.shortMessage
          : err.message
        : String(err);
    return { ok: false, message: `return data does not match ${fnItem.name}'s outputs: ${detail}` };
  }
}

// ---- logs --------------------------------------------------------------------------------------

export interface DecodedLogArg extends DecodedArg {
  indexed: boolean;
  /** An indexed string/bytes/array/tuple: the topic holds only its keccak256 hash. */
  hashed: boolean;
}

export interface DecodedLog {
  topic0: Hex | null;
  name?: string;
  signature?: string;
  source?: string;
  args?: DecodedLogArg[];
  error?: string;
}

function isHashedWhenIndexed(type: string): boolean {
  return type === "string" || type === "bytes" || type.startsWith("tuple") || type.endsWith("]");
}

/**
 * The values of an event's inputs, in ABI order: indexed ones from topics 1…n (a hashed type
 * keeps its 32-byte topic, as viem's decodeEventLog gives it), the others from data. The
 * candidate was already picked by topic0, so this skips decodeEventLog's per-call selector
 * hashing (a keccak per log: half the decoding time of a 100,000-log table). Throws when data
 * does not hold the non-indexed values.
 */
function decodeEventValues(
  inputs: readonly AbiParameter[],
  topics: readonly Hex[],
  data: Hex,
): unknown[] {
  const out: unknown[] = new Array(inputs.length);
  const nonIndexed: AbiParameter[] = [];
  const nonIndexedAt: number[] = [];
  // Static indexed values are decoded in one pass over their topics laid end to end.
  const words: AbiParameter[] = [];
  const wordsAt: number[] = [];
  let wordHex = "";
  let topic = 1;
  inputs.forEach((p, i) => {
    if (!("indexed" in p) || p.indexed !== true) {
      nonIndexed.push(p);
      nonIndexedAt.push(i);
      return;
    }
    const t = topics[topic++];
    if (t === undefined || t.length !== 66) throw new Error("missing or short topic");
    if (isHashedWhenIndexed(p.type)) {
      out[i] = t;
    } else {
      words.push(p);
      wordsAt.push(i);
      wordHex += t.slice(2);
    }
  });
  if (words.length > 0) {
    const values = decodeAbiParameters(words, `0x${wordHex}`);
    wordsAt.forEach((at, k) => (out[at] = values[k]));
  }
  if (nonIndexed.length > 0) {
    if (data === "0x") throw new Error("no data for the non-indexed values");
    const values = decodeAbiParameters(nonIndexed, data);
    nonIndexedAt.forEach((at, k) => (out[at] = values[k]));
  }
  return out;
}

/**
 * Decodes a log. Candidates with the log's topic0 are tried only when their indexed-param count
 * matches the log's topic count (ERC-20 Transfer has 3 topics, ERC-721 Transfer 4).
 */
export function decodeLog(
  log: { topics: readonly string[]; data: string },
  registry: AbiRegistry,
): DecodedLog {
  const [topic0] = log.topics;
  if (topic0 === undefined) return { topic0: null, error: "no topics (an anonymous event)" };
  const t0 = topic0.toLowerCase() as Hex;
  const indexedCount = log.topics.length - 1;
  const all = registry.lookupEvents(t0);
  if (all.length === 0) return { topic0: t0, error: `unknown event topic ${t0}` };
  const candidates = all.filter(
    (e) => e.item.inputs.filter((p) => p.indexed === true).length === indexedCount,
  );
  const topics = log.topics as [Hex, ...Hex[]];
  for (const entry of candidates) {
    try {
      const values = decodeEventValues(entry.item.inputs, topics, log.data as Hex);
      const args = entry.item.inputs.map((p, i): DecodedLogArg => {
        const v = values[i];
        const indexed = p.indexed === true;
        const hashed = indexed && isHashedWhenIndexed(p.type);
        return {
          name: p.name ?? "",
          type: p.type === "tuple" || p.type.startsWith("tuple[") ? tupleTypeName(p) : p.type,
          indexed,
          hashed,
          value: hashed ? fallbackText(v) : formatArg(v, p),
          raw: v,
        };
      });
      return {
        topic0: t0,
        name: entry.item.name,
        signature: entry.signature,
        source: entry.source,
        args,
      };
    } catch {
      // try the next candidate
    }
  }
  const first = all[0];
  const reason =
    candidates.length === 0
      ? `${first?.signature ?? t0} is known, but not with ${indexedCount} indexed topic${indexedCount === 1 ? "" : "s"}`
      : `log data does not match ${first?.signature ?? t0}`;
  return { topic0: t0, name: first?.item.name, signature: first?.signature, error: reason };
}

// ---- reverts -----------------------------------------------------------------------------------

export const ERROR_STRING_SELECTOR = "0x08c379a0";
export const PANIC_SELECTOR = "0x4e487b71";

/** Solidity's panic codes (docs: "Panic via assert and Error via require"). */
export const PANIC_MEANINGS: Readonly<Record<number, string>> = {
  0x00: "generic compiler panic",
  0x01: "assert(false) failed",
  0x11: "arithmetic overflow or underflow",
  0x12: "division or modulo by zero",
  0x21: "conversion to an invalid enum value",
  0x22: "incorrectly encoded storage byte array",
  0x31: "pop() on an empty array",
  0x32: "array index out of bounds",
  0x41: "out of memory (allocation too large)",
  0x51: "call to an uninitialised function pointer",
};

/** The reference client's wording (go-ethereum accounts/abi UnpackRevert), used in callTracer `revertReason`. */
const GETH_PANIC_REASONS: Readonly<Record<number, string>> = {
  0x00: "generic panic",
  0x01: "assert(false)",
  0x11: "arithmetic underflow or overflow",
  0x12: "division or modulo by zero",
  0x21: "enum overflow",
  0x22: "invalid encoded storage byte array accessed",
  0x31: "out-of-bounds array access; popping on an empty array",
  0x32: "out-of-bounds access of an array or bytesN",
  0x41: "out of memory",
  0x51: "uninitialized function",
};

export type DecodedRevert =
  | { kind: "error-string"; message: string }
  | { kind: "panic"; code: bigint; meaning: string }
  | { kind: "custom"; name: string; signature: string; source: string; args: DecodedArg[] }
  | { kind: "empty" }
  | { kind: "unknown"; selector: Hex | null; data: string; reason?: string };

function panicMeaning(code: bigint): string {
  return code <= 0xffn
    ? (PANIC_MEANINGS[Number(code)] ?? "unknown panic code")
    : "unknown panic code";
}

/** Decodes revert data (`output` of a failed call, `data` of an execution-reverted error). */
export function decodeRevert(
  data: string | null | undefined,
  registry?: AbiRegistry,
): DecodedRevert {
  const text = (data ?? "").trim();
  if (text === "" || text === "0x") return { kind: "empty" };
  if (!HEX_DATA_RE.test(text))
    return { kind: "unknown", selector: null, data: text, reason: "revert data is not hex" };
  const hex = text.toLowerCase() as Hex;
  if (hex.length < 10)
    return { kind: "unknown", selector: null, data: hex, reason: "shorter than a 4-byte selector" };
  const selector = hex.slice(0, 10) as Hex;
  const body = `0x${hex.slice(10)}` as Hex;
  if (selector === ERROR_STRING_SELECTOR) {
    try {
      const [message] = decodeAbiParameters([{ type: "string" }], body);
      return { kind: "error-string", message };
    } catch {
      return { kind: "unknown", selector, data: hex, reason: "malformed Error(string) data" };
    }
  }
  if (selector === PANIC_SELECTOR) {
    try {
      const [code] = decodeAbiParameters([{ type: "uint256" }], body);
      return { kind: "panic", code, meaning: panicMeaning(code) };
    } catch {
      return { kind: "unknown", selector, data: hex, reason: "malformed Panic(uint256) data" };
    }
  }
  for (const entry of registry?.lookupErrors(selector) ?? []) {
    try {
      const decoded = decodeErrorResult({ abi: [entry.item], data: hex });
      return {
        kind: "custom",
        name: entry.item.name,
        signature: entry.signature,
        source: entry.source,
        args: toArgs(entry.item.inputs, decoded.args ?? []),
      };
    } catch {
      // try the next candidate
    }
  }
  return { kind: "unknown", selector, data: hex };
}

/** One line for a decoded revert: `Error("user error")`, `Panic(0x12): division or modulo by zero`, `InsufficientBalance(available=1, required=2)`. */
export function describeRevert(decoded: DecodedRevert): string {
  switch (decoded.kind) {
    case "error-string":
      return `Error(${JSON.stringify(decoded.message)})`;
    case "panic":
      return `Panic(0x${decoded.code.toString(16).padStart(2, "0")}): ${decoded.meaning}`;
    case "custom":
      return `${decoded.name}(${decoded.args.map((a) => (a.name === "" ? a.value : `${a.name}=${a.value}`)).join(", ")})`;
    case "empty":
      return "reverted without a reason";
    case "unknown":
      if (decoded.selector === null)
        return `unrecognised revert data ${decoded.data}${decoded.reason ? ` (${decoded.reason})` : ""}`;
      return `unknown error ${decoded.selector}${decoded.reason ? ` (${decoded.reason})` : ""}, ${(decoded.data.length - 10) / 2} bytes of arguments`;
  }
}

/**
 * The text the reference client puts in callTracer's `revertReason` (and after "execution
 * reverted: "): the Error(string) message, or its panic wording. Null when geth gives none.
 */
export function gethRevertReason(decoded: DecodedRevert): string | null {
  if (decoded.kind === "error-string") return decoded.message;
  if (decoded.kind === "panic") {
    const known = decoded.code <= 0xffn ? GETH_PANIC_REASONS[Number(decoded.code)] : undefined;
    return known ?? `unknown panic code: 0x${decoded.code.toString(16)}`;
  }
  return null;
}

// ---- topics ------------------------------------------------------------------------------------

/** topic0 of an event signature: `Transfer(address,address,uint256)` or with names/`indexed`/`event`. Throws on a malformed signature. */
export function eventTopic0(signature: string): Hex {
  const parsed = parseSignature(signature, "event");
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.selector;
}

/** An address as a log topic: left-padded to 32 bytes, lower-case. Throws on a non-address. */
export function addressToTopic(addr: string): Hex {
  if (!isAddress(addr, { strict: false }))
    throw new TypeError(`not an address: ${JSON.stringify(addr)}`);
  return pad(addr.toLowerCase() as Address, { size: 32 });
}
