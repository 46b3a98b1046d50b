import { formatNative } from "../../chain";
import type { TraceSummary } from "./model";

export function Summary({
  summary,
  nativeSymbol = "ETH",
}: {
  summary: TraceSummary;
  nativeSymbol?: string;
}) {
  const items: [string, string][] = [
    ["Frames", summary.frames.toLocaleString("en-US")],
    ["Maximum depth", String(summary.maxDepth)],
    ["Failed frames", summary.failed.toLocaleString("en-US")],
    ["Value moved", formatNative(summary.valueMoved, { nativeSymbol })],
    [
      "Top-frame gas used",
      summary.topGasUsed === null
        ? "— (not sent)"
        : Math.round(summary.topGasUsed).toLocaleString("en-US"),
    ],
    [
      "Logs",
      `${summary.logs.toLocaleString("en-US")}${summary.revertedLogs > 0 ? ` (+${summary.revertedLogs.toLocaleString("en-US")} reverted, not emitted)` : ""}`,
    ],
  ];
  if (summary.issueFrames > 0)
    items.push(["Frames with warnings", summary.issueFrames.toLocaleString("en-US")]);
  return (
    <section aria-label="Trace summary">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([k, v]) => (
          <div key={k} className="rounded border border-slate-200 px-2 py-1 dark:border-slate-700">
            <dt className="text-xs text-slate-700 dark:text-slate-300">{k}</dt>
            <dd
              className={`font-mono text-sm font-semibold ${k === "Failed frames" && summary.failed > 0 ? "text-red-700 dark:text-red-300" : ""}`}
            >
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
