import { useSyncExternalStore } from "react";
import type { RequestRecord } from "../rpc";

const LIMIT = 500;

/** Every request the app makes, newest last, for the request inspector. Keys arrive masked. */
class InspectorStore {
  private records: RequestRecord[] = [];
  private listeners = new Set<() => void>();

  readonly push = (record: RequestRecord): void => {
    const i = this.records.findIndex((r) => r.id === record.id);
    const next =
      i >= 0
        ? this.records.map((r, j) => (j === i ? { ...record } : r))
        : [...this.records, { ...record }];
    this.records = next.length > LIMIT ? next.slice(next.length - LIMIT) : next;
    this.listeners.forEach((l) => l());
  };

  readonly clear = (): void => {
    this.records = [];
    this.listeners.forEach((l) => l());
  };

  readonly subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  readonly snapshot = (): RequestRecord[] => this.records;
}

export const inspectorStore = new InspectorStore();

export function useRequestRecords(): RequestRecord[] {
  return useSyncExternalStore(
    inspectorStore.subscribe,
    inspectorStore.snapshot,
    inspectorStore.snapshot,
  );
}
