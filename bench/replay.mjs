// The in-browser replay (issue 46): devnet transactions opened on the gateway's standard node
// (`/node/standard/`: every debug_* answered -32601), so the call tree comes from the replay in the
// Worker. Per case, a fresh page on `#/trace?hash=…&tracer=callTracer&rpc=<standard node>`:
//   - firstRowsMs: the first frame row painted, from navigation start;
//   - treeAfterLastReadMs: that paint − the end of the last request to the node before it (the
//     replay's last state read: the page asks for nothing else while the Worker runs), so for the
//     250,000-step case it is the Worker's run after its reads plus the answer's way to the screen;
//   - requests, from the gateway's request log of the node's path (one entry per JSON-RPC request,
//     a batch's elements each): the state reads at the parent block grouped per account
//     (eth_getProof / eth_getBalance / eth_getTransactionCount / eth_getCode) and per slot
//     (eth_getStorageAt), the most any one had, a token's symbol() and decimals() apart (the call
//     tree's event amounts in token units, 2 per token), and everything else (the handful: the
//     transaction, its block, the refused trace methods, the chain id …);
//   - replayMs: the replay from its Worker's spawn to its answer (nodescope:replay);
//   - workerComputeMs: the Worker's computing (its run less the time it waited for answers: the
//     page relays its reads, nodescope:replay-compute), workerStartMs: its script loaded and run;
//   - the replay Worker's JS heap (CDP Runtime.getHeapUsage on the Worker's target, sampled while it
//     lives): its peak, in MB.
// The engine's chunk (the Worker's script and what it imports) is measured from the build.
/* global window -- used inside page.evaluate callbacks, which run in the page */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { newPage, waitFirstRows } from "./page.mjs";
import { medianOf, round } from "./stats.mjs";

/** The cases: a manifest transaction each (devnet/scenarios*.mjs). */
export const REPLAY_CASES = {
  transfer: "legacyTransfer", // an ETH transfer, first in its block
  fourth: "tokenTransfer", // a token transfer, 4th in its block
  storage: "storage", // the storage scenario: many slots
  crowded41: "crowded41", // 41st of 45 in its block
  steps250k: "debugHeavy", // Stepper.spin: one frame of 260,000+ steps
};
const ACCOUNT_READS = ["eth_getProof", "eth_getBalance", "eth_getTransactionCount", "eth_getCode"];
const STATE_READS = [...ACCOUNT_READS, "eth_getStorageAt"];
/**
 * A token's symbol() and decimals() (src/chain/tokenMeta.ts), asked with eth_call so an event's
 * amount reads in the token's units (issue 48): the page's, not the replay's; counted apart.
 */
const TOKEN_META_CALLS = ["0x95d89b41", "0x313ce567"];

