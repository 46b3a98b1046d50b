/**
 * The device cache of decoding answers: IndexedDB (database "nodescope-decoding"), keyed by
 * service + base URL + key, each answer with the time it was stored. Where IndexedDB is missing
 * or refuses (private windows), a memory cache stands in for the session.
 */
import { clear as idbClear, createStore, getMany, setMany, type UseStore } from "idb-keyval";
import { trimBase, type DecodingService } from "./types";

export const DECODING_DB_NAME = "nodescope-decoding";
const STORE_NAME = "answers";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A known signature or a verified contract is kept 30 days. */
export const POSITIVE_TTL_MS = 30 * DAY_MS;
/** "Unknown" and "not verified" are kept a day: someone may add or verify it meanwhile. */
export const NEGATIVE_TTL_MS = DAY_MS;

export interface CachedAnswer {
  value: unknown;
  storedAt: number;
}

export interface DecodingCache {
  /** "memory" when IndexedDB could not be used. */
  readonly kind: "indexeddb" | "memory";
  getMany(keys: string[]): Promise<(CachedAnswer | undefined)[]>;
  setMany(entries: [string, CachedAnswer][]): Promise<void>;
  clear(): Promise<void>;
}

/** The cache key of one answer: the same selector asked of another database is another answer. */
export function cacheKey(service: DecodingService | "chain", base: string, key: string): string {
  return `v1|${service}|${trimBase(base)}|${key}`;
}

/** Whether a stored answer is young enough; `negative` = "unknown" / "not verified". */
export function isFresh(entry: CachedAnswer, negative: boolean, now: number): boolean {
  const age = now - entry.storedAt;
  return age >= 0 && age < (negative ? NEGATIVE_TTL_MS : POSITIVE_TTL_MS);
}

function isCachedAnswer(v: unknown): v is CachedAnswer {
  return (
    typeof v === "object" &&
    v !== null &&
    "storedAt" in v &&
    typeof v.storedAt === "number" &&
    "value" in v
  );
}

export function memoryDecodingCache(): DecodingCache {
  const map = new Map<string, CachedAnswer>();
  return {
    kind: "memory",
    getMany: (keys) => Promise.resolve(keys.map((k) => map.get(k))),
    setMany: (entries) => {
      for (const [k, v] of entries) map.set(k, v);
      return Promise.resolve();
    },
    clear: () => {
      map.clear();
      return Promise.resolve();
    },
  };
}

class IdbDecodingCache implements DecodingCache {
  private fallback: DecodingCache | null = null;
  constructor(private readonly store: UseStore) {}

  get kind(): "indexeddb" | "memory" {
    return this.fallback === null ? "indexeddb" : "memory";
  }

  /** Runs on IndexedDB until it fails once; from then on the memory cache answers. */
  private async run<T>(
    idb: () => Promise<T>,
    memory: (cache: DecodingCache) => Promise<T>,
  ): Promise<T> {
    if (this.fallback === null) {
      try {
        return await idb();
      } catch {
        this.fallback = memoryDecodingCache();
      }
    }
    return memory(this.fallback);
  }

  async getMany(keys: string[]): Promise<(CachedAnswer | undefined)[]> {
    if (keys.length === 0) return [];
    const found = await this.run(
      () => getMany<unknown>(keys, this.store),
      (m) => m.getMany(keys),
    );
    return found.map((v) => (isCachedAnswer(v) ? v : undefined));
  }

  setMany(entries: [string, CachedAnswer][]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return this.run(
      () => setMany(entries, this.store),
      (m) => m.setMany(entries),
    );
  }

  clear(): Promise<void> {
    return this.run(
      () => idbClear(this.store),
      (m) => m.clear(),
    );
  }
}

/** The device cache; a memory cache where IndexedDB does not exist or cannot be opened. */
export function openDecodingCache(dbName = DECODING_DB_NAME): DecodingCache {
  if (typeof indexedDB === "undefined") return memoryDecodingCache();
  try {
    return new IdbDecodingCache(createStore(dbName, STORE_NAME));
  } catch {
    return memoryDecodingCache();
  }
}
