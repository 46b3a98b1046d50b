// Start-up (issue 38): how long after a blank page a small answer is on screen. One run loads, in
// turn, a blank static page served the same way (bench/.tmp/dist/blank.html, through the same
// `vite preview`), the empty transaction form, a 40-frame trace link, a 50-log link and one
// transaction card link — each in a fresh context (a first visit, nothing cached), timed in the
// page from navigation start by a MutationObserver installed before any script runs, to the end of
// the frame that painted the element. Each figure is reported as ms above the blank page: the
// median over the runs of (that load − the blank load of the same run), so a machine that slows
// down during the run (it is shared) slows both sides of each difference.
//
// Run alone it compares builds (an interleaved A/B, bench/STARTUP.md):
//   node bench/startup.mjs --ab=<distA>,<distB> [--runs=8] [--cases=form,trace40]
// serves both builds side by side and alternates them load by load (A then B, B then A, …).
/* global window, document, requestAnimationFrame, MutationObserver */
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { syntheticBlock, syntheticReceipts } from "./block.mjs";
import { median, percentile, round } from "./stats.mjs";
import { DENSE_LOGS_PER_BLOCK, lastLogBlock, traceHash } from "./synthetic.mjs";

export const BLANK_PAGE = "blank.html";

/** The blank page the others are measured against: one element, no script, no style. */
export function writeBlankPage(distDir) {
  writeFileSync(
    join(distDir, BLANK_PAGE),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>blank</title></head>' +
      "<body><p>blank</p></body></html>\n",
  );
}

/**
 * A node for the one transaction card: eth_getTransactionByHash and its receipt (the block
 * bench's synthetic transfer, data made up here), eth_chainId; anything else null.
 */
export async function startTxServer() {
  const tx = syntheticBlock(1).transactions[0];
  const receipt = syntheticReceipts(1)[0];
  const answers = {
    eth_chainId: "0x7a69",
    eth_getTransactionByHash: tx,
    eth_getTransactionByBlockHashAndIndex: tx,
    eth_getTransactionReceipt: receipt,
    eth_blockNumber: tx.blockNumber,
  };
  const server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", "content-type, authorization");
    if (req.method === "OPTIONS") {
      res.statusCode = 204;
      res.end();
      return;
    }
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      let out;
      try {
        const parsed = JSON.parse(body);
        const one = (c) => ({
          jsonrpc: "2.0",
          id: c?.id ?? null,
          result: answers[c?.method] ?? null,
        });
        out = Array.isArray(parsed) ? parsed.map(one) : one(parsed);
      } catch {
        out = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } };
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(out));
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", () => r(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    hash: tx.hash,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections?.();
        server.close(() => r(undefined));
      }),
  };
}

/**
 * The loads measured, each `{ id, path(rpc) → URL path + hash, find }`: `find` is what the page
 * shows first (a selector, or a label's name whose control must be there too — the issue's
 * contract: "a `<label>` named /block hash/i with its control").
 */
export function startupCases({ rpcBase, tx }) {
  const trace = `${rpcBase}/trace/40/`;
  const logs = `${rpcBase}/logs1/50/`;
  const blockHash = `0x${"1".padStart(64, "0")}`;
  return [
    { id: "blank", path: `/${BLANK_PAGE}`, find: { selector: "p" } },
    // The empty form leads with the transaction hash since the lookup-by-hash change (77b6bfc);
    // the issue's contract names the Block hash field of the form it knew: either counts.
    { id: "form", path: "/#/tx", find: { label: "^(block|transaction) hash" } },
    {
      id: "trace40",
      path: `/#/trace?hash=${traceHash(40)}&rpc=${encodeURIComponent(trace)}`,
      find: { selector: "[role=tree] [role=treeitem]:not([aria-busy=true])" },
    },
    {
      id: "logs50",
      path: `/#/logs?blockHash=${blockHash}&rpc=${encodeURIComponent(logs)}`,
      find: { selector: "[role=table] [role=row][data-index]" },
    },
    {
      id: "txCard",
      path: `/#/tx?hash=${tx.hash}&rpc=${encodeURIComponent(tx.url)}`,
      find: { selector: 'dl[aria-label="Transaction fields"] dt' },
    },
  ];
}

/**
 * Loads measured only when named (`--cases=…` of the A/B and of bench/profile.mjs): the 100k-frame
 * trace link (bench/trace.mjs measures it in the bench), its first row showing a frame; ranges of
 * 1,000 and 10,000 logs (the common link: its first row, and the app's own); the 50-log
 * and card links until the app's own rows and fields are in (a Details button, a card no longer
 * busy), what the first paint's wait for the app's chunks costs them.
 */
