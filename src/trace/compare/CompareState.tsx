/**
 * Both runs' state and balance changes side by side: each variable (by name, as the State
 * changes view names it) with A's and B's before → after beside it, rows where they differ
 * first; then each address's net balance change per asset in A and in B. Pure props.
 */
import { formatEther } from "viem";
import { groupedNumber, ShortAddress } from "../../ui";
import type { BalanceRow, StateRow } from "./state";

const CELL = "px-2 py-1 align-top";

/** Rows shown at once: the differing ones come first; the rest are counted. */
export const SHOWN_ROWS = 200;

function More({ total }: { total: number }) {
  if (total <= SHOWN_ROWS) return null;
  return (
    <p className="mt-1 text-sm">and {groupedNumber(total - SHOWN_ROWS)} more rows not shown.</p>
  );
}

function Change({ side }: { side: { before: string; after: string } | null }) {
  if (!side) return <span className="italic">unchanged</span>;
  return (
    <span className="break-all font-mono text-xs">
      {side.before === "" ? side.after : `${side.before} → ${side.after}`}
    </span>
  );
}

export function StateComparison({ rows }: { rows: readonly StateRow[] }) {
  if (rows.length === 0) return <p className="text-sm">Neither run changes any state.</p>;
  const differ = rows.filter((r) => r.differs).length;
  return (
    <div className="overflow-x-auto">
      <p className="mb-1 text-sm">
        {groupedNumber(differ)} of {groupedNumber(rows.length)} changes differ between A and B
        (listed first).
      </p>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">State changes of A and B by variable</caption>
        <thead className="border-b border-slate-300 dark:border-slate-600">
          <tr>
            {["Account", "Variable", "A (before → after)", "B (before → after)", ""].map((h) => (
              <th key={h} scope="col" className={`${CELL} text-left`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN_ROWS).map((r) => (
            <tr
              key={`${r.address}|${r.name}`}
              className={`border-b border-slate-200 dark:border-slate-700 ${r.differs ? "bg-amber-50 dark:bg-amber-950/40" : ""}`}
            >
              <td className={`${CELL} font-mono text-xs`} title={r.address}>
                <ShortAddress value={r.address} />
              </td>
              <td className={`${CELL} break-all font-mono text-xs`}>
                <span className="font-semibold">{r.name}</span>
                {r.type ? (
                  <span className="text-slate-600 dark:text-slate-400"> {r.type}</span>
                ) : null}
              </td>
              <td className={CELL}>
                <Change side={r.a} />
              </td>
              <td className={CELL}>
                <Change side={r.b} />
              </td>
              <td className={`${CELL} text-xs`}>{r.differs ? "differs" : "same"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <More total={rows.length} />
    </div>
  );
}

function amount(row: BalanceRow, v: bigint | null, symbol: string): string {
  if (v === null) return "—";
  const sign = v > 0n ? "+" : v < 0n ? "\u2212" : "";
  const abs = v < 0n ? -v : v;
  if (row.asset.kind === "native") return `${sign}${formatEther(abs)} ${symbol}`;
  const id = row.asset.tokenId !== undefined ? ` #${row.asset.tokenId.toString()}` : "";
  return `${sign}${abs.toString()} (${row.asset.kind}${id})`;
}

export function BalanceComparison({
  rows,
  transfers,
  symbol,
}: {
  rows: readonly BalanceRow[];
  transfers: { a: number; b: number };
  /** The chain's native unit (src/chain/nativeUnit.ts). */
  symbol: string;
}) {
  return (
    <div className="overflow-x-auto">
      <p className="mb-1 text-sm">
        Token and value transfers: {groupedNumber(transfers.a)} in A, {groupedNumber(transfers.b)}{" "}
        in B.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm">Neither run moves value or tokens.</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Balance changes of A and B</caption>
          <thead className="border-b border-slate-300 dark:border-slate-600">
            <tr>
              {["Address", "Asset", "A", "B"].map((h) => (
                <th key={h} scope="col" className={`${CELL} text-left`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((r) => (
              <tr
                key={`${r.address}|${r.asset.kind}|${r.asset.token ?? ""}|${r.asset.tokenId?.toString() ?? ""}`}
                className={`border-b border-slate-200 dark:border-slate-700 ${r.differs ? "bg-amber-50 dark:bg-amber-950/40" : ""}`}
              >
                <td className={`${CELL} font-mono text-xs`} title={r.address}>
                  <ShortAddress value={r.address} />
                </td>
                <td className={`${CELL} font-mono text-xs`} title={r.asset.token ?? undefined}>
                  {r.asset.token ? <ShortAddress value={r.asset.token} /> : "native"}
                </td>
                <td className={`${CELL} font-mono text-xs`}>{amount(r, r.a, symbol)}</td>
                <td className={`${CELL} font-mono text-xs`}>{amount(r, r.b, symbol)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <More total={rows.length} />
    </div>
  );
}
