// A range scan of the devnet token's logs through the gateway's limits (5,000 blocks, 10,000
// results per call): concurrency 3 against 1, to show the parallel scanner is worth its code.
/* global document, location -- used inside page.evaluate callbacks, which run in the page */
import { newPage } from "./page.mjs";
import { median, round } from "./stats.mjs";

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

/** `runs` scans at each concurrency, alternating; medians and whether every run was exact. */
export async function benchScan(browser, base, devnet, runs, log) {
  const byConcurrency = { 1: [], 3: [] };
  // Alternating, so both see the same machine state.
  for (let i = 0; i < runs; i++) {
    for (const c of [3, 1]) {
      const r = await scanOnce(browser, base, devnet.manifest, c);
      log(`  scan concurrency ${c}: ${r.logs} logs in ${r.ms} ms (${r.requests} requests)`);
      byConcurrency[c].push(r);
    }
  }
  const expected = devnet.manifest.token.logCount;
  const pick = (c) => {
    const list = byConcurrency[c];
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
