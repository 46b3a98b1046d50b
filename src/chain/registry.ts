/**
 * The ABI registry: known functions, events and errors by selector, behind one interface
 * (`AbiRegistry`). `new AbiRegistry()` makes the app's own: the built-in set plus ABIs the user
 * pasted. `withSources` wraps a registry with what the decoding services said (sourcedRegistry.ts)
 * behind the same interface, so decoding never asks which one it holds.
 */
import { parseAbiItem, type Abi, type AbiEvent, type AbiFunction, type Hex } from "viem";
import {
  builtinEntry,
  checkItem,
  countIndexed,
  entryOf,
  extractAbi,
  nextVersion,
  unknownKeysOf,
  parseSignature,
  type AbiError,
  type AddAbiResult,
  type AddedCounts,
  type AddSignatureResult,
  type ErrorEntry,
  type EventEntry,
  type FunctionEntry,
  type RegistryEntry,
  type RegistryItem,
  type SignatureKind,
  type UnknownKeys,
} from "./abiItems";
import { BUILTIN_KEYS, type BuiltinKey } from "./builtinSelectors";
import { BUILTIN_SIGNATURES } from "./signatures";
import type { DecodingSources, VerifiedContract } from "./sources/types";

export type DetectedProxyInfo = NonNullable<NonNullable<DecodingSources["proxies"]>[string]>;

/**
 * Known functions, events and errors by selector. User items are looked up before built-ins. A
 * registry never touches storage; persist `export()` and feed it back to `import()`. `version`
 * changes on every change, so a UI can key memoised decodes on it.
 */
export interface AbiRegistry {
  /** Bumps on every change. */
  readonly version: number;
  /** Items the user added, in the order added. */
  readonly userAbi: readonly RegistryItem[];
  /** Adds a pasted JSON ABI (an array, an artifact with `abi`, or an Etherscan response). All or nothing. */
  addAbiJson(text: string): AddAbiResult;
  /** Adds a viem ABI already in memory. */
  addAbi(abi: Abi): AddAbiResult;
  /** Parses one human-readable signature (see `parseSignature`) and adds it. `added` is false when already known to the user set. */
  addSignature(text: string, kind?: SignatureKind): AddSignatureResult;
  /**
   * Every function with this selector, user items first. A registry layered with decoding
   * sources (`withSources`) puts the verified ABI of `address` (or of its proxy implementations)
   * first and the database's candidates last.
   */
  lookupFunctions(selector: string, address?: string | null): readonly FunctionEntry[];
  lookupFunction(selector: string, address?: string | null): FunctionEntry | undefined;
  /**
   * Every event with this topic0, user items first; with `indexedCount` (topics.length − 1 of a
   * log) only those whose indexed-param count matches, which tells ERC-20 from ERC-721 Transfer.
   */
  lookupEvents(
    topic0: string,
    indexedCount?: number,
    address?: string | null,
  ): readonly EventEntry[];
  lookupEvent(
    topic0: string,
    indexedCount?: number,
    address?: string | null,
  ): EventEntry | undefined;
  /** Custom errors; a layered registry adds the verified ABI's errors first and the database's function-namespace entries last. */
  lookupErrors(selector: string, address?: string | null): readonly ErrorEntry[];
  lookupError(selector: string, address?: string | null): ErrorEntry | undefined;
  /** The verified contract at `address` (Sourcify), when layered with sources that name it. */
  verified(address: string | null | undefined): VerifiedContract | null;
  /** The proxy read from the chain at an address Sourcify has not verified, when layered with sources that hold one. */
  detectedProxy(address: string | null | undefined): DetectedProxyInfo | null;
  /** The verified contract's name (Sourcify's compilation name), or null. */
  contractName(address: string | null | undefined): string | null;
  /**
   * The selectors (first 4 bytes of each input; revert data works too) and topic0s that nothing
   * here knows, to ask the database about. Error(string) and Panic(uint256) count as known.
   */
  unknownKeys(keys: { inputs: Iterable<string>; topics: Iterable<string> }): UnknownKeys;
  /** Removes every user item (built-ins stay). */
  clearUser(): void;
  /** The user items as JSON, for the UI to persist (e.g. in localStorage). */
  export(): string;
  /** Replaces the user items with those from `export()` output (a plain ABI array works too). */
  import(json: string): AddAbiResult;
}

const EXPORT_FORMAT = "nodescope-abi-registry";

/** The app's own registry: the built-in set plus ABIs the user pasted. */
class BaseRegistry implements AbiRegistry {
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

  get version(): number {
    return this.versionNumber;
  }

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

  addAbiJson(text: string): AddAbiResult {
    const found = extractAbi(text);
    if (!found.ok) return found;
    return this.addUserItems(found.items);
  }

  addAbi(abi: Abi): AddAbiResult {
    return this.addUserItems(abi);
  }

  addSignature(text: string, kind?: SignatureKind): AddSignatureResult {
    const parsed = parseSignature(text, kind);
    if (!parsed.ok) return parsed;
    const result = this.addUserItems([parsed.item]);
    const added =
      result.ok && result.added.functions + result.added.events + result.added.errors > 0;
    return { ...parsed, added };
  }

  lookupFunctions(selector: string, _address?: string | null): readonly FunctionEntry[] {
    return this.functions.get(selector.slice(0, 10).toLowerCase() as Hex) ?? [];
  }
  lookupFunction(selector: string, address?: string | null): FunctionEntry | undefined {
    return this.lookupFunctions(selector, address)[0];
  }

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

  lookupErrors(selector: string, _address?: string | null): readonly ErrorEntry[] {
    return this.errors.get(selector.slice(0, 10).toLowerCase() as Hex) ?? [];
  }
  lookupError(selector: string, address?: string | null): ErrorEntry | undefined {
    return this.lookupErrors(selector, address)[0];
  }

  verified(_address: string | null | undefined): VerifiedContract | null {
    return null;
  }

  detectedProxy(_address: string | null | undefined): DetectedProxyInfo | null {
    return null;
  }

  contractName(address: string | null | undefined): string | null {
    return this.verified(address)?.name ?? null;
  }

  unknownKeys(keys: { inputs: Iterable<string>; topics: Iterable<string> }): UnknownKeys {
    return unknownKeysOf(this, keys);
  }

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

  export(): string {
    return JSON.stringify({ format: EXPORT_FORMAT, version: 1, abi: this.userItems });
  }

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

/** `new AbiRegistry()`: the app's own registry (`builtins: false` leaves the built-in set out). */
export const AbiRegistry: new (options?: { builtins?: boolean }) => AbiRegistry = BaseRegistry;