export const TRACE_100K = 100_000;
const LOGS_100K = 100_000;
const LOGS_1K = 1_000;
const LOGS_10K = 10_000;
export function optInCases({ rpcBase, tx }) {
  const trace = `${rpcBase}/trace/${TRACE_100K}/`;
  const [, , , logs50, txCard] = startupCases({ rpcBase, tx });
  const rangePath = (n) =>
    `/#/logs?fromBlock=0x0&toBlock=0x${lastLogBlock(n, DENSE_LOGS_PER_BLOCK).toString(16)}&rpc=${encodeURIComponent(`${rpcBase}/logs1/${n}/`)}`;
  const ROW = "[role=table] [role=row][data-index]";
  return [
    {
      id: "trace100k",
      path: `/#/trace?hash=${traceHash(TRACE_100K)}&rpc=${encodeURIComponent(trace)}`,
      find: { selector: "[role=tree] [role=treeitem]:not([aria-busy=true])" },
    },
    {
      // the 100,000-log one-answer link (bench/logs.mjs measures its first row): the app's own first row
      id: "logs100k",
      path: rangePath(LOGS_100K),
      find: { selector: `${ROW} button` },
    },
    // ranges of logs in one answer (the common link): 1,000 logs (~0.6 MB, read whole by the first
    // paint) and 10,000 (~6 MB, its first rows from its first bytes): the first row, and the app's
    // own (a Details button)
    ...[LOGS_1K, LOGS_10K].flatMap((n) => [
      { id: `logs${n / 1000}k`, path: rangePath(n), find: { selector: ROW } },
      { id: `logs${n / 1000}kApp`, path: rangePath(n), find: { selector: `${ROW} button` } },
    ]),
    {
      id: "logs50App",
      path: logs50.path,
      find: { selector: `${ROW} button` },
    },
    {
      id: "txCardApp",
      path: txCard.path,
      find: { selector: 'dl[aria-label="Transaction fields"]:not([aria-busy]) dt' },
    },
  ];
}

/**
 * What the probe writes to the console once the element is painted: the harness waits for that
 * message instead of polling the page. A `waitForFunction` evaluates Playwright's injected script
 * in the page's main world on its first poll (~18–24 ms of script at ~65–80 ms, while a deep
 * link's entry is arriving): the blank page had painted before it, every app load paid it.
 */
const PAINTED_MARK = "nodescope-bench:painted:";

/** Installed before any script of the page: when `find` first holds, and the frame that painted it. */
function startupProbe({ find, mark }) {
  const s = { foundAt: null, paintedAt: null };
  window.__startup = s;
  const re = find.label ? new RegExp(find.label, "i") : null;
  const test = re
    ? () =>
        [...document.getElementsByTagName("label")].some(
          (l) => l.control !== null && re.test(l.textContent ?? ""),
        )
    : () => document.querySelector(find.selector) !== null;
  const check = () => {
    if (s.foundAt !== null || !test()) return;
    s.foundAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        s.paintedAt = performance.now();
        console.debug(mark + s.paintedAt);
      };
      ch.port2.postMessage(0);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  check();
}

