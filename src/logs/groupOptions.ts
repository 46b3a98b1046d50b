/**
 * Group by's choices (the log's fields, block buckets, each argument) and the filter term that
 * narrows the log table to one group. No React.
 */
import type { GroupBy, GroupOption } from "./groupTypes";
import type { ArgSpec, EventKind } from "./kinds";
import { quoteValue } from "./query";
import type { LogRow } from "./result";
import { groupedNumber } from "../ui/basics/numberText";

/** A block bucket size giving about 40 buckets over the span: 1, 2, 5 × a power of ten. */
export function bucketSize(rows: readonly LogRow[]): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    if (r.blockNumber === null) continue;
    if (r.blockNumber < lo) lo = r.blockNumber;
    if (r.blockNumber > hi) hi = r.blockNumber;
  }
  const span = hi >= lo ? hi - lo + 1 : 1;
  const raw = Math.max(1, span / 40);
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** What the rows can be grouped by: None first, the log's fields, block buckets, each argument. */
export function groupOptions(kind: EventKind | null, bucket: number): GroupOption[] {
  const out: GroupOption[] = [
    { value: "none", label: "None" },
    { value: "contract", label: "Contract (address)" },
    { value: "event", label: "Event" },
  ];
  for (const a of kind?.args ?? []) if (a.name) out.push({ value: `arg:${a.name}`, label: a.name });
  out.push({ value: "tx", label: "Transaction" }, { value: "block", label: "Block" });
  if (bucket > 1)
    out.push({ value: `blocks:${bucket}`, label: `Blocks (by ${groupedNumber(bucket)})` });
  return out;
}

/** The filter term that reads back exactly the group's logs (query.ts parses what this writes). */
export function termFor(by: GroupBy, key: string, arg: ArgSpec | undefined): string {
  if (by === "contract") return `contract=${key}`;
  // an event no ABI names is its topic0
  if (by === "event")
    return key.startsWith("0x") ? `topic0=${key}` : `event=${quoteValue(key.toLowerCase())}`;
  if (by === "tx") return `tx=${key}`;
  if (by === "block") return `block=${key}`;
  if (by.startsWith("blocks:")) return `block:${key}`;
  const name = (arg?.name ?? by.slice(4)).toLowerCase();
  return `${name}=${quoteValue(key)}`;
}
