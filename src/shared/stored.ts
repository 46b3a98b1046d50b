/**
 * A value kept on this device (localStorage, or sessionStorage for this tab only) that views
 * subscribe to: a write is announced to every subscriber in this tab at once, and other tabs hear
 * of localStorage writes through the window `storage` event. Reads are cheap and stable (the same
 * object until the stored text changes), so `useSyncExternalStore` can read on every render.
 */
import { useSyncExternalStore } from "react";

export interface StoredValue<T> {
  read(): T;
  write(next: T): void;
  subscribe(listener: () => void): () => void;
}

type Area = "local" | "session";

function area(which: Area): Storage | null {
  try {
    if (which === "local") return typeof localStorage === "undefined" ? null : localStorage;
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storedValue<T>(
  key: string,
  parse: (text: string | null) => T,
  serialise: (value: T) => string | null,
  which: Area = "local",
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let lastText: string | null | undefined;
  let lastValue: T | undefined;
  // A private-mode browser may refuse to store: the value then lives in memory for this page.
  let memory: string | null = null;
  const readText = (): string | null => {
    const s = area(which);
    if (!s) return memory;
    try {
      return s.getItem(key);
    } catch {
      return memory;
    }
  };
  return {
    read() {
      const text = readText();
      if (lastValue === undefined || text !== lastText) {
        lastText = text;
        lastValue = parse(text);
      }
      return lastValue;
    },
    write(next) {
      const text = serialise(next);
      memory = text;
      try {
        const s = area(which);
        if (text === null) s?.removeItem(key);
        else s?.setItem(key, text);
      } catch {
        // kept in memory only
      }
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === null || e.key === key) listener();
      };
      const win = typeof window === "undefined" || which === "session" ? null : window;
      win?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        win?.removeEventListener("storage", onStorage);
      };
    },
  };
}

export function useStored<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
