#!/usr/bin/env node
// The Nodescope benchmark (`npm run bench`, `npm run bench -- --check`): what a user feels.
//
// Builds the app into bench/.tmp/dist (production build), serves it with `vite preview`, and
// opens deep links in headless Chromium — a fresh page per run, so every time is measured FROM
// NAVIGATION START — against synthetic JSON-RPC data (bench/synthetic.mjs) and the devnet gateway:
//   - call tree at 1k / 10k / 100k frames; log table at 1k / 10k / 100k logs from ONE answer, and
//     100k logs through the range scanner in pieces: first rows, all rows reachable, filter /
//     search latency, scroll p95 frame time, longest main-thread task while loading, heap after
//     load and after navigating away, most rows ever in the DOM; beside them the in-page
//     JSON.parse of the same answer, the ratio first rows / JSON.parse and the budget
//     2 × JSON.parse + 300 ms. Median of --runs runs (default 3) per size;
//   - the bundle: first-load and total JS/CSS, gzip;
//   - a range scan of the devnet token's logs through the gateway's limits, concurrency 3 vs 1.
// Writes bench/results.json (and with --baseline bench/baseline.json, the "before" the closing
// note compares with) and prints the tables; with --check, exits 1 naming every missed budget in
// bench/budgets.json.
//
// Options: --check, --baseline, --skip-build (reuse bench/.tmp/dist), --skip-scan,
// --sizes=1000,10000 (trace and one-answer logs sizes), --scan-sizes=100000, --runs=N,
// --root=<dir> (build the app from another checkout, e.g. an export of an older commit),
// --views=startup,trace,logs,explore,scan,activity,compare,block,debug,debugger,variables,replay (which view
// scenarios run; startup: bench/startup.mjs, first paints above a blank page; explore:
// bench/explore.mjs, at the one-answer sizes from 10,000 up; activity: bench/activity.mjs, an
// address of 10,000 transfers; compare: bench/compare.mjs, at the sizes up to 10,000; block:
// bench/block.mjs, a 1,000-transaction block; debug: bench/debug.mjs, the debug tracer and model
// at 250,000 steps on the devnet; debugger: bench/debugger.mjs, the Debug view on the devnet's
// frame of 250,000+ steps; variables: bench/variables.mjs, the Variables on a 2,000-line
// verified contract; replay: bench/replay.mjs, devnet transactions replayed in the browser on a
// standard node; debug, debugger, variables and replay need the devnet: not with --skip-scan),
// --results=<file> (instead of
// bench/results.json), --compare=<file> (the "before" to print beside, instead of baseline.json).
//
// This file is the driver: options, what starts in which order, which scenario runs how often.
// The rooms: process.mjs (starting and stopping), page.mjs (the browser side), trace.mjs,
// logs.mjs, explore.mjs, scan.mjs (one view each), bundle.mjs, stats.mjs, record.mjs (the results
// file), report.mjs (what is printed), budgets.mjs (the --check).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  activityExpectations,
  activityOnce,
  ACTIVITY_ADDRESS,
  startActivityServer,
} from "./activity.mjs";
import { benchBlocks } from "./block.mjs";
import { checkBudgets, missedBudgets } from "./budgets.mjs";
import { compareOnce } from "./compare.mjs";
import { benchDebug } from "./debug.mjs";
import { debuggerOnce } from "./debugger.mjs";
import { variablesOnce } from "./variables.mjs";
import { bundleFromManifest, bundleRecorded } from "./bundle.mjs";
import { exploreExpectations, exploreOnce } from "./explore.mjs";
import { logsOnce } from "./logs.mjs";
import { launchBrowser } from "./page.mjs";
import {
  cleanup,
  freePort,
  onCleanup,
  run,
  startProcess,
  stopOnSignals,
  waitForHttp,
  withTimeout,
} from "./process.mjs";
import { finishRecord, newRecord, writeRecord } from "./record.mjs";
import { log, printReport } from "./report.mjs";
import { benchReplay } from "./replay.mjs";
import { benchScan } from "./scan.mjs";
import { benchStartupView, writeBlankPage } from "./startup.mjs";
import { medianOf, round } from "./stats.mjs";
import { startSyntheticServer } from "./synthetic.mjs";
import { traceOnce } from "./trace.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const tmp = join(here, ".tmp");
const distDir = join(tmp, "dist");
const devnetFile = join(tmp, "devnet.json");
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const resultsFile = option("results") ? resolve(option("results")) : join(here, "results.json");
const budgetsFile = join(here, "budgets.json");
const baselineFile = option("compare") ? resolve(option("compare")) : join(here, "baseline.json");
const CHECK = flag("check");
const SIZES = (option("sizes") ?? "1000,10000,100000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const SCAN_SIZES = (option("scan-sizes") ?? "100000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Math.max(1, Number(option("runs") ?? 3));
const SCAN_RUNS = RUNS;
const appRoot = option("root") ? resolve(option("root")) : root;
const VIEWS = (
  option("views") ??
  "startup,trace,logs,explore,scan,activity,compare,block,debug,debugger,variables,replay"
).split(",");

stopOnSignals();

/** `runs` runs of one scenario (each bounded), logged as they come; their medians. */
async function repeat(label, runs, fn) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await withTimeout(fn(), 240_000, `${label} run ${i + 1}`);
    log(
      `  ${label} run ${i + 1}: ${r.error ? `error: ${r.error}` : `first rows ${round(r.firstRowsMs)} ms, all rows ${round(r.allRowsMs)} ms, JSON.parse ${round(r.jsonParseMs)} ms`} (load ${loadavg()[0].toFixed(2)})`,
    );
    results.push(r);
  }
  return medianOf(results);
}

