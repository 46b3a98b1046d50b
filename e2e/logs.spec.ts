import type { Page, Route } from "@playwright/test";
import { logsResultSchema, type RawLog } from "../src/logs/result";
import { expect, fling, test } from "./fixtures";

const TRANSFER_TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** Asks anvil itself (no gateway, no limits), in chunks, for the logs a filter matches. */
async function anvilLogs(
  anvilUrl: string,
  filter: Record<string, unknown>,
  from?: number,
  to?: number,
): Promise<RawLog[]> {
  const call = async (f: Record<string, unknown>): Promise<RawLog[]> => {
    const res = await fetch(anvilUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getLogs", params: [f] }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (!body.result)
      throw new Error(`anvil eth_getLogs failed: ${body.error?.message ?? res.status}`);
    return logsResultSchema.parse(body.result);
  };
  if (from === undefined || to === undefined) return call(filter);
  const out: RawLog[] = [];
  for (let a = from; a <= to; a += 2000) {
    const b = Math.min(to, a + 1999);
    out.push(
      ...(await call({
        ...filter,
        fromBlock: `0x${a.toString(16)}`,
        toBlock: `0x${b.toString(16)}`,
      })),
    );
  }
  return out;
}

const rowCount = async (page: Page) =>
  Number(await page.getByRole("table", { name: "Logs" }).getAttribute("aria-rowcount")) - 1;

const getLogsCalls = (log: { method?: string }[]) => log.filter((e) => e.method === "eth_getLogs");

async function fillRange(page: Page, from: number | string, to: number | string) {
  await page.getByLabel("From block").fill(String(from));
  await page.getByLabel("To block").fill(String(to));
}

test.describe("eth_getLogs", () => {
  test("a full-range scan through the gateway's limits returns exactly what anvil returns, decoded", async ({
    page,
    manifest,
    gateway,
  }) => {
    const token = manifest.token;
    expect(token, "the devnet manifest names its token").toBeTruthy();
    if (!token) return;
    const expected = await anvilLogs(
      manifest.anvilUrl,
      { address: token.address, topics: [TRANSFER_TOPIC0] },
      token.fromBlock,
      token.toBlock,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBe(token.logCount);

    await page.goto("/#/logs");
    await fillRange(page, token.fromBlock, token.toBlock);
    await page.getByLabel("Address", { exact: true }).fill(token.address);
    await page.getByLabel("Topic 0").fill(TRANSFER_TOPIC0);
    await gateway.clearLog();
    await page.getByRole("button", { name: "Get logs" }).click();

    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    expect(await rowCount(page)).toBe(expected.length);
    // the gateway refused the whole range, so the scanner had to split it
    expect(getLogsCalls(await gateway.log()).length).toBeGreaterThan(1);

    // decoded Transfer rows, the first one in (blockNumber, logIndex) order
    const firstRow = page.getByRole("table", { name: "Logs" }).getByRole("row").nth(1);
    await expect(firstRow).toContainText("Transfer");
    await expect(firstRow).toContainText(/value=\d+/);
    await expect(firstRow).toContainText(
      Number.parseInt(expected[0]?.blockNumber ?? "0x0", 16).toLocaleString("en-US"),
    );
    // the transaction hash links to its trace, the emitting contract to its address page
    const rowLinks = firstRow.getByRole("link");
    await expect(rowLinks.first()).toBeVisible();
    const hrefs = await rowLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.some((h) => /^#\/trace\?hash=0x[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(hrefs.some((h) => /^#\/address\?address=0x[0-9a-fA-F]{40}$/.test(h))).toBe(true);

    // Dragging the scrollbar through the rows: each shows its block, time and event while flung
    // through, then its arguments and links once the scrolling stops.
    const table = page.getByRole("table", { name: "Logs" });
    const flung = await fling(table);
    expect(flung, "rows drawn light while flung through").toMatch(
      /^[\d,]+(\d{4}-\d\d-\d\d [\d:]+ UTC)?Transfer$/,
    );
    await expect(table.locator("[data-light]")).toHaveCount(0);
    await expect(table.getByRole("row").nth(1)).toContainText(/value=\d+/);
    await expect(table.getByRole("row").nth(1).getByRole("link").first()).toBeVisible();
  });

  test("CSV export carries the decoded rows, escaped", async ({ page, manifest }) => {
    const token = manifest.token;
    expect(token, "the devnet manifest names its token").toBeTruthy();
    if (!token) return;
    const block = manifest.transactions.tokenTransfer;
    expect(block, "the devnet manifest has a token transfer example").toBeTruthy();
    if (!block) return;
    await page.goto(`/#/logs?blockHash=${block.blockHash}&address=${token.address}`);
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible();
    const rows = await rowCount(page);
    expect(rows).toBeGreaterThan(0);
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe("logs.csv");
    const path = await download.path();
    const fs = await import("node:fs/promises");
    const text = await fs.readFile(path, "utf8");
    const lines = text.trim().split("\r\n");
    // the visible columns, the event's arguments each a column of their own
    expect(lines[0]).toMatch(
      /^blockNumber,(blockTimestamp,)?transactionIndex,logIndex,transactionHash,address,event,signature,from,to,value,(value_units,)?args,removed$/,
    );
    expect(lines).toHaveLength(rows + 1);
    expect(lines[1]).toContain(",Transfer,");
    expect(lines[1]).toMatch(/"from=0x[0-9a-fA-F]{40}, to=0x[0-9a-fA-F]{40}, value=\d+"/);
    expect(text).not.toContain(manifest.apiKey);
  });

  test("cancel mid-scan keeps the rows that arrived", async ({ page, manifest }) => {
    const token = manifest.token;
    expect(token, "the devnet manifest names its token").toBeTruthy();
    if (!token) return;
    // Let the first two eth_getLogs calls through (the refused full range and one piece), hold the rest.
    let passed = 0;
    const held: Route[] = [];
    await page.route(/\/rollup\//, async (route) => {
      const body = route.request().postData() ?? "";
      if (!body.includes("eth_getLogs")) return route.continue();
      if (passed < 2) {
        passed++;
        return route.continue();
      }
      held.push(route);
    });
    await page.goto("/#/logs");
    await page.getByLabel("Parallel requests").fill("1");
    await fillRange(page, token.fromBlock, token.toBlock);
    await page.getByLabel("Address", { exact: true }).fill(token.address);
    await page.getByRole("button", { name: "Get logs" }).click();

    await expect(page.getByRole("status").filter({ hasText: /^Scanning/ })).toContainText(
      /[1-9][\d,]* logs/,
    );
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const partial = await rowCount(page);
    expect(partial).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Cancelled/ })).toBeVisible();
    expect(await rowCount(page)).toBe(partial);
    expect(partial).toBeLessThan(token.logCount);
    await page.unroute(/\/rollup\//);
    for (const r of held) await r.abort().catch(() => undefined);
    // Resume carries on from where it stopped
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    expect(await rowCount(page)).toBe(token.logCount);
  });

  test("a blockHash filter shows that block's logs", async ({ page, manifest, gateway }) => {
    const tx = manifest.transactions.tokenTransfer;
    expect(tx, "the devnet manifest has a token transfer example").toBeTruthy();
    if (!tx) return;
    const expected = await anvilLogs(manifest.anvilUrl, { blockHash: tx.blockHash });
    await page.goto("/#/logs");
    await page.getByLabel("Block hash").fill(tx.blockHash);
    await gateway.clearLog();
    await page.getByRole("button", { name: "Get logs" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible();
    expect(await rowCount(page)).toBe(expected.length);
    const calls = getLogsCalls(await gateway.log());
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0])).toContain(tx.blockHash.toLowerCase());
    const rows = page.getByRole("table", { name: "Logs" }).getByRole("row");
    // the block number grouped, as every page writes it
    await expect(rows.nth(1)).toContainText(tx.blockNumber.toLocaleString("en-US"));
  });

  test("topic OR-lists and the null wildcard", async ({ page, manifest, gateway }) => {
    const token = manifest.token;
    expect(token, "the devnet manifest names its token").toBeTruthy();
    if (!token) return;
    const all = await anvilLogs(
      manifest.anvilUrl,
      { address: token.address, topics: [TRANSFER_TOPIC0] },
      token.fromBlock,
      token.toBlock,
    );
    const recipients = [
      ...new Set(all.map((l) => l.topics[2]).filter((t): t is string => typeof t === "string")),
    ].slice(0, 2);
    expect(recipients.length).toBeGreaterThan(0);
    const expected = all.filter((l) => recipients.includes(l.topics[2] ?? "")).length;

    await page.goto("/#/logs");
    await fillRange(page, token.fromBlock, token.toBlock);
    await page.getByLabel("Address", { exact: true }).fill(token.address);
    // Topic 0 and Topic 1 left empty: any; Topic 2: either recipient
    await page.getByLabel("Topic 2").fill(recipients.join("\n"));
    await gateway.clearLog();
    await page.getByRole("button", { name: "Get logs" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    expect(await rowCount(page)).toBe(expected);
    const sent = JSON.stringify(getLogsCalls(await gateway.log())[0]);
    expect(sent).toContain(
      `[null,null,${JSON.stringify(recipients.length === 1 ? recipients[0] : recipients)}]`,
    );
    // the link carries the filter: null = any, nested array = OR
    expect(decodeURIComponent(page.url())).toContain(
      `topics=${JSON.stringify([null, null, recipients.length === 1 ? recipients[0] : recipients])}`,
    );
  });

  test("an event signature fills topic 0; invalid inputs show field errors and send nothing, also from a link", async ({
    page,
    gateway,
  }) => {
    await page.goto("/#/logs");
    await gateway.clearLog();
    await test.step("an event signature fills topic 0", async () => {
      await page
        .getByLabel("Event signature")
        .fill("Transfer(address indexed from, address indexed to, uint256 value)");
      await page.getByRole("button", { name: "Use as topic 0" }).click();
      await expect(page.getByLabel("Topic 0")).toHaveValue(TRANSFER_TOPIC0);
    });
    await page.getByLabel("From block").fill("ten");
    await page.getByLabel("Address", { exact: true }).fill("0x1234");
    await page.getByLabel("Topic 0").fill("0xzz");
    await page.getByLabel("Topic 1").fill("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
    await page.getByRole("button", { name: "Get logs" }).click();
    await expect(page.getByLabel("From block")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Address", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Topic 0")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByRole("alert").filter({ hasText: "Address: has 4 hex digits" }),
    ).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: /Topic 1: .*Address to topic/ }),
    ).toBeVisible();
    // the helper pads the address in Topic 1
    await page.getByRole("button", { name: "Address to topic" }).click();
    await expect(page.getByLabel("Topic 1")).toHaveValue(
      `0x${"0".repeat(24)}70997970c51812dc3a010c7d01b50e0d17dc79c8`,
    );
    // reversed numeric range
    await page.goto("/#/logs?fromBlock=20&toBlock=10");
    await expect(
      page.getByRole("alert").filter({ hasText: "To block (10) is before From block (20)" }),
    ).toBeVisible();
    expect(getLogsCalls(await gateway.log())).toEqual([]);
  });
});
