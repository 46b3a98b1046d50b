/**
 * The aligned tree as shown (no React): which rows are expanded, the visible rows in the call
 * tree's own `Rows` shape (so its keyboard handling serves here too), search over the rows' words
 * and the structure the keyboard reads. Each is one linear pass over the typed arrays.
 */
import type { Rows, Structure } from "../tree";
import { OPEN_DEPTH } from "../tree";
import type { AlignedTree } from "./align";

export function alignedStructure(t: AlignedTree): Structure {
  return {
    shown: null,
    parent: t.parent,
    level: t.level,
    childCount: t.childCount,
    posInSet: t.posInSet,
    hiddenCount: 0,
  };
}

export function expandAllRows(t: AlignedTree): Uint8Array {
  return new Uint8Array(t.size).fill(1);
}

/**
 * Small comparisons open whole; large ones down to a few levels, and every change's ancestors
 * open, so each change is a visible row from the start.
 */
export function initialRowExpansion(t: AlignedTree): Uint8Array {
  if (t.size <= 1000) return expandAllRows(t);
  const out = new Uint8Array(t.size);
  for (let r = 0; r < t.size; r++) out[r] = (t.level[r] as number) < OPEN_DEPTH ? 1 : 0;
  for (const c of t.changes) openAncestors(t, out, c);
  return out;
}

export function openAncestors(t: AlignedTree, expanded: Uint8Array, row: number): void {
  for (let p = t.parent[row] as number; p >= 0; p = t.parent[p] as number) expanded[p] = 1;
}

/** The rows shown: a row whose ancestors are all expanded. */
export function visibleRows(t: AlignedTree, expanded: Uint8Array): Rows {
  const frame = new Int32Array(t.size);
  const rowOfFrame = new Int32Array(t.size).fill(-1);
  let len = 0;
  for (let r = 0; r < t.size;) {
    frame[len] = r;
    rowOfFrame[r] = len;
    len++;
    r = expanded[r] ? r + 1 : (t.end[r] as number);
  }
  return {
    length: len,
    frame: frame.subarray(0, len),
    log: new Int32Array(len).fill(-1),
    rowOfFrame,
  };
}

/** Rows whose words contain `query` (case-insensitive), in order; empty query: none. */
export function searchRows(texts: readonly string[], query: string): Int32Array {
  const q = query.trim().toLowerCase();
  if (q === "") return new Int32Array(0);
  const out: number[] = [];
  for (let r = 0; r < texts.length; r++) if ((texts[r] as string).includes(q)) out.push(r);
  return Int32Array.from(out);
}