/** The engine Worker's script and the chunks it imports, gzip -9 and raw, in KB. */
export function engineChunk(distDir) {
  const assets = join(distDir, "assets");
  const names = readdirSync(assets);
  const worker = names.find((f) => /^engine\.worker-.*\.js$/.test(f));
  if (!worker) return { error: "no engine.worker chunk in the build" };
  const files = new Set();
  const visit = (f) => {
    if (files.has(f) || !names.includes(f)) return;
    files.add(f);
    const text = readFileSync(join(assets, f), "utf8");
    for (const m of text.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
  };
  visit(worker);
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const bytes = readFileSync(join(assets, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...files], gzipKB: round(gzip / 1024), rawKB: round(raw / 1024) };
}

/** The gateway's log of one node path, grouped as the budgets read it. */
export function countRequests(entries, path, blockTag) {
  const mine = entries.filter((e) => e.path === path && typeof e.method === "string");
  const perAccount = new Map();
  const perSlot = new Map();
  let other = 0;
  let tokenMeta = 0;
  for (const e of mine) {
    const p = Array.isArray(e.params) ? e.params : [];
    const atParent = blockTag !== null && p[p.length - 1] === blockTag;
    const data = String(p[0]?.data ?? p[0]?.input ?? "");
    if (e.method === "eth_call" && TOKEN_META_CALLS.includes(data.slice(0, 10))) {
      tokenMeta++;
      continue;
    }
    if (atParent && ACCOUNT_READS.includes(e.method)) {
      const a = String(p[0]).toLowerCase();
      perAccount.set(a, (perAccount.get(a) ?? 0) + 1);
    } else if (atParent && e.method === "eth_getStorageAt") {
      const k = `${String(p[0]).toLowerCase()}:${String(p[1])}`;
      perSlot.set(k, (perSlot.get(k) ?? 0) + 1);
    } else other++;
  }
  const max = (m) => (m.size ? Math.max(...m.values()) : 0);
  return {
    requests: mine.length,
    accounts: perAccount.size,
    slots: perSlot.size,
    stateReads: mine.filter((e) => STATE_READS.includes(e.method)).length,
    maxRequestsPerAccount: max(perAccount),
    maxRequestsPerSlot: max(perSlot),
    otherRequests: other,
    tokenMetaRequests: tokenMeta,
  };
}

/**
 * Samples the JS heap of every replay Worker that starts while `sampling` runs (a browser CDP
 * session: Playwright's page session cannot reach a Worker's target).
 */
async function workerHeapSampler(browser) {
  const cdp = await browser.newBrowserCDPSession();
  let next = 0;
  const waiting = new Map();
  cdp.on("Target.receivedMessageFromTarget", (e) => {
    const m = JSON.parse(e.message);
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  const ask = (sessionId, method) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      cdp
        .send("Target.sendMessageToTarget", {
          sessionId,
          message: JSON.stringify({ id, method, params: {} }),
        })
        .catch(() => resolve(null));
      setTimeout(() => resolve(null), 2_000);
    });
  let peak = 0;
  let samples = 0;
  let stop = false;
  const attached = new Set();
  const watch = async (sessionId) => {
    while (!stop) {
      const m = await ask(sessionId, "Runtime.getHeapUsage");
      if (!m?.result) return;
      samples++;
      peak = Math.max(peak, m.result.usedSize);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const loop = (async () => {
    while (!stop) {
      const { targetInfos } = await cdp.send("Target.getTargets");
      for (const t of targetInfos) {
        if (t.type !== "worker" || !/engine\.worker/.test(t.url) || attached.has(t.targetId))
          continue;
        attached.add(t.targetId);
        cdp
          .send("Target.attachToTarget", { targetId: t.targetId, flatten: false })
          .then(({ sessionId }) => watch(sessionId))
          .catch(() => undefined);
      }
      await new Promise((r) => setTimeout(r, 15));
    }
  })();
  return {
    async finish() {
      stop = true;
      await loop.catch(() => undefined);
      await cdp.detach().catch(() => undefined);
      return { workers: attached.size, samples, peakMB: samples ? round(peak / 1e6) : null };
    },
  };
}

async function gatewayLog(gatewayUrl, clear) {
  const res = await fetch(`${gatewayUrl}/__log`, { method: clear ? "DELETE" : "GET" });
  return res.json();
}

async function blockTagOf(anvilUrl, hash) {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getTransactionByHash",
      params: [hash],
    }),
  });
  const { result } = await res.json();
  return `0x${(BigInt(result.blockNumber) - 1n).toString(16)}`;
}

