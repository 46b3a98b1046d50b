/**
 * The grouped table: one row per group with its count and, per numeric argument, the exact sum
 * (min and max on demand), sortable; above it a bar chart of the top groups. Choosing a group
 * (its key, or its bar) narrows the log table to it.
 */
import { memo, useMemo, useState } from "react";
import { getAddress } from "viem";
import { formatUnits } from "viem";
import type { TokenMeta } from "../../shared/tokenMeta";
import type { Group, Grouping, GroupSort, GroupSortKey } from "./groups";

export interface GroupTableProps {
  grouping: Grouping;
  /** Already sorted. */
  groups: readonly Group[];
  keyLabel: string;
  sort: GroupSort;
  onSort: (s: GroupSort) => void;
  minMax: boolean;
  onMinMax: (on: boolean) => void;
  onPick: (g: Group) => void;
  tokenOf?: (address: string) => TokenMeta | undefined;
}

/** Rows rendered at first, and how many more each "Show more" adds. */
const PAGE = 100;
const BARS = 10;

function keyText(g: Group, isAddress: boolean): string {
  if (!isAddress) return g.key;
  try {
    return getAddress(g.key);
  } catch {
    return g.key;
  }
}

function amount(v: bigint | undefined, token: TokenMeta | undefined): string {
  if (v === undefined) return "";
  const exact = v.toLocaleString("en-US");
  if (token?.decimals === undefined) return exact;
  return `${exact} (${formatUnits(v, token.decimals)}${token.symbol ? ` ${token.symbol}` : ""})`;
}

