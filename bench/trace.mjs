// The call tree, one run: a deep link to a synthetic trace of N frames (bench/synthetic.mjs),
// first rows and all rows, a search for the last frame's address, Expand all, scrolling, heap.
/* global window, document -- used inside page.evaluate callbacks, which run in the page */
import { frameAddress, traceHash } from "./synthetic.mjs";
import {
  heapAround,
  inPageParse,
  loadFigures,
  newPage,
  probeState,
  scrollFigures,
  scrollThrough,
  waitAllRows,
  waitFirstRows,
} from "./page.mjs";

export async function traceOnce(browser, base, rpcBase, n) {
  const { context, page, errors, cdp } = await newPage(browser, {
    // A row counts once it shows its frame: placeholder rows (aria-busy, "loading frame…") do not.
    selector: "[role=tree] [role=treeitem]:not([aria-busy=true])",
    busySelector: "[role=tree]",
    busyItemSelector: "[role=tree] [role=treeitem][aria-busy=true]",
    countSelector: "[role=tree] [role=treeitem]",
    usable: { role: "button", name: "expand all" },
  });
  try {
    const rpcUrl = `${rpcBase}/trace/${n}/`;
    const url = `${base}/#/trace?hash=${traceHash(n)}&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `trace ${n}`);
    if (!first.ok) return { frames: n, error: first.error, pageErrors: errors };
    const loadedAt = await waitAllRows(page);

    // The last frame's address: one match, deep in the tree.
    const query = frameAddress(n - 1);
    const search = await page.evaluate(async (q) => {
      const b = window.__bench;
      const input = [...document.querySelectorAll("input[type=search]")].find((i) =>
        i.labels?.[0]?.textContent?.includes("Search frames"),
      );
      if (!input) throw new Error("no Search frames input");
      const status = input.parentElement.querySelector("[role=status]");
      const r = await b.interaction(
        () => b.type(input, q),
        () => /\b1 of 1 match/.test(status?.textContent ?? ""),
      );
      const shown = status?.textContent ?? "";
      b.type(input, "");
      await b.frame();
      await b.settle(300, 5_000);
      return { ms: r.ok ? r.ms : null, shown };
    }, query);

    const expandAll = await page.evaluate(async (frames) => {
      const b = window.__bench;
      const button = [...document.querySelectorAll("button")].find(
        (x) => x.textContent?.trim() === "Expand all",
      );
      const inner = document.querySelector("[role=tree]")?.firstElementChild;
      if (!button || !inner) throw new Error("no Expand all button or tree");
      const r = await b.interaction(
        () => button.click(),
        () => Number.parseFloat(inner.style.height) >= frames * 28 - 1,
      );
      return r.ok ? r.ms : null;
    }, n);
    await page.evaluate(() => window.__bench.settle(300, 5_000));
    const scroll = await scrollThrough(page, "[role=tree]");
    await page.evaluate(() => window.__bench.settle(300, 5_000));

    const state = await probeState(page);
    const heap = await heapAround(page, cdp);
    const parse = await inPageParse(
      page,
      rpcUrl,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "debug_traceTransaction",
        params: [traceHash(n), { tracer: "callTracer" }],
      }),
    );
    return {
      frames: n,
      payloadMB: parse.bytes / 1e6,
      jsonParseMs: parse.ms,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      usableMs: state.usablePaintedAt,
      searchMs: search.ms,
      searchShown: search.shown,
      expandAllMs: expandAll,
      ...scrollFigures(scroll),
      ...loadFigures({ state, loadedAt, heap, errors }),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
