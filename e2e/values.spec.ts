/**
 * One way to show each kind of value (issue 37, point 2) where it was still missing: the trace
 * tabs' addresses are checksummed links to their pages, the log table's token amounts read in the
 * token's units, and at 390 px the pages start their main view within the first screens without
 * panning sideways. Expected figures come from anvil itself (the log's data, the token's
 * decimals()), never from the app.
 */
import type { Page } from "@playwright/test";
import { formatUnits, getAddress } from "viem";
import { expect, firstPaintGone, test } from "./fixtures";

const TRANSFER_TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? res.status}`);
  return body.result;
}

function tokenLink(token: { address: string; fromBlock: number; toBlock: number }): string {
  const topics = encodeURIComponent(JSON.stringify([TRANSFER_TOPIC0]));
  return `/#/logs?fromBlock=${token.fromBlock}&toBlock=${token.toBlock}&address=${token.address}&topics=${topics}`;
}

/** The page does not pan sideways: nothing reaches past the screen's right edge. */
async function fitsWidth(page: Page, what: string): Promise<void> {
  const r = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(r.page, `${what}: document scrollWidth ≤ the screen's width`).toBeLessThanOrEqual(
    r.screen,
  );
}

test.describe("values at 1400×900", () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test("Balance changes and Token flow link each address to its page, checksummed", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight;
    if (!tx) throw new Error("the devnet has no insight transaction");
    const sender = getAddress(tx.from);
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&view=balances`);
    const region = page.getByRole("region", { name: /balance changes/i });
    await expect(region.getByRole("table")).toBeVisible({ timeout: 30_000 });
    const link = region.getByRole("link", { name: sender, exact: true });
    await expect(link).toHaveAttribute("href", `#/address?address=${sender}`);
    // the sender's ETH change reads in ETH, its wei in the title
    const row = region
      .getByRole("row")
      .filter({ hasText: sender })
      .filter({ hasText: "ETH (native)" });
    await expect(row).toContainText(/-[\d,.]+ ETH/);

    await page.getByRole("tab", { name: "Token flow" }).click();
    const lane = page.getByRole("link", { name: new RegExp(`${sender}$`) });
    await expect(lane).toHaveAttribute("href", `#/address?address=${sender}`);
    await lane.click();
    await expect(page).toHaveURL(new RegExp(`#/address\\?address=${sender}`));
  });

  test("the log table's token amounts read in the token's units, exact in the title", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token;
    const decimals = Number(
      BigInt(
        await anvil<string>(manifest.anvilUrl, "eth_call", [
          { to: token.address, data: "0x313ce567" },
          "latest",
        ]),
      ),
    );
    const first = (
      await anvil<{ data: string }[]>(manifest.anvilUrl, "eth_getLogs", [
        {
          address: token.address,
          topics: [TRANSFER_TOPIC0],
          fromBlock: `0x${token.fromBlock.toString(16)}`,
          toBlock: `0x${token.fromBlock.toString(16)}`,
        },
      ])
    )[0];
    if (!first) throw new Error("no Transfer in the token's first block");
    const raw = BigInt(first.data);
    await page.goto(tokenLink(token));
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    const table = page.getByRole("table", { name: "Logs" });
    const header = table.getByRole("columnheader");
    const names = await header.allTextContents();
    const at = names.findIndex((n) => /^value/.test(n));
    expect(at, "a value column").toBeGreaterThan(0);
    const cell = table.getByRole("row").nth(1).getByRole("cell").nth(at);
    await expect(cell).toHaveText(`${formatUnits(raw, decimals)} NST`);
    await expect(cell).toHaveAttribute(
      "title",
      `${raw.toString()} base units (${decimals} decimals)`,
    );
    // the emitting contract and the from/to arguments: links to their pages, checksummed
    const hrefs = await table
      .getByRole("row")
      .nth(1)
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs).toContain(`#/address?address=${getAddress(token.address)}`);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the trace tree's first row is within the first screen and a half, nothing pans sideways", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight ?? manifest.transactions.nestedCalls;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    const first = page.getByRole("treeitem").first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await firstPaintGone(page);
    const top = (await first.boundingBox())?.y ?? Infinity;
    expect(top, "the first treeitem's top (px from the top of the page)").toBeLessThan(1100);
    await fitsWidth(page, "trace");
    // what folded is one press away
    await page.getByText("Other views, copy, download, compare").click();
    await expect(page.getByRole("button", { name: "Download JSON" })).toBeVisible();
    await page
      .getByRole("region", { name: "Trace summary" })
      .getByText("Details", { exact: true })
      .click();
    await expect(page.getByText("Maximum depth")).toBeVisible();
    await fitsWidth(page, "trace, opened");
  });

  test("the transaction page, the log table and the dry run do not pan sideways", async ({
    page,
    manifest,
  }) => {
    test.setTimeout(120_000);
    const tx = manifest.transactions.insight ?? manifest.transactions.nestedCalls;
    await page.goto(`/#/tx?hash=${tx.hash}`);
    await expect(page.getByRole("link", { name: /trace/i }).first()).toBeVisible({
      timeout: 30_000,
    });
    await fitsWidth(page, "transaction");

    await page.goto(tokenLink(manifest.token));
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    await fitsWidth(page, "logs");

    const sp = new URLSearchParams({ from: tx.from, to: tx.to ?? "", value: "1" });
    await page.goto(`/#/simulate?${sp.toString()}`);
    await expect(page.getByRole("region", { name: "Simulation outcome" })).toBeVisible({
      timeout: 30_000,
    });
    await fitsWidth(page, "dry run");
  });
});
