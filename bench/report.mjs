// What the bench prints: the views table, the bundle and scan lines, before → after against the
// baseline, the budgets, and where the results went. Reads a results object only, so a stored
// results file prints the same as a fresh run.

export const log = (msg) => console.log(`[bench] ${msg}`);

function printTable(title, rows, columns) {
  const head = ["", ...columns.map((c) => c.label)];
  const body = rows.map((r) => [
    r.label,
    ...columns.map((c) => {
      const v = r.values[c.key];
      return v === null || v === undefined
        ? "–"
        : typeof v === "number"
          ? v.toLocaleString("en-US")
          : String(v);
    }),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of body) console.log(line(r));
}

/** The views' rows: label and values, one per measured scenario. */
function viewRows(results) {
  const rows = [];
  for (const r of Object.values(results.trace ?? {}))
    rows.push({
      key: `trace.${r.frames}`,
      label: `call tree ${r.frames.toLocaleString("en-US")}`,
      r,
    });
  for (const r of Object.values(results.logs ?? {}))
    rows.push({
      key: `logs.${r.logs}`,
      label: `logs ${r.logs.toLocaleString("en-US")} (1 answer)`,
      r,
    });
  for (const r of Object.values(results.activity ?? {}))
    rows.push({
      key: `activity.${r.transfers}`,
      label: `activity ${r.transfers.toLocaleString("en-US")} transfers`,
      r,
    });
  for (const r of Object.values(results.block ?? {}))
    rows.push({
      key: `block.${r.transactions}`,
      label: `block ${r.transactions.toLocaleString("en-US")} txs`,
      r,
    });
  for (const r of Object.values(results.logsScan ?? {}))
    rows.push({
      key: `logsScan.${r.logs}`,
      label: `logs ${r.logs.toLocaleString("en-US")} (scan)`,
      r,
    });
  return rows;
}

const VIEW_COLUMNS = [
  { key: "payloadMB", label: "MB" },
  { key: "jsonParseMs", label: "JSON.parse" },
  { key: "firstRowsMs", label: "first rows" },
  { key: "firstRowsOverParse", label: "÷ parse" },
  { key: "budgetFirstRowsMs", label: "2p+300" },
  { key: "allRowsMs", label: "all rows" },
  { key: "find", label: "filter/search" },
  { key: "filterDoneMs", label: "filter final" },
  { key: "filterAddressEarlyMs", label: "address 1 s in" },
  { key: "groupContractMs", label: "group contract" },
  { key: "groupArgMs", label: "group to" },
  { key: "sortValueMs", label: "sort value" },
  { key: "scrollP95FrameMs", label: "scroll p95" },
  { key: "scrollSettleFrameMs", label: "fill-in frame" },
  { key: "jumpFromRestMs", label: "jump at rest" },
  { key: "longestTaskLoadingMs", label: "longest task (load)" },
  { key: "heapAfterLoadMB", label: "heap MB" },
  { key: "heapAfterAwayMB", label: "heap away" },
  { key: "maxDomRows", label: "max DOM rows" },
];

function printViews(title, results) {
  printTable(
    title,
    viewRows(results).map(({ label, r }) => ({
      label: r.error ? `${label} — ${String(r.error).slice(0, 60)}` : label,
      values: { ...r, find: r.searchMs ?? r.filterMs ?? r.filterAddressMs },
    })),
    VIEW_COLUMNS,
  );
}

/** Before → after, for the figures the closing note needs. */
function printBeforeAfter(before, after) {
  const keys = [
    ["firstRowsMs", "first rows"],
    ["firstRowsOverParse", "÷ parse"],
    ["allRowsMs", "all rows"],
    ["find", "filter/search"],
    ["filterDoneMs", "filter final"],
    ["longestTaskLoadingMs", "longest task"],
    ["heapAfterLoadMB", "heap MB"],
    ["heapAfterAwayMB", "heap away"],
  ];
  const beforeRows = new Map(viewRows(before).map((x) => [x.key, x.r]));
  const fmt = (v) => (typeof v === "number" ? v.toLocaleString("en-US") : "–");
  const rows = viewRows(after).map(({ key, label, r }) => {
    const b = beforeRows.get(key);
    const values = {};
    for (const [k] of keys) {
      const pick = (x) => (x ? (k === "find" ? (x.searchMs ?? x.filterMs) : x[k]) : undefined);
      const bv = b?.error && k !== "heapAfterLoadMB" ? "refused" : fmt(pick(b));
      values[k] = `${bv} → ${fmt(pick(r))}`;
    }
    return { label, values };
  });
  printTable(
    `Before (${before.date}, load ${before.machine.loadAverageAtStart.join(" ")}) → after (median of ${after.method.runs} runs, ms from navigation start)`,
    rows,
    keys.map(([key, label]) => ({ key, label })),
  );
}

/**
 * Everything a run prints after measuring, in order.
 * @param {{ results: object, before: object | null, resultsFile: string, baselineFile: string | null }} options
 *   before: the baseline to compare with (null: none, or this run wrote it); baselineFile: the file
 *   this run also wrote, if any
 */
export function printReport({ results, before, resultsFile, baselineFile }) {
  const m = results.machine;
  printViews(
    `Views (median of ${results.method.runs} runs; ms from navigation start; MB = 10^6 bytes; load average ${m.loadAverageAtStart.join(" ")} → ${m.loadAverageAtEnd.join(" ")} on ${m.cpus} CPUs)`,
    results,
  );
  const bnd = results.bundle;
  console.log(
    `\nBundle (gzip): first load ${bnd.firstLoadGzipKB} KB (JS ${bnd.firstLoadJsGzipKB} + CSS ${bnd.firstLoadCssGzipKB}); first visit as recorded ${bnd.firstVisit.gzipKB} KB (${bnd.firstVisit.files.length} files); all ${bnd.totalGzipKB} KB (JS ${bnd.totalJsGzipKB}) in ${bnd.chunks} files`,
  );
  for (const [n, d] of Object.entries(results.debugger ?? {}))
    console.log(
      d.error
        ? `\nDebugger (${n} steps): ${d.error}`
        : `\nDebugger (a frame of ${d.steps?.toLocaleString("en-US")} steps): first location ${d.firstLocationMs} ms after the Debug tab; steps ${d.steppingReadyMs} ms (the node's tracer answered at ${d.tracerAnswerMs} ms, ${d.readyAfterAnswerMs} ms before them); slowest step into ${d.stepIntoMs} / over ${d.stepOverMs} / out ${d.stepOutMs} / back ${d.stepBackMs} ms; heap ${d.heapBeforeMB} → ${d.heapAfterMB} MB (+${d.heapDeltaMB})`,
    );
  if (results.scan) {
    const s = results.scan;
    console.log(
      `\nRange scan over the devnet gateway: ${s.expectedLogs.toLocaleString("en-US")} logs over ${s.blocks.toLocaleString("en-US")} blocks — concurrency 3: ${s.concurrency3.logsPerSecond} logs/s (${s.concurrency3.medianMs} ms, ${s.concurrency3.requests} requests); concurrency 1: ${s.concurrency1.logsPerSecond} logs/s (${s.concurrency1.medianMs} ms); ratio ${s.speedup}×; every run returned exactly the expected logs: ${s.exactLogs}`,
    );
  }
  if (before) printBeforeAfter(before, results);
  console.log("\nBudgets");
  for (const b of results.budgets)
    console.log(
      `  ${b.ok === null ? "–   " : b.ok ? "ok  " : "MISS"} ${b.budget} = ${b.value} (${b.limit})`,
    );
  console.log(
    `\nWrote ${resultsFile}${baselineFile ? ` and ${baselineFile}` : ""} (${results.durationS} s; load average ${m.loadAverageAtStart.join(" ")} → ${m.loadAverageAtEnd.join(" ")} on ${m.cpus} CPUs — other work on the machine inflates the times)`,
  );
}
