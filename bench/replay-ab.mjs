#!/usr/bin/env node
// An interleaved A/B of the in-browser replay (bench/replay.mjs) between builds — e.g. the state
// reads batched or not (issue 46): one devnet, each build served by its own `vite preview`, one
// browser, the runs alternating between the builds (order reversed every round); per case the
// median of each figure.
//
//   node bench/replay-ab.mjs <distA> <distB> [--runs=4] [--cases=fourth,storage,crowded41]
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "./page.mjs";
import {
  cleanup,
  freePort,
  onCleanup,
  startProcess,
  stopOnSignals,
  waitForHttp,
} from "./process.mjs";
import { REPLAY_CASES, replayOnce } from "./replay.mjs";
import { median, round } from "./stats.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dists = argv.filter((a) => !a.startsWith("--")).map((d) => resolve(d));
const runs = Math.max(1, Number(option("runs") ?? 4));
const cases = (option("cases") ?? "fourth,storage,crowded41").split(",");
if (dists.length !== 2) {
  console.error("usage: node bench/replay-ab.mjs <distA> <distB> [--runs=4] [--cases=…]");
  process.exit(2);
}
const FIGURES = ["replayMs", "firstRowsMs", "workerComputeMs", "httpRequests", "requests"];
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

try {
  const { chromium } = await import("@playwright/test");
  const { startDevnet } = await import("../devnet/index.mjs");
  const devnet = await startDevnet({ quiet: true });
  onCleanup(() => devnet.stop());
  const bases = { A: await serve(dists[0]), B: await serve(dists[1]) };
  const browser = await launchBrowser(chromium);
  onCleanup(() => browser.close());
  for (const name of cases) {
    const tx = devnet.manifest.transactions[REPLAY_CASES[name]];
    const out = { A: [], B: [] };
    for (let i = 0; i < runs; i++) {
      for (const k of i % 2 ? ["B", "A"] : ["A", "B"]) {
        const r = await replayOnce({
          browser,
          base: bases[k],
          manifest: devnet.manifest,
          hash: tx.hash,
        });
        out[k].push(r);
        console.error(
          `${name} run ${i + 1} ${k} (load ${loadavg()[0].toFixed(2)}): ${r.error ?? `replay ${round(r.replayMs)} ms, tree ${round(r.firstRowsMs)} ms, ${r.httpRequests} POSTs`}`,
        );
      }
    }
    for (const f of FIGURES) {
      const m = (k) => round(median(out[k].map((r) => r[f]).filter((v) => typeof v === "number")));
      const paired = out.A.map((a, i) => out.B[i]?.[f] - a[f]).filter(Number.isFinite);
      console.log(
        `${name.padEnd(10)} ${f.padEnd(16)} A ${m("A")}  B ${m("B")}  (B − A paired median ${round(median(paired))}; A: ${out.A.map((r) => round(r[f])).join(", ")}; B: ${out.B.map((r) => round(r[f])).join(", ")})`,
      );
    }
  }
  console.log(`A: ${dists[0]}\nB: ${dists[1]}`);
} finally {
  await cleanup();
}
