#!/usr/bin/env node
// Where a first visit's start-up goes (issue 38, bench/STARTUP.md): loads a start-up case
// (bench/startup.mjs) of a production build several times with Chrome's tracing on (the
// Performance panel's categories and the V8 sampling profiler), and sums, from navigation start to
// the frame that painted the case's element, per load (medians):
//   - the renderer main thread's work by kind: script compile (per chunk) and evaluation, style,
//     layout, paint, HTML parsing, garbage collection;
//   - the sampled CPU profile's self time by chunk (and its heaviest functions), "(program)"
//     being the engine's own work outside JavaScript.
//
//   node bench/profile.mjs --dist=bench/.tmp/ab/base [--cases=form,trace40,logs50] [--loads=4]
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, round } from "./stats.mjs";
import {
  optInCases,
  startupCases,
  startupOnceOn,
  startTxServer,
  TRACE_100K,
  writeBlankPage,
} from "./startup.mjs";

const CATEGORIES = [
  "devtools.timeline",
  "v8",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-v8.cpu_profiler",
];

/** Main-thread event names, grouped as the Performance panel's summary does. */
const KIND = {
  "v8.compile": "script compile",
  "v8.compileModule": "script compile",
  "V8.CompileCode": "script compile",
  "v8.produceModuleCache": "script compile",
  EvaluateScript: "script evaluate",
  "v8.evaluateModule": "script evaluate",
  FunctionCall: "script evaluate",
  TimerFire: "script evaluate",
  EventDispatch: "script evaluate",
  FireAnimationFrame: "script evaluate",
  RunMicrotasks: "script evaluate",
  "V8.GCScavenger": "gc",
  MajorGC: "gc",
  MinorGC: "gc",
  "BlinkGC.AtomicPhase": "gc",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  ParseAuthorStyleSheet: "style",
  Layout: "layout",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  ParseHTML: "parse HTML",
};

/** Self time per kind (an event's time minus its timed children's) on the main thread. */
function mainThreadKinds(events, tid, pid, from, to) {
  const mine = events
    .filter((e) => e.ph === "X" && e.tid === tid && e.pid === pid && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = {};
  const byChunk = {};
  const stack = [];
  for (const e of mine) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const kind = KIND[e.name];
    if (kind) {
      // The nearest classified ancestor loses this event's time (self time per kind).
      const parent = [...stack].reverse().find((p) => KIND[p.name]);
      if (parent) out[KIND[parent.name]] = (out[KIND[parent.name]] ?? 0) - e.dur / 1000;
      out[kind] = (out[kind] ?? 0) + e.dur / 1000;
      if (kind === "script compile") {
        const url = e.args?.data?.url ?? e.args?.fileName ?? "";
        const name = url.split("/").pop() || "(inline)";
        byChunk[name] = (byChunk[name] ?? 0) + e.dur / 1000;
      }
    }
    stack.push(e);
  }
  return { kinds: out, compileByChunk: byChunk };
}

/** The sampled profile's self time by chunk and by function (ms), within [from, to] (µs). */
function profileSelf(events, pid, from, to) {
  const nodes = new Map();
  const bySample = [];
  for (const e of events) {
    if (e.pid !== pid || (e.name !== "ProfileChunk" && e.name !== "Profile")) continue;
    const data = e.args?.data ?? {};
    if (data.startTime !== undefined) bySample.push({ t: data.startTime, reset: true });
    const cp = data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n.callFrame);
    const deltas = data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((s, i) => bySample.push({ id: `${e.id}:${s}`, d: deltas[i] ?? 0 }));
  }
  let t = 0;
  const chunk = {};
  const fn = {};
  let prev = null;
  for (const s of bySample) {
    if (s.reset) {
      t = s.t;
      prev = null;
      continue;
    }
    t += s.d;
    if (prev && prev.t >= from && prev.t <= to) {
      const dt = (t - prev.t) / 1000;
      const cf = nodes.get(prev.id) ?? { url: "", functionName: "?" };
      const file = cf.url ? cf.url.split("/").pop() : cf.functionName || "(native)";
      chunk[file] = (chunk[file] ?? 0) + dt;
      const f = `${cf.functionName || "(anonymous)"} ${file}`;
      fn[f] = (fn[f] ?? 0) + dt;
    }
    prev = { t, id: s.id };
  }
  return { chunk, fn };
}

