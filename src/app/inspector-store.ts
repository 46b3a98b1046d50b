import { createStore } from "../platform/store";
import type { RequestRecord } from "../rpc";
import { useStore } from "../ui/store";

const LIMIT = 500;

const records = createStore<RequestRecord[]>([]);

/** Every request the app makes, newest last, for the request inspector. Keys arrive masked. */
export const inspectorStore = {
  /** Adds a request, or replaces its earlier record (same id) as it progresses. */
  push(record: RequestRecord): void {
    records.set((prev) => {
      const i = prev.findIndex((r) => r.id === record.id);
      const next =
        i >= 0 ? prev.map((r, j) => (j === i ? { ...record } : r)) : [...prev, { ...record }];
      return next.length > LIMIT ? next.slice(next.length - LIMIT) : next;
    });
  },
  clear(): void {
    records.set([]);
  },
};

export function useRequestRecords(): RequestRecord[] {
  return useStore(records);
}