export const GroupTable = memo(function GroupTable({
  grouping,
  groups,
  keyLabel,
  sort,
  onSort,
  minMax,
  onMinMax,
  onPick,
  tokenOf,
}: GroupTableProps) {
  const [limit, setLimit] = useState(PAGE);
  const shown = groups.slice(0, limit);
  const { numeric, keyIsAddress } = grouping;
  const cols = 2 + numeric.length * (minMax ? 3 : 1);
  const template = `minmax(16rem, 2fr) 6rem ${Array.from({ length: cols - 2 }, () => "minmax(10rem, 1fr)").join(" ")}`;
  // The bars measure what the table is sorted by (a sum, or the count).
  const measure = sort.key.startsWith("sum:") ? Number(sort.key.slice(4)) : null;
  const bars = useMemo(() => {
    const top = groups.slice(0, BARS);
    const val = (g: Group) => (measure === null ? BigInt(g.count) : (g.sums[measure] ?? 0n));
    const max = top.reduce((m, g) => (val(g) > m ? val(g) : m), 0n);
    return top.map((g) => ({
      g,
      share: max > 0n ? Number((val(g) * 1000n) / max) / 10 : 0,
      label:
        measure === null ? `${g.count.toLocaleString("en-US")} logs` : amount(val(g), undefined),
    }));
  }, [groups, measure]);

  const header = (key: GroupSortKey, label: string) => {
    const active = sort.key === key;
    return (
      <span
        key={key}
        role="columnheader"
        aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
        className="px-2 py-2"
      >
        <button
          type="button"
          className="font-semibold underline-offset-2 hover:underline"
          onClick={() =>
            onSort(
              active
                ? { key, dir: sort.dir === "asc" ? "desc" : "asc" }
                : { key, dir: key === "key" ? "asc" : "desc" },
            )
          }
        >
          {label}
          <span aria-hidden="true">{active ? (sort.dir === "asc" ? " ▲" : " ▼") : " ↕"}</span>
        </button>
      </span>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <figure aria-label={`Top ${bars.length} groups`} className="flex flex-col gap-1">
        <figcaption className="text-xs text-slate-700 dark:text-slate-300">
          Top {bars.length} of {groups.length.toLocaleString("en-US")} groups by{" "}
          {measure === null ? "count" : `sum of ${numeric[measure]?.name ?? ""}`}
        </figcaption>
        {bars.map(({ g, share, label }) => (
          <button
            key={g.key}
            type="button"
            onClick={() => onPick(g)}
            title={`Show the logs of ${keyText(g, keyIsAddress)}`}
            className="grid grid-cols-[minmax(8rem,18rem)_1fr_auto] items-center gap-2 text-left text-xs"
          >
            <span className="truncate font-mono">{keyText(g, keyIsAddress)}</span>
            <span className="h-3 rounded bg-slate-100 dark:bg-slate-800">
              <span
                className="block h-3 rounded bg-indigo-600"
                style={{ width: `${Math.max(0.5, share)}%` }}
              />
            </span>
            <span className="font-mono">{label}</span>
          </button>
        ))}
      </figure>
      {numeric.length > 0 ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={minMax} onChange={(e) => onMinMax(e.target.checked)} />
          Show min and max
        </label>
      ) : null}
      <div
        role="table"
        aria-label="Groups"
        aria-rowcount={groups.length + 1}
        aria-colcount={cols}
        className="max-h-[70vh] overflow-auto rounded border border-slate-200 dark:border-slate-700"
      >
        <div role="rowgroup" className="sticky top-0 bg-slate-100 dark:bg-slate-800">
          <div
            role="row"
            aria-rowindex={1}
            className="grid text-xs font-semibold text-slate-800 dark:text-slate-100"
            style={{ gridTemplateColumns: template }}
          >
            {header("key", keyLabel)}
            {header("count", "Count")}
            {numeric.flatMap((a, k) => [
              header(`sum:${k}`, `Sum of ${a.name}`),
              ...(minMax
                ? [
                    <span key={`min${k}`} role="columnheader" className="px-2 py-2">
                      Min {a.name}
                    </span>,
                    <span key={`max${k}`} role="columnheader" className="px-2 py-2">
                      Max {a.name}
                    </span>,
                  ]
                : []),
            ])}
          </div>
        </div>
        <div role="rowgroup">
          {shown.map((g, i) => {
            const token = g.contract && tokenOf ? tokenOf(g.contract) : undefined;
            return (
              <div
                key={g.key}
                role="row"
                aria-rowindex={i + 2}
                className={`grid border-b border-slate-100 font-mono text-xs dark:border-slate-800 ${i % 2 ? "bg-slate-50 dark:bg-slate-900" : ""}`}
                style={{ gridTemplateColumns: template }}
              >
                <span role="cell" className="truncate px-2 py-1.5">
                  <button
                    type="button"
                    className="text-left text-indigo-700 underline dark:text-indigo-300"
                    title="Show the logs of this group"
                    onClick={() => onPick(g)}
                  >
                    {keyText(g, keyIsAddress)}
                  </button>
                </span>
                <span role="cell" className="px-2 py-1.5">
                  {g.count.toLocaleString("en-US")}
                </span>
                {numeric.flatMap((_, k) => [
                  <span key={`s${k}`} role="cell" className="truncate px-2 py-1.5">
                    {amount(g.sums[k], token)}
                  </span>,
                  ...(minMax
                    ? [
                        <span key={`n${k}`} role="cell" className="truncate px-2 py-1.5">
                          {amount(g.mins[k], token)}
                        </span>,
                        <span key={`x${k}`} role="cell" className="truncate px-2 py-1.5">
                          {amount(g.maxs[k], token)}
                        </span>,
                      ]
                    : []),
                ])}
              </div>
            );
          })}
        </div>
      </div>
      {groups.length > shown.length ? (
        <button
          type="button"
          className="self-start rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600"
          onClick={() => setLimit((l) => l + PAGE)}
        >
          Show {Math.min(PAGE, groups.length - shown.length).toLocaleString("en-US")} more groups
          (of {(groups.length - shown.length).toLocaleString("en-US")} not shown)
        </button>
      ) : null}
    </div>
  );
});
