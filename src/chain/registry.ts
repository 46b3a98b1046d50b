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
import { BUILTIN_KEYS, type BuiltinKey } from "./builtinSelectors";
import { BUILTIN_SIGNATURES } from "./signatures";
import type { DecodingSources, VerifiedContract } from "./sources/types";

type DetectedProxyInfo = NonNullable<NonNullable<DecodingSources["proxies"]>[string]>;

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

const EXPORT_FORMAT = "nodescope-abi-registry";

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
function nextVersion(): number {
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

function entryOf<T extends RegistryItem>(item: T, source: string, user: boolean): RegistryEntry<T> {
  const signature = canonicalSignature(item);
  return { item, signature, selector: selectorOf(item, signature), source, user };
}

/**
 * A built-in entry from its key, computed ahead (builtinSelectors.ts): its ABI item is parsed from
 * the human-readable signature on first use. Parsing the whole set when a page opens costs ~15 ms
 * of its first render; a trace or a log table looks up a handful of them.
 */
function builtinEntry<T extends RegistryItem>(
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
function checkItem(raw: unknown, n: number): string | null {
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
function extractAbi(text: string): { ok: true; items: unknown[] } | { ok: false; message: string } {
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

function countIndexed(item: AbiEvent): number {
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

// ---- the registry ------------------------------------------------------------------------------

/**
 * Known functions, events and errors by selector: the built-in set plus ABIs the user pasted.
 * User items are looked up before built-ins. The registry never touches storage; persist
 * `export()` and feed it back to `import()`. `version` changes on every change, so a UI can key
 * memoised decodes on it.
 */
export class AbiRegistry {
  private readonly functions = new Map<Hex, FunctionEntry[]>();
  private readonly events = new Map<Hex, EventEntry[]>();
  private readonly errors = new Map<Hex, ErrorEntry[]>();
  private userItems: RegistryItem[] = [];
  private readonly userKeys = new Set<string>();
  private versionNumber = nextVersion();

  constructor(options: { builtins?: boolean } = {}) {
    if (options.builtins !== false) {
      // Kinds, signatures and selectors were worked out ahead of time (hashing ~200 signatures
      // costs a page ~30 ms, parsing them ~15 ms); an item is parsed when it is first used.
      BUILTIN_SIGNATURES.forEach((group, g) => {
        group.signatures.forEach((human, k) => {
          const key = BUILTIN_KEYS[g]?.[k];
          if (key) this.indexBuiltin(human, key, group.source);
          else this.index(parseAbiItem(human), group.source, false); // a table out of date
        });
      });
    }
  }

  private indexBuiltin(human: string, [kind, signature, hex]: BuiltinKey, source: string): void {
    const selector = hex as Hex;
    if (kind === "function")
      this.put(this.functions, builtinEntry<AbiFunction>(human, signature, selector, source));
    else if (kind === "event")
      this.put(this.events, builtinEntry<AbiEvent>(human, signature, selector, source));
    else if (kind === "error")
      this.put(this.errors, builtinEntry<AbiError>(human, signature, selector, source));
  }

  private put<T extends RegistryItem>(
    map: Map<Hex, RegistryEntry<T>[]>,
    entry: RegistryEntry<T>,
  ): void {
    const list = map.get(entry.selector) ?? [];
    // User items win: they go before every built-in, after earlier user items.
    if (entry.user) {
      const firstBuiltin = list.findIndex((e) => !e.user);
      list.splice(firstBuiltin === -1 ? list.length : firstBuiltin, 0, entry);
    } else {
      list.push(entry);
    }
    map.set(entry.selector, list);
  }

  /** Bumps on every change. */
  get version(): number {
    return this.versionNumber;
  }

  /** Items the user added, in the order added. */
  get userAbi(): readonly RegistryItem[] {
    return this.userItems;
  }

  private index(item: Abi[number], source: string, user: boolean): SignatureKind | null {
    switch (item.type) {
      case "function":
        this.put(this.functions, entryOf(item, source, user));
        return "function";
      case "event":
        // Anonymous events have no topic0 to look them up by.
        if (item.anonymous === true) return null;
        this.put(this.events, entryOf(item, source, user));
        return "event";
      case "error":
        this.put(this.errors, entryOf(item, source, user));
        return "error";
      default:
        return null;
    }
  }

  private addUserItems(items: readonly unknown[]): AddAbiResult {
    for (let i = 0; i < items.length; i++) {
      const bad = checkItem(items[i], i + 1);
      if (bad !== null) return { ok: false, message: bad };
    }
    const added: AddedCounts = { functions: 0, events: 0, errors: 0 };
    for (const raw of items) {
      const item = raw as Abi[number];
      if (item.type !== "function" && item.type !== "event" && item.type !== "error") continue;
      const key = JSON.stringify(item);
      if (this.userKeys.has(key)) continue;
      const kind = this.index(item, "user", true);
      if (kind === null) continue;
      this.userKeys.add(key);
      this.userItems.push(item);
      if (kind === "function") added.functions++;
      else if (kind === "event") added.events++;
      else added.errors++;
    }
    if (added.functions + added.events + added.errors > 0) this.versionNumber = nextVersion();
    return { ok: true, added };
  }

  /** Adds a pasted JSON ABI (an array, an artifact with `abi`, or an Etherscan response). All or nothing. */
  addAbiJson(text: string): AddAbiResult {
    const found = extractAbi(text);
    if (!found.ok) return found;
    return this.addUserItems(found.items);
  }

  /** Adds a viem ABI already in memory. */
  addAbi(abi: Abi): AddAbiResult {
    return this.addUserItems(abi);
  }

  /** Parses one human-readable signature (see `parseSignature`) and adds it. `added` is false when already known to the user set. */
  addSignature(text: string, kind?: SignatureKind): AddSignatureResult {
    const parsed = parseSignature(text, kind);
    if (!parsed.ok) return parsed;
    const result = this.addUserItems([parsed.item]);
    const added =
      result.ok && result.added.functions + result.added.events + result.added.errors > 0;
    return { ...parsed, added };
  }

  /**
   * Every function with this selector, user items first. A registry layered with decoding
   * sources (`withSources`) puts the verified ABI of `address` (or of its proxy implementations)
   * first and the database's candidates last.
   */
  lookupFunctions(selector: string, _address?: string | null): readonly FunctionEntry[] {
    return this.functions.get(selector.slice(0, 10).toLowerCase() as Hex) ?? [];
  }
  lookupFunction(selector: string, address?: string | null): FunctionEntry | undefined {
    return this.lookupFunctions(selector, address)[0];
  }

  /**
   * Every event with this topic0, user items first; with `indexedCount` (topics.length − 1 of a
   * log) only those whose indexed-param count matches, which tells ERC-20 from ERC-721 Transfer.
   */
  lookupEvents(
    topic0: string,
    indexedCount?: number,
    _address?: string | null,
  ): readonly EventEntry[] {
    const all = this.events.get(topic0.toLowerCase() as Hex) ?? [];
    return indexedCount === undefined
      ? all
      : all.filter((e) => countIndexed(e.item) === indexedCount);
  }
  lookupEvent(
    topic0: string,
    indexedCount?: number,
    address?: string | null,
  ): EventEntry | undefined {
    return this.lookupEvents(topic0, indexedCount, address)[0];
  }

  /** Custom errors; a layered registry adds the verified ABI's errors first and the database's function-namespace entries last. */
  lookupErrors(selector: string, _address?: string | null): readonly ErrorEntry[] {
    return this.errors.get(selector.slice(0, 10).toLowerCase() as Hex) ?? [];
  }
  lookupError(selector: string, address?: string | null): ErrorEntry | undefined {
    return this.lookupErrors(selector, address)[0];
  }

  /** The verified contract at `address` (Sourcify), when layered with sources that name it. */
  verified(_address: string | null | undefined): VerifiedContract | null {
    return null;
  }

  /** The proxy read from the chain at an address Sourcify has not verified, when layered with sources that hold one. */
  detectedProxy(_address: string | null | undefined): DetectedProxyInfo | null {
    return null;
  }

  /** The verified contract's name (Sourcify's compilation name), or null. */
  contractName(address: string | null | undefined): string | null {
    return this.verified(address)?.name ?? null;
  }

  /**
   * This registry layered with what the decoding services said; the original is not changed.
   * Lookups consult the verified ABI of the address (or of its proxy implementations), then the
   * user's items, the built-ins, and last the database's candidates. Signatures already found
   * in an earlier layer are not repeated. User ABIs added through the layered registry go to
   * this one (they are one set), and its `version` moves with this one's.
   */
  withSources(sources: DecodingSources): AbiRegistry {
    return new SourcedRegistry(this, sources);
  }

  /**
   * The selectors (first 4 bytes of each input; revert data works too) and topic0s that nothing
   * here knows, to ask the database about. Error(string) and Panic(uint256) count as known.
   */
  unknownKeys(keys: { inputs: Iterable<string>; topics: Iterable<string> }): {
    functions: string[];
    events: string[];
  } {
    const functions = new Set<string>();
    const events = new Set<string>();
    const seen = new Set<string>();
    for (const input of keys.inputs) {
      if (input.length < 10) continue;
      const sel = input.slice(0, 10).toLowerCase();
      if (seen.has(sel)) continue;
      seen.add(sel);
      if (!SELECTOR_RE.test(sel) || BUILTIN_REVERT_SELECTORS.has(sel)) continue;
      if (this.lookupFunctions(sel).length === 0 && this.lookupErrors(sel).length === 0)
        functions.add(sel);
    }
    for (const topic of keys.topics) {
      const t = topic.toLowerCase();
      if (seen.has(t)) continue;
      seen.add(t);
      if (TOPIC_RE.test(t) && this.lookupEvents(t).length === 0) events.add(t);
    }
    return { functions: [...functions], events: [...events] };
  }

  /** Removes every user item (built-ins stay). */
  clearUser(): void {
    if (this.userItems.length === 0) return;
    const prune = <T extends RegistryItem>(map: Map<Hex, RegistryEntry<T>[]>) => {
      for (const [k, list] of map) {
        const kept = list.filter((e) => !e.user);
        if (kept.length === 0) map.delete(k);
        else map.set(k, kept);
      }
    };
    prune(this.functions);
    prune(this.events);
    prune(this.errors);
    this.userItems = [];
    this.userKeys.clear();
    this.versionNumber = nextVersion();
  }

  /** The user items as JSON, for the UI to persist (e.g. in localStorage). */
  export(): string {
    return JSON.stringify({ format: EXPORT_FORMAT, version: 1, abi: this.userItems });
  }

  /** Replaces the user items with those from `export()` output (a plain ABI array works too). */
  import(json: string): AddAbiResult {
    const found = extractAbi(json);
    if (!found.ok) return found;
    for (let i = 0; i < found.items.length; i++) {
      const bad = checkItem(found.items[i], i + 1);
      if (bad !== null) return { ok: false, message: bad };
    }
    const before = this.versionNumber;
    this.clearUser();
    const result = this.addUserItems(found.items);
    if (this.versionNumber === before) this.versionNumber = nextVersion();
    return result;
  }
}

// ---- a registry layered with decoding sources ----------------------------------------------------

const SELECTOR_RE = /^0x[0-9a-f]{8}$/;
const TOPIC_RE = /^0x[0-9a-f]{64}$/;
/** Error(string) and Panic(uint256): decoded without any registry. */
const BUILTIN_REVERT_SELECTORS = new Set(["0x08c379a0", "0x4e487b71"]);

interface VerifiedIndex {
  functions: Map<Hex, FunctionEntry[]>;
  events: Map<Hex, EventEntry[]>;
  errors: Map<Hex, ErrorEntry[]>;
}

function pushTo<T extends RegistryItem>(map: Map<Hex, RegistryEntry<T>[]>, e: RegistryEntry<T>) {
  const list = map.get(e.selector);
  if (list === undefined) map.set(e.selector, [e]);
  else if (!list.some((x) => x.signature === e.signature)) list.push(e);
}

/** `a` then those of `b`… whose signature is not already there; the first list itself when nothing is added. */
function mergeBySignature<T extends RegistryItem>(
  lists: readonly (readonly RegistryEntry<T>[])[],
): readonly RegistryEntry<T>[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? [];
  const seen = new Set<string>();
  const out: RegistryEntry<T>[] = [];
  for (const list of nonEmpty) {
    for (const e of list) {
      if (seen.has(e.signature)) continue;
      seen.add(e.signature);
      out.push(e);
    }
  }
  return out;
}

/** The same event with its first `count` inputs marked indexed (the database does not say which are). */
function withIndexedPrefix(item: AbiEvent, count: number): AbiEvent {
  return {
    ...item,
    inputs: item.inputs.map((p, i) => ({ ...p, indexed: i < count })),
  };
}

class SourcedRegistry extends AbiRegistry {
  private readonly stamp = nextVersion();
  private readonly verifiedIndexes = new Map<string, VerifiedIndex | null>();
  private readonly dbFunctions = new Map<string, FunctionEntry[]>();
  private readonly dbEvents = new Map<string, EventEntry[]>();
  private readonly dbErrors = new Map<string, ErrorEntry[]>();
  private readonly dbEventLayouts = new Map<string, EventEntry[]>();
  private readonly merged = new Map<string, readonly RegistryEntry<RegistryItem>[]>();
  private mergedAt = -1;

  constructor(
    private readonly base: AbiRegistry,
    private readonly sources: DecodingSources,
  ) {
    super({ builtins: false });
  }

  override get version(): number {
    return Math.max(this.stamp, this.base.version);
  }
  override get userAbi(): readonly RegistryItem[] {
    return this.base.userAbi;
  }
  override addAbiJson(text: string): AddAbiResult {
    return this.base.addAbiJson(text);
  }
  override addAbi(abi: Abi): AddAbiResult {
    return this.base.addAbi(abi);
  }
  override addSignature(text: string, kind?: SignatureKind): AddSignatureResult {
    return this.base.addSignature(text, kind);
  }
  override clearUser(): void {
    this.base.clearUser();
  }
  override export(): string {
    return this.base.export();
  }
  override import(json: string): AddAbiResult {
    return this.base.import(json);
  }
  override withSources(sources: DecodingSources): AbiRegistry {
    return new SourcedRegistry(this.base, sources);
  }

  override verified(address: string | null | undefined): VerifiedContract | null {
    if (!address) return null;
    return this.sources.contracts[address.toLowerCase()] ?? null;
  }

  /** The proxy the chain showed at an unverified address (sources.proxies), or null. */
  override detectedProxy(address: string | null | undefined): DetectedProxyInfo | null {
    if (!address) return null;
    return this.sources.proxies?.[address.toLowerCase()] ?? null;
  }

  /** The verified ABI items for an address: its own, then its proxy implementations'. */
  private verifiedIndex(address: string | null | undefined): VerifiedIndex | null {
    if (!address) return null;
    const key = address.toLowerCase();
    // Most addresses of a big log table are neither verified nor proxies: no entry for them.
    const contract = this.sources.contracts[key] ?? null;
    if (contract === null && !this.sources.proxies?.[key]?.implementation) return null;
    const known = this.verifiedIndexes.get(key);
    if (known !== undefined) return known;
    // A proxy Sourcify has not verified but the chain shows: its implementation's ABI.
    const detected =
      contract === null ? (this.sources.proxies?.[key]?.implementation ?? null) : null;
    const implementations =
      contract !== null
        ? (contract.proxy?.implementations ?? []).map((i) => i.address)
        : detected !== null
          ? [detected]
          : [];
    const abis = [
      ...(contract !== null ? [contract.abi] : []),
      ...implementations.map((a) => this.sources.contracts[a.toLowerCase()]?.abi ?? []),
    ];
    let index: VerifiedIndex | null = null;
    if (abis.some((abi) => abi.length > 0)) {
      index = { functions: new Map(), events: new Map(), errors: new Map() };
      for (const abi of abis) {
        for (const item of abi) {
          if (item.type === "function")
            pushTo(index.functions, entryOf(item, VERIFIED_SOURCE, false));
          else if (item.type === "event" && item.anonymous !== true)
            pushTo(index.events, entryOf(item, VERIFIED_SOURCE, false));
          else if (item.type === "error")
            pushTo(index.errors, entryOf(item, VERIFIED_SOURCE, false));
        }
      }
    }
    this.verifiedIndexes.set(key, index);
    return index;
  }

  private databaseFunctions(selector: string): FunctionEntry[] {
    const known = this.dbFunctions.get(selector);
    if (known !== undefined) return known;
    const out: FunctionEntry[] = [];
    for (const text of this.sources.functions[selector] ?? []) {
      const parsed = parseSignature(text, "function");
      if (parsed.ok && parsed.kind === "function" && parsed.selector === selector)
        pushList(out, entryOf(parsed.item, DATABASE_SOURCE, false));
    }
    this.dbFunctions.set(selector, out);
    return out;
  }

  /** The function namespace holds custom errors too. */
  private databaseErrors(selector: string): ErrorEntry[] {
    const known = this.dbErrors.get(selector);
    if (known !== undefined) return known;
    const out = this.databaseFunctions(selector).map((e) =>
      entryOf<AbiError>(
        { type: "error", name: e.item.name, inputs: e.item.inputs },
        DATABASE_SOURCE,
        false,
      ),
    );
    this.dbErrors.set(selector, out);
    return out;
  }

  private databaseEvents(topic0: string): EventEntry[] {
    const known = this.dbEvents.get(topic0);
    if (known !== undefined) return known;
    const out: EventEntry[] = [];
    for (const text of this.sources.events[topic0] ?? []) {
      const parsed = parseSignature(text, "event");
      if (parsed.ok && parsed.kind === "event" && parsed.selector === topic0)
        pushList(out, entryOf(parsed.item, DATABASE_SOURCE, false));
    }
    this.dbEvents.set(topic0, out);
    return out;
  }

  /** Database events laid out for a log with `count` indexed topics: the first `count` inputs indexed. */
  private databaseEventsFor(topic0: string, count: number): EventEntry[] {
    const key = `${topic0}/${count}`;
    const known = this.dbEventLayouts.get(key);
    if (known !== undefined) return known;
    const out = this.databaseEvents(topic0)
      .filter((e) => e.item.inputs.length >= count)
      .map((e) => ({ ...e, item: withIndexedPrefix(e.item, count) }));
    this.dbEventLayouts.set(key, out);
    return out;
  }

  /** Memoised merge, dropped whenever the base registry changes. */
  private memo<T extends RegistryItem>(
    key: string,
    build: () => readonly RegistryEntry<T>[],
  ): readonly RegistryEntry<T>[] {
    const v = this.base.version;
    if (v !== this.mergedAt) {
      this.merged.clear();
      this.mergedAt = v;
    }
    const hit = this.merged.get(key);
    if (hit !== undefined) return hit as readonly RegistryEntry<T>[];
    const built = build();
    this.merged.set(key, built as readonly RegistryEntry<RegistryItem>[]);
    return built;
  }

  override lookupFunctions(selector: string, address?: string | null): readonly FunctionEntry[] {
    const sel = selector.slice(0, 10).toLowerCase();
    const index = this.verifiedIndex(address);
    const scope = index === null ? "" : (address?.toLowerCase() ?? "");
    return this.memo(`f|${scope}|${sel}`, () =>
      mergeBySignature([
        index?.functions.get(sel as Hex) ?? [],
        this.base.lookupFunctions(sel),
        this.databaseFunctions(sel),
      ]),
    );
  }

  override lookupEvents(
    topic0: string,
    indexedCount?: number,
    address?: string | null,
  ): readonly EventEntry[] {
    const t = topic0.toLowerCase();
    const index = this.verifiedIndex(address);
    const scope = index === null ? "" : (address?.toLowerCase() ?? "");
    return this.memo(`e|${scope}|${t}|${indexedCount ?? ""}`, () => {
      const verified = index?.events.get(t as Hex) ?? [];
      return mergeBySignatureAndLayout([
        indexedCount === undefined
          ? verified
          : verified.filter((e) => countIndexed(e.item) === indexedCount),
        this.base.lookupEvents(t, indexedCount),
        indexedCount === undefined
          ? this.databaseEvents(t)
          : this.databaseEventsFor(t, indexedCount),
      ]);
    });
  }

  override lookupErrors(selector: string, address?: string | null): readonly ErrorEntry[] {
    const sel = selector.slice(0, 10).toLowerCase();
    const index = this.verifiedIndex(address);
    const scope = index === null ? "" : (address?.toLowerCase() ?? "");
    return this.memo(`r|${scope}|${sel}`, () =>
      mergeBySignature([
        index?.errors.get(sel as Hex) ?? [],
        this.base.lookupErrors(sel),
        this.databaseErrors(sel),
      ]),
    );
  }
}

function pushList<T extends RegistryItem>(list: RegistryEntry<T>[], e: RegistryEntry<T>): void {
  if (!list.some((x) => x.signature === e.signature)) list.push(e);
}

/**
 * Events merge by signature and indexed layout: ERC-20 and ERC-721 `Transfer` share a signature
 * but not a layout, and both stay candidates; a database entry repeating a known layout does not.
 */
function mergeBySignatureAndLayout(
  lists: readonly (readonly EventEntry[])[],
): readonly EventEntry[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? [];
  const seen = new Set<string>();
  const out: EventEntry[] = [];
  for (const list of nonEmpty) {
    for (const e of list) {
      const key = `${e.signature}/${e.item.inputs.map((p) => (p.indexed === true ? 1 : 0)).join("")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(e);
    }
  }
  return out;
}
