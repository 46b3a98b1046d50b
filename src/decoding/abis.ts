/**
 * The ABIs and signatures the user pastes, kept on this device (localStorage `nodescope.abis`)
 * and shared by every view; nothing here is ever sent anywhere.
 *
 * Written as `AbiRegistry.export()` (`{format, version: 1, abi: [items]}`) plus `abis` (pasted
 * JSON texts) and `signatures` (pasted signature texts). Both older shapes are still read: a bare
 * item array, and `{version: 1, abis, signatures}`. A change made here is announced to every
 * subscriber in this tab; other tabs hear of it through the window `storage` event (a browser
 * that refuses storage keeps it in memory for this page: platform/storage.ts).
 */
import type { Abi } from "viem";
import { AbiRegistry, type AddedCounts, type SignatureKind } from "../chain";
import { storedAbisText } from "./abisText";

export { ABIS_STORAGE_KEY, storedAbisText } from "./abisText";
const EXPORT_FORMAT = "nodescope-abi-registry";

export interface StoredAbis {
  /** ABI items (functions, events, errors), as `AbiRegistry.export()` keeps them. */
  abi: unknown[];
  /** Pasted ABI JSON texts (the older shape). */
  abis: string[];
  /** Pasted signature texts (the older shape). */
  signatures: string[];
}

export function parseStored(text: string): StoredAbis {
  const empty: StoredAbis = { abi: [], abis: [], signatures: [] };
  if (!text) return empty;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return { ...empty, abi: parsed };
    if (typeof parsed !== "object" || parsed === null) return empty;
    const rec = parsed as Record<string, unknown>;
    const strings = (x: unknown) =>
      Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : [];
    return {
      abi: Array.isArray(rec.abi) ? rec.abi : [],
      abis: strings(rec.abis),
      signatures: strings(rec.signatures),
    };
  } catch {
    return empty;
  }
}

export function serialise(data: StoredAbis): string {
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: 1,
    abi: data.abi,
    abis: data.abis,
    signatures: data.signatures,
  });
}

/** Adds what is stored into `registry`; a damaged entry is skipped, not fatal. */
function addStored(registry: AbiRegistry, stored: StoredAbis): void {
  for (const item of stored.abi) registry.addAbi([item] as Abi);
  for (const json of stored.abis) registry.addAbiJson(json);
  // The older shape kept bare signatures (no keyword), the logs view's meaning events: read
  // those as both. The combined shape has every item in `abi` already.
  const legacy = stored.abi.length === 0;
  for (const sig of stored.signatures) {
    const r = registry.addSignature(sig);
    if ((!r.ok || (legacy && r.kind === "function")) && !/^\s*(function|event|error)\b/.test(sig)) {
      registry.addSignature(sig, "event");
    }
  }
}

/** Built-ins, everything stored, then the devnet's contract ABIs (stored items win on a shared selector). */
export function buildRegistry(
  storedText: string,
  devnetAbis: readonly (readonly unknown[])[] = [],
): AbiRegistry {
  const registry = new AbiRegistry();
  addStored(registry, parseStored(storedText));
  for (const abi of devnetAbis) {
    for (const item of abi) registry.addAbi([item] as Abi);
  }
  return registry;
}

export interface StoreResult extends AddedCounts {
  /** How many of its items were not stored before. */
  fresh: number;
}

/**
 * Checks and stores what the user pasted: an ABI (JSON), or signatures, one per line. A
 * signature with a keyword (`event Transfer(…)`) is that kind; `kind` says what one without a
 * keyword is; with neither, a bare `Transfer(address,address,uint256)` could be a function or an
 * event (the logs form's Event signature field takes that form), so it is kept as both — their
 * selectors cannot collide. Returns how many functions, events and errors it brings, or throws
 * with the reason for every bad line (nothing is stored then).
 */
export function addToStore(text: string, kind?: SignatureKind): StoreResult {
  const t = text.trim();
  if (t === "") throw new Error("paste an ABI (JSON) or a function signature first");
  const probe = new AbiRegistry({ builtins: false });
  const stored = parseStored(storedAbisText.get());
  const isJson = t.startsWith("[") || t.startsWith("{");
  const added: AddedCounts = { functions: 0, events: 0, errors: 0 };
  const texts: string[] = [];
  const count = (k: SignatureKind) => {
    if (k === "function") added.functions++;
    else if (k === "event") added.events++;
    else added.errors++;
  };
  if (isJson) {
    const r = probe.addAbiJson(t);
    if (!r.ok) throw new Error(r.message);
    Object.assign(added, r.added);
  } else {
    const lines = t
      .split(/\r?\n/)
      .map((line, i) => ({ line: line.trim(), n: i + 1 }))
      .filter(({ line }) => line !== "" && !line.startsWith("//") && !line.startsWith("#"));
    const problems: string[] = [];
    for (const { line, n } of lines) {
      const where = lines.length > 1 ? `line ${n}: ` : "";
      const keyword = /^(function|event|error)\b/.test(line);
      if (keyword || kind !== undefined || /\bindexed\b/.test(line)) {
        const r = probe.addSignature(line, kind);
        if (!r.ok) problems.push(`${where}${r.message}`);
        else {
          count(r.kind);
          texts.push(keyword ? line : `${r.kind} ${line}`);
        }
        continue;
      }
      const asFunction = probe.addSignature(line, "function");
      if (!asFunction.ok) {
        problems.push(`${where}${asFunction.message}`);
        continue;
      }
      count("function");
      texts.push(`function ${line}`);
      const asEvent = probe.addSignature(line, "event");
      if (asEvent.ok) {
        count("event");
        texts.push(`event ${line}`);
      }
    }
    if (problems.length > 0) throw new Error(problems.join("; "));
  }
  const keys = new Set(stored.abi.map((i) => JSON.stringify(i)));
  const newItems = probe.userAbi.filter((i) => !keys.has(JSON.stringify(i)));
  storedAbisText.set(
    serialise({
      abi: [...stored.abi, ...newItems],
      abis: isJson && !stored.abis.includes(t) ? [...stored.abis, t] : stored.abis,
      signatures: [...stored.signatures, ...texts.filter((x) => !stored.signatures.includes(x))],
    }),
  );
  return { ...added, fresh: newItems.length };
}

/** Forgets every stored ABI and signature (the built-ins and the devnet's ABIs stay). */
export function clearStore(): void {
  storedAbisText.set("");
}

/** How many items the user stored (functions, events and errors). */
export function storedCount(text: string): number {
  const probe = new AbiRegistry({ builtins: false });
  addStored(probe, parseStored(text));
  return probe.userAbi.length;
}

/** "2 functions, 1 error" — what an addition brought. */
export function describeAdded(added: AddedCounts): string {
  const parts = (
    [
      [added.functions, "function"],
      [added.events, "event"],
      [added.errors, "error"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}${n === 1 ? "" : "s"}`);
  return parts.length === 0 ? "nothing new" : parts.join(", ");
}
