/**
 * Address labels: names the user gives addresses (kept on this device, exportable and importable
 * as JSON), and the names of verified contracts learnt from Sourcify while decoding (kept in
 * memory). A user's name wins over a contract's name. Every place an address shows asks here.
 */
import { z } from "../platform/zod";
import { storedValue } from "../platform/storage";
import { createStore } from "../platform/store";

export const LABELS_STORAGE_KEY = "nodescope.labels";
const EXPORT_FORMAT = "nodescope-labels";
export const MAX_LABEL_LENGTH = 64;

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

export type Labels = Readonly<Record<string, string>>;

function cleanName(name: unknown): string | null {
  if (typeof name !== "string") return null;
  const t = name.replace(/\s+/g, " ").trim();
  return t === "" ? null : t.slice(0, MAX_LABEL_LENGTH);
}

/** Any of: `{format, version, labels: {addr: name}}`, `{addr: name}`, `[{address, name}]`. */
function entriesOf(value: unknown): [string, unknown][] {
  if (Array.isArray(value))
    return value.flatMap((e): [string, unknown][] => {
      const r = z.looseObject({ address: z.string(), name: z.unknown() }).safeParse(e);
      return r.success ? [[r.data.address, r.data.name]] : [];
    });
  if (typeof value === "object" && value !== null) {
    const inner = (value as { labels?: unknown }).labels;
    if (typeof inner === "object" && inner !== null) return entriesOf(inner);
    return Object.entries(value);
  }
  return [];
}

/** Labels from a text; `skipped` counts entries that were not an address with a name. */
export function parseLabels(text: string): { labels: Record<string, string>; skipped: number } {
  const value: unknown = JSON.parse(text);
  const labels: Record<string, string> = {};
  let skipped = 0;
  for (const [address, name] of entriesOf(value)) {
    const n = cleanName(name);
    if (!ADDRESS_RE.test(address) || n === null) {
      skipped++;
      continue;
    }
    labels[address.toLowerCase()] = n;
  }
  return { labels, skipped };
}

export const userLabels = storedValue<Labels>(
  LABELS_STORAGE_KEY,
  (text) => {
    if (!text) return {};
    try {
      return parseLabels(text).labels;
    } catch {
      return {};
    }
  },
  (v) => (Object.keys(v).length === 0 ? null : JSON.stringify(v)),
);

export function isAddress(text: string): boolean {
  return ADDRESS_RE.test(text);
}

/** Names `address` (an empty name removes its label). */
export function setLabel(address: string, name: string): void {
  const key = address.toLowerCase();
  const next: Record<string, string> = { ...userLabels.get() };
  const n = cleanName(name);
  if (n === null) delete next[key];
  else next[key] = n;
  userLabels.set(next);
}

export function exportLabels(labels: Labels): string {
  const sorted = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ format: EXPORT_FORMAT, version: 1, labels: sorted }, null, 2)}\n`;
}

/** Adds the labels in `text` to the stored ones (an imported name replaces a stored one). */
export function importLabels(
  text: string,
): { ok: true; added: number; skipped: number } | { ok: false; message: string } {
  let parsed: { labels: Record<string, string>; skipped: number };
  try {
    parsed = parseLabels(text);
  } catch (e) {
    return { ok: false, message: `Not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const added = Object.keys(parsed.labels).length;
  if (added === 0)
    return {
      ok: false,
      message:
        'No labels found: expected {"0x…address": "name"}, a list of {address, name}, or a file exported here',
    };
  userLabels.set((labels) => ({ ...labels, ...parsed.labels }));
  return { ok: true, added, skipped: parsed.skipped };
}

// ---- names of verified contracts (memory only) ----------------------------------------------------

const contractStore = createStore<Labels>({});

export const contractLabels = {
  get: contractStore.get,
  subscribe: contractStore.subscribe,
  /** Records names learnt from Sourcify; announces only when something changed. */
  add(names: Readonly<Record<string, string>>): void {
    contractStore.set((prev) => {
      let next: Record<string, string> | null = null;
      for (const [a, n] of Object.entries(names)) {
        const key = a.toLowerCase();
        if (prev[key] !== n) (next ??= { ...prev })[key] = n;
      }
      return next ?? prev;
    });
  },
};
