/**
 * The block page against the devnet: a block by number with its header and its transactions
 * (hash, status) read from anvil itself as the reference; the receipts in one request where the
 * node serves eth_getBlockReceipts (anvil, through `rpc=`) and one by one where it refuses (the
 * provider-shaped gateway), never asked twice; `latest` named with its number; the ways in
 * (header search, the transaction summary's block, the log table's block numbers); axe.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolationsInBothThemes } from "./axe";
import { expect, test, type E2eManifest } from "./fixtures";

const view = (page: Page) => page.locator("main > div:not([hidden])");
const table = (page: Page) => view(page).getByRole("table", { name: "Transactions" });
/** The `<dd>` of a term in the block's fields. */
const dd = (page: Page, term: string): Locator =>
  view(page)
    .getByLabel("Block", { exact: true })
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
const short = (h: string) => `${h.slice(0, 8)}…${h.slice(-4)}`;

interface Expected {
  number: number;
  txs: { hash: string; status: "Success" | "Failed" }[];
}

/** What anvil itself says of a block: its transactions in order, each one's status. */
async function fromAnvil(m: E2eManifest, number: number | "latest"): Promise<Expected> {
  const call = async (method: string, params: unknown[]) => {
    const res = await fetch(m.anvilUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return ((await res.json()) as { result: unknown }).result;
  };
  const tag = number === "latest" ? "latest" : `0x${number.toString(16)}`;
  const block = (await call("eth_getBlockByNumber", [tag, false])) as {
    number: string;
    transactions: string[];
  };
  const txs = [];
  for (const hash of block.transactions) {
    const r = (await call("eth_getTransactionReceipt", [hash])) as { status: string };
    txs.push({ hash, status: r.status === "0x1" ? ("Success" as const) : ("Failed" as const) });
  }
  return { number: Number(BigInt(block.number)), txs };
}

/** The devnet's block with the most transactions. */
function busiest(m: E2eManifest) {
  const [first, ...rest] = [...m.blocks].sort((a, b) => b.txCount - a.txCount);
  return first ?? rest[0] ?? m.blocks[0];
}

async function expectRows(page: Page, expected: Expected) {
  const t = table(page);
  await expect(t).toHaveAttribute("aria-rowcount", String(expected.txs.length + 1));
  for (const tx of expected.txs) {
    const row = t.getByRole("row").filter({ hasText: short(tx.hash) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(tx.status, { timeout: 30_000 });
  }
}

test.describe("block page", () => {
  // One tab pointed at anvil (rpc=) for the three blocks read there (were three tests).
  test("with rpc= (anvil): block N's fields, transactions and receipts; a failed transaction; latest → N", async ({
    page,
    manifest,
  }) => {
    await test.step("#/block?number=N with rpc= (anvil): N in its fields, every transaction's hash and status, receipts in one request", async () => {
      const busy = busiest(manifest);
      const expected = await fromAnvil(manifest, busy.number);
      expect(expected.txs.length).toBe(busy.txCount);
      await page.goto(
        `/#/block?number=${busy.number}&rpc=${encodeURIComponent(manifest.anvilUrl)}`,
      );
      await expect(dd(page, "Number")).toContainText(String(busy.number), { timeout: 30_000 });
      await expect(
        view(page).getByRole("heading", { name: `Block ${busy.number.toLocaleString("en-US")}` }),
      ).toBeVisible();
      await expect(dd(page, "Hash")).toContainText(busy.hash);
      await expect(dd(page, "Transactions")).toHaveText(String(busy.txCount));
      await expect(dd(page, "Time")).toContainText(/ago|in /);
      await expect(dd(page, "Gas used")).toContainText(/of [\d,]+ limit \(\d+\.\d+ %\)/);
      await expectRows(page, expected);
      await expect(
        view(page)
          .getByRole("status")
          .filter({ hasText: /eth_getBlockReceipts/ }),
      ).toContainText(`${busy.txCount} of ${busy.txCount} receipts`);
      // Each row opens its transaction.
      const first = expected.txs[0];
      if (!first) throw new Error("the busy block has no transactions");
      await expect(table(page).getByRole("link", { name: short(first.hash) })).toHaveAttribute(
        "href",
        `#/tx?hash=${first.hash}`,
      );
      // The parent is a link to its block, previous / next are there.
      await expect(dd(page, "Parent").getByRole("link")).toHaveAttribute(
        "href",
        /#\/block\?hash=0x/,
      );
      const nav = view(page).getByRole("navigation", { name: "Neighbouring blocks" });
      await expect(nav.getByRole("link", { name: /Block [\d,]+ →/ })).toHaveAttribute(
        "href",
        `#/block?number=${busy.number + 1}`,
      );
    });

    await test.step("a failed transaction reads Failed", async () => {
      const panic = manifest.transactions.panic;
      await page.goto(
        `/#/block?number=${panic.blockNumber}&rpc=${encodeURIComponent(manifest.anvilUrl)}`,
      );
      const row = table(page)
        .getByRole("row")
        .filter({ hasText: short(panic.hash) });
      await expect(row).toContainText("Failed", { timeout: 30_000 });
    });

    await test.step("latest is resolved and named: latest → N", async () => {
      await page.goto(`/#/block?number=latest&rpc=${encodeURIComponent(manifest.anvilUrl)}`);
      const head = await fromAnvil(manifest, "latest");
      await expect(view(page).getByRole("heading", { name: /^latest/ })).toHaveText(
        `latest → ${head.number.toLocaleString("en-US")}`,
        { timeout: 30_000 },
      );
      await expect(dd(page, "Number")).toContainText(String(head.number));
      await expect(page).toHaveURL(/#\/block\?number=latest/);
    });
  });

  // A link that is not a block first, then the busy block on the same page: the log is cleared
  // where each old test began (were two tests).
  test("through the gateway: a link that is not a block asks nothing; without eth_getBlockReceipts the refusal is said, receipts one by one, nothing asked twice", async ({
    page,
    manifest,
    gateway,
  }) => {
    await test.step("a link that is not a block says why and asks nothing", async () => {
      await gateway.clearLog();
      await page.goto(`/#/block?number=twelve`);
      await expect(view(page).getByRole("alert")).toContainText('"twelve" is not a block');
      await page.goto(`/#/block?number=pending`);
      await expect(view(page).getByRole("alert")).toContainText("Open latest instead");
      expect((await gateway.log()).filter((e) => e.method?.startsWith("eth_getBlock"))).toEqual([]);
    });

    await test.step("on a node without eth_getBlockReceipts (the gateway): the refusal said, receipts one by one, nothing asked twice", async () => {
      const busy = busiest(manifest);
      const expected = await fromAnvil(manifest, busy.number);
      await gateway.clearLog();
      await page.goto(`/#/block?number=${busy.number}`);
      await expectRows(page, expected);
      await expect(view(page).getByText(/does not serve eth_getBlockReceipts/)).toContainText(
        "eth_getTransactionReceipt, 6 at a time",
      );
      const methods = (await gateway.log()).map((e) => e.method);
      expect(methods.filter((m) => m === "eth_getBlockReceipts")).toHaveLength(1);
      expect(methods.filter((m) => m === "eth_getTransactionReceipt")).toHaveLength(busy.txCount);
      expect(methods.filter((m) => m === "eth_getBlockByNumber")).toHaveLength(1);

      // Another block: the refusal is remembered; back to the first: nothing asked at all.
      const panic = manifest.transactions.panic;
      await gateway.clearLog();
      await page.goto(`/#/block?number=${panic.blockNumber}`);
      await expect(
        table(page)
          .getByRole("row")
          .filter({ hasText: short(panic.hash) }),
      ).toContainText("Failed", { timeout: 30_000 });
      await page.goto(`/#/block?number=${busy.number}`);
      await expectRows(page, expected);
      const again = (await gateway.log()).map((e) => e.method);
      expect(again).not.toContain("eth_getBlockReceipts");
      expect(again.filter((m) => m === "eth_getBlockByNumber")).toHaveLength(1);

      // A row's transaction page reads the receipt the block page already has.
      const first = expected.txs[0];
      if (!first) throw new Error("the busy block has no transactions");
      await gateway.clearLog();
      await table(page)
        .getByRole("link", { name: short(first.hash) })
        .click();
      await expect(page).toHaveURL(new RegExp(`#/tx\\?hash=${first.hash}`));
      await expect(view(page).getByLabel("Summary", { exact: true })).toContainText(first.status, {
        timeout: 30_000,
      });
      expect((await gateway.log()).map((e) => e.method)).not.toContain("eth_getTransactionReceipt");
    });
  });
});

test.describe("ways to a block", () => {
  test("the header search with a block number + Enter lands on #/block", async ({
    page,
    manifest,
  }) => {
    const n = manifest.transactions.tokenTransfer.blockNumber;
    await page.goto("/#/logs");
    const search = page.getByRole("searchbox", { name: /search/i });
    await search.fill(String(n));
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${n}$`));
    await expect(dd(page, "Number")).toContainText(String(n), { timeout: 30_000 });
    await search.fill("latest");
    await search.press("Enter");
    await expect(page).toHaveURL(/#\/block\?number=latest$/);
    await expect(view(page).getByRole("heading", { name: /^latest/ })).toHaveText(
      /^latest → [\d,]+$/,
      {
        timeout: 30_000,
      },
    );
  });

  test("the transaction summary links its block", async ({ page, manifest }) => {
    const tx = manifest.transactions.tokenTransfer;
    await page.goto(`/#/tx?hash=${tx.hash}`);
    const summary = view(page).getByLabel("Summary", { exact: true });
    await summary
      .getByRole("link", { name: tx.blockNumber.toLocaleString("en-US"), exact: true })
      .click({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${tx.blockNumber}$`));
    await expect(
      table(page)
        .getByRole("row")
        .filter({ hasText: short(tx.hash) }),
    ).toHaveCount(1, {
      timeout: 30_000,
    });
  });

  test("the log table's block numbers link to the block", async ({ page, manifest }) => {
    const tx = manifest.transactions.tokenTransfer;
    await page.goto(`/#/logs?fromBlock=${tx.blockNumber}&toBlock=${tx.blockNumber}`);
    const logs = view(page).getByRole("table", { name: "Logs" });
    await logs
      .getByRole("link", { name: tx.blockNumber.toLocaleString("en-US"), exact: true })
      .first()
      .click({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`#/block\\?number=${tx.blockNumber}$`));
    await expect(dd(page, "Number")).toContainText(String(tx.blockNumber), { timeout: 30_000 });
  });
});

test.describe("block page: accessibility and narrow screens", () => {
  test("axe: no serious or critical violation, light and dark theme", async ({
    page,
    manifest,
  }) => {
    const busy = manifest.blocks[0];
    await page.goto(`/#/block?number=${busy.number}`);
    await expect(table(page).getByRole("row").nth(busy.txCount)).toContainText(/Success|Failed/, {
      timeout: 30_000,
    });
    await expectNoSeriousViolationsInBothThemes(page);
  });

  test("at 390 px the page does not spill sideways (the table scrolls in its box)", async ({
    page,
    manifest,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/#/block?number=${manifest.blocks[0].number}`);
    await expect(table(page)).toBeVisible({ timeout: 30_000 });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  });
});
