/**
 * ABIs and event signatures the user adds, kept on this device (localStorage `nodescope.abis`)
 * so every view decodes with them. Nothing here is ever sent anywhere.
 */
import { EventRegistry } from "./decode";

export const ABIS_STORAGE_KEY = "nodescope.abis";

export interface StoredAbis {
  version: 1;
  abis: string[];
  signatures: string[];
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredAbis(): StoredAbis {
  const empty: StoredAbis = { version: 1, abis: [], signatures: [] };
  const text = storage()?.getItem(ABIS_STORAGE_KEY);
  if (!text) return empty;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return empty;
    const rec = parsed as Record<string, unknown>;
    const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);
    return { version: 1, abis: strings(rec.abis), signatures: strings(rec.signatures) };
  } catch {
    return empty;
  }
}

export function writeStoredAbis(data: StoredAbis): void {
  try {
    storage()?.setItem(ABIS_STORAGE_KEY, JSON.stringify(data));
  } catch {
    // storage full or disabled: decoding still works for this session
  }
}

/** The built-in events plus everything stored; entries that no longer parse are skipped. */
export function loadRegistry(): EventRegistry {
  const registry = new EventRegistry();
  const stored = readStoredAbis();
  for (const abi of stored.abis) {
    try {
      registry.addAbiJson(abi);
    } catch {
      // skip a damaged entry
    }
  }
  for (const sig of stored.signatures) {
    try {
      registry.addSignature(sig);
    } catch {
      // skip
    }
  }
  return registry;
}
