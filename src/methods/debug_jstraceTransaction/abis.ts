/**
 * ABIs and signatures the user pastes, kept on this device under localStorage `nodescope.abis`
 * in the format the logs view uses too ({version: 1, abis: [json…], signatures: [text…]}), so an
 * ABI added in either view decodes in both. Nothing here is ever sent anywhere.
 */
import { TraceDecoder } from "./decode";

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
    const strings = (x: unknown) =>
      Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : [];
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

/** The built-in signatures plus everything stored on this device; damaged entries are skipped. */
export function loadDecoder(): TraceDecoder {
  const decoder = new TraceDecoder();
  const stored = readStoredAbis();
  for (const abi of stored.abis) {
    try {
      decoder.addAbiJson(abi);
    } catch {
      // skip a damaged entry
    }
  }
  for (const sig of stored.signatures) {
    try {
      decoder.addSignature(sig);
    } catch {
      // signatures stored by the logs view may be events without the keyword: try that
      try {
        decoder.addSignature(`event ${sig}`);
      } catch {
        // skip
      }
    }
  }
  return decoder;
}

/** Adds an ABI (JSON) or one signature, keeps it on this device; returns how many items it had. */
export function addToDecoder(decoder: TraceDecoder, text: string): number {
  const t = text.trim();
  const stored = readStoredAbis();
  if (t.startsWith("[") || t.startsWith("{")) {
    const n = decoder.addAbiJson(t);
    if (!stored.abis.includes(t)) writeStoredAbis({ ...stored, abis: [...stored.abis, t] });
    return n;
  }
  decoder.addSignature(t);
  if (!stored.signatures.includes(t))
    writeStoredAbis({ ...stored, signatures: [...stored.signatures, t] });
  return 1;
}
