// The log table explored as a user does first (issue 28), on a fresh page per run, one answer of
// N synthetic ERC-20 logs (Transfer, every 5th an Approval, from three contracts):
//   - filterAddressEarlyMs: an address typed into the filter 1 s after the first rows were
//     painted (not after the table settled or was scrolled) → end of the frame showing exactly
//     its logs (the count final, no "searching");
//   - groupContractMs: Group by Contract → the grouped table with its 3 groups;
//   - filterEventMs: `event=transfer` typed → the Transfer logs alone (one event: its arguments
//     become columns and Group by offers them);
//   - groupArgMs: Group by `to` (an address argument) → the grouped table with every receiver;
//   - sortValueMs / sortValueDescMs: back to the rows, the value column's header clicked (and
//     clicked again) → the rows sorted by value as a number (the first row shows the least / the
//     greatest value).
/* global window, document, HTMLSelectElement */
import { newPage, waitFirstRows } from "./page.mjs";
import { DENSE_LOGS_PER_BLOCK, lastLogBlock, syntheticLogs } from "./synthetic.mjs";

/** What the synthetic set holds: an address's log count, the receivers, the value extremes. */
export function exploreExpectations(n) {
  const logs = syntheticLogs(n, DENSE_LOGS_PER_BLOCK);
  const address = `0x${logs[777 % n].topics[2].slice(26)}`;
  let addressLogs = 0;
  let transfers = 0;
  const receivers = new Set();
  let min = null;
  let max = null;
  for (const l of logs) {
    if (l.topics.some((t) => t.endsWith(address.slice(2)))) addressLogs++;
    if (l.topics[0] !== logs[0].topics[0]) continue;
    transfers++;
    receivers.add(l.topics[2]);
    const v = BigInt(l.data);
    if (min === null || v < min) min = v;
    if (max === null || v > max) max = v;
  }
  return {
    address,
    addressLogs,
    transfers,
    receivers: receivers.size,
    minValue: String(min),
    maxValue: String(max),
  };
}

/** One run; `expect`: exploreExpectations(n), computed once for all runs. */
export async function exploreOnce({ browser, base, rpcBase, n, expect }) {
  const { context, page, errors } = await newPage(browser, {
    selector: "[role=table] [role=row][data-index]",
    doneSelector: "p[aria-live=polite]",
    doneText: `^${n.toLocaleString("en-US")} logs`,
  });
  try {
    const rpcUrl = `${rpcBase}/logs1/${n}/`;
    const last = lastLogBlock(n, DENSE_LOGS_PER_BLOCK);
    const url = `${base}/#/logs?fromBlock=0x0&toBlock=0x${last.toString(16)}&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `explore ${n}`);
    if (!first.ok) return { logs: n, error: first.error, pageErrors: errors };

    const early = await page.evaluate(
      async ({ address, count, total }) => {
        const b = window.__bench;
        while (performance.now() < b.firstPaintedAt + 1000) await b.frame();
        const input = document.getElementById("logs-filter");
        if (!input) throw new Error("no filter input");
        const want = `${count.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} logs match`;
        const status = () =>
          [...document.querySelectorAll("p[aria-live=polite]")].find((p) =>
            / logs/.test(p.textContent ?? ""),
          )?.textContent ?? "";
        const table = () => document.querySelector("[role=table][aria-label=Logs]");
        const r = await b.interaction(
          () => b.type(input, address),
          () => status() === want && table()?.getAttribute("aria-rowcount") === String(count + 1),
          60_000,
        );
        const shown = status();
        b.type(input, "");
        await b.frame();
        return { ms: r.ok ? r.ms : null, shown, typedAt: b.firstPaintedAt + 1000 };
      },
      { address: expect.address, count: expect.addressLogs, total: n },
    );
    await page.waitForFunction(() => window.__bench.donePaintedAt !== null, null, {
      timeout: 120_000,
      polling: 50,
    });
    await page.evaluate(() => window.__bench.settle(500, 10_000));

    const steps = await page.evaluate(
      async ({ transfers, receivers, total, minValue, maxValue }) => {
        const b = window.__bench;
        const select = [...document.querySelectorAll("select")].find((s) =>
          /group by/i.test(s.labels?.[0]?.textContent ?? ""),
        );
        const input = document.getElementById("logs-filter");
        if (!(select instanceof HTMLSelectElement) || !input)
          throw new Error("no Group by select or filter input");
        const choose = (value) => {
          select.value = value;
          select.dispatchEvent(new Event("change", { bubbles: true }));
        };
        const groups = () =>
          document.querySelector("[role=table][aria-label=Groups]")?.getAttribute("aria-rowcount");
        const status = () =>
          [...document.querySelectorAll("p[aria-live=polite]")].find((p) =>
            / logs/.test(p.textContent ?? ""),
          )?.textContent ?? "";
        const out = {};
        const r1 = await b.interaction(
          () => choose("contract"),
          () => groups() === "4",
        );
        out.groupContractMs = r1.ok ? r1.ms : null;
        choose("none");
        await b.settle(300, 5_000);
        const r2 = await b.interaction(
          () => b.type(input, "event=transfer"),
          () =>
            status() ===
              `${transfers.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} logs match` &&
            [...select.options].some((o) => o.value === "arg:to"),
        );
        out.filterEventMs = r2.ok ? r2.ms : null;
        await b.settle(300, 5_000);
        const r3 = await b.interaction(
          () => choose("arg:to"),
          () => groups() === String(receivers + 1),
        );
        out.groupArgMs = r3.ok ? r3.ms : null;
        choose("none");
        await b.settle(300, 5_000);
        const table = document.querySelector("[role=table][aria-label=Logs]");
        const headers = [...(table?.querySelectorAll("[role=columnheader]") ?? [])];
        const at = headers.findIndex((h) => /^value/i.test(h.textContent ?? ""));
        const header = headers[at];
        const button = header?.querySelector("button");
        if (!header || !button) throw new Error("no value column header");
        const firstValue = () => {
          const cells = table
            ?.querySelector("[role=row][data-index='0']")
            ?.querySelectorAll("[role=cell]");
          return cells?.[at]?.textContent?.trim();
        };
        const r4 = await b.interaction(
          () => button.click(),
          () => header.getAttribute("aria-sort") === "ascending" && firstValue() === minValue,
        );
        out.sortValueMs = r4.ok ? r4.ms : null;
        await b.settle(300, 5_000);
        const r5 = await b.interaction(
          () => button.click(),
          () => header.getAttribute("aria-sort") === "descending" && firstValue() === maxValue,
        );
        out.sortValueDescMs = r5.ok ? r5.ms : null;
        return out;
      },
      { ...expect, total: n },
    );
    return {
      logs: n,
      filterAddressEarlyMs: early.ms,
      filterAddressEarlyShown: early.shown,
      ...steps,
      pageErrors: errors,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
