/**
 * Facet counts: the top values of the contract, the event and each address argument among the
 * rows the filter shows, counted only while the panel is open; a click includes or excludes one.
 */
import { memo, useMemo, useState } from "react";
import { facets } from "./facetCounts";
import type { EventKind, KindIndex } from "./kinds";
import { groupedNumber, shortHex } from "../ui";
import type { LogRow } from "./result";

export interface FacetsProps {
  rows: readonly LogRow[];
  index: KindIndex;
  kind: EventKind | null;
  /** A term to add to the filter (`field=value`, or `-field=value` to exclude). */
  onTerm: (term: string) => void;
}

export const Facets = memo(function Facets({ rows, index, kind, onTerm }: FacetsProps) {
  const [open, setOpen] = useState(false);
  const list = useMemo(() => (open ? facets(rows, index, kind) : []), [open, rows, index, kind]);
  return (
    <details
      className="text-sm"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
        Facets
      </summary>
      <div className="mt-2 flex flex-wrap gap-4">
        {list.map((f) => (
          <section key={f.field} aria-label={`Top values of ${f.label}`} className="min-w-[14rem]">
            <h4 className="text-xs font-semibold text-slate-800 dark:text-slate-100">
              {f.label}{" "}
              <span className="font-normal text-slate-700 dark:text-slate-300">
                ({groupedNumber(f.distinct)} distinct)
              </span>
            </h4>
            <ul className="mt-1 flex flex-col gap-0.5">
              {f.values.map((v) => {
                const shown = v.value.startsWith("0x") ? shortHex(v.value) : v.value;
                const term = `${f.field}=${v.value.toLowerCase()}`;
                return (
                  <li key={v.value} className="flex items-center gap-2 font-mono text-xs">
                    <span className="w-28 truncate" title={v.value}>
                      {shown}
                    </span>
                    <span className="w-16 text-right">{groupedNumber(v.count)}</span>
                    <button
                      type="button"
                      aria-label={`Only ${f.label} ${v.value}`}
                      className="rounded border border-slate-300 px-1 dark:border-slate-600"
                      onClick={() => onTerm(term)}
                    >
                      +
                    </button>
                    <button
                      type="button"
                      aria-label={`Exclude ${f.label} ${v.value}`}
                      className="rounded border border-slate-300 px-1 dark:border-slate-600"
                      onClick={() => onTerm(`-${term}`)}
                    >
                      −
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
});
