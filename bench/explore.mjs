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
import { newPage, waitDone, waitFirstRows } from "./page.mjs";
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
  // issue 38: the other kinds of each interaction (moreExpectations)
  return {
    address,
    addressLogs,
    transfers,
    receivers: receivers.size,
    minValue: String(min),
    maxValue: String(max),
    ...moreExpectations(logs, address),
  };
}

/**
 * What the issue 38 steps expect: a field term's and a free text's counts, the groups by event,
 * by block and by value (of the Transfers), the first `to` in ascending order, the last block.
 */
function moreExpectations(logs, address) {
  const values = logs.map((l) => BigInt(l.data)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const threshold = values[Math.floor(values.length * 0.7)];
  const fieldLogs = values.filter((v) => v > threshold).length;
  // part of an address without its 0x (free text: every value the row shows is searched)
  const text = address.slice(-6);
  const textLogs = logs.filter((l) =>
    [l.address, l.transactionHash, ...l.topics].some((s) => s.toLowerCase().includes(text)),
  ).length;
  const transferTopic = logs[0].topics[0];
  const transfers = logs.filter((l) => l.topics[0] === transferTopic);
  const blocks = new Set(logs.map((l) => l.blockNumber)).size;
  const events = new Set(logs.map((l) => l.topics[0])).size;
  const valuesOfTransfers = new Set(transfers.map((l) => BigInt(l.data))).size;
  const minTo = transfers
    .map((l) => `0x${l.topics[2].slice(26)}`)
    .reduce((m, a) => (a < m ? a : m));
  return {
    fieldTerm: `value>${threshold}`,
    fieldLogs,
    text,
    textLogs,
    blocks,
    events,
    valueGroups: valuesOfTransfers,
    minTo,
    lastBlock: Number(logs[logs.length - 1].blockNumber),
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
    await waitDone(page);
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
    await page.evaluate(() => window.__bench.settle(300, 5_000));
    const more = await page.evaluate(moreSteps, { ...expect, total: n });
    return {
      logs: n,
      filterAddressEarlyMs: early.ms,
      filterAddressEarlyShown: early.shown,
      ...steps,
      ...more,
      pageErrors: errors,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Issue 38, every interaction on 100,000 rows within 100 ms: the kinds not timed above, in the
 * page, from where the steps above leave it (the Transfers alone, sorted by value descending):
 *   - sortToMs: the `to` column's header clicked → the rows by receiver (an address) ascending;
 *   - groupValueMs: Group by value (a token amount; one group per distinct value) → grouped table;
 *   - (the filter cleared, every log shown) groupEventMs / groupBlockMs: Group by Event / Block;
 *   - sortLogIndexMs: the Log index header clicked → the rows by log index (a number of the log);
 *   - sortBlockDescMs: the Block header clicked twice, timed the second → the last block first;
 *   - filterFieldMs: `value>…` typed (a field term) → exactly its logs, the count final;
 *   - filterTextMs: part of an address without its 0x typed (free text) → exactly its logs.
 * Runs in the page (passed to page.evaluate).
 */
function moreSteps(x) {
  return (async () => {
    const b = window.__bench;
    const select = [...document.querySelectorAll("select")].find((s) =>
      /group by/i.test(s.labels?.[0]?.textContent ?? ""),
    );
    const input = document.getElementById("logs-filter");
    if (!select || !input) throw new Error("no Group by select or filter input");
    const choose = (value) => {
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    };
    const groups = () =>
      document.querySelector("[role=table][aria-label=Groups]")?.getAttribute("aria-rowcount");
    const table = () => document.querySelector("[role=table][aria-label=Logs]");
    const status = () =>
      [...document.querySelectorAll("p[aria-live=polite]")].find((p) =>
        / logs/.test(p.textContent ?? ""),
      )?.textContent ?? "";
    const header = (re) =>
      [...(table()?.querySelectorAll("[role=columnheader]") ?? [])].find((h) =>
        re.test(h.textContent ?? ""),
      );
    const firstCell = (re) => {
      const at = [...(table()?.querySelectorAll("[role=columnheader]") ?? [])].findIndex((h) =>
        re.test(h.textContent ?? ""),
      );
      return table()?.querySelector("[role=row][data-index='0']")?.querySelectorAll("[role=cell]")[
        at
      ];
    };
    const sorted = (h, dir) => h?.getAttribute("aria-sort") === dir;
    const matching = (count) =>
      status() ===
        `${count.toLocaleString("en-US")} of ${x.total.toLocaleString("en-US")} logs match` &&
      table()?.getAttribute("aria-rowcount") === String(count + 1);
    const out = {};
    const time = async (name, action, done) => {
      const r = await b.interaction(action, done);
      out[name] = r.ok ? r.ms : null;
      await b.settle(300, 5_000);
    };

    const to = header(/^to\b/);
    await time(
      "sortToMs",
      () => to?.querySelector("button")?.click(),
      () =>
        sorted(header(/^to\b/), "ascending") &&
        (firstCell(/^to\b/)?.innerHTML ?? "").toLowerCase().includes(x.minTo.toLowerCase()),
    );
    await time(
      "groupValueMs",
      () => choose("arg:value"),
      () => groups() === String(x.valueGroups + 1),
    );
    choose("none");
    b.type(input, "");
    await b.settle(300, 5_000);
    await time(
      "groupEventMs",
      () => choose("event"),
      () => groups() === String(x.events + 1),
    );
    choose("none");
    await b.settle(300, 5_000);
    await time(
      "groupBlockMs",
      () => choose("block"),
      () => groups() === String(x.blocks + 1),
    );
    choose("none");
    await b.settle(300, 5_000);
    await time(
      "sortLogIndexMs",
      () =>
        header(/^log index/i)
          ?.querySelector("button")
          ?.click(),
      () =>
        sorted(header(/^log index/i), "ascending") &&
        firstCell(/^log index/i)?.textContent?.trim() === "0",
    );
    header(/^block/i)
      ?.querySelector("button")
      ?.click();
    await b.settle(300, 5_000);
    await time(
      "sortBlockDescMs",
      () =>
        header(/^block/i)
          ?.querySelector("button")
          ?.click(),
      () =>
        sorted(header(/^block/i), "descending") &&
        (firstCell(/^block/i)?.textContent ?? "").replace(/\D/g, "") === String(x.lastBlock),
    );
    await time(
      "filterFieldMs",
      () => b.type(input, x.fieldTerm),
      () => matching(x.fieldLogs),
    );
    b.type(input, "");
    await b.settle(300, 5_000);
    await time(
      "filterTextMs",
      () => b.type(input, x.text),
      () => matching(x.textLogs),
    );
    b.type(input, "");
    return out;
  })();
}
