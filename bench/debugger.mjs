// The Debug view, one run: the devnet's heavy transaction (Stepper.spin, one frame of more than
// 250,000 steps, devnet/debug.mjs) opened on its call tree, then the Debug tab clicked: the first
// location on screen (`File.sol:LINE` in the view's status: the frame's first line, from the source
// map, while the tracer runs) after the click; when the steps are here ("step K of N": the commands
// work), and the node's tracer answer's arrival, apart; each step command's time
// from its key to the frame that shows the new step; the page's heap before the tab and after the
// steps (a full GC each time).
/* global window, document, KeyboardEvent -- used inside page.evaluate callbacks, which run in the page */
import { heapMB, newPage, probeState, waitFirstRows } from "./page.mjs";
import { median } from "./stats.mjs";

const STATUS = "section[aria-labelledby] output";
/** Each command's key (DebuggerPanel's), pressed this many times; the slowest press counts. */
const PRESSES = { into: ["i", 6], over: ["o", 6], back: ["b", 6], out: ["u", 2] };

/**
 * @param {{ browser: import("@playwright/test").Browser, base: string, manifest: any }} options
 *   manifest: the running devnet's (anvil's URL, Sourcify's stand-in, the heavy transaction)
 */
export async function debuggerOnce({ browser, base, manifest }) {
  const heavy = manifest.transactions?.debugHeavy;
  if (!heavy) return { error: "the devnet has no debugHeavy transaction", pageErrors: [] };
  const { context, page, errors, cdp } = await newPage(browser, {
    selector: "[role=tree] [role=treeitem]:not([aria-busy=true])",
  });
  try {
    const e = encodeURIComponent;
    const url = `${base}/#/trace?hash=${heavy.hash}&tracer=callTracer&rpc=${e(manifest.anvilUrl)}&sourcify=${e(manifest.decoding.sourcify)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, "debugger's call tree");
    if (!first.ok) return { error: first.error, pageErrors: errors };
    await page.evaluate(() => window.__bench.settle(500, 10_000));
    const heapBeforeMB = await heapMB(cdp);

    const opened = await page.evaluate(
      async ({ status, anvil }) => {
        const b = window.__bench;
        const tab = [...document.querySelectorAll("[role=tab]")].find(
          (t) => t.textContent?.trim() === "Debug",
        );
        if (!tab) throw new Error("no Debug tab");
        const t0 = performance.now();
        const shown = () => document.querySelector(status)?.textContent ?? "";
        const r = await b.interaction(
          () => tab.click(),
          () => /\.sol:\d+/.test(shown()),
          120_000,
        );
        // The steps here: "step K of N" (before, the frame's first line from the source map).
        let readyMs = r.ok && /step [\d,]+ of /.test(shown()) ? r.ms : null;
        while (readyMs === null && performance.now() - t0 < 120_000) {
          const f = await b.frame();
          if (/step [\d,]+ of /.test(shown())) readyMs = f.end - t0;
        }
        // The debug tracer's answer: the longest request to the node after the click (pass 1).
        const runs = performance
          .getEntriesByType("resource")
          .filter((x) => x.name.startsWith(anvil) && x.startTime >= t0);
        const pass1 = runs.reduce((m, x) => (x.duration > (m?.duration ?? -1) ? x : m), null);
        return {
          ok: r.ok && readyMs !== null,
          ms: r.ms,
          readyMs,
          tracerMs: pass1 ? pass1.responseEnd - t0 : null,
          shown: shown(),
        };
      },
      { status: STATUS, anvil: manifest.anvilUrl },
    );
    if (!opened.ok)
      return { error: `no steps within 120 s: "${opened.shown}"`, pageErrors: errors };
    const steps = Number(/of ([\d,]+)/.exec(opened.shown)?.[1]?.replace(/,/g, "") ?? "0");

    const stepMs = {};
    for (const [kind, [key, times]] of Object.entries(PRESSES)) {
      const ms = [];
      for (let i = 0; i < times; i++) {
        const r = await page.evaluate(
          async ({ status, key }) => {
            const b = window.__bench;
            const before = document.querySelector(status)?.textContent ?? "";
            return b.interaction(
              () => document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })),
              () => (document.querySelector(status)?.textContent ?? "") !== before,
              2_000,
            );
          },
          { status: STATUS, key },
        );
        // A command that cannot move (out at the frame's end) shows nothing new: not a step.
        if (r.ok) ms.push(r.ms);
      }
      stepMs[kind] = ms.length ? { median: median(ms), max: Math.max(...ms), n: ms.length } : null;
    }
    await page.evaluate(() => window.__bench.settle(500, 10_000));
    const heapAfterMB = await heapMB(cdp);
    const state = await probeState(page);
    const longest = state.longtasks.reduce((m, t) => Math.max(m, t.duration), 0);
    const kinds = Object.values(stepMs).filter(Boolean);
    return {
      steps,
      firstLocationMs: opened.ms,
      steppingReadyMs: opened.readyMs,
      tracerAnswerMs: opened.tracerMs,
      readyAfterAnswerMs: opened.tracerMs === null ? null : opened.readyMs - opened.tracerMs,
      stepIntoMs: stepMs.into?.max ?? null,
      stepOverMs: stepMs.over?.max ?? null,
      stepOutMs: stepMs.out?.max ?? null,
      stepBackMs: stepMs.back?.max ?? null,
      stepMaxMs: kinds.length ? Math.max(...kinds.map((k) => k.max)) : null,
      heapBeforeMB,
      heapAfterMB,
      heapDeltaMB: heapAfterMB - heapBeforeMB,
      longestTaskMs: longest,
      pageErrors: errors,
    };
  } finally {
    await context.close();
  }
}
