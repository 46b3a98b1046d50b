/**
 * Gas by function: calls, total, self and share per (contract, function), sortable. Rows read as
 * `Contract.function` (the contract's verified name or the user's label, else its short
 * address). The share is of the quantity the table is sorted by: of self gas (the self shares add
 * up to 100%) unless sorted by total gas, then of total gas; the header says which. Choosing a
 * row highlights its frames in the tree and the flame chart (the caller owns that state).
 */
import { InsightSection } from "./Section";
import { useContext, useMemo, useState } from "react";
import { AddressNames, groupedNumber, shortAddress, ShortAddress, SortHeader } from "../../ui";
import type { GasRow } from "./gasRows";

type SortKey = "self" | "total" | "calls" | "share" | "function";

/** A signature's bare name: `check(uint256)` → `check`. */
const bareName = (signature: string) => {
  const paren = signature.indexOf("(");
  return paren > 0 ? signature.slice(0, paren) : signature;
};

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
  const namer = useContext(AddressNames);
  // The share follows the sort: of total gas when sorted by total, else of self gas.
  const basis: "self" | "total" = sort.key === "total" ? "total" : "self";
  const shareOf = (r: GasRow) => (basis === "total" ? r.share : r.selfShare);
  const contractName = (r: GasRow) =>
    r.contract ? (namer.name(r.contract)?.text ?? shortAddress(r.contract)) : "—";
  const signature = (r: GasRow) =>
    (r.kind === "internal" ? `${r.name ?? "?"} (internal)` : null) ??
    functionName(r) ??
    (r.kind === "creation"
      ? "(contract creation)"
      : r.kind === "transfer"
        ? "(value transfer / fallback)"
        : r.selector);
  const label = (r: GasRow) =>
    r.kind === "call"
      ? `${contractName(r)}.${bareName(signature(r))}`
      : r.kind === "internal"
        ? `${contractName(r)}.${signature(r)}`
        : signature(r);
  const shown = useMemo(() => {
    const list = [...rows];
    const dir = sort.desc ? -1 : 1;
    const key = (r: GasRow) =>
      sort.key === "share" ? shareOf(r) : r[sort.key as Exclude<SortKey, "share" | "function">];
    list.sort((a, b) =>
      sort.key === "function" ? label(a).localeCompare(label(b)) * dir : (key(a) - key(b)) * dir,
    );
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label and shareOf read namer, functionName and basis
  }, [rows, sort, functionName, namer]);

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
          Self = the frame&apos;s gas used minus its subcalls&apos;. Share ={" "}
          {basis === "self"
            ? "self gas ÷ the top frame's gas used (the shares add up to 100%)"
            : "total gas ÷ the top frame's (a caller's total includes its subcalls')"}
          . Choose a row to highlight its frames in the call tree.
        </>
      }
    >
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <thead className="border-b border-slate-300 dark:border-slate-600">
            <tr>
              {header("function", "Function", false)}
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                Contract
              </th>
              {header("calls", "Calls")}
              {header("total", "Total gas")}
              {header("self", "Self gas")}
              {header("share", basis === "self" ? "Share of self gas" : "Share of total gas")}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const isSelected = selected === r.key;
              return (
                <tr
                  key={r.key}
                  aria-selected={isSelected}
                  className={`border-b border-slate-100 dark:border-slate-800 ${isSelected ? "bg-amber-100 dark:bg-amber-900/40" : ""}`}
                >
                  <td className="px-2 py-1">
                    <button
                      type="button"
                      className="text-left font-mono text-xs break-all text-blue-800 hover:underline dark:text-blue-300"
                      aria-pressed={isSelected}
                      title={signature(r)}
                      onClick={() => onSelect(isSelected ? null : r)}
                    >
                      {label(r)}
                    </button>
                    {r.kind === "call" ? (
                      <div className="font-mono text-[11px] break-all text-slate-700 dark:text-slate-300">
                        {signature(r)}
                      </div>
                    ) : null}
                  </td>
                  <td className="px-2 py-1 font-mono text-xs break-all">
                    {r.contract ? (
                      <>
                        <ShortAddress value={r.contract} link className="font-sans font-semibold" />
                        {namer.name(r.contract) ? (
                          <div className="text-[11px] text-slate-700 dark:text-slate-300">
                            {shortAddress(r.contract)}
                          </div>
                        ) : null}
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-2 py-1 text-right font-mono">{groupedNumber(r.calls)}</td>
                  <td className="px-2 py-1 text-right font-mono">{groupedNumber(r.total)}</td>
                  <td className="px-2 py-1 text-right font-mono">{groupedNumber(r.self)}</td>
                  <td className="px-2 py-1 text-right font-mono">
                    {(shareOf(r) * 100).toFixed(1)}%
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </InsightSection>
  );
}
