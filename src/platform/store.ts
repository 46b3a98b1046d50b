/**
 * The one store helper: a value that views read with `useSyncExternalStore` (`useStore` in
 * src/ui/store.ts) and code outside React reads and writes directly. Every store of the app is
 * built on it, so none hand-writes its own listener set. No React here: it runs before React loads
 * (the entry module, the trace Worker's page side).
 */
export interface Store<T> {
  /** The current value; the same object until it is set again (safe to read on every render). */
  get(): T;
  /** Sets the value and tells every subscriber, unless `equals(old, new)` says nothing changed. */
  set(next: T | ((prev: T) => T)): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface StoreOptions<T> {
  /** Default `Object.is`. */
  equals?: (a: T, b: T) => boolean;
}

export function createStore<T>(initial: T, opts: StoreOptions<T> = {}): Store<T> {
  const equals = opts.equals ?? Object.is;
  const listeners = new Set<() => void>();
  let value = initial;
  return {
    get: () => value,
    set(next) {
      const v = typeof next === "function" ? (next as (prev: T) => T)(value) : next;
      if (equals(value, v)) return;
      value = v;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Listeners without a value of their own, for a store whose value is read elsewhere (storage, a
 * derived snapshot): `notify()` tells every subscriber.
 */
export interface Signal {
  notify(): void;
  subscribe(listener: () => void): () => void;
}

export function createSignal(): Signal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
