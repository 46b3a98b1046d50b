/**
 * The decoding sources' layer over a registry (no React): see `SourcedRegistry`. Parsed
 * database signatures, verified-ABI indexes and merged lookups are built once and memoised.
 */
import type { Abi, AbiEvent, Hex } from "viem";
import {
  countIndexed,
  DATABASE_SOURCE,
  entryOf,
  nextVersion,
  parseSignature,
  unknownKeysOf,
  VERIFIED_SOURCE,
  type AbiError,
  type AddAbiResult,
  type AddSignatureResult,
  type ErrorEntry,
  type EventEntry,
  type FunctionEntry,
  type RegistryEntry,
  type RegistryItem,
  type SignatureKind,
  type UnknownKeys,
} from "./abiItems";
import type { AbiRegistry, DetectedProxyInfo } from "./registry";
import type { DecodingSources, VerifiedContract } from "./sources/types";

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

/**
 * A registry layered with what the decoding services said (Sourcify's verified ABIs and proxies,
 * the signature database): it wraps the registry it is given and answers behind the same
 * interface. Lookups put the verified ABI of the address first and the database's candidates
 * last; the user's ABIs, their editing and export stay the wrapped registry's (one set).
 */
export class SourcedRegistry implements AbiRegistry {
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
  ) {}

  get version(): number {
    return Math.max(this.stamp, this.base.version);
  }
  get userAbi(): readonly RegistryItem[] {
    return this.base.userAbi;
  }
  addAbiJson(text: string): AddAbiResult {
    return this.base.addAbiJson(text);
  }
  addAbi(abi: Abi): AddAbiResult {
    return this.base.addAbi(abi);
  }
  addSignature(text: string, kind?: SignatureKind): AddSignatureResult {
    return this.base.addSignature(text, kind);
  }
  clearUser(): void {
    this.base.clearUser();
  }
  export(): string {
    return this.base.export();
  }
  import(json: string): AddAbiResult {
    return this.base.import(json);
  }
  /** The registry this layer wraps: a new layer wraps it too, so layers never stack. */
  get wrapped(): AbiRegistry {
    return this.base;
  }

  unknownKeys(keys: { inputs: Iterable<string>; topics: Iterable<string> }): UnknownKeys {
    return unknownKeysOf(this, keys);
  }

  verified(address: string | null | undefined): VerifiedContract | null {
    if (!address) return null;
    return this.sources.contracts[address.toLowerCase()] ?? null;
  }

  /** The proxy the chain showed at an unverified address (sources.proxies), or null. */
  detectedProxy(address: string | null | undefined): DetectedProxyInfo | null {
    if (!address) return null;
    return this.sources.proxies?.[address.toLowerCase()] ?? null;
  }

  contractName(address: string | null | undefined): string | null {
    return this.verified(address)?.name ?? null;
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

  lookupFunctions(selector: string, address?: string | null): readonly FunctionEntry[] {
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

  lookupFunction(selector: string, address?: string | null): FunctionEntry | undefined {
    return this.lookupFunctions(selector, address)[0];
  }

  lookupEvents(
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

  lookupEvent(
    topic0: string,
    indexedCount?: number,
    address?: string | null,
  ): EventEntry | undefined {
    return this.lookupEvents(topic0, indexedCount, address)[0];
  }

  lookupErrors(selector: string, address?: string | null): readonly ErrorEntry[] {
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
  lookupError(selector: string, address?: string | null): ErrorEntry | undefined {
    return this.lookupErrors(selector, address)[0];
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

/**
 * `registry` layered with what the decoding services said; the original is not changed. Lookups
 * consult the verified ABI of the address (or of its proxy implementations), then the user's
 * items, the built-ins, and last the database's candidates; a signature found in an earlier layer
 * is not repeated. User ABIs added through the layer go to the wrapped registry (one set), and
 * its `version` moves with that one's. Layering a layer wraps the same base: layers do not stack.
 * The base registry knows nothing of this layer (composition, one import direction).
 */
export function withSources(registry: AbiRegistry, sources: DecodingSources): AbiRegistry {
  const base = registry instanceof SourcedRegistry ? registry.wrapped : registry;
  return new SourcedRegistry(base, sources);
}
