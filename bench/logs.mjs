// The log table, one run: N synthetic logs (bench/synthetic.mjs) from a deep link, first rows and
// all rows, scrolling, a filter by one transaction hash, heap.
/* global window, document -- used inside page.evaluate callbacks, which run in the page */
import { DENSE_LOGS_PER_BLOCK, lastLogBlock, logTxHash } from "./synthetic.mjs";
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

/**
 * `oneAnswer`: all N logs in one eth_getLogs answer (`/logs1/N/`); otherwise the range scanner
 * fetches them in pieces of 10,000 (`/logs/N/`, a 1,000-block limit).
 */
export async function logsOnce(browser, base, rpcBase, n, oneAnswer) {
  const { context, page, errors, cdp } = await newPage(browser, {
    selector: "[role=table] [role=row][data-index]",
    doneSelector: "p[aria-live=polite]",
    doneText: `^${n.toLocaleString("en-US")} logs`,
    usable: { role: "textbox", name: "filter results" },
  });
  try {
    const rpcUrl = `${rpcBase}/${oneAnswer ? "logs1" : "logs"}/${n}/`;
    const last = oneAnswer ? lastLogBlock(n, DENSE_LOGS_PER_BLOCK) : lastLogBlock(n);
    const url = `${base}/#/logs?fromBlock=0x0&toBlock=0x${last.toString(16)}&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `logs ${n}`);
    const parseBody = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getLogs",
      params: [
        { fromBlock: "0x0", toBlock: `0x${lastLogBlock(n, DENSE_LOGS_PER_BLOCK).toString(16)}` },
      ],
    });
    // The reference parse is always the one-answer text of N logs (the pieces add up to it).
    const parseUrl = `${rpcBase}/logs1/${n}/`;
    if (!first.ok) {
      const parse = await inPageParse(page, parseUrl, parseBody);
      return {
        logs: n,
        payloadMB: parse.bytes / 1e6,
        jsonParseMs: parse.ms,
        error: first.error,
        pageErrors: errors,
      };
    }
    const loadedAt = await waitAllRows(page);

    const scroll = await scrollThrough(page, "[role=table]");
    await page.evaluate(() => window.__bench.settle(300, 5_000));

    // A transaction hash from the middle: exactly one row matches. filterMs: typed → that row
    // shown alone (its trace link carries the hash); filterDoneMs: → the count is final too
    // (every row looked at, "1 of N logs match" with no "searching").
    const mid = Math.floor(n / 2);
    const query = logTxHash(mid);
    const filter = await page.evaluate(async (q) => {
      const b = window.__bench;
      const input = document.getElementById("logs-filter");
      if (!input) throw new Error("no filter input");
      const status = () =>
        [...document.querySelectorAll("p[aria-live=polite]")].find((p) =>
          / logs/.test(p.textContent ?? ""),
        )?.textContent ?? "";
      const rowShown = () => {
        const shown = document.querySelectorAll("[role=table] [role=row][data-index]");
        return shown.length === 1 && shown[0].querySelector(`a[href*="${q}"]`) !== null;
      };
      const final = () =>
        rowShown() && /^1 of [\d,]+ logs match/.test(status()) && !/searching/.test(status());
      await b.frame();
      const t0 = performance.now();
      b.type(input, q);
      let shownAt = null;
      let doneAt = null;
      while (doneAt === null && performance.now() - t0 < 60_000) {
        const f = await b.frame();
        if (shownAt === null && rowShown()) shownAt = f.end;
        if (final()) doneAt = f.end;
      }
      const text = status();
      b.type(input, "");
      await b.frame();
      return {
        ms: shownAt === null ? null : shownAt - t0,
        doneMs: doneAt === null ? null : doneAt - t0,
        shown: text,
      };
    }, query);
    await page.evaluate(() => window.__bench.settle(300, 5_000));

    const state = await probeState(page);
    const heap = await heapAround(page, cdp);
    const parse = await inPageParse(page, parseUrl, parseBody);
    return {
      logs: n,
      responses:
        state.measures.filter((m) => m.method === "eth_getLogs" && m.name === "nodescope:validate")
          .length || null,
      payloadMB: parse.bytes / 1e6,
      jsonParseMs: parse.ms,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      usableMs: state.usablePaintedAt,
      filterMs: filter.ms,
      filterDoneMs: filter.doneMs,
      filterShown: filter.shown,
      ...scrollFigures(scroll),
      ...loadFigures({ state, loadedAt, heap, errors }),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
