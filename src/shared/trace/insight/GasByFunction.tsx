/**
 * Gas by function: calls, total, self and share per (contract, function), sortable. Choosing a
 * row highlights its frames in the tree and the flame chart (the caller owns that state).
 */
import { InsightSection } from "./Section";
import { useMemo, useState } from "react";
import { SortHeader } from "../../../ui";
import type { GasRow } from "./gasRows";

type SortKey = "self" | "total" | "calls" | "share" | "function";

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

export function GasByFunction({
  rows,
  functionName,
  selected,
  onSelect,
}: {
  rows: readonly GasRow[];
  /** A decoded name for a row's frames ("transfer(address,uint256)"), or null. */
  functionName: (row: GasRow) => string | null;
  selected: string | null;
  onSelect: (row: GasRow | null) => void;
}) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "self", desc: true });
  const shown = useMemo(() => {
    const list = [...rows];
    const dir = sort.desc ? -1 : 1;
    const label = (r: GasRow) => functionName(r) ?? r.selector;
    list.sort((a, b) =>
      sort.key === "function"
        ? label(a).localeCompare(label(b)) * dir
        : (a[sort.key] - b[sort.key]) * dir,
    );
    return list;
  }, [rows, sort, functionName]);

  const header = (key: SortKey, text: string, right = true) => (
    <SortHeader
      column={key}
      label={text}
      sort={sort}
      onSort={setSort}
      align={right ? "right" : "left"}
      firstDesc={key !== "function"}
    />
  );

  return (
    <InsightSection
      title="Gas by function"
      note={
        <>
          Self = the frame&apos;s gas used minus its subcalls&apos;. Choose a row to highlight its
          frames in the call tree.
        </>
      }
    >
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <thead className="border-b border-slate-300 dark:border-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                Contract
              </th>
              {header("function", "Function", false)}
              {header("calls", "Calls")}
              {header("total", "Total gas")}
              {header("self", "Self gas")}
              {header("share", "Share")}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const name =
                functionName(r) ??
                (r.kind === "creation"
                  ? "(contract creation)"
                  : r.kind === "transfer"
                    ? "(value transfer / fallback)"
                    : r.selector);
              const isSelected = selected === r.key;
              return (
                <tr
                  key={r.key}
                  aria-selected={isSelected}
                  className={`border-b border-slate-100 dark:border-slate-800 ${isSelected ? "bg-amber-100 dark:bg-amber-900/40" : ""}`}
                >
                  <td className="px-2 py-1 font-mono text-xs break-all">{r.contract || "—"}</td>
                  <td className="px-2 py-1">
                    <button
                      type="button"
                      className="text-left font-mono text-xs break-all text-blue-800 hover:underline dark:text-blue-300"
                      aria-pressed={isSelected}
                      onClick={() => onSelect(isSelected ? null : r)}
                    >
                      {name}
                    </button>
                  </td>
                  <td className="px-2 py-1 text-right font-mono">{r.calls}</td>
                  <td className="px-2 py-1 text-right font-mono">{fmt(r.total)}</td>
                  <td className="px-2 py-1 text-right font-mono">{fmt(r.self)}</td>
                  <td className="px-2 py-1 text-right font-mono">{(r.share * 100).toFixed(1)}%</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </InsightSection>
  );
}
