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
// --views=trace,logs,explore,scan (which view scenarios run; explore: bench/explore.mjs, at the
// one-answer sizes from 10,000 up), --results=<file> (instead of
// bench/results.json), --compare=<file> (the "before" to print beside, instead of baseline.json).
/* global window, document, location -- used inside page.evaluate callbacks, which run in the page */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import {
  DENSE_LOGS_PER_BLOCK,
  frameAddress,
  lastLogBlock,
  logTxHash,
  startSyntheticServer,
  traceHash,
} from "./synthetic.mjs";
import { checkBudgets, missedBudgets } from "./budgets.mjs";
import { exploreExpectations, exploreOnce } from "./explore.mjs";

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
const VIEWS = (option("views") ?? "trace,logs,explore,scan").split(",");

const log = (msg) => console.log(`[bench] ${msg}`);

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started is stopped, in reverse order, on success, failure or a signal.
const cleanups = [];
let cleaning = null;
function onCleanup(fn) {
  cleanups.push(fn);
}
async function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await withTimeout(Promise.resolve().then(fn), 15_000, "cleanup step");
      } catch (e) {
        console.error(`[bench] cleanup: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  })();
  return cleaning;
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    console.error(`[bench] ${sig}: stopping what was started`);
    void cleanup().finally(() => process.exit(130));
  });
}

function withTimeout(promise, ms, label) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${label}: no result within ${Math.round(ms / 1000)} s`)),
        ms,
      );
    }),
  ]);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** Runs a command to completion (bounded), output shown only on failure. */
function run(cmd, args, { timeoutMs, env, cwd = root } = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(
        new Error(
          `${cmd} ${args.join(" ")}: no end within ${Math.round(timeoutMs / 1000)} s\n${out.slice(-4000)}`,
        ),
      );
    }, timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${out.slice(-4000)}`));
    });
  });
}

/** Starts a long-running process; stopped by cleanup (its pid only). */
function startProcess(cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out = (out + d).slice(-8000)));
  child.stderr.on("data", (d) => (out = (out + d).slice(-8000)));
  onCleanup(
    () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop(undefined);
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolveStop(undefined);
        }, 5_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolveStop(undefined);
        });
        child.kill("SIGTERM");
      }),
  );
  return { child, output: () => out };
}

async function waitForHttp(url, timeoutMs, proc) {
  const t0 = Date.now();
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (proc && proc.child.exitCode !== null)
      throw new Error(`the server exited early:\n${proc.output()}`);
    if (Date.now() - t0 > timeoutMs)
      throw new Error(
        `${url} did not answer within ${timeoutMs / 1000} s\n${proc?.output() ?? ""}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting.
const round = (x, d = 1) =>
  x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 10 ** d) / 10 ** d;
function percentile(values, p) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const idx = Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1);
  return s[Math.max(0, idx)];
}
const median = (values) => percentile(values, 50);

// ---------------------------------------------------------------------------------------------
// Browser scenarios. Every run is a fresh browser context and page opened on a deep link, so
// performance.now() in the page counts from navigation start: every time below is "from the
// moment the page was opened" unless it says otherwise.
const probeSource = readFileSync(join(here, "probe.js"), "utf8");

async function newPage(browser, config) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.addInitScript(`window.__benchConfig = ${JSON.stringify(config)};\n${probeSource}`);
  const cdp = await context.newCDPSession(page);
  return { context, page, errors, cdp };
}

/** Heap in use after a full garbage collection (CDP), in MB. */
async function heapMB(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 1e6;
}

function longestTask(tasks, from = 0, to = Number.POSITIVE_INFINITY) {
  let max = 0;
  for (const t of tasks)
    if (t.start + t.duration >= from && t.start <= to) max = Math.max(max, t.duration);
  return max;
}

