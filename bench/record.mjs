// The results record (bench/results.json, and bench/baseline.json with --baseline): the machine it
// ran on and what every figure means, written beside the figures so a stored file explains itself
// when a closing note compares it months later.
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { DENSE_LOGS_PER_BLOCK } from "./synthetic.mjs";
import { round } from "./stats.mjs";

/**
 * An empty record for this run, before anything is measured.
 * @param {{ app: string, chromium: string, runs: number }} options app: "this checkout" or the
 *   --root it was built from
 */
export function newRecord({ app, chromium, runs }) {
  return {
    date: new Date().toISOString(),
    app,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? "",
      node: process.version,
      chromium,
      loadAverageAtStart: loadavg().map((x) => round(x, 2)),
    },
    method: {
      runs,
      clock:
        "every time is milliseconds from navigation start (a fresh browser context and page per run, opened on a deep link to a production build); each figure is the median of the runs",
      firstRowsMs:
        "navigation start → end of the frame that painted the first treeitem showing its frame (placeholder rows, aria-busy, do not count) / table row",
      allRowsMs:
        "navigation start → end of the frame from which every row is reachable: trace, neither the tree nor a row in view is aria-busy; logs, the count reads all N logs",
      usableMs:
        "navigation start → end of the frame after a control a person reaches for first is in the page and enabled (issue 49's usable): trace, a button named Expand all; logs, the field labelled Filter results — the first paint's own, which answers at once and hands what was done over to the app's (src/app/firstPaint/controls.ts)",
      jsonParseMs:
        "JSON.parse of the same answer's text in the same page after the run (fetched again, parsed 3 times, median); budgetFirstRowsMs = 2 × jsonParseMs + 300",
      payloadMB: "the answer's size, MB = 10^6 bytes",
      searchMs:
        "trace: the last frame's address typed into Search frames → end of the frame showing 1 of 1 matches",
      filterMs:
        "logs: a transaction hash that matches one row typed into the filter → end of the frame where that row is the one row shown; filterDoneMs: → the count is final too (1 of N logs match, every row looked at)",
      filterAddressEarlyMs:
        "logs (bench/explore.mjs, a page of its own): an address typed into the filter 1 s after the first rows were painted → end of the frame showing exactly its logs (count final); groupContractMs: Group by Contract → grouped table; filterEventMs: event=transfer typed → the Transfer logs alone; groupArgMs: Group by to → grouped table of every receiver; sortValueMs / sortValueDescMs: the value column's header clicked (again) → rows by value as a number",
      sortToMs:
        "logs (bench/explore.mjs moreSteps, issue 38): then the to column's header clicked → rows by receiver; groupValueMs: Group by value → one group per distinct amount; with the filter cleared, groupEventMs / groupBlockMs: Group by Event / Block → grouped table; sortLogIndexMs: the Log index header clicked → rows by log index; sortBlockDescMs: Block clicked twice, the second timed → last block first; filterFieldMs: value>… typed → exactly its logs, count final; filterTextMs: part of an address without 0x typed (free text) → exactly its logs, count final",
      scrollFrameMs:
        "per scroll step: start of the frame that handles the scroll → end of its rendering; 40 wheel-like steps of 280 px, then 40 jumps one frame after another (a dragged scrollbar thumb: rows drawn light, ui/virtual.ts useFling) (trace: after Expand all); scrollSettleFrameMs: the longest frame in the 400 ms after the last jump (it draws the rows in full again); jumpFromRestMs: median of 5 jumps each after 300 ms at rest (drawn in full)",
      maxDomRows:
        "most [role=treeitem] (trace) / table rows (logs) ever in the DOM (MutationObserver) during load, search, expand and scroll",
      longestTaskLoadingMs:
        "longest main-thread task (PerformanceObserver longtask, buffered, > 50 ms only; 0 = none) from navigation start until the view settled after loading",
      heap: "CDP HeapProfiler.collectGarbage then Runtime.getHeapUsage: after loading (and interactions), then after navigating to #/tx",
      logsData: `one answer: N logs in one eth_getLogs answer, ${DENSE_LOGS_PER_BLOCK} per block; scan: N logs over a node allowing 1,000 blocks (10,000 logs) per call, fetched in pieces by the range scanner`,
    },
    trace: {},
    logs: {},
    logsScan: {},
    bundle: null,
    scan: null,
  };
}

/** Closes the record: how long the run took and the load at its end. */
export function finishRecord(record, startedAt) {
  record.durationS = round((Date.now() - startedAt) / 1000, 0);
  record.machine.loadAverageAtEnd = loadavg().map((x) => round(x, 2));
  return record;
}

export function writeRecord(file, record) {
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}
