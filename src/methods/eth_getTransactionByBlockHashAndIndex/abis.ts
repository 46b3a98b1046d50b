/**
 * ABIs and signatures the user pastes, kept on this device (localStorage `nodescope.abis`) so
 * every view decodes with them; nothing here is ever sent anywhere.
 *
 * Stored as `AbiRegistry.export()` (`{format, version: 1, abi: [items]}`), which
 * `AbiRegistry.import()` reads back. The same object also carries `abis` (pasted JSON texts) and
 * `signatures` (pasted signature texts), the shape the logs and trace views first stored, so an
 * ABI added in any view decodes in all of them whichever shape a view reads.
 */
import type { Abi } from "viem";
import { AbiRegistry } from "../../chain";

export const ABIS_STORAGE_KEY = "nodescope.abis";
const EXPORT_FORMAT = "nodescope-abi-registry";

export interface StoredAbis {
  /** ABI items (functions, events, errors), as `AbiRegistry.export()` keeps them. */
  abi: unknown[];
  /** Pasted ABI JSON texts (shape shared with the other views). */
  abis: string[];
  /** Pasted signature texts (shape shared with the other views). */
  signatures: string[];
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored text as is: cheap to read on every render; the registry is rebuilt only when it changes. */
export function readStoredText(): string {
  try {
    return storage()?.getItem(ABIS_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
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

function write(data: StoredAbis): void {
  try {
    storage()?.setItem(ABIS_STORAGE_KEY, serialise(data));
  } catch {
    // storage full or disabled: decoding still works for this session
  }
}

/** Built-ins, the devnet's contract ABIs, then everything stored; a damaged entry is skipped, not fatal. */
export function buildRegistry(
  storedText: string,
  devnetAbis: readonly unknown[][] = [],
): AbiRegistry {
  const registry = new AbiRegistry();
  const stored = parseStored(storedText);
  for (const item of stored.abi) registry.addAbi([item] as Abi);
  for (const json of stored.abis) registry.addAbiJson(json);
  for (const sig of stored.signatures) registry.addSignature(sig);
  for (const abi of devnetAbis) {
    for (const item of abi) registry.addAbi([item] as Abi);
  }
  return registry;
}

/**
 * Checks and stores what the user pasted: an ABI (JSON) or one signature. Returns how many
 * functions, events and errors it brings, or throws with the reason (nothing is stored then).
 */
export function addToStore(text: string): { functions: number; events: number; errors: number } {
  const t = text.trim();
  if (t === "") throw new Error("paste an ABI (JSON) or a function signature first");
  const probe = new AbiRegistry({ builtins: false });
  const stored = parseStored(readStoredText());
  const isJson = t.startsWith("[") || t.startsWith("{");
  let added: { functions: number; events: number; errors: number };
  if (isJson) {
    const r = probe.addAbiJson(t);
    if (!r.ok) throw new Error(r.message);
    added = r.added;
  } else {
    const r = probe.addSignature(t);
    if (!r.ok) throw new Error(r.message);
    added = {
      functions: r.kind === "function" ? 1 : 0,
      events: r.kind === "event" ? 1 : 0,
      errors: r.kind === "error" ? 1 : 0,
    };
  }
  const keys = new Set(stored.abi.map((i) => JSON.stringify(i)));
  const newItems = probe.userAbi.filter((i) => !keys.has(JSON.stringify(i)));
  write({
    abi: [...stored.abi, ...newItems],
    abis: isJson && !stored.abis.includes(t) ? [...stored.abis, t] : stored.abis,
    signatures:
      !isJson && !stored.signatures.includes(t) ? [...stored.signatures, t] : stored.signatures,
  });
  return added;
}

/** How many items the user stored (functions, events and errors). */
export function storedCount(text: string): number {
  const s = parseStored(text);
  const probe = new AbiRegistry({ builtins: false });
  for (const item of s.abi) probe.addAbi([item] as Abi);
  for (const json of s.abis) probe.addAbiJson(json);
  for (const sig of s.signatures) probe.addSignature(sig);
  return probe.userAbi.length;
}