async function main() {
  const started = Date.now();
  mkdirSync(tmp, { recursive: true });
  rmSync(devnetFile, { force: true });
  const budgets = JSON.parse(readFileSync(budgetsFile, "utf8"));
  const { chromium } = await import("@playwright/test");
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");

  // The devnet starts while the app builds (both before anything is measured).
  let devnetPromise = null;
  if (
    !flag("skip-scan") &&
    ["scan", "debug", "debugger", "variables", "replay"].some((v) => VIEWS.includes(v))
  ) {
    devnetPromise = (async () => {
      const { startDevnet } = await import("../devnet/index.mjs");
      const d = await withTimeout(startDevnet({ quiet: true }), 180_000, "devnet start");
      onCleanup(() => d.stop());
      return d;
    })();
    devnetPromise.catch(() => undefined);
  }
  if (!flag("skip-build") || !existsSync(join(distDir, ".vite", "manifest.json"))) {
    log(`building the app (vite build ${appRoot} → ${distDir})`);
    await run(
      process.execPath,
      [vite, "build", "--outDir", distDir, "--emptyOutDir", "--manifest", "--logLevel", "warn"],
      { timeoutMs: 300_000, cwd: appRoot },
    );
  }

  writeBlankPage(distDir); // the start-up figures' reference (bench/startup.mjs)
  const synthetic = await startSyntheticServer();
  onCleanup(() => synthetic.close());
  synthetic.warm({ traces: SIZES, logs: SCAN_SIZES, denseLogs: SIZES });
  log(`synthetic JSON-RPC server on ${synthetic.url}`);
  // Nothing is measured while the devnet still starts (anvil, the scenarios compiled and sent):
  // its CPU counted in the first views' figures (a full run's start-up rounds read 60–70 ms above
  // the same build's alone). A failed start is reported by the views that need the devnet.
  if (devnetPromise) {
    log("waiting for the devnet before measuring");
    await devnetPromise.catch(() => undefined);
  }

  const port = await freePort();
  const preview = startProcess(
    process.execPath,
    [
      vite,
      "preview",
      "--outDir",
      distDir,
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--strictPort",
    ],
    { env: { NODESCOPE_DEVNET_FILE: devnetFile }, cwd: root },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, 30_000, preview);
  log(`vite preview on ${base}`);

  const browser = await launchBrowser(chromium);
  onCleanup(() => browser.close());
  log(`chromium ${browser.version()}`);

  const results = newRecord({
    app: appRoot === root ? "this checkout" : appRoot,
    chromium: browser.version(),
    runs: RUNS,
  });

  if (VIEWS.includes("startup")) {
    log("start-up: a blank page, the empty form, 40 frames, 50 logs, one transaction card");
    results.startup = await benchStartupView({ browser, base, synthetic, runs: RUNS, log });
    const s = results.startup;
    log(
      `  above the blank page (${s.blankMs} ms): form ${s.formAboveBlankMs}, 40 frames ${s.trace40AboveBlankMs}, 50 logs ${s.logs50AboveBlankMs}, tx card ${s.txCardAboveBlankMs} ms`,
    );
  }
  for (const n of VIEWS.includes("trace") ? SIZES : []) {
    const label = `call tree ${n.toLocaleString("en-US")} frames`;
    log(label);
    results.trace[n] = await repeat(label, RUNS, () => traceOnce(browser, base, synthetic.url, n));
  }
  for (const n of VIEWS.includes("compare") ? SIZES.filter((x) => x <= 10_000) : []) {
    const label = `comparison of two ${n.toLocaleString("en-US")}-frame traces`;
    log(label);
    results.compare ??= {};
    results.compare[n] = await repeat(label, RUNS, () =>
      compareOnce(browser, base, synthetic.url, n),
    );
    log(`  first aligned rows ${results.compare[n].firstRowsAfterBothMs} ms after both answers`);
  }
  for (const n of VIEWS.includes("logs") ? SIZES : []) {
    const label = `log table ${n.toLocaleString("en-US")} logs, one answer`;
    log(label);
    results.logs[n] = await repeat(label, RUNS, () =>
      logsOnce(browser, base, synthetic.url, n, true),
    );
  }
  for (const n of VIEWS.includes("explore") ? SIZES.filter((x) => x >= 10_000) : []) {
    const label = `log table ${n.toLocaleString("en-US")} logs explored (filter, group, sort)`;
    log(label);
    const expect = exploreExpectations(n);
    const explored = await repeat(label, RUNS, () =>
      exploreOnce({ browser, base, rpcBase: synthetic.url, n, expect }),
    );
    // The explore figures join the one-answer row of the same size (one row per size in the table).
    const figures = { ...explored };
    for (const k of ["runs", "pageErrors", "error", "logs"]) delete figures[k];
    const { pageErrors, error } = explored;
    const before = results.logs[n] ?? { logs: n };
    results.logs[n] = {
      ...before,
      ...figures,
      pageErrors: [...(before.pageErrors ?? []), ...pageErrors],
      ...(error ? { exploreError: error } : {}),
    };
    log(
      `  explored: address typed 1 s after first rows ${explored.filterAddressEarlyMs} ms, group by contract ${explored.groupContractMs} ms, event=transfer ${explored.filterEventMs} ms, group by to ${explored.groupArgMs} ms, sort by value ${explored.sortValueMs} / ${explored.sortValueDescMs} ms`,
    );
  }
  for (const n of VIEWS.includes("scan") ? SCAN_SIZES : []) {
    const label = `log table ${n.toLocaleString("en-US")} logs, range scan in pieces`;
    log(label);
    results.logsScan[n] = await repeat(label, RUNS, () =>
      logsOnce(browser, base, synthetic.url, n, false),
    );
  }

  for (const n of VIEWS.includes("activity") ? [10_000] : []) {
    const label = `address activity ${n.toLocaleString("en-US")} transfers`;
    log(`${label} (${ACTIVITY_ADDRESS})`);
    const server = await startActivityServer(n);
    onCleanup(() => server.close());
    const expect = activityExpectations(n);
    results.activity = results.activity ?? {};
    results.activity[n] = await repeat(label, RUNS, () =>
      activityOnce({ browser, base, rpcUrl: server.url, n, expect }),
    );
    log(
      `  typed after all rows: a counterparty ${results.activity[n].filterAddressMs} ms, direction=in ${results.activity[n].filterDirectionMs} ms`,
    );
  }

  if (VIEWS.includes("block"))
    results.block = await benchBlocks({
      browser,
      base,
      repeat: (label, fn) => repeat(label, RUNS, fn),
      log,
    });

  log("bundle");
  results.bundle = {
    ...bundleFromManifest(distDir),
    firstVisit: await bundleRecorded(browser, base, distDir),
  };

  if (VIEWS.includes("debugger") && devnetPromise) {
    const devnet = await devnetPromise;
    log("debugger: the Debug view on a frame of 250,000+ steps (the devnet's Stepper.spin)");
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await withTimeout(
        debuggerOnce({ browser, base, manifest: devnet.manifest }),
        300_000,
        `debugger run ${i + 1}`,
      );
      log(
        `  debugger run ${i + 1}: ${r.error ? `error: ${r.error}` : `${r.steps} steps, first location ${round(r.firstLocationMs)} ms after the tab, steps ${round(r.steppingReadyMs)} ms (tracer's answer at ${round(r.tracerAnswerMs)} ms), slowest step ${round(r.stepMaxMs)} ms, heap +${round(r.heapDeltaMB)} MB`} (load ${loadavg()[0].toFixed(2)})`,
      );
      runs.push(r);
    }
    results.debugger = { 250000: medianOf(runs) };
  }

  if (VIEWS.includes("variables") && devnetPromise) {
    const devnet = await devnetPromise;
    log(
      "variables: the Debug view's Variables on a 2,000-line verified contract (the devnet's Ledger2000)",
    );
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await withTimeout(
        variablesOnce({ browser, base, manifest: devnet.manifest }),
        300_000,
        `variables run ${i + 1}`,
      );
      log(
        `  variables run ${i + 1}: ${r.error ? `error: ${r.error}` : `compile ${round(r.compileMs)} ms, Variables ${round(r.variablesAfterCompileMs)} ms after it (${round(r.firstVariablesMs)} ms from navigation start), step ${round(r.stepMs)} ms (median of ${r.steps}; slowest ${round(r.stepMaxMs)} ms)`} (load ${loadavg()[0].toFixed(2)})`,
      );
      runs.push(r);
    }
    results.variables = { 2000: medianOf(runs) };
  }

  if (VIEWS.includes("replay") && devnetPromise) {
    log("replay: devnet transactions replayed in the browser on a standard node");
    results.replay = await withTimeout(
      benchReplay({
        browser,
        base,
        manifest: (await devnetPromise).manifest,
        distDir,
        runs: RUNS,
        log,
      }),
      600_000,
      "replay",
    );
  }

  if (devnetPromise && VIEWS.includes("scan")) {
    log("range scan over the devnet gateway");
    const devnet = await devnetPromise;
    devnet.writeManifestFile(devnetFile);
    onCleanup(() => rmSync(devnetFile, { force: true }));
    results.scan = await withTimeout(
      benchScan(browser, base, devnet, SCAN_RUNS, log),
      600_000,
      "range scan",
    );
  }

  if (VIEWS.includes("debug") && devnetPromise) {
    log("debug tracer and model at 250,000 steps (devnet)");
    try {
      results.debug = await withTimeout(
        benchDebug({ devnet: await devnetPromise, runs: RUNS, log }),
        600_000,
        "debug",
      );
    } catch (e) {
      results.debug = { 250000: { error: e instanceof Error ? e.message : String(e) } };
    }
  }

  results.budgets = checkBudgets(results, budgets);
  finishRecord(results, started);
  writeRecord(resultsFile, results);
  if (flag("baseline")) writeRecord(baselineFile, results);

  printReport({
    results,
    before:
      existsSync(baselineFile) && !flag("baseline")
        ? JSON.parse(readFileSync(baselineFile, "utf8"))
        : null,
    resultsFile,
    baselineFile: flag("baseline") ? baselineFile : null,
  });

  const missed = missedBudgets(results.budgets);
  const pageErrors = [
    ...Object.values(results.trace),
    ...Object.values(results.logs),
    ...Object.values(results.logsScan),
    ...Object.values(results.activity ?? {}),
    ...Object.values(results.block ?? {}),
    ...Object.values(results.debugger ?? {}),
    ...Object.values(results.replay ?? {}),
  ].flatMap((r) => r.pageErrors ?? []);
  if (CHECK && missed.length > 0) {
    console.error(
      `\n[bench] ${missed.length} budget${missed.length === 1 ? "" : "s"} missed:\n${missed.map((m) => `  ${m}`).join("\n")}`,
    );
    return 1;
  }
  if (CHECK && pageErrors.length) {
    console.error(`[bench] page errors: ${pageErrors.join("; ")}`);
    return 1;
  }
  return 0;
}

let code;
try {
  code = await main();
} catch (e) {
  console.error(`[bench] failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
