import { useId, useState } from "react";
import { CopyButton } from "../../ui";
import { formatDecimal, formatWei, requireQuantity } from "../../chain";
import type { TxObject } from "../../call/params";
import { costAt, splitGas } from "./result";

function defaultGwei(tx: TxObject): string {
  const price = tx.gasPrice ?? tx.maxFeePerGas;
  return price ? formatWei(requireQuantity(price, "gas price"), "gwei") : "";
}

/** The estimate (hex and decimal), how it splits against the intrinsic cost, and its cost. */
export function EstimateResult({
  estimate,
  tx,
  symbol,
}: {
  estimate: string;
  tx: TxObject;
  /** The chain's native unit (src/chain/nativeUnit.ts). */
  symbol: string;
}) {
  const ids = useId();
  const gas = requireQuantity(estimate, "the estimate");
  const split = splitGas(gas, tx);
  const [gwei, setGwei] = useState(() => defaultGwei(tx));
  const cost = costAt(gas, gwei);
  const pct = (part: bigint) => (gas > 0n ? Number((part * 1000n) / gas) / 10 : 0);
  const calldataLabel = `Calldata: ${split.zeroBytes} zero byte${split.zeroBytes === 1 ? "" : "s"} × 4 + ${split.nonZeroBytes} non-zero × 16 (EIP-2028)`;
  const rows: { label: string; gas: bigint }[] = [
    { label: "Base cost of every transaction", gas: split.base },
    { label: calldataLabel, gas: split.calldataGas },
  ];
  if (split.creation) {
    rows.push({ label: "Contract creation", gas: split.creation.gas });
    rows.push({
      label: `Init code: ${split.creation.words} word${split.creation.words === 1 ? "" : "s"} of 32 bytes × 2 (EIP-3860)`,
      gas: split.creation.wordGas,
    });
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={`${ids}-title`} className="text-base font-semibold">
        Result
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1">
        <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Estimated gas</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-lg font-semibold" data-testid="estimate-hex">
            {estimate}
          </span>
          <span className="text-lg">= {formatDecimal(gas)} gas</span>
          <CopyButton text={estimate} label="Copy estimated gas" />
        </dd>
      </dl>

      <h3 className="mt-3 text-sm font-semibold">How it splits</h3>
      <div
        className="mt-1 flex h-3 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        aria-hidden="true"
      >
        <div
          className="bg-indigo-600"
          style={{ width: `${Math.min(100, pct(split.intrinsic))}%` }}
        />
        <div
          className="bg-emerald-600"
          style={{ width: `${Math.max(0, 100 - pct(split.intrinsic))}%` }}
        />
      </div>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">Estimated gas split into intrinsic cost and execution</caption>
        <thead>
          <tr className="text-left text-slate-700 dark:text-slate-300">
            <th scope="col" className="font-medium">
              Part
            </th>
            <th scope="col" className="text-right font-medium">
              Gas
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-0.5 pr-2">{r.label}</td>
              <td className="py-0.5 text-right font-mono">{formatDecimal(r.gas)}</td>
            </tr>
          ))}
          {(
            [
              [
                "Intrinsic gas (approximation)",
                split.intrinsic,
                "bg-indigo-600",
                "border-slate-300 dark:border-slate-600",
              ],
              [
                "Execution and the node's margin",
                split.execution,
                "bg-emerald-600",
                "border-slate-100 dark:border-slate-800",
              ],
            ] as const
          ).map(([label, gas, swatch, border]) => (
            <tr key={label} className={`border-t font-medium ${border}`}>
              <td className="py-0.5 pr-2">
                <span
                  className={`mr-1 inline-block h-2 w-2 rounded-sm ${swatch}`}
                  aria-hidden="true"
                />
                {label}
              </td>
              <td className="py-0.5 text-right font-mono">
                {gas >= 0n ? formatDecimal(gas) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
        The intrinsic part is computed here from the rules (21,000 base; calldata 4 gas per zero
        byte and 16 per non-zero byte
        {split.creation ? "; 32,000 for a creation plus 2 per 32-byte word of init code" : ""}); it
        is an approximation: access lists, EIP-7623's calldata floor and chain-specific charges (an
        L2's L1 fee) are not counted. The rest is what execution needs, including any margin the
        node adds.
        {split.execution < 0n
          ? " The node's estimate is below this approximation: this chain prices calldata differently."
          : ""}
      </p>

      <h3 className="mt-3 text-sm font-semibold">Cost</h3>
      <div className="mt-1 flex flex-col gap-1">
        <label
          htmlFor={`${ids}-gwei`}
          className="text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Gas price for cost (gwei)
        </label>
        <input
          id={`${ids}-gwei`}
          value={gwei}
          onChange={(e) => setGwei(e.target.value)}
          placeholder="e.g. 0.01 or 20"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={cost.ok ? undefined : true}
          aria-describedby={cost.ok ? undefined : `${ids}-gwei-error`}
          className={`w-full max-w-xs rounded border px-2 py-1.5 font-mono text-sm dark:bg-slate-900 ${cost.ok ? "border-slate-300 dark:border-slate-600" : "border-red-600 dark:border-red-400"}`}
        />
        {!cost.ok ? (
          <p
            id={`${ids}-gwei-error`}
            role="alert"
            className="text-xs text-red-700 dark:text-red-300"
          >
            {cost.message}
          </p>
        ) : cost.value ? (
          <p className="text-sm" aria-live="polite">
            {formatDecimal(gas)} gas × {formatWei(cost.value.gasPriceWei, "gwei")} gwei ={" "}
            <strong className="font-mono" data-testid="cost-eth">
              {cost.value.eth} {symbol}
            </strong>{" "}
            <span className="font-mono">({cost.value.gwei} gwei)</span>
          </p>
        ) : (
          <p className="text-xs text-slate-700 dark:text-slate-300">
            Type a gas price to see what this gas costs (exact, no rounding).
          </p>
        )}
      </div>
    </section>
  );
}
