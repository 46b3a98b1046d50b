/**
 * The logs table's columns (what can be shown or hidden, and how wide) and its two sort orders.
 */
import type { LogRow } from "./result";

export type ColumnId =
  "block" | "time" | "txIndex" | "logIndex" | "txHash" | "address" | "event" | "args" | "removed";

export interface Column {
  id: ColumnId;
  label: string;
  /** A CSS grid track. */
  width: string;
}

export const COLUMNS: readonly Column[] = [
  { id: "block", label: "Block", width: "6.5rem" },
  { id: "time", label: "Time", width: "11.5rem" },
  { id: "txIndex", label: "Tx index", width: "4.5rem" },
  { id: "logIndex", label: "Log index", width: "5rem" },
  { id: "txHash", label: "Transaction hash", width: "9.5rem" },
  { id: "address", label: "Address", width: "9.5rem" },
  { id: "event", label: "Event", width: "9rem" },
  { id: "args", label: "Arguments", width: "minmax(16rem, 1fr)" },
  { id: "removed", label: "Removed", width: "7.5rem" },
];

export type SortKey = "block" | "logIndex";

export interface SortState {
  key: SortKey;
  dir: "asc" | "desc";
}

export function isSortable(id: ColumnId): id is SortKey {
  return id === "block" || id === "logIndex";
}

/** By log index, then block; pending logs (no block or index yet) after the mined ones. */
function byLogIndex(a: LogRow, b: LogRow): number {
  const ab = a.blockNumber ?? Number.POSITIVE_INFINITY;
  const bb = b.blockNumber ?? Number.POSITIVE_INFINITY;
  const ai = a.logIndex ?? Number.POSITIVE_INFINITY;
  const bi = b.logIndex ?? Number.POSITIVE_INFINITY;
  return ai !== bi ? (ai < bi ? -1 : 1) : ab === bb ? 0 : ab < bb ? -1 : 1;
}

/**
 * `list` in the asked order. The scan hands rows over sorted by block and log index, so the block
 * order only ever reverses them (and ascending needs no copy).
 */
export function sortRows(list: readonly LogRow[], sort: SortState): readonly LogRow[] {
  if (sort.key === "block") return sort.dir === "asc" ? list : [...list].reverse();
  const sorted = [...list].sort(byLogIndex);
  return sort.dir === "asc" ? sorted : sorted.reverse();
}

/** A click on a sortable header: the same column flips direction, another starts ascending. */
export function nextSort(s: SortState, key: SortKey): SortState {
  return s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" };
}
