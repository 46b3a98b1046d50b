/** The log table's facets: the top values of its contract, event and address arguments. No React. */
import type { GroupBy } from "./groups";
import type { EventKind, KindIndex } from "./kinds";
import { valueText } from "./kinds";
import type { LogRow } from "./result";
import { cmp } from "./sort";

export interface Facet {
  /** The field term's name: contract, event, or an address argument's name. */
  field: string;
  label: string;
  values: { value: string; count: number }[];
  /** How many distinct values there are in all. */
  distinct: number;
}

/** The top values of the contract, the event and each address argument among `rows`. */
export function facets(
  rows: readonly LogRow[],
  index: KindIndex,
  kind: EventKind | null,
  top = 5,
): Facet[] {
  const fields: { field: string; label: string; by: GroupBy }[] = [
    { field: "contract", label: "Contract", by: "contract" },
    { field: "event", label: "Event", by: "event" },
  ];
  for (const a of kind?.args ?? [])
    if (a.type === "address" && a.name)
      fields.push({ field: a.name, label: a.name, by: `arg:${a.name}` });
  return fields.map(({ field, label, by }) => {
    const counts = new Map<string, number>();
    for (const r of rows) {
      let key: string | null;
      if (by === "contract") key = r.address.toLowerCase();
      else if (by === "event") key = index.kindOf(r)?.name ?? null;
      else {
        const k = index.kindOf(r);
        const i = k?.args.findIndex((a) => a.name === field) ?? -1;
        key = k && i >= 0 ? valueText(index.value(r, k, i)) : null;
      }
      if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const values = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || cmp(a.value, b.value))
      .slice(0, top);
    return { field, label, values, distinct: counts.size };
  });
}