/** Waits for the first row painted, or an error shown instead (returned as its text). */
async function waitFirstRows(page, label) {
  const out = await page
    .waitForFunction(
      () =>
        window.__bench.firstPaintedAt !== null
          ? { ok: true }
          : window.__bench.errorText !== null
            ? { ok: false, error: window.__bench.errorText }
            : null,
      null,
      { timeout: 120_000, polling: 50 },
    )
    .catch((e) => {
      throw new Error(`${label}: no rows shown within 120 s (${e.message.split("\n")[0]})`);
    });
  return out.jsonValue();
}

/**
 * JSON.parse of the same answer, in the same page, after the run: the text is fetched again
 * (same endpoint, same body) and parsed 3 times; the median, and the payload size.
 */
async function inPageParse(page, url, body) {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      const text = await res.text();
      const times = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const v = JSON.parse(text);
        times.push(performance.now() - t0);
        if (!v) throw new Error("empty answer");
      }
      times.sort((a, b) => a - b);
      return { ms: times[1], bytes: new TextEncoder().encode(text).length };
    },
    { url, body },
  );
}

/** Heap after load, then after navigating away to another view (and a GC). */
async function heapAround(page, cdp) {
  const afterLoad = await heapMB(cdp);
  await page.evaluate(() => {
    location.hash = "#/tx";
  });
  await page.evaluate(() => window.__bench.settle(300, 5_000));
  const afterAway = await heapMB(cdp);
  return { afterLoad, afterAway };
}

const SCROLL = { smooth: 40, step: 280, jumps: 40 };