/** One first visit of `base + c.path`: ms from navigation start to the painted element. */
export async function startupOnce(browser, base, c) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
  });
  try {
    return await startupOnceOn(await context.newPage(), base, c);
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** `startupOnce` on a page of the caller's (bench/profile.mjs traces it). */
export async function startupOnceOn(page, base, c) {
  await page.addInitScript(startupProbe, { find: c.find, mark: PAINTED_MARK });
  const painted = page.waitForEvent("console", {
    predicate: (m) => m.text().startsWith(PAINTED_MARK),
    timeout: 30_000,
  });
  // Handled at once: a failed navigation below leaves this wait unobserved until it times out.
  painted.catch(() => undefined);
  await page.goto(base + c.path, { waitUntil: "commit" });
  return Number((await painted).text().slice(PAINTED_MARK.length));
}

/**
 * `runs` rounds of every case, one load each, in order (blank first); returns each case's median
 * (`<id>Ms`) and, for the app's, the median of its difference to the same round's blank load
 * (`<id>AboveBlankMs`).
 */
export async function benchStartup({ browser, base, cases, runs, log }) {
  const times = Object.fromEntries(cases.map((c) => [c.id, []]));
  for (let i = 0; i < runs; i++) {
    for (const c of cases) times[c.id].push(await startupOnce(browser, base, c));
    log(
      `  start-up run ${i + 1}: ${cases.map((c) => `${c.id} ${round(times[c.id][i])}`).join(", ")} ms`,
    );
  }
  return startupFigures(times);
}

/**
 * The figures of `times` (ms per case id, one per round, `blank` among them): each case's median
 * (`<id>Ms`) and, for the app's, the median over rounds of its difference to the same round's
 * blank load (`<id>AboveBlankMs`).
 */
export function startupFigures(times) {
  const blank = times.blank ?? [];
  const out = { runs: blank.length };
  for (const [id, list] of Object.entries(times)) {
    out[`${id}Ms`] = round(median(list));
    if (id !== "blank" && blank.length)
      out[`${id}AboveBlankMs`] = round(median(list.map((t, i) => t - blank[i])));
  }
  return out;
}

/**
 * The bench's start-up figures (run.mjs, `--views=startup`): its own node for the transaction
 * card, the synthetic server for the trace and the logs; at least 8 rounds (the differences are
 * tens of ms on a machine whose noise is as large).
 */
export async function benchStartupView({ browser, base, synthetic, runs, log }) {
  synthetic.warm({ traces: [40], denseLogs: [50] });
  const tx = await startTxServer();
  try {
    const cases = startupCases({ rpcBase: synthetic.url, tx });
    return await benchStartup({ browser, base, cases, runs: Math.max(8, runs), log });
  } finally {
    await tx.close();
  }
}

/** `--ab=<distA>,<distB>`: both builds served at once, alternated load by load. */
async function abMain(argv) {
  const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dirs = (option("ab") ?? "").split(",").map((d) => resolve(d));
  if (dirs.length !== 2) throw new Error("--ab=<distA>,<distB>");
  const runs = Math.max(1, Number(option("runs") ?? 8));
  const only = option("cases")?.split(",");
  const { chromium } = await import("@playwright/test");
  const { launchBrowser } = await import("./page.mjs");
  const { cleanup, freePort, onCleanup, startProcess, waitForHttp } = await import("./process.mjs");
  const { startSyntheticServer } = await import("./synthetic.mjs");
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");
  try {
    const synthetic = await startSyntheticServer();
    onCleanup(() => synthetic.close());
    synthetic.warm({ traces: [40], denseLogs: [50, LOGS_1K, LOGS_10K] });
    const tx = await startTxServer();
    onCleanup(() => tx.close());
    const bases = [];
    for (const dir of dirs) {
      writeBlankPage(dir);
      const port = await freePort();
      const proc = startProcess(
        process.execPath,
        [
          vite,
          "preview",
          "--outDir",
          dir,
          "--host",
          "127.0.0.1",
          "--port",
          String(port),
          "--strictPort",
        ],
        { cwd: root },
      );
      await waitForHttp(`http://127.0.0.1:${port}/`, 30_000, proc);
      bases.push(`http://127.0.0.1:${port}`);
    }
    const browser = await launchBrowser(chromium);
    onCleanup(() => browser.close());
    const cases = [
      ...startupCases({ rpcBase: synthetic.url, tx }),
      ...optInCases({ rpcBase: synthetic.url, tx }).filter((c) => only?.includes(c.id)),
    ].filter((c) => c.id === "blank" || !only || only.includes(c.id));
    if (only?.includes("trace100k")) synthetic.warm({ traces: [TRACE_100K] });
    if (only?.includes("logs100k")) synthetic.warm({ denseLogs: [LOGS_100K] });
    const t = dirs.map(() => Object.fromEntries(cases.map((c) => [c.id, []])));
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const c of cases)
        for (const k of order) t[k][c.id].push(await startupOnce(browser, bases[k], c));
      console.log(
        `run ${i + 1}: ${cases.map((c) => `${c.id} ${round(t[0][c.id][i])}/${round(t[1][c.id][i])}`).join(", ")}`,
      );
    }
    console.log(`\nmedians of ${runs} interleaved loads each (A = ${dirs[0]}, B = ${dirs[1]})`);
    for (const c of cases) {
      const [a, b] = t.map((x) => round(median(x[c.id])));
      const above = t.map((x) => round(median(x[c.id].map((v, i) => v - x.blank[i]))));
      // Paired by round (the two loads of a round ran one after the other): the median of B − A,
      // the quartiles of B − A (the noise), and in how many rounds B was the faster.
      const diffs = t[1][c.id].map((v, i) => v - t[0][c.id][i]);
      const faster = diffs.filter((d) => d < 0).length;
      console.log(
        `${c.id.padEnd(8)} A ${a} ms  B ${b} ms  (above blank: A ${above[0]}, B ${above[1]})  B − A paired: median ${round(median(diffs))}, quartiles ${round(percentile(diffs, 25))} / ${round(percentile(diffs, 75))}, B faster in ${faster} of ${runs}`,
      );
    }
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await abMain(process.argv.slice(2));
