/**
 * ABI items as the registry keeps them (no React): entries with their canonical signature and
 * selector, where a decode's signature came from, checks of pasted JSON ABIs and parsing of
 * human-readable signatures. What both registry layers (registry.ts, sourcedRegistry.ts) share.
 */
import {
  BaseError,
  parseAbiItem,
  toEventSelector,
  toFunctionSelector,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from "viem";
import { isRecord } from "../rpc";

export type SignatureKind = "function" | "event" | "error";
export type AbiError = Extract<Abi[number], { type: "error" }>;
export type RegistryItem = AbiFunction | AbiEvent | AbiError;

/** One known function, event or error, with its canonical signature and selector (topic0 for events). */
export interface RegistryEntry<T extends RegistryItem> {
  item: T;
  /** Canonical signature, e.g. `transfer(address,uint256)`. */
  signature: string;
  /** 4-byte selector for functions and errors, 32-byte topic0 for events; lower-case. */
  selector: Hex;
  /** Where it came from: a built-in group name (e.g. "ERC-20") or "user". */
  source: string;
  user: boolean;
}
export type FunctionEntry = RegistryEntry<AbiFunction>;
export type EventEntry = RegistryEntry<AbiEvent>;
export type ErrorEntry = RegistryEntry<AbiError>;

export interface AddedCounts {
  functions: number;
  events: number;
  errors: number;
}
export type AddAbiResult = { ok: true; added: AddedCounts } | { ok: false; message: string };

export type ParsedSignature =
  | { kind: "function"; item: AbiFunction; signature: string; selector: Hex }
  | { kind: "event"; item: AbiEvent; signature: string; selector: Hex }
  | { kind: "error"; item: AbiError; signature: string; selector: Hex };
export type ParseSignatureResult =
  ({ ok: true } & ParsedSignature) | { ok: false; message: string };
export type AddSignatureResult =
  ({ ok: true; added: boolean } & ParsedSignature) | { ok: false; message: string };

/** Where a decode's signature came from, in the order they are consulted. */
export type SignatureOrigin = "verified" | "user" | "builtin" | "database";

/** The source tag of entries from a verified (Sourcify) ABI. */
export const VERIFIED_SOURCE = "verified";
/** The source tag of entries from the signature database. */
export const DATABASE_SOURCE = "database";

export function entryOrigin(entry: { source: string; user: boolean }): SignatureOrigin {
  if (entry.user) return "user";
  if (entry.source === VERIFIED_SOURCE) return "verified";
  if (entry.source === DATABASE_SOURCE) return "database";
  return "builtin";
}

// One counter for every registry, so a layered registry's version moves whenever its base's does.
let versionCounter = 0;
export function nextVersion(): number {
  return ++versionCounter;
}

function errorText(err: unknown): string {
  if (err instanceof BaseError) return err.shortMessage;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Canonical `name(type,type)` of an item (tuples expanded), as hashed for its selector. */
function canonicalParams(params: readonly AbiParameter[]): string {
  return params
    .map((p) => {
      if (p.type.startsWith("tuple")) {
        const components = "components" in p ? p.components : [];
        return `(${canonicalParams(components)})${p.type.slice("tuple".length)}`;
      }
      // `uint`/`int` are aliases; the selector hashes the full name.
      return p.type.replace(/^(u?int)(?=$|\[)/, "$1256");
    })
    .join(",");
}

export function canonicalSignature(item: RegistryItem): string {
  return `${item.name}(${canonicalParams(item.inputs)})`;
}

/** The selector (topic0 for an event) of a canonical signature. */
export function selectorOf(item: RegistryItem, signature = canonicalSignature(item)): Hex {
  const selector =
    item.type === "event" ? toEventSelector(signature) : toFunctionSelector(signature);
  return selector.toLowerCase() as Hex;
}

export function entryOf<T extends RegistryItem>(
  item: T,
  source: string,
  user: boolean,
): RegistryEntry<T> {
  const signature = canonicalSignature(item);
  return { item, signature, selector: selectorOf(item, signature), source, user };
}

/**
 * A built-in entry from its key, computed ahead (builtinSelectors.ts): its ABI item is parsed from
 * the human-readable signature on first use. Parsing the whole set when a page opens costs ~15 ms
 * of its first render; a trace or a log table looks up a handful of them.
 */
export function builtinEntry<T extends RegistryItem>(
  human: string,
  signature: string,
  selector: Hex,
  source: string,
): RegistryEntry<T> {
  let item: T | null = null;
  return {
    get item(): T {
      item ??= parseAbiItem(human) as T;
      return item;
    },
    signature,
    selector,
    source,
    user: false,
  };
}

// ---- validation of pasted JSON ABIs ----------------------------------------------------------

const ELEMENTARY_RE =
  /^(address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|function)$/;
const ITEM_TYPES = ["function", "event", "error", "constructor", "fallback", "receive"];

/** Checks one parameter; returns what is wrong with it, or null. `where` names it for the message. */
function checkParam(p: unknown, where: string): string | null {
  if (!isRecord(p)) return `${where} is not an object`;
  if (typeof p.type !== "string" || p.type === "") return `${where} has no type`;
  const m = /^([a-z0-9]+)((?:\[\d*\])*)$/.exec(p.type);
  if (m === null) return `${where} has an invalid type "${p.type}"`;
  const base = m[1] ?? "";
  if (base === "tuple") {
    if (!Array.isArray(p.components)) return `${where} is a tuple without components`;
    for (let i = 0; i < p.components.length; i++) {
      const bad = checkParam(p.components[i], `${where}, component ${i + 1}`);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (!ELEMENTARY_RE.test(base)) return `${where} has an unknown type "${p.type}"`;
  if (p.name !== undefined && typeof p.name !== "string")
    return `${where} has a name that is not a string`;
  return null;
}

/** Checks one ABI item; `n` is its 1-based position. Returns a message, or null when valid. */
export function checkItem(raw: unknown, n: number): string | null {
  const label = `ABI item ${n}`;
  if (!isRecord(raw)) return `${label} is not an object`;
  if (raw.type === undefined) return `${label} has no type`;
  if (typeof raw.type !== "string" || !ITEM_TYPES.includes(raw.type)) {
    return `${label} has an unknown type ${JSON.stringify(raw.type)} (expected function, event, error, constructor, fallback or receive)`;
  }
  if (raw.type === "fallback" || raw.type === "receive") return null;
  if (
    raw.type !== "constructor" &&
    (typeof raw.name !== "string" || !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(raw.name))
  ) {
    return `${label} (${raw.type}) has no valid name`;
  }
  const named = raw.type === "constructor" ? "constructor" : `${raw.type} ${String(raw.name)}`;
  if (raw.inputs !== undefined && !Array.isArray(raw.inputs))
    return `${label} (${named}) has inputs that are not a list`;
  const inputs: unknown[] = Array.isArray(raw.inputs) ? raw.inputs : [];
  for (let i = 0; i < inputs.length; i++) {
    const bad = checkParam(inputs[i], `${label} (${named}), input ${i + 1}`);
    if (bad !== null) return bad;
  }
  if (raw.type === "event") {
    const indexed = inputs.filter((p) => isRecord(p) && p.indexed === true).length;
    if (indexed > (raw.anonymous === true ? 4 : 3))
      return `${label} (${named}) has ${indexed} indexed inputs; at most 3 are allowed`;
  }
  if (raw.type === "function" && raw.outputs !== undefined) {
    if (!Array.isArray(raw.outputs)) return `${label} (${named}) has outputs that are not a list`;
    for (let i = 0; i < raw.outputs.length; i++) {
      const bad = checkParam(raw.outputs[i], `${label} (${named}), output ${i + 1}`);
      if (bad !== null) return bad;
    }
  }
  return null;
}

/** Finds the ABI array in pasted text: an array, `{abi: [...]}` (Hardhat/Foundry artifacts), or Etherscan's `{result: "[...]"}`. */
export function extractAbi(
  text: string,
): { ok: true; items: unknown[] } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: "ABI JSON is empty" };
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch (err) {
    const detail = errorText(err);
    const pos = /position (\d+)/.exec(detail);
    return {
      ok: false,
      message: pos
        ? `ABI JSON is not valid JSON at position ${pos[1]} (${detail})`
        : `ABI JSON is not valid JSON (${detail})`,
    };
  }
  if (Array.isArray(json)) return { ok: true, items: json };
  if (isRecord(json)) {
    if (Array.isArray(json.abi)) return { ok: true, items: json.abi };
    if (typeof json.abi === "string" || typeof json.result === "string") {
      const inner = typeof json.abi === "string" ? json.abi : String(json.result);
      if (inner.trim().startsWith("[")) return extractAbi(inner);
    }
    if (typeof json.type === "string") return { ok: true, items: [json] };
    return {
      ok: false,
      message: 'ABI JSON must be an array of items, or an object with an "abi" array',
    };
  }
  return {
    ok: false,
    message: 'ABI JSON must be an array of items, or an object with an "abi" array',
  };
}

// ---- signature text ----------------------------------------------------------------------------

export function countIndexed(item: AbiEvent): number {
  return item.inputs.filter((p) => p.indexed === true).length;
}

/**
 * Parses one human-readable signature. Accepts `event Transfer(address indexed from, …)`,
 * `function transfer(address,uint256)`, `error Unauthorized()`, or a bare `name(…)`, which is
 * taken as an event when it has `indexed` params, otherwise a function, unless `kind` says.
 */
export function parseSignature(text: string, kind?: SignatureKind): ParseSignatureResult {
  let src = text.trim().replace(/;+$/, "").replace(/\s+/g, " ").trim();
  if (src === "") return { ok: false, message: "signature is empty" };
  const keyword = /^(function|event|error|constructor)\b\s*/.exec(src);
  let itemKind: SignatureKind;
  if (keyword !== null) {
    if (keyword[1] === "constructor")
      return {
        ok: false,
        message: "constructors have no selector; paste a function, event or error",
      };
    itemKind = keyword[1] as SignatureKind;
    if (kind !== undefined && kind !== itemKind) {
      return { ok: false, message: `signature says "${itemKind}" but a ${kind} was expected` };
    }
    src = src.slice(keyword[0].length);
  } else {
    itemKind = kind ?? (/\bindexed\b/.test(src) ? "event" : "function");
  }
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*\s*\(/.test(src)) {
    return {
      ok: false,
      message:
        "signature must look like name(type, type, …), e.g. transfer(address to, uint256 amount)",
    };
  }
  let depth = 0;
  for (const ch of src) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (depth < 0) break;
  }
  if (depth !== 0) return { ok: false, message: "signature has unbalanced parentheses" };
  if (itemKind !== "event" && /\bindexed\b/.test(src)) {
    return { ok: false, message: `"indexed" is only allowed in events, not in a ${itemKind}` };
  }
  let parsed: unknown;
  try {
    parsed = parseAbiItem(`${itemKind} ${src}`);
  } catch (err) {
    return { ok: false, message: `signature could not be parsed: ${errorText(err)}` };
  }
  const item = parsed as RegistryItem;
  if (item.type !== itemKind)
    return { ok: false, message: `signature could not be parsed as a ${itemKind}` };
  const bad = checkItem(item, 1);
  if (bad !== null) return { ok: false, message: bad.replace(/^ABI item 1/, "signature") };
  switch (item.type) {
    case "function": {
      const e = entryOf(item, "user", true);
      return { ok: true, kind: "function", item, signature: e.signature, selector: e.selector };
    }
    case "event": {
      const e = entryOf(item, "user", true);
      return { ok: true, kind: "event", item, signature: e.signature, selector: e.selector };
    }
    case "error": {
      const e = entryOf(item, "user", true);
      return { ok: true, kind: "error", item, signature: e.signature, selector: e.selector };
    }
  }
}

// ---- keys nothing knows -------------------------------------------------------------------------

/** Selectors and topic0s nothing in a registry knows (to ask the signature database about). */
export interface UnknownKeys {
  functions: string[];
  events: string[];
}

const SELECTOR_RE = /^0x[0-9a-f]{8}$/;
const TOPIC_RE = /^0x[0-9a-f]{64}$/;
/** Error(string) and Panic(uint256): decoded without any registry. */
const BUILTIN_REVERT_SELECTORS = new Set(["0x08c379a0", "0x4e487b71"]);

/** What `unknownKeys` says for any registry, asked through its own lookups. */
export function unknownKeysOf(
  registry: {
    lookupFunctions(selector: string): readonly unknown[];
    lookupErrors(selector: string): readonly unknown[];
    lookupEvents(topic0: string): readonly unknown[];
  },
  keys: { inputs: Iterable<string>; topics: Iterable<string> },
): UnknownKeys {
  const functions = new Set<string>();
  const events = new Set<string>();
  const seen = new Set<string>();
  for (const input of keys.inputs) {
    if (input.length < 10) continue;
    const sel = input.slice(0, 10).toLowerCase();
    if (seen.has(sel)) continue;
    seen.add(sel);
    if (!SELECTOR_RE.test(sel) || BUILTIN_REVERT_SELECTORS.has(sel)) continue;
    if (registry.lookupFunctions(sel).length === 0 && registry.lookupErrors(sel).length === 0)
      functions.add(sel);
  }
  for (const topic of keys.topics) {
    const t = topic.toLowerCase();
    if (seen.has(t)) continue;
    seen.add(t);
    if (TOPIC_RE.test(t) && registry.lookupEvents(t).length === 0) events.add(t);
  }
  return { functions: [...functions], events: [...events] };
}
