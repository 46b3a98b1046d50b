// The comparison, one run: a deep link comparing two synthetic N-frame traces (bench/synthetic.mjs)
// that differ here and there (B: every 50th frame's outcome flipped, every 30th frame's gas up,
// one subtree dropped and one call added), both by hash on the synthetic node. Measured: from the
// later of the two answers arriving (the page's own resource timing of the node's answers) to the
// end of the frame that paints the first aligned rows: parse, model, alignment and first render,
// the budget "aligned and on screen ≤ 300 ms after both arrive" (issue 35). Then Next change.
/* global window, document -- used inside page.evaluate callbacks, which run in the page */
import { syntheticTrace, traceHash } from "./synthetic.mjs";
import { loadFigures, newPage, probeState, waitAllRows, waitFirstRows } from "./page.mjs";

/** Side B's hash: another transaction on the same synthetic node. @param {number} n */
export function otherHash(n) {
  return `0x${"b".repeat(24)}${n.toString(16).padStart(40, "0")}`;
}

/** B's answer: A's tree with outcomes, gas and two calls changed; built once per size. */
const variants = new Map();
function variantText(n) {
  let text = variants.get(n);
  if (text) return text;
  const top = syntheticTrace(n);
  let i = 0;
  const walk = (f) => {
    if (i % 50 === 25) {
      if (f.error) {
        delete f.error;
        f.output = "0x";
      } else f.error = "execution reverted";
    }
    if (i % 30 === 0) f.gasUsed = `0x${(Number(f.gasUsed) + 100).toString(16)}`;
    i++;
    for (const c of f.calls ?? []) walk(c);
  };
  walk(top);
  const first = top.calls?.[0];
  if (first?.calls?.length) first.calls.pop();
  (top.calls ??= []).push({ ...top, calls: undefined, input: "0xdeadbeef" });
  text = JSON.stringify({ jsonrpc: "2.0", id: 1, result: top });
  variants.set(n, text);
  return text;
}

export async function compareOnce(browser, base, rpcBase, n) {
  const { context, page, errors } = await newPage(browser, {
    selector: "[role=tree][aria-label='Aligned call trees'] [role=treeitem]",
    busySelector: "[role=tree][aria-label='Aligned call trees']",
    busyItemSelector: "[role=tree] [role=treeitem][aria-busy=true]",
    countSelector: "[role=tree][aria-label='Aligned call trees'] [role=treeitem]",
  });
  try {
    const rpcUrl = `${rpcBase}/trace/${n}/`;
    const b = otherHash(n);
    // Both call trees are served through here (B's built above), with Timing-Allow-Origin so the
    // page's resource timing tells their sizes; everything else goes on to the synthetic node.
    await page.route(`${rpcUrl}**`, async (route) => {
      const body = route.request().postData() ?? "";
      if (!body.includes("callTracer")) return route.fallback();
      const id = JSON.stringify(JSON.parse(body).id);
      const text = body.includes(b)
        ? variantText(n).replace('"id":1,', `"id":${id},`)
        : await (await route.fetch()).text();
      await route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*", "timing-allow-origin": "*" },
        body: text,
      });
    });
    const url = `${base}/#/compare?a=${traceHash(n)}&b=${b}&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `compare ${n}`);
    if (!first.ok) return { frames: n, error: first.error, pageErrors: errors };
    const loadedAt = await waitAllRows(page);
    const state = await probeState(page);
    // The later of the two answers, by the page's clock: the two large answers (the call trees;
    // the node's other answers are small).
    const arrivals = await page.evaluate(
      (prefix) =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.startsWith(prefix) && e.encodedBodySize > 100_000)
          .map((e) => e.responseEnd),
      rpcUrl,
    );
    if (arrivals.length !== 2)
      return {
        frames: n,
        error: `${arrivals.length} call trees arrived, not 2`,
        pageErrors: errors,
      };
    const arrived = Math.max(...arrivals);
    const nextChange = await page.evaluate(async () => {
      const bench = window.__bench;
      const button = [...document.querySelectorAll("button")].find(
        (x) => x.getAttribute("aria-label") === "Next change",
      );
      const tree = document.querySelector("[role=tree][aria-label='Aligned call trees']");
      if (!button || !tree) throw new Error("no Next change button or aligned tree");
      const r = await bench.interaction(
        () => button.click(),
        () => tree.querySelector('[aria-selected="true"]')?.getAttribute("data-kind") !== "same",
      );
      return r.ok ? r.ms : null;
    });
    return {
      frames: n,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      bothArrivedMs: arrived,
      firstRowsAfterBothMs: state.firstPaintedAt - arrived,
      nextChangeMs: nextChange,
      ...loadFigures({ state, loadedAt, heap: { afterLoad: null, afterAway: null }, errors }),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
