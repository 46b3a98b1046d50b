// The debugger's Variables on a 2,000-line verified contract (the devnet's Ledger2000,
// devnet/ledgerSource.mjs; its failing `run`): the Debug view opened by a link, the contract
// compiled again in the browser (the devnet's solc build, fetched and loaded in the Worker): the
// compile's own time (the Worker's, from the panel's data-compile-ms), the first Variables after
// it (from the compile's end to the frame that shows the list), the first Variables from
// navigation start, and each Step back's time from its key to the frame that shows the new step
// with its Variables (the median press, and the slowest).
/* global window, document, KeyboardEvent -- used inside page.evaluate callbacks, which run in the page */
import { newPage } from "./page.mjs";
import { median } from "./stats.mjs";

const PRESSES = 8;
const LIST = 'section[aria-label="Variables"] ul[aria-label="Variables"] > li';

/**
 * @param {{ browser: import("@playwright/test").Browser, base: string, manifest: any }} options
 */
export async function variablesOnce({ browser, base, manifest }) {
  const tx = manifest.transactions?.variablesLarge;
  const solc = manifest.decoding?.solc;
  if (!tx || !solc)
    return { error: "the devnet has no variablesLarge transaction", pageErrors: [] };
  const { context, page, errors } = await newPage(browser, { selector: LIST });
  try {
    const e = encodeURIComponent;
    const url = `${base}/#/trace?hash=${tx.hash}&tracer=callTracer&view=debug&rpc=${e(manifest.anvilUrl)}&sourcify=${e(manifest.decoding.sourcify)}&solc=${e(solc)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await page.evaluate(async (list) => {
      const t0 = performance.now();
      while (performance.now() - t0 < 180_000) {
        const f = await window.__bench.frame();
        if (document.querySelector(list)) {
          const s = document.querySelector('section[aria-label="Variables"]');
          return {
            ok: true,
            shownAt: f.end,
            compileMs: Number(s?.getAttribute("data-compile-ms")),
            compiledAt: Number(s?.getAttribute("data-compiled-at")),
          };
        }
      }
      return { ok: false };
    }, LIST);
    if (!first.ok) return { error: "no Variables within 180 s", pageErrors: errors };

    const ms = [];
    for (let i = 0; i < PRESSES; i++) {
      const r = await page.evaluate(async (list) => {
        const b = window.__bench;
        const status = () => document.querySelector("section[aria-labelledby] output")?.textContent;
        const before = status();
        return b.interaction(
          () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "b", bubbles: true })),
          () => status() !== before && !!document.querySelector(list),
          2_000,
        );
      }, LIST);
      if (r.ok) ms.push(r.ms);
    }
    return {
      compileMs: first.compileMs,
      variablesAfterCompileMs: first.shownAt - first.compiledAt,
      firstVariablesMs: first.shownAt,
      // the median press: a step within the steps already read; the slowest waits for the node's
      // tracer run of another window of steps (a round trip, not the page's work)
      stepMs: ms.length ? median(ms) : null,
      stepMaxMs: ms.length ? Math.max(...ms) : null,
      steps: ms.length,
      pageErrors: errors,
    };
  } finally {
    await context.close();
  }
}