/** One case, once. */
export async function replayOnce({ browser, base, manifest, hash }) {
  const rpc = manifest.nodes.standard;
  const path = new URL(rpc).pathname;
  const { context, page, errors } = await newPage(browser, {
    selector: "[role=tree] [role=treeitem]:not([aria-busy=true])",
  });
  const sampler = await workerHeapSampler(browser);
  let heap = null;
  try {
    await gatewayLog(manifest.gatewayUrl, true);
    const e = encodeURIComponent;
    await page.goto(`${base}/#/trace?hash=${hash}&tracer=callTracer&rpc=${e(rpc)}`, {
      waitUntil: "commit",
    });
    const first = await waitFirstRows(page, "the replayed call tree");
    heap = await sampler.finish();
    if (!first.ok) return { error: first.error, pageErrors: errors };
    const timing = await page.evaluate((node) => {
      const painted = window.__bench.firstPaintedAt;
      const reads = performance
        .getEntriesByType("resource")
        .filter((x) => x.name.startsWith(node) && x.responseEnd <= painted);
      const last = reads.reduce((m, x) => Math.max(m, x.responseEnd), 0);
      const before = (name) =>
        window.__bench.measures.filter((m) => m.name === name && m.end <= painted);
      const compute = before("nodescope:replay-compute");
      const start = before("nodescope:replay-start");
      const whole = before("nodescope:replay");
      return {
        painted,
        last,
        fetches: reads.length,
        replays: compute.length,
        computeMs: compute.length ? Math.max(...compute.map((m) => m.duration)) : null,
        startMs: start.length ? start[0].duration : null,
        replayMs: whole.length ? Math.max(...whole.map((m) => m.duration)) : null,
      };
    }, rpc);
    const replayed = await page
      .getByText(/replayed in this browser/)
      .first()
      .isVisible()
      .catch(() => false);
    const counts = countRequests(
      await gatewayLog(manifest.gatewayUrl, false),
      path,
      await blockTagOf(manifest.anvilUrl, hash),
    );
    return {
      firstRowsMs: timing.painted,
      lastReadMs: timing.last,
      treeAfterLastReadMs: timing.painted - timing.last,
      httpRequests: timing.fetches,
      replayMs: timing.replayMs,
      workerStartMs: timing.startMs,
      workerComputeMs: timing.computeMs,
      replays: timing.replays,
      ...counts,
      workerPeakHeapMB: heap.peakMB,
      workerHeapSamples: heap.samples,
      replayed,
      pageErrors: errors,
    };
  } finally {
    if (!heap) await sampler.finish();
    await context.close();
  }
}

/** Every case `runs` times; their medians (the request counts are the same run to run). */
export async function benchReplay({ browser, base, manifest, distDir, runs, log }) {
  const out = { engineChunk: engineChunk(distDir) };
  log(`  engine chunk ${out.engineChunk.gzipKB} KB gzip (${out.engineChunk.rawKB} KB raw)`);
  for (const [name, label] of Object.entries(REPLAY_CASES)) {
    const tx = manifest.transactions?.[label];
    if (!tx) {
      out[name] = { error: `the devnet has no ${label} transaction`, pageErrors: [] };
      continue;
    }
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await replayOnce({ browser, base, manifest, hash: tx.hash });
      if (!r.error && !r.replayed) r.error = "the page did not say the tree was replayed";
      log(
        `  ${name} (${label}, index ${tx.index}) run ${i + 1}: ${r.error ? `error: ${r.error}` : `tree ${round(r.firstRowsMs)} ms, ${round(r.treeAfterLastReadMs)} ms after the last read; replay ${round(r.replayMs)} ms, Worker start ${round(r.workerStartMs)} ms, computing ${round(r.workerComputeMs)} ms (${r.replays} replay${r.replays === 1 ? "" : "s"}); ${r.requests} requests (${r.accounts} accounts ≤ ${r.maxRequestsPerAccount} each, ${r.slots} slots ≤ ${r.maxRequestsPerSlot} each, ${r.otherRequests} other, ${r.tokenMetaRequests} token symbol/decimals); Worker heap peak ${r.workerPeakHeapMB} MB (${r.workerHeapSamples} samples)`}`,
      );
      results.push(r);
    }
    out[name] = { index: tx.index, ...medianOf(results) };
  }
  return out;
}
