/**
 * Daily use, round two (issue 48): pages titled for what they show, the answer in the first
 * screen at 1400×900, and no silent failures (a malformed filter term, a short 0x number in the
 * search, a search bubble left behind, the step buttons' silence). Against the devnet.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test, type E2eManifest, standInServices } from "./fixtures";

const view = (page: Page) => page.locator("main > div:not([hidden])");
const e = encodeURIComponent;
const TRANSFER_TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

async function boxOf(l: Locator) {
  const box = await l.boundingBox();
  if (!box) throw new Error("no box");
  return box;
}

function debugFail(m: E2eManifest) {
  const fail = m.transactions.debugFail;
  if (!fail) throw new Error("the devnet has no debugger scenario");
  return fail;
}

test.describe("pages titled for what they show", () => {
  test("the address and block pages are headed Address and Block, and sit in the tabs", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    await page.goto(`/#/address?address=${tx.from}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Address");
    await expect(page).toHaveTitle(/^Address/);
    // The method named below the heading is one the page sends, not the transaction lookup's.
    const header = view(page).locator("header").first();
    await expect(header).toContainText("eth_getBalance");
    await expect(header).not.toContainText("eth_getTransactionByBlockHashAndIndex");

    const nav = page.getByRole("navigation", { name: "Methods" });
    await nav.getByRole("link", { name: "Block", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Block");
    await expect(page).toHaveTitle(/^Block/);
    await expect(nav.getByRole("link", { name: "Address", exact: true })).toBeVisible();
  });

  test("the trace page names the method it sends", async ({ page, manifest }) => {
    const tx = manifest.transactions.nestedCalls;
    // Through a link naming anvil itself: the trace goes out as debug_traceTransaction, and the
    // page says so (its route's name, debug_jstraceTransaction, is not what it sends).
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&rpc=${e(manifest.anvilUrl)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trace");
    const header = view(page).locator("header").first();
    await expect(header).toContainText("debug_traceTransaction");
    await expect(header).not.toContainText("debug_jstraceTransaction");
  });

  test("a page that does not exist says so, with the pages there are", async ({ page }) => {
    await page.goto("/#/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No such page");
    await expect(page.getByText(/does not exist/)).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Transaction", exact: true }).first(),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Methods" }).locator('[aria-current="page"]'),
    ).toHaveCount(0);
  });
});

test.describe("the answer in the first screen at 1400×900", () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test("a failed transaction's reason sits beside its status", async ({ page, manifest }) => {
    const panic = manifest.transactions.panic;
    await page.goto(`/#/tx?hash=${panic.hash}`);
    const reason = view(page).locator("[data-failure-reason]");
    await expect(reason).toContainText("Panic(0x12)", { timeout: 30_000 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const top = (await boxOf(reason)).y;
    console.log(`failure reason top: ${Math.round(top)} px`);
    expect(top).toBeLessThan(600);
  });

  test("the Debug view of a failed transaction shows its failing line inside the code pane and the window", async ({
    page,
    manifest,
  }) => {
    const fail = debugFail(manifest);
    await page.goto(
      `/#/trace?hash=${fail.hash}&tracer=callTracer&view=debug&rpc=${e(manifest.anvilUrl)}${standInServices(manifest)}`,
    );
    const region = page.getByRole("region", { name: /debugger/i });
    const marked = region.getByRole("row").and(page.locator('[aria-current="step"]'));
    await expect(marked).toContainText("require(amount <= cap", { timeout: 60_000 });
    const pane = region.getByRole("table", { name: /source/ });
    await expect
      .poll(async () => {
        const row = await marked.boundingBox();
        const box = await pane.boundingBox();
        if (!row || !box) return "no box";
        const inPane = row.y >= box.y && row.y + row.height <= box.y + box.height + 0.5;
        const inWindow = row.y >= 0 && row.y + row.height <= 900;
        return inPane && inWindow
          ? "seen"
          : `row ${Math.round(row.y)}, pane ${Math.round(box.y)}–${Math.round(box.y + box.height)}`;
      })
      .toBe("seen");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The last step's gas caveat is not a warning above the code.
    await expect(region.locator(".bg-amber-50").filter({ hasText: /last step/ })).toHaveCount(0);
  });

  test("the call tree starts in the first screen of the trace page", async ({ page, manifest }) => {
    const tx = manifest.transactions.nestedCalls;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    const tree = page.getByRole("tree", { name: "Call tree" });
    await expect(tree.locator("[data-frame-row]").first()).toBeVisible({ timeout: 30_000 });
    const top = (await boxOf(tree)).y;
    console.log(`call tree top: ${Math.round(top)} px`);
    // 703 px in this run before the figures and the heading went on one line each (699 after);
    // the y≈650 goal is not reached yet: this guards against it growing.
    expect(top).toBeLessThan(720);
  });
});

test.describe("no silent failures", () => {
  test("a malformed filter term says what is wrong instead of an empty table", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token;
    const topics = e(JSON.stringify([TRANSFER_TOPIC0]));
    await page.goto(
      `/#/logs?fromBlock=${token.fromBlock}&toBlock=${Math.min(token.toBlock, token.fromBlock + 500)}&address=${token.address}&topics=${topics}`,
    );
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    const filter = page.getByRole("searchbox", { name: /filter/i });
    await filter.fill("value>>");
    await expect(filter).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByRole("alert").filter({ hasText: /one operator per term/ }),
    ).toBeVisible();
    await filter.fill("to:0xzz");
    await expect(page.getByRole("alert").filter({ hasText: /not hex/ })).toBeVisible();
    await filter.fill("value>1");
    await expect(filter).not.toHaveAttribute("aria-invalid", "true");
    // The help writes terms as the app writes them.
    await expect(page.getByText(/to=0x…/).first()).toBeVisible();

    // Grouped, the empty grouping says what is wrong with the term, not "several events".
    await page.getByLabel(/group by/i).selectOption({ label: "to" });
    await expect(page.getByRole("table", { name: "Groups" })).toBeVisible();
    await filter.fill("value>>");
    const why = page.getByRole("status").filter({ hasText: /^Nothing to group/ });
    await expect(why).toContainText("“value>>”: one operator per term");
    await filter.fill("to:0xzz");
    await expect(why).toContainText("0xzz is not hex");
    await expect(page.getByText(/several events/)).toHaveCount(0);
  });

  test("a short 0x number in the search asks; a search bubble goes when the page is left", async ({
    page,
  }) => {
    await page.goto("/#/logs");
    const search = page.getByRole("searchbox", { name: /search/i });
    await search.fill("0x1234");
    await search.press("Enter");
    const choices = page.getByRole("group", { name: "Search choices" });
    await expect(choices).toBeVisible();
    await expect(page).toHaveURL(/#\/logs$/);
    await choices.getByRole("button", { name: "Open block 4,660" }).click();
    await expect(page).toHaveURL(/#\/block\?number=4660$/);

    await search.fill("vitalik.eth");
    await search.press("Enter");
    const bubble = page.getByRole("alert").filter({ hasText: /Not a transaction hash/ });
    await expect(bubble).toBeVisible();
    await page
      .getByRole("navigation", { name: "Methods" })
      .getByRole("link", { name: "Trace" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trace");
    await expect(bubble).toHaveCount(0);
  });
});

test.describe("names and units where people read", () => {
  test("a trace's Transfer event reads its amount in the token's units", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    await page.goto(
      `/#/trace?hash=${tx.hash}&tracer=callTracer&tracerConfig=${e('{"withLog":true}')}`,
    );
    const tree = page.getByRole("tree", { name: "Call tree" });
    // The devnet token answers decimals() = 18 and symbol() = NST; the transfer moved 12.5 NST.
    await expect(
      tree
        .locator("[data-log-of]")
        .filter({ hasText: /Transfer\(/ })
        .first(),
    ).toContainText("value: 12.5 NST (12,500,", { timeout: 30_000 });
  });

  test("the comparison names a callee as the trace does, and an unknown hash is no such transaction", async ({
    page,
    manifest,
  }) => {
    const a = manifest.transactions.storage;
    const b = manifest.transactions.storageRetry;
    if (!a || !b) throw new Error("the devnet has no comparison scenario (storage, storageRetry)");
    const tail = `&rpc=${e(manifest.anvilUrl)}${standInServices(manifest)}`;
    await page.goto(`/#/compare?a=${a.hash}&b=${b.hash}${tail}`);
    const tree = page.getByRole("tree", { name: "Aligned call trees" });
    // The checker is a verified contract: its row reads its name, as the call tree's does.
    await expect(
      tree.getByRole("treeitem").filter({ hasText: "failed in A, succeeded in B" }),
    ).toContainText("LedgerChecker", { timeout: 30_000 });

    const unknown = `0x${"ab".repeat(32)}`;
    await page.goto(`/#/compare?a=${unknown}&b=${b.hash}${tail}`);
    const alert = page.getByRole("alert").filter({ hasText: "Side A" });
    await expect(alert).toContainText("No such transaction", { timeout: 30_000 });
    await expect(alert).not.toContainText("unexpected result");
  });
});
