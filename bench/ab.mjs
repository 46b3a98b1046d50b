#!/usr/bin/env node
// An interleaved A/B of the log explorer (bench/explore.mjs) between builds, for the figures a
// change must beat the machine's noise by (issue 38): each build served by its own `vite
// preview`, one browser, the runs alternating between the builds (the order rotated and reversed
// every round, so a burst of load elsewhere falls on each build alike); the median per figure.
//
//   node bench/ab.mjs <distA> <distB> [<distC>…] [--runs=6] [--logs=100000]
//
// A build: `npx vite build --outDir <dir>` from the checkout (or an export of an older commit,
// e.g. `git archive <commit> | tar -x -C <dir>` with node_modules linked in).
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { exploreExpectations, exploreOnce } from "./explore.mjs";
import { launchBrowser } from "./page.mjs";
import {
  cleanup,
  freePort,
  onCleanup,
  startProcess,
  stopOnSignals,
  waitForHttp,
} from "./process.mjs";
import { startSyntheticServer } from "./synthetic.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dists = argv.filter((a) => !a.startsWith("--")).map((d) => resolve(d));
const runs = Math.max(1, Number(option("runs") ?? 6));
const n = Number(option("logs") ?? 100_000);
if (dists.length < 2) {
  console.error("usage: node bench/ab.mjs <distA> <distB> [<distC>…] [--runs=6] [--logs=100000]");
  process.exit(2);
}
const names = dists.map((_, i) => String.fromCharCode(65 + i));
stopOnSignals();

async function serve(dist) {
  const port = await freePort();
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");
  const args = ["preview", "--outDir", dist, "--host", "127.0.0.1", "--port", String(port)];
  const child = startProcess(process.execPath, [vite, ...args, "--strictPort"], { cwd: root });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, 30_000, child);
  return base;
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === "number").sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor((s.length - 1) / 2)] * 10) / 10 : null;
};

try {
  const { chromium } = await import("@playwright/test");
  const synthetic = await startSyntheticServer();
  onCleanup(() => synthetic.close());
  synthetic.warm({ traces: [], logs: [], denseLogs: [n] });
  const bases = {};
  for (const [i, d] of dists.entries()) bases[names[i]] = await serve(d);
  const browser = await launchBrowser(chromium);
  onCleanup(() => browser.close());
  const expect = exploreExpectations(n);
  const out = Object.fromEntries(names.map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    const order = names.map((_, j) => names[(i + j) % names.length]);
    if (i % 2) order.reverse();
    for (const k of order) {
      const r = await exploreOnce({ browser, base: bases[k], rpcBase: synthetic.url, n, expect });
      out[k].push(r);
      console.error(
        `run ${i + 1} ${k} (load ${loadavg()[0].toFixed(2)})${r.error ? ` ${r.error}` : ""}`,
      );
    }
  }
  names.forEach((k, i) => console.log(`${k}: ${dists[i]}`));
  const keys = Object.keys(out[names[0]][0] ?? {}).filter((k) => k.endsWith("Ms"));
  for (const key of keys) {
    const cells = names.map((k) => `${k} ${String(median(out[k].map((r) => r[key])))}`);
    const all = names.map(
      (k) =>
        `${k}: ${out[k].map((r) => (typeof r[key] === "number" ? Math.round(r[key]) : r[key])).join(", ")}`,
    );
    console.log(`${key.padEnd(22)} ${cells.join("  ")}   (${all.join("; ")})`);
  }
} finally {
  await cleanup();
}
