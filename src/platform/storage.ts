/**
 * The one way the app keeps things on this device: localStorage, or sessionStorage for this tab
 * only. A browser may refuse storage (private mode, a sandboxed frame, a full quota): a refused
 * write is kept in memory for this page, and reads return it, so the setting still applies until
 * the tab closes. A write is announced to this tab's subscribers of its key at once; other tabs
 * hear of localStorage writes through the window `storage` event (one listener for the page).
 * No React: the entry module reads here before React loads (`useStore` is the hook over a
 * `storedValue`).
 */
import { createSignal, type Signal, type Store } from "./store";

export type StorageArea = "local" | "session";

interface Entry {
  signal: Signal;
  /** The last text written (what reads return once the browser refused a write). */
  memory: string | null;
  refused: boolean;
}

const entries = new Map<string, Entry>();

function entry(which: StorageArea, key: string): Entry {
  const id = `${which}:${key}`;
  let e = entries.get(id);
  if (!e) {
    e = { signal: createSignal(), memory: null, refused: false };
    entries.set(id, e);
  }
  return e;
}

function area(which: StorageArea): Storage | null {
  try {
    if (which === "local") return typeof localStorage === "undefined" ? null : localStorage;
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage disabled: reading the property itself throws
  }
}

/** The text kept under `key`, or null (nothing kept, or storage refused and nothing written). */
export function readStorage(which: StorageArea, key: string): string | null {
  const e = entries.get(`${which}:${key}`);
  if (e?.refused) return e.memory;
  try {
    const s = area(which);
    return s ? s.getItem(key) : (e?.memory ?? null);
  } catch {
    return e?.memory ?? null;
  }
}

/**
 * Keeps `text` under `key` (null removes it) and tells the key's subscribers in this tab. False
 * when the browser refused: the text then lives in memory for this page.
 */
export function writeStorage(which: StorageArea, key: string, text: string | null): boolean {
  const e = entry(which, key);
  let kept = false;
  try {
    const s = area(which);
    if (s) {
      if (text === null) s.removeItem(key);
      else s.setItem(key, text);
      kept = true;
    }
  } catch {
    // refused (quota, disabled): kept in memory below
  }
  e.memory = text;
  e.refused = !kept;
  e.signal.notify();
  return kept;
}

/** Calls `listener` whenever `key` is written in this tab, or (localStorage) in another one. */
export function subscribeStorage(
  which: StorageArea,
  key: string,
  listener: () => void,
): () => void {
  if (which === "local") watchOtherTabs();
  return entry(which, key).signal.subscribe(listener);
}

let watching = false;
function watchOtherTabs(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  window.addEventListener("storage", (ev) => {
    if (ev.storageArea !== null && ev.storageArea !== area("local")) return;
    // `key` null: the other tab cleared the whole area.
    for (const [id, e] of entries) {
      if (id.startsWith("local:") && (ev.key === null || id === `local:${ev.key}`)) {
        e.refused = false;
        e.signal.notify();
      }
    }
  });
}

/**
 * A value kept under `key`, as a store (`useStore` reads it in views). `get` is cheap and stable:
 * the same object until the kept text changes, so it can be read on every render. `serialise`
 * returning null removes the key.
 */
export function storedValue<T>(
  key: string,
  parse: (text: string | null) => T,
  serialise: (value: T) => string | null,
  which: StorageArea = "local",
): Store<T> {
  let last: { text: string | null; value: T } | null = null;
  const get = (): T => {
    const text = readStorage(which, key);
    if (last === null || text !== last.text) last = { text, value: parse(text) };
    return last.value;
  };
  return {
    get,
    set(next) {
      const value = typeof next === "function" ? (next as (prev: T) => T)(get()) : next;
      writeStorage(which, key, serialise(value));
    },
    subscribe: (listener) => subscribeStorage(which, key, listener),
  };
}