async function scrollThrough(page, selector) {
  return page.evaluate(
    async ({ selector, smooth, step, jumps }) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${selector}`);
      const max = Math.max(0, el.scrollHeight - el.clientHeight);
      const pos = [];
      for (let i = 1; i <= smooth; i++) pos.push(Math.min(max, i * step));
      let seed = 12345;
      const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      for (let i = 0; i < jumps; i++) pos.push(Math.floor(rnd() * max));
      const frames = await window.__bench.scroll(el, pos);
      // The jumps follow each other frame by frame (a dragged scrollbar thumb), so the rows are
      // drawn light; the frames after the last one include the one that draws them in full.
      const settle = await window.__bench.framesFor(400);
      // Jumps from rest (a search result, one click in the scrollbar's track): drawn in full.
      const lone = [];
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 300));
        lone.push(...(await window.__bench.scroll(el, [Math.floor(rnd() * max)])));
      }
      return { frames, settleMax: Math.max(...settle), lone };
    },
    { selector, ...SCROLL },
  );
}

/** The scroll figures of one run (see `scrollThrough`). */
function scrollFigures({ frames, settleMax, lone }) {
  return {
    scrollP95FrameMs: percentile(frames, 95),
    scrollMaxFrameMs: Math.max(...frames),
    scrollSettleFrameMs: settleMax,
    jumpFromRestMs: percentile(lone, 50),
  };
}

async function traceOnce(browser, base, rpcBase, n) {
  const { context, page, errors, cdp } = await newPage(browser, {
    // A row counts once it shows its frame: placeholder rows (aria-busy, "loading frame…") do not.
    selector: "[role=tree] [role=treeitem]:not([aria-busy=true])",
    busySelector: "[role=tree]",
    busyItemSelector: "[role=tree] [role=treeitem][aria-busy=true]",
    countSelector: "[role=tree] [role=treeitem]",
  });
  try {
    const rpcUrl = `${rpcBase}/trace/${n}/`;
    const url = `${base}/#/trace?hash=${traceHash(n)}&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `trace ${n}`);
    if (!first.ok) return { frames: n, error: first.error, pageErrors: errors };
    await page.waitForFunction(() => window.__bench.donePaintedAt !== null, null, {
      timeout: 120_000,
      polling: 50,
    });
    await page.evaluate(() => window.__bench.settle(800, 10_000));
    const loadedAt = await page.evaluate(() => performance.now());

    // The last frame's address: one match, deep in the tree.
    const query = frameAddress(n - 1);
    const search = await page.evaluate(async (q) => {
      const b = window.__bench;
      const input = [...document.querySelectorAll("input[type=search]")].find((i) =>
        i.labels?.[0]?.textContent?.includes("Search frames"),
      );
      if (!input) throw new Error("no Search frames input");
      const status = input.parentElement.querySelector("[role=status]");
      const r = await b.interaction(
        () => b.type(input, q),
        () => /\b1 of 1 match/.test(status?.textContent ?? ""),
      );
      const shown = status?.textContent ?? "";
      b.type(input, "");
      await b.frame();
      await b.settle(300, 5_000);
      return { ms: r.ok ? r.ms : null, shown };
    }, query);

    const expandAll = await page.evaluate(async (frames) => {
      const b = window.__bench;
      const button = [...document.querySelectorAll("button")].find(
        (x) => x.textContent?.trim() === "Expand all",
      );
      const inner = document.querySelector("[role=tree]")?.firstElementChild;
      if (!button || !inner) throw new Error("no Expand all button or tree");
      const r = await b.interaction(
        () => button.click(),
        () => Number.parseFloat(inner.style.height) >= frames * 28 - 1,
      );
      return r.ok ? r.ms : null;
    }, n);
    await page.evaluate(() => window.__bench.settle(300, 5_000));
    const scroll = await scrollThrough(page, "[role=tree]");
    await page.evaluate(() => window.__bench.settle(300, 5_000));

    const state = await page.evaluate(() => ({
      longtasks: window.__bench.longtasks,
      maxItems: window.__bench.maxItems,
      firstPaintedAt: window.__bench.firstPaintedAt,
      donePaintedAt: window.__bench.donePaintedAt,
    }));
    const heap = await heapAround(page, cdp);
    const parse = await inPageParse(
      page,
      rpcUrl,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "debug_traceTransaction",
        params: [traceHash(n), { tracer: "callTracer" }],
      }),
    );
    return {
      frames: n,
      payloadMB: parse.bytes / 1e6,
      jsonParseMs: parse.ms,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      searchMs: search.ms,
      searchShown: search.shown,
      expandAllMs: expandAll,
      ...scrollFigures(scroll),
      maxDomRows: state.maxItems,
      longestTaskLoadingMs: longestTask(state.longtasks, 0, loadedAt),
      longestTaskMs: longestTask(state.longtasks),
      heapAfterLoadMB: heap.afterLoad,
      heapAfterAwayMB: heap.afterAway,
      pageErrors: errors,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * The log table. `oneAnswer`: all N logs in one eth_getLogs answer (`/logs1/N/`); otherwise the
 * range scanner fetches them in pieces of 10,000 (`/logs/N/`, a 1,000-block limit).
 */
async function logsOnce(browser, base, rpcBase, n, oneAnswer) {
  const { context, page, errors, cdp } = await newPage(browser, {
    selector: "[role=table] [role=row][data-index]",
    doneSelector: "p[aria-live=polite]",
    doneText: `^${n.toLocaleString("en-US")} logs`,
  });
  try {
    const rpcUrl = `${rpcBase}/${oneAnswer ? "logs1" : "logs"}/${n}/`;
    const last = oneAnswer ? lastLogBlock(n, DENSE_LOGS_PER_BLOCK) : lastLogBlock(n);
    const url = `${base}/#/logs?fromBlock=0x0&toBlock=0x${last.toString(16)}&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `logs ${n}`);
    const parseBody = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getLogs",
      params: [
        { fromBlock: "0x0", toBlock: `0x${lastLogBlock(n, DENSE_LOGS_PER_BLOCK).toString(16)}` },
      ],
    });
    // The reference parse is always the one-answer text of N logs (the pieces add up to it).
    const parseUrl = `${rpcBase}/logs1/${n}/`;
    if (!first.ok) {
      const parse = await inPageParse(page, parseUrl, parseBody);
      return {
        logs: n,
        payloadMB: parse.bytes / 1e6,
        jsonParseMs: parse.ms,
        error: first.error,
        pageErrors: errors,
      };
    }
    await page.waitForFunction(() => window.__bench.donePaintedAt !== null, null, {
      timeout: 120_000,
      polling: 50,
    });
    await page.evaluate(() => window.__bench.settle(800, 10_000));
    const loadedAt = await page.evaluate(() => performance.now());

    const scroll = await scrollThrough(page, "[role=table]");
    await page.evaluate(() => window.__bench.settle(300, 5_000));

    // A transaction hash from the middle: exactly one row matches. filterMs: typed → that row
    // shown alone (its trace link carries the hash); filterDoneMs: → the count is final too
    // (every row looked at, "1 of N logs match" with no "searching").
    const mid = Math.floor(n / 2);
    const query = logTxHash(mid);
    const filter = await page.evaluate(async (q) => {
      const b = window.__bench;
      const input = document.getElementById("logs-filter");
      if (!input) throw new Error("no filter input");
      const status = () =>
        [...document.querySelectorAll("p[aria-live=polite]")].find((p) =>
          / logs/.test(p.textContent ?? ""),
        )?.textContent ?? "";
      const rowShown = () => {
        const shown = document.querySelectorAll("[role=table] [role=row][data-index]");
        return shown.length === 1 && shown[0].querySelector(`a[href*="${q}"]`) !== null;
      };
      const final = () =>
        rowShown() && /^1 of [\d,]+ logs match/.test(status()) && !/searching/.test(status());
      await b.frame();
      const t0 = performance.now();
      b.type(input, q);
      let shownAt = null;
      let doneAt = null;
      while (doneAt === null && performance.now() - t0 < 60_000) {
        const f = await b.frame();
        if (shownAt === null && rowShown()) shownAt = f.end;
        if (final()) doneAt = f.end;
      }
      const text = status();
      b.type(input, "");
      await b.frame();
      return {
        ms: shownAt === null ? null : shownAt - t0,
        doneMs: doneAt === null ? null : doneAt - t0,
        shown: text,
      };
    }, query);
    await page.evaluate(() => window.__bench.settle(300, 5_000));

    const state = await page.evaluate(() => ({
      measures: window.__bench.measures,
      longtasks: window.__bench.longtasks,
      maxItems: window.__bench.maxItems,
      firstPaintedAt: window.__bench.firstPaintedAt,
      donePaintedAt: window.__bench.donePaintedAt,
    }));
    const heap = await heapAround(page, cdp);
    const parse = await inPageParse(page, parseUrl, parseBody);
    return {
      logs: n,
      responses:
        state.measures.filter((m) => m.method === "eth_getLogs" && m.name === "nodescope:validate")
          .length || null,
      payloadMB: parse.bytes / 1e6,
      jsonParseMs: parse.ms,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      filterMs: filter.ms,
      filterDoneMs: filter.doneMs,
      filterShown: filter.shown,
      ...scrollFigures(scroll),
      maxDomRows: state.maxItems,
      longestTaskLoadingMs: longestTask(state.longtasks, 0, loadedAt),
      longestTaskMs: longestTask(state.longtasks),
      heapAfterLoadMB: heap.afterLoad,
      heapAfterAwayMB: heap.afterAway,
      pageErrors: errors,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Per numeric field: the median over the runs (nulls ignored); other fields from the first run. */
function medianOf(runs) {
  const out = { ...runs[0] };
  for (const key of Object.keys(runs[0])) {
    const values = runs
      .map((r) => r[key])
      .filter((v) => typeof v === "number" && Number.isFinite(v));
    if (typeof runs[0][key] === "number" || values.length > 0)
      out[key] = values.length ? round(median(values)) : null;
  }
  out.pageErrors = runs.flatMap((r) => r.pageErrors ?? []);
  const errorsSeen = runs.map((r) => r.error).filter(Boolean);
  if (errorsSeen.length) out.error = errorsSeen[0];
  out.runs = runs.length;
  const parse = out.jsonParseMs;
  if (typeof parse === "number" && parse > 0) {
    out.budgetFirstRowsMs = round(2 * parse + 300);
    if (typeof out.firstRowsMs === "number")
      out.firstRowsOverParse = round(out.firstRowsMs / parse, 2);
    if (typeof out.allRowsMs === "number") out.allRowsOverParse = round(out.allRowsMs / parse, 2);
  }
  if (typeof out.heapAfterLoadMB === "number" && typeof out.payloadMB === "number")
    out.heapOverPayload = round(out.heapAfterLoadMB / out.payloadMB, 2);
  return out;
}

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

// ---------------------------------------------------------------------------------------------
// Bundle.
function gzipKB(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

function bundleFromManifest() {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const entry = Object.entries(manifest).find(([, v]) => v.isEntry);
  if (!entry) throw new Error("no entry in the build manifest");
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit(entry[0]);
  const all = new Set();
  for (const v of Object.values(manifest)) {
    if (v.file) all.add(v.file);
    for (const css of v.css ?? []) all.add(css);
  }
  const sum = (set, ext) =>
    [...set]
      .filter((f) => ext.some((e) => f.endsWith(e)))
      .reduce((s, f) => s + gzipKB(join(distDir, f)), 0);
  return {
    entryFiles: [...files],
    firstLoadJsGzipKB: round(sum(files, [".js"])),
    firstLoadCssGzipKB: round(sum(files, [".css"])),
    firstLoadGzipKB: round(sum(files, [".js", ".css"])),
    totalJsGzipKB: round(sum(all, [".js"])),
    totalGzipKB: round(sum(all, [".js", ".css"])),
    chunks: all.size,
  };
}

/** What a first visit actually downloads (default route, lazy view chunk included). */
async function bundleRecorded(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set();
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (u.origin === base && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  try {
    await page.goto(`${base}/`, { waitUntil: "networkidle", timeout: 30_000 });
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 15_000 });
    const list = [...files];
    const kb = (ext) =>
      list.filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipKB(join(distDir, f)), 0);
    return {
      files: list,
      jsGzipKB: round(kb(".js")),
      cssGzipKB: round(kb(".css")),
      gzipKB: round(kb(".js") + kb(".css")),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Range scan through the devnet gateway (its 5,000-block / 10,000-result limits).
async function scanOnce(browser, base, manifest, concurrency) {
  const { context, page, errors } = await newPage(browser, {
    selector: "[role=table] [role=row][data-index]",
  });
  try {
    await page.goto(`${base}/#/logs`, { waitUntil: "domcontentloaded" });
    // The Local devnet preset is ready once its examples are offered.
    await page.getByRole("button", { name: /try: token transfers/ }).waitFor({ timeout: 30_000 });
    await page.getByLabel("Parallel requests").fill(String(concurrency));
    const t = manifest.token;
    const hash = `#/logs?fromBlock=${t.fromBlock}&toBlock=${t.toBlock}&address=${t.address}`;
    const result = await page.evaluate(
      async ({ hash, limitMs }) => {
        const statusText = () =>
          document.querySelector('section[aria-label="Scan progress"] [role=status]')
            ?.textContent ?? "";
        const t0 = performance.now();
        location.hash = hash;
        for (;;) {
          await new Promise((r) => setTimeout(r, 20));
          const text = statusText();
          if (/^(Done|Stopped|Cancelled)/.test(text)) return { ms: performance.now() - t0, text };
          if (performance.now() - t0 > limitMs) return { ms: null, text };
        }
      },
      { hash, limitMs: 120_000 },
    );
    const num = (re) => Number((re.exec(result.text)?.[1] ?? "NaN").replace(/,/g, ""));
    const logs = num(/([\d,]+) logs/);
    const requests = num(/([\d,]+) requests/);
    return {
      concurrency,
      ms: round(result.ms),
      logs,
      requests,
      status: result.text,
      logsPerSecond: result.ms ? round(logs / (result.ms / 1000), 0) : null,
      pageErrors: errors,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function benchScan(browser, base, devnet) {
  const runs = { 1: [], 3: [] };
  // Alternating, so both see the same machine state.
  for (let i = 0; i < SCAN_RUNS; i++) {
    for (const c of [3, 1]) {
      const r = await scanOnce(browser, base, devnet.manifest, c);
      log(`  scan concurrency ${c}: ${r.logs} logs in ${r.ms} ms (${r.requests} requests)`);
      runs[c].push(r);
    }
  }
  const expected = devnet.manifest.token.logCount;
  const pick = (c) => {
    const list = runs[c];
    const ms = median(list.map((r) => r.ms ?? Number.POSITIVE_INFINITY));
    return {
      medianMs: round(ms),
      logsPerSecond: Number.isFinite(ms) ? round(expected / (ms / 1000), 0) : null,
      requests: list[0]?.requests ?? null,
      allLogs: list.every((r) => r.logs === expected && /^Done/.test(r.status)),
      runs: list.map((r) => ({ ms: r.ms, logs: r.logs, requests: r.requests })),
    };
  };
  const c3 = pick(3);
  const c1 = pick(1);
  return {
    blocks: devnet.manifest.token.toBlock - devnet.manifest.token.fromBlock + 1,
    expectedLogs: expected,
    concurrency3: c3,
    concurrency1: c1,
    speedup:
      c3.logsPerSecond && c1.logsPerSecond ? round(c3.logsPerSecond / c1.logsPerSecond, 2) : null,
    exactLogs: c3.allLogs && c1.allLogs,
  };
}

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
      values: { ...r, find: r.searchMs ?? r.filterMs },
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

// ---------------------------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  mkdirSync(tmp, { recursive: true });
  rmSync(devnetFile, { force: true });
  const budgets = JSON.parse(readFileSync(budgetsFile, "utf8"));
  const { chromium } = await import("@playwright/test");
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");

  // The devnet starts while the app builds (both before anything is measured).
  let devnetPromise = null;
  if (!flag("skip-scan")) {
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

  const synthetic = await startSyntheticServer();
  onCleanup(() => synthetic.close());
  synthetic.warm({ traces: SIZES, logs: SCAN_SIZES, denseLogs: SIZES });
  log(`synthetic JSON-RPC server on ${synthetic.url}`);

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
    { NODESCOPE_DEVNET_FILE: devnetFile },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, 30_000, preview);
  log(`vite preview on ${base}`);

  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const browser = await withTimeout(
    chromium.launch({
      executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    }),
    60_000,
    "chromium launch",
  );
  onCleanup(() => browser.close());
  log(`chromium ${browser.version()}`);

  const results = {
    date: new Date().toISOString(),
    app: appRoot === root ? "this checkout" : appRoot,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? "",
      node: process.version,
      chromium: browser.version(),
      loadAverageAtStart: loadavg().map((x) => round(x, 2)),
    },
    method: {
      runs: RUNS,
      clock:
        "every time is milliseconds from navigation start (a fresh browser context and page per run, opened on a deep link to a production build); each figure is the median of the runs",
      firstRowsMs:
        "navigation start → end of the frame that painted the first treeitem showing its frame (placeholder rows, aria-busy, do not count) / table row",
      allRowsMs:
        "navigation start → end of the frame from which every row is reachable: trace, neither the tree nor a row in view is aria-busy; logs, the count reads all N logs",
      jsonParseMs:
        "JSON.parse of the same answer's text in the same page after the run (fetched again, parsed 3 times, median); budgetFirstRowsMs = 2 × jsonParseMs + 300",
      payloadMB: "the answer's size, MB = 10^6 bytes",
      searchMs:
        "trace: the last frame's address typed into Search frames → end of the frame showing 1 of 1 matches",
      filterMs:
        "logs: a transaction hash that matches one row typed into the filter → end of the frame where that row is the one row shown; filterDoneMs: → the count is final too (1 of N logs match, every row looked at)",
      filterAddressEarlyMs:
        "logs (bench/explore.mjs, a page of its own): an address typed into the filter 1 s after the first rows were painted → end of the frame showing exactly its logs (count final); groupContractMs: Group by Contract → grouped table; filterEventMs: event=transfer typed → the Transfer logs alone; groupArgMs: Group by to → grouped table of every receiver; sortValueMs / sortValueDescMs: the value column's header clicked (again) → rows by value as a number",
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

  for (const n of VIEWS.includes("trace") ? SIZES : []) {
    const label = `call tree ${n.toLocaleString("en-US")} frames`;
    log(label);
    results.trace[n] = await repeat(label, RUNS, () => traceOnce(browser, base, synthetic.url, n));
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
      exploreOnce({
        browser,
        base,
        rpcBase: synthetic.url,
        n,
        newPage,
        waitFirstRows,
        expect,
      }),
    );
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

  log("bundle");
  results.bundle = { ...bundleFromManifest(), firstVisit: await bundleRecorded(browser, base) };

  if (devnetPromise) {
    log("range scan over the devnet gateway");
    const devnet = await devnetPromise;
    devnet.writeManifestFile(devnetFile);
    onCleanup(() => rmSync(devnetFile, { force: true }));
    results.scan = await withTimeout(benchScan(browser, base, devnet), 600_000, "range scan");
  }

  results.budgets = checkBudgets(results, budgets);
  results.durationS = round((Date.now() - started) / 1000, 0);
  results.machine.loadAverageAtEnd = loadavg().map((x) => round(x, 2));
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  if (flag("baseline")) writeFileSync(baselineFile, `${JSON.stringify(results, null, 2)}\n`);

  printViews(
    `Views (median of ${RUNS} runs; ms from navigation start; MB = 10^6 bytes; load average ${results.machine.loadAverageAtStart.join(" ")} → ${results.machine.loadAverageAtEnd.join(" ")} on ${results.machine.cpus} CPUs)`,
    results,
  );
  const bnd = results.bundle;
  console.log(
    `\nBundle (gzip): first load ${bnd.firstLoadGzipKB} KB (JS ${bnd.firstLoadJsGzipKB} + CSS ${bnd.firstLoadCssGzipKB}); first visit as recorded ${bnd.firstVisit.gzipKB} KB (${bnd.firstVisit.files.length} files); all ${bnd.totalGzipKB} KB (JS ${bnd.totalJsGzipKB}) in ${bnd.chunks} files`,
  );
  if (results.scan) {
    const s = results.scan;
    console.log(
      `\nRange scan over the devnet gateway: ${s.expectedLogs.toLocaleString("en-US")} logs over ${s.blocks.toLocaleString("en-US")} blocks — concurrency 3: ${s.concurrency3.logsPerSecond} logs/s (${s.concurrency3.medianMs} ms, ${s.concurrency3.requests} requests); concurrency 1: ${s.concurrency1.logsPerSecond} logs/s (${s.concurrency1.medianMs} ms); ratio ${s.speedup}×; every run returned exactly the expected logs: ${s.exactLogs}`,
    );
  }
  if (existsSync(baselineFile) && !flag("baseline")) {
    printBeforeAfter(JSON.parse(readFileSync(baselineFile, "utf8")), results);
  }
  console.log("\nBudgets");
  for (const b of results.budgets)
    console.log(
      `  ${b.ok === null ? "–   " : b.ok ? "ok  " : "MISS"} ${b.budget} = ${b.value} (${b.limit})`,
    );
  console.log(
    `\nWrote ${resultsFile}${flag("baseline") ? ` and ${baselineFile}` : ""} (${results.durationS} s; load average ${results.machine.loadAverageAtStart.join(" ")} → ${results.machine.loadAverageAtEnd.join(" ")} on ${results.machine.cpus} CPUs — other work on the machine inflates the times)`,
  );

  const missed = missedBudgets(results.budgets);
  const pageErrors = [
    ...Object.values(results.trace),
    ...Object.values(results.logs),
    ...Object.values(results.logsScan),
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
