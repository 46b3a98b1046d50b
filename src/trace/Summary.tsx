import { amountText, groupedNumber, NarrowDetails } from "../ui";
import { DEFAULT_NATIVE_SYMBOL } from "../chain/nativeUnit";
import type { GasAgreement } from "./gasAgreement";
import type { TraceSummary } from "./model";

/**
 * The gas items: the receipt's gas used (of the limit) when the page has the receipt, the top
 * frame's own figure beside it when it differs or stands alone.
 */
function gasItems(gas: GasAgreement | null, summary: TraceSummary): [string, string][] {
  const ofLimit = (n: bigint, limit: bigint | null) =>
    `${groupedNumber(n)}${limit !== null ? ` of ${groupedNumber(limit)}` : ""}`;
  const top =
    gas && gas.topGasUsed !== null
      ? groupedNumber(gas.topGasUsed)
      : summary.topGasUsed === null
        ? "— (not sent)"
        : groupedNumber(summary.topGasUsed);
  if (!gas || gas.receiptGasUsed === null) return [["Top-frame gas used", top]];
  const receipt: [string, string] = ["Gas used", ofLimit(gas.receiptGasUsed, gas.limit)];
  if (gas.verdict === "agree" || gas.verdict === "receipt-only") return [receipt];
  return [receipt, ["Top-frame gas used", top]];
}

export function Summary({
  summary,
  gas = null,
  nativeSymbol = DEFAULT_NATIVE_SYMBOL,
}: {
  summary: TraceSummary;
  /** The top frame's gas beside the receipt's (gasAgreement.ts); null when not worked out. */
  gas?: GasAgreement | null;
  nativeSymbol?: string;
}) {
  const items: [string, string][] = [
    ["Frames", groupedNumber(summary.frames)],
    ["Maximum depth", groupedNumber(summary.maxDepth)],
    ["Failed frames", groupedNumber(summary.failed)],
    ["Value moved", amountText(summary.valueMoved, 18, nativeSymbol)],
    ...gasItems(gas, summary),
    [
      "Logs",
      `${groupedNumber(summary.logs)}${summary.revertedLogs > 0 ? ` (+${groupedNumber(summary.revertedLogs)} reverted, not emitted)` : ""}`,
    ],
  ];
  if (summary.issueFrames > 0)
    items.push(["Frames with warnings", groupedNumber(summary.issueFrames)]);
  // On a phone the cards fold into one line, so the tree starts within the first screen.
  const line = [
    `${groupedNumber(summary.frames)} frame${summary.frames === 1 ? "" : "s"}`,
    summary.failed > 0 ? `${groupedNumber(summary.failed)} failed` : null,
    `${amountText(summary.valueMoved, 18, nativeSymbol)} moved`,
    `${gasItems(gas, summary)[0]?.[1] ?? ""} gas`,
  ]
    .filter((x) => x !== null)
    .join(" · ");
  return (
    <section aria-label="Trace summary">
      <NarrowDetails summary={<span className="font-mono text-xs">{line}</span>}>
        <SummaryCards items={items} failed={summary.failed} />
      </NarrowDetails>
      {gas?.note ? (
        <p role="note" aria-label="Gas used, trace and receipt" className="mt-2 text-sm">
          {gas.note}
        </p>
      ) : null}
    </section>
  );
}

function SummaryCards({ items, failed }: { items: [string, string][]; failed: number }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([k, v]) => (
          // One line per figure (its name beside it): the call tree below starts higher.
          <div
            key={k}
            className="flex flex-wrap items-baseline gap-x-2 rounded border border-slate-200 px-2 py-0.5 dark:border-slate-700"
          >
            <dt className="text-xs text-slate-700 dark:text-slate-300">{k}</dt>
            <dd
              className={`font-mono text-sm font-semibold ${k === "Failed frames" && failed > 0 ? "text-red-700 dark:text-red-300" : ""}`}
            >
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
