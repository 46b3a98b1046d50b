/**
 * An address's activity (issue 36, point 3), opened as the log explorer shows it before the
 * address page mounts it: `#/logs?activity=<address>&fromBlock=&toBlock=`. Token transfers in and
 * out through the gateway's limits, counted against anvil's own answer; every transfer kind of
 * the asset scenario with its direction; the transactions through ots_searchTransactionsBefore on
 * anvil (paged), and said plainly where the node (the gateway) refuses them; the events link; axe.
 */
import type { Page, Route } from "@playwright/test";
import { toEventSelector } from "viem";
import { logsResultSchema, type RawLog } from "../src/logs/result";
import { expectNoSeriousViolationsInBothThemes } from "./axe";
import { expect, test } from "./fixtures";

const A0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const TRANSFER = toEventSelector("Transfer(address,address,uint256)");
const SINGLE = toEventSelector("TransferSingle(address,address,address,uint256,uint256)");
const BATCH = toEventSelector("TransferBatch(address,address,address,uint256[],uint256[])");
const DEPOSIT = toEventSelector("Deposit(address,uint256)");
const WITHDRAWAL = toEventSelector("Withdrawal(address,uint256)");

const topicOf = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`;

async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.result === undefined) throw new Error(`anvil ${method}: ${body.error?.message}`);
  return body.result;
}

/** Anvil's own answer (no gateway, no limits), in chunks: the logs naming `address` as a transfer side. */
async function anvilTransfers(
  url: string,
  address: string,
  from: number,
  to: number,
  topics: readonly (readonly (string | null)[] | string | null)[][] = [
    [TRANSFER, topicOf(address)],
    [TRANSFER, null, topicOf(address)],
  ],
): Promise<RawLog[]> {
  const seen = new Map<string, RawLog>();
  for (const t of topics)
    for (let a = from; a <= to; a += 2000) {
      const b = Math.min(to, a + 1999);
      const logs = logsResultSchema.parse(
        await anvil(url, "eth_getLogs", [
          { fromBlock: `0x${a.toString(16)}`, toBlock: `0x${b.toString(16)}`, topics: t },
        ]),
      );
      for (const l of logs) seen.set(`${l.transactionHash}:${String(l.logIndex)}`, l);
    }
  return [...seen.values()];
}

const transfersTable = (page: Page) => page.getByRole("table", { name: /token transfers/i });
const scanDone = (page: Page) =>
  page
    .getByRole("region", { name: "Token transfers" })
    .getByRole("status")
    .filter({ hasText: /^Done/ });

test.describe("address activity", () => {
  test("token transfers: the rows count the address's ERC-20 transfers in and out over the range asked", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { fromBlock, toBlock } = manifest.token;
    const expected = await anvilTransfers(manifest.anvilUrl, A0, fromBlock, toBlock);
    expect(expected.length).toBeGreaterThan(1000);
    const outs = expected.filter((l) => l.topics[1] === topicOf(A0)).length;

    await gateway.clearLog();
    await page.goto(`/#/logs?activity=${A0}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    await expect(page.getByRole("heading", { level: 1, name: "Address activity" })).toBeVisible();
    await expect(scanDone(page)).toBeVisible({ timeout: 60_000 });
    await expect(transfersTable(page)).toHaveAttribute(
      "aria-rowcount",
      String(expected.length + 1),
    );
    // Three filters, each through the range scanner: the gateway refused the whole range, so
    // each was split into pieces.
    const calls = (await gateway.log()).filter((e) => e.method === "eth_getLogs");
    expect(calls.length).toBeGreaterThan(3 * 3);
    // The counts by direction, and the filter's direction term.
    const region = page.getByRole("region", { name: "Token transfers" });
    await expect(region).toContainText(`${outs.toLocaleString("en-US")} out`);
    const firstRow = transfersTable(page).getByRole("row").nth(1);
    await expect(firstRow.getByRole("cell").nth(1)).toHaveText(/^(in|out|self)$/);
    await page.getByLabel("Filter results").fill("direction=out");
    await expect(
      page.getByText(
        `${outs.toLocaleString("en-US")} of ${expected.length.toLocaleString("en-US")} logs match`,
      ),
    ).toBeVisible({ timeout: 15_000 });
    await expect(transfersTable(page)).toHaveAttribute("aria-rowcount", String(outs + 1));
  });

  test("on the address page: its Activity section holds the same transfers over the link's range", async ({
    page,
    manifest,
  }) => {
    const { fromBlock, toBlock } = manifest.token;
    const expected = await anvilTransfers(manifest.anvilUrl, A0, fromBlock, toBlock);
    await page.goto(`/#/address?address=${A0}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await expect(scanDone(page)).toBeVisible({ timeout: 60_000 });
    await expect(transfersTable(page)).toHaveAttribute(
      "aria-rowcount",
      String(expected.length + 1),
    );
  });

  test("cancel keeps the transfers that arrived; Resume carries on to every one", async ({
    page,
    manifest,
  }) => {
    const { fromBlock, toBlock } = manifest.token;
    const expected = await anvilTransfers(manifest.anvilUrl, A0, fromBlock, toBlock);
    // The three refused whole ranges and each filter's first piece go through; the rest is held.
    let passed = 0;
    const held: Route[] = [];
    await page.route(/\/rollup\//, async (route) => {
      if (!(route.request().postData() ?? "").includes("eth_getLogs")) return route.continue();
      if (passed < 6) {
        passed++;
        return route.continue();
      }
      held.push(route);
    });
    await page.goto(`/#/logs?activity=${A0}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    const region = page.getByRole("region", { name: "Token transfers" });
    await expect(region.getByRole("status").filter({ hasText: /^Scanning/ })).toContainText(
      /[1-9][\d,]* logs/,
      { timeout: 30_000 },
    );
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Counted once cancelled: until then another filter's first piece may still be arriving (it
    // was read before the click once, and its rows came after).
    await region.getByRole("button", { name: "Cancel" }).click();
    await expect(region.getByRole("status").filter({ hasText: /^Cancelled/ })).toBeVisible();
    const partial = Number(await transfersTable(page).getAttribute("aria-rowcount")) - 1;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(expected.length);
    await page.unroute(/\/rollup\//);
    for (const r of held) await r.abort().catch(() => undefined);
    // What arrived stays, and the held requests' ends add nothing once cancelled.
    await expect(region.getByRole("status").filter({ hasText: /^Cancelled/ })).toBeVisible();
    await expect(transfersTable(page)).toHaveAttribute("aria-rowcount", String(partial + 1));
    await region.getByRole("button", { name: "Resume" }).click();
    await expect(scanDone(page)).toBeVisible({ timeout: 60_000 });
    await expect(transfersTable(page)).toHaveAttribute(
      "aria-rowcount",
      String(expected.length + 1),
    );
  });

  test("every transfer kind: ERC-20, WETH, ERC-721 and ERC-1155, each with its direction", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight;
    expect(tx, "the devnet's asset scenario").toBeTruthy();
    if (!tx?.to) return;
    const contract = tx.to;
    const from = tx.blockNumber - 12;
    const to = tx.blockNumber;
    const me = topicOf(contract);
    const expected = await anvilTransfers(manifest.anvilUrl, contract, from, to, [
      [[TRANSFER, DEPOSIT, WITHDRAWAL], me],
      [[TRANSFER, SINGLE, BATCH], null, me],
      [[SINGLE, BATCH], null, null, me],
    ]);
    // in: 50 tokens, the WETH deposit, two NFT mints, two 1155 mints; out: 7 tokens, WETH sent
    // on and withdrawn, the NFT passed on and one burnt, the 1155 single and batch sends
    expect(expected.length).toBe(13);

    await page.goto(`/#/logs?activity=${contract}&fromBlock=${from}&toBlock=${to}`);
    await expect(scanDone(page)).toBeVisible({ timeout: 30_000 });
    const table = transfersTable(page);
    await expect(table).toHaveAttribute("aria-rowcount", "14");
    const region = page.getByRole("region", { name: "Token transfers" });
    await expect(region).toContainText("13 found: 6 in, 7 out, 0 to itself");
    // Each kind decoded, with its direction (the second cell, after Details).
    const directionOf = (event: RegExp) =>
      table.getByRole("row").filter({ hasText: event }).first().getByRole("cell").nth(1);
    await expect(directionOf(/MiniWETH\s*Deposit/)).toHaveText("in");
    await expect(directionOf(/MiniWETH\s*Withdrawal/)).toHaveText("out");
    // Newest first: the NFT passed on (out) above its mint (in), the oldest row of the two.
    const nft = table.getByRole("row").filter({ hasText: /MiniNFT\s*Transfer.*tokenId=42/ });
    await expect(nft.first().getByRole("cell").nth(1)).toHaveText("out");
    await expect(nft.last().getByRole("cell").nth(1)).toHaveText("in");
    await expect(directionOf(/TransferSingle.*value=30/)).toHaveText("out");
    await expect(directionOf(/TransferBatch/)).toHaveText("out");
    await expect(directionOf(/NodescopeToken\s*Transfer.*value=50/)).toHaveText("in");
  });

  test("transactions: ots_searchTransactionsBefore pages on anvil, newest first", async ({
    page,
    manifest,
  }) => {
    type Page_ = { txs: { hash: string; blockNumber: string }[]; lastPage: boolean };
    const first = await anvil<Page_>(manifest.anvilUrl, "ots_searchTransactionsBefore", [
      A0,
      0,
      25,
    ]);
    expect(first.txs.length).toBeGreaterThan(0);
    const oldestShown = first.txs[first.txs.length - 1];
    if (!oldestShown) return;
    const second = await anvil<Page_>(manifest.anvilUrl, "ots_searchTransactionsBefore", [
      A0,
      Number(oldestShown.blockNumber),
      25,
    ]);

    const head = manifest.latestBlock;
    await page.goto(
      `/#/logs?activity=${A0}&fromBlock=${head - 50}&toBlock=latest&rpc=${encodeURIComponent(manifest.anvilUrl)}`,
    );
    const txs = page.getByRole("table", { name: "Transactions" });
    await expect(txs).toBeVisible({ timeout: 30_000 });
    const rows = txs.locator("tbody tr");
    await expect(rows).toHaveCount(first.txs.length);
    await expect(
      rows
        .first()
        .getByRole("link", { name: /^0x[0-9a-f]{6}…[0-9a-f]{4}$/ })
        .first(),
    ).toHaveAttribute("href", `#/tx?hash=${first.txs[0]?.hash}`);
    await expect(rows.first()).toContainText(/Success|Failed/);
    await page.getByRole("button", { name: "Older" }).click();
    await expect(
      rows
        .first()
        .getByRole("link", { name: /^0x[0-9a-f]{6}…[0-9a-f]{4}$/ })
        .first(),
    ).toHaveAttribute("href", `#/tx?hash=${second.txs[0]?.hash}`);
    await page.getByRole("button", { name: "Newer" }).click();
    await expect(
      rows
        .first()
        .getByRole("link", { name: /^0x[0-9a-f]{6}…[0-9a-f]{4}$/ })
        .first(),
    ).toHaveAttribute("href", `#/tx?hash=${first.txs[0]?.hash}`);
  });

  test("a node that refuses ots_ says so, with what it offers; the events link opens the log explorer", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token.address;
    const { fromBlock } = manifest.token;
    const toBlock = fromBlock + 300;
    await page.goto(`/#/logs?activity=${token}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    const section = page.getByRole("region", { name: "Transactions" });
    await expect(section).toContainText("does not serve ots_searchTransactionsBefore", {
      timeout: 30_000,
    });
    await expect(section).toContainText("token transfers in and out, found with eth_getLogs");
    const link = page.getByRole("link", { name: /Events this address emitted/ });
    await expect(link).toHaveAttribute(
      "href",
      `#/logs?address=${token}&fromBlock=${fromBlock}&toBlock=${toBlock}`,
    );
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "Logs" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Logs" })).toBeVisible({ timeout: 30_000 });
  });

  test("without a range: the last 5,000 blocks, the head asked once, every call numbered", async ({
    page,
    manifest,
    gateway,
  }) => {
    await gateway.clearLog();
    await page.goto(`/#/logs?activity=${A0}`);
    await expect(scanDone(page)).toBeVisible({ timeout: 60_000 });
    const head = manifest.latestBlock;
    await expect(page.getByRole("region", { name: "Token transfers" })).toContainText(
      `blocks ${(head - 4999).toLocaleString("en-US")} → ${head.toLocaleString("en-US")} (the last 5,000 blocks`,
    );
    const log = await gateway.log();
    expect(log.filter((e) => e.method === "eth_blockNumber")).toHaveLength(1);
    const calls = log.filter((e) => e.method === "eth_getLogs");
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const c of calls) {
      const f = (c.params as { fromBlock?: string; toBlock?: string }[])[0];
      expect(f?.fromBlock).toMatch(/^0x[0-9a-f]+$/);
      expect(f?.toBlock).toMatch(/^0x[0-9a-f]+$/);
      expect(Number(f?.toBlock) - Number(f?.fromBlock) + 1).toBeLessThanOrEqual(5000);
    }
  });

  test("a link whose activity is not an address says so and sends nothing", async ({
    page,
    gateway,
  }) => {
    await gateway.clearLog();
    await page.goto(`/#/logs?activity=0x1234&fromBlock=1&toBlock=2`);
    await expect(page.getByRole("alert")).toContainText("is not an address");
    expect((await gateway.log()).filter((e) => e.method === "eth_getLogs")).toEqual([]);
  });

  // One load of the insight contract's activity: at 390 px wide, then widened for axe in both
  // themes (were two tests, each loading the link and scanning the range again).
  test("fits a 390 px wide screen, the tables scrolling inside their own boxes; axe in both themes with transfers shown", async ({
    page,
    manifest,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const tx = manifest.transactions.insight;
    if (!tx?.to) throw new Error("the devnet manifest has no insight transaction");
    await page.goto(
      `/#/logs?activity=${tx.to}&fromBlock=${tx.blockNumber - 12}&toBlock=${tx.blockNumber}`,
    );
    await expect(scanDone(page)).toBeVisible({ timeout: 30_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await test.step("axe: no serious or critical violation with transfers shown, light and dark theme", async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(page.getByRole("region", { name: "Transactions" })).toContainText(
        "does not serve",
      );
      await expectNoSeriousViolationsInBothThemes(page);
    });
  });
});
