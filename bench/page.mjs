// The browser side every view scenario shares. Every run is a fresh browser context and page
// opened on a deep link, so performance.now() in the page counts from navigation start: every
// time the scenarios report is "from the moment the page was opened" unless it says otherwise.
// bench/probe.js, injected before the app, records paints, long tasks and DOM rows.
/* global window, document, location -- used inside page.evaluate callbacks, which run in the page */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findBrowser } from "../scripts/ensure-browser.mjs";
import { withTimeout } from "./process.mjs";
import { percentile } from "./stats.mjs";

const probeSource = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "probe.js"), "utf8");

/**
 * Headless Chromium, without the background work that adds noise: CHROMIUM_PATH, else Debian's
 * full browser (every figure in bench/ so far was measured on it: a user's browser is a full one),
 * else whatever the end-to-end tests use (scripts/ensure-browser.mjs: on a fresh machine, the
 * headless shell it installed; its figures run lower than the full browser's).
 */
export function launchBrowser(chromium) {
  const full = "/usr/bin/chromium";
  const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(full) ? full : findBrowser()?.path);
  return withTimeout(
    chromium.launch({
      executablePath: chromiumPath,
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
}

/** A fresh context and page with the probe configured by `config` (which rows count, when done). */
export async function newPage(browser, config) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  listenToProbe(page);
  await page.addInitScript(`window.__benchConfig = ${JSON.stringify(config)};\n${probeSource}`);
  const cdp = await context.newCDPSession(page);
  return { context, page, errors, cdp };
}

/** Heap in use after a full garbage collection (CDP), in MB. */
export async function heapMB(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 1e6;
}

/** The longest task overlapping [from, to] (ms from navigation start); 0 when none. */
function longestTask(tasks, from = 0, to = Number.POSITIVE_INFINITY) {
  let max = 0;
  for (const t of tasks)
    if (t.start + t.duration >= from && t.start <= to) max = Math.max(max, t.duration);
  return max;
}

/** What probe.js says on the console: `first-rows` (or `error`) and `done`, each once. */
const PROBE_MARK = "nodescope-bench:";
/** Per page opened by `newPage`: what the probe has said, and who waits for what. */
const probeWords = new WeakMap();

/**
 * Listens from the page's start, so the harness waits for the probe without touching the page: a
 * `waitForFunction` polling it evaluates Playwright's injected script in the page on its first
 * poll (~18–24 ms of script at ~65–80 ms after navigation, while the app's entry arrives;
 * bench/STARTUP.md, fourteenth round).
 */
function listenToProbe(page) {
  const said = new Set();
  const waiting = [];
  page.on("console", (m) => {
    const text = m.text();
    if (!text.startsWith(PROBE_MARK)) return;
    said.add(text.slice(PROBE_MARK.length));
    for (const w of waiting.splice(0)) if (!w(said)) waiting.push(w);
  });
  probeWords.set(
    page,
    (words) =>
      new Promise((resolve) => {
        const w = (set) => words.some((x) => set.has(x)) && (resolve(), true);
        if (!w(said)) waiting.push(w);
      }),
  );
}

/** Resolves once the probe of `page` (opened by `newPage`) has said one of `words`. */
function probeSaid(page, words, ms, label) {
  const wait = probeWords.get(page);
  if (!wait) throw new Error(`${label}: the page was not opened by newPage`);
  return withTimeout(wait(words), ms, label);
}

/** Waits for the first row painted, or an error shown instead (returned as its text). */
export async function waitFirstRows(page, label) {
  await probeSaid(page, ["first-rows", "error"], 120_000, `${label}: no rows shown`);
  return page.evaluate(() =>
    window.__bench.firstPaintedAt !== null
      ? { ok: true }
      : { ok: false, error: window.__bench.errorText },
  );
}

/** Waits for every row reachable (the frame that shows it painted). */
export function waitDone(page) {
  return probeSaid(page, ["done"], 120_000, "every row");
}

/** Waits for every row reachable, then for the view to settle; returns when that was (page clock). */
export async function waitAllRows(page) {
  await waitDone(page);
  await page.evaluate(() => window.__bench.settle(800, 10_000));
  return page.evaluate(() => performance.now());
}

/**
 * JSON.parse of the same answer, in the same page, after the run: the text is fetched again
 * (same endpoint, same body) and parsed 3 times; the median, and the payload size.
 */
export async function inPageParse(page, url, body) {
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
export async function heapAround(page, cdp) {
  const afterLoad = await heapMB(cdp);
  await page.evaluate(() => {
    location.hash = "#/tx";
  });
  await page.evaluate(() => window.__bench.settle(300, 5_000));
  const afterAway = await heapMB(cdp);
  return { afterLoad, afterAway };
}

const SCROLL = { smooth: 40, step: 280, jumps: 40 };

/** Scrolls `selector` as a user does: wheel steps, a dragged thumb, then jumps from rest. */
export async function scrollThrough(page, selector) {
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
export function scrollFigures({ frames, settleMax, lone }) {
  return {
    scrollP95FrameMs: percentile(frames, 95),
    scrollMaxFrameMs: Math.max(...frames),
    scrollSettleFrameMs: settleMax,
    jumpFromRestMs: percentile(lone, 50),
  };
}

/** What the probe gathered over the run. */
export function probeState(page) {
  return page.evaluate(() => ({
    measures: window.__bench.measures,
    longtasks: window.__bench.longtasks,
    maxItems: window.__bench.maxItems,
    firstPaintedAt: window.__bench.firstPaintedAt,
    donePaintedAt: window.__bench.donePaintedAt,
    usablePaintedAt: window.__bench.usablePaintedAt,
  }));
}

/** The figures every view run ends with: DOM rows, long tasks, heap, page errors. */
export function loadFigures({ state, loadedAt, heap, errors }) {
  return {
    maxDomRows: state.maxItems,
    longestTaskLoadingMs: longestTask(state.longtasks, 0, loadedAt),
    longestTaskMs: longestTask(state.longtasks),
    heapAfterLoadMB: heap.afterLoad,
    heapAfterAwayMB: heap.afterAway,
    pageErrors: errors,
  };
}
