/** The logs table's sort orders: by block, by log index, by a decoded argument (its type's order). */
import type { ColumnKey } from "./columns";
import { sortByArg } from "./groups";
import type { KindIndex } from "./kinds";
import type { LogRow } from "./result";

export type SortKey = "block" | "logIndex" | `arg:${string}`;

export interface SortState {
  key: SortKey;
  dir: "asc" | "desc";
}

export function isSortable(id: ColumnKey): id is SortKey {
  return id === "block" || id === "logIndex" || id.startsWith("arg:");
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
export function sortRows(
  list: readonly LogRow[],
  sort: SortState,
  index?: KindIndex,
): readonly LogRow[] {
  if (sort.key.startsWith("arg:"))
    return index ? sortByArg(list, index, sort.key.slice(4), sort.dir) : list;
  if (sort.key === "block") return sort.dir === "asc" ? list : [...list].reverse();
  const sorted = [...list].sort(byLogIndex);
  return sort.dir === "asc" ? sorted : sorted.reverse();
}

/** A click on a sortable header: the same column flips direction, another starts ascending. */
export function nextSort(s: SortState, key: SortKey): SortState {
  return s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" };
}