async function profileOnce(browser, base, c) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: CATEGORIES });
  const painted = await startupOnceOn(page, base, c);
  const buf = await browser.stopTracing();
  await context.close();
  const events = JSON.parse(buf.toString("utf8")).traceEvents;
  // The navigation's renderer: the main thread that parsed the page's HTML.
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      /^http/.test(e.args?.data?.documentLoaderURL ?? ""),
  );
  const navTs = nav?.ts ?? events.find((e) => e.name === "ParseHTML")?.ts ?? 0;
  const main = nav ?? events.find((e) => e.name === "ParseHTML");
  const to = navTs + painted * 1000;
  const kinds = mainThreadKinds(events, main.tid, main.pid, navTs, to);
  const prof = profileSelf(events, main.pid, navTs, to);
  return { painted, ...kinds, ...prof };
}

async function main(argv) {
  const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dist = resolve(option("dist") ?? "bench/.tmp/dist");
  const loads = Number(option("loads") ?? 4);
  const only = (option("cases") ?? "form,trace40,logs50").split(",");
  const { chromium } = await import("@playwright/test");
  const { launchBrowser } = await import("./page.mjs");
  const { cleanup, freePort, onCleanup, startProcess, waitForHttp } = await import("./process.mjs");
  const { startSyntheticServer } = await import("./synthetic.mjs");
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  try {
    const synthetic = await startSyntheticServer();
    onCleanup(() => synthetic.close());
    const tx = await startTxServer();
    onCleanup(() => tx.close());
    writeBlankPage(dist);
    const port = await freePort();
    const proc = startProcess(
      process.execPath,
      [
        join(root, "node_modules/vite/bin/vite.js"),
        "preview",
        "--outDir",
        dist,
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--strictPort",
      ],
      { cwd: root },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/`, 30_000, proc);
    const browser = await launchBrowser(chromium);
    onCleanup(() => browser.close());
    if (only.includes("trace100k")) synthetic.warm({ traces: [TRACE_100K] });
    const all = [
      ...startupCases({ rpcBase: synthetic.url, tx }),
      ...optInCases({ rpcBase: synthetic.url, tx }),
    ];
    for (const c of all.filter((x) => only.includes(x.id))) {
      const runs = [];
      for (let i = 0; i < loads; i++) runs.push(await profileOnce(browser, base, c));
      const med = (get) => {
        const keys = new Set(runs.flatMap((r) => Object.keys(get(r))));
        return Object.fromEntries(
          [...keys]
            .map((k) => [k, round(median(runs.map((r) => get(r)[k] ?? 0)))])
            .sort((a, b) => b[1] - a[1]),
        );
      };
      console.log(
        `\n## ${c.id} (${c.path.slice(0, 40)}…): painted ${round(median(runs.map((r) => r.painted)))} ms, median of ${loads} loads`,
      );
      console.log("main thread, self ms by kind:", JSON.stringify(med((r) => r.kinds)));
      console.log(
        "compile by chunk:",
        JSON.stringify(
          Object.fromEntries(Object.entries(med((r) => r.compileByChunk)).slice(0, 12)),
        ),
      );
      console.log(
        "CPU profile self ms by chunk:",
        JSON.stringify(Object.fromEntries(Object.entries(med((r) => r.chunk)).slice(0, 14))),
      );
      console.log(
        "heaviest functions:",
        JSON.stringify(Object.fromEntries(Object.entries(med((r) => r.fn)).slice(0, 12))),
      );
    }
  } finally {
    await cleanup();
  }
}

await main(process.argv.slice(2));
