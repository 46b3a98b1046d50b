/**
 * The first paint (src/app/firstPaint): what a visit shows before React and the route's code have
 * loaded. React DOM's chunks are held back here, so the test sees that state for as long as it
 * likes, then lets them through and checks the app takes over without losing anything.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Holds React DOM's chunks until the returned function is called. */
async function holdReact(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(react-dom|client)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the empty form is there before React, and what is typed there is what the app looks up", async ({
  page,
  manifest,
}) => {
  const release = await holdReact(page);
  const tx = manifest.transactions.legacyTransfer;
  await page.goto("/#/tx");
  await expect(page.getByLabel("Block hash")).toBeVisible();
  await expect(page.getByLabel("Transaction index")).toBeVisible();
  // Only the first paint so far: the app's button is not there yet.
  await expect(page.getByRole("button", { name: "Look up transaction" })).toHaveCount(0);
  const early = page.getByLabel("Transaction hash");
  await early.fill(tx.hash);
  await expect(early).toBeFocused();

  release();
  const button = page.getByRole("button", { name: "Look up transaction" });
  await expect(button).toBeVisible();
  const field = page.getByLabel("Transaction hash");
  await expect(field).toHaveValue(tx.hash);
  await expect(field).toBeFocused();
  await button.click();
  await expect(page.getByLabel("Transaction fields")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`hash=${tx.hash}`));
});

test("a trace link's first rows are on screen before React, from the one trace request", async ({
  page,
  manifest,
  gateway,
}) => {
  const tx = manifest.transactions.nestedCalls;
  await gateway.clearLog();
  const release = await holdReact(page);
  await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
  const tree = page.getByRole("tree", { name: "Call tree" });
  const first = tree.getByRole("treeitem").first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first).toContainText("CALL");
  await expect(first).toHaveAttribute("aria-level", "1");
  await expect(
    page.getByRole("status").filter({ hasText: "Loading the Trace view…" }),
  ).toBeVisible();

  release();
  await expect(page.getByRole("heading", { level: 1, name: "Trace" })).toBeVisible();
  await expect(tree.locator("[data-frame-row]").first()).toBeVisible();
  await expect(page.locator("[data-first-paint]")).toHaveCount(0);
  const traces = (await gateway.log()).filter(
    (e) =>
      typeof e.method === "string" &&
      /trace/i.test(e.method) &&
      Array.isArray(e.params) &&
      e.params[0] === tx.hash,
  );
  expect(traces).toHaveLength(1);
});

test("a logs link's first rows are on screen before React, from the one eth_getLogs request", async ({
  page,
  manifest,
  gateway,
}) => {
  const tx = manifest.transactions.tokenTransfer;
  await gateway.clearLog();
  const release = await holdReact(page);
  await page.goto(`/#/logs?blockHash=${tx.blockHash}`);
  const table = page.getByRole("table", { name: "Logs" });
  const first = table.locator("[role=row][data-index]").first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first.getByRole("cell").nth(1)).toHaveText(tx.blockNumber.toLocaleString("en-US"));
  // Painted, not the app's: no Details button yet.
  await expect(table.getByRole("button")).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: "Loading the Logs view…" }),
  ).toBeVisible();

  release();
  await expect(table.getByRole("button", { name: /Details of the log/ }).first()).toBeVisible();
  await expect(page.locator("[data-first-paint]")).toHaveCount(0);
  const calls = (await gateway.log()).filter((e) => e.method === "eth_getLogs");
  expect(calls).toHaveLength(1);
});

test("a transaction link's fields are on screen before React, from the one lookup request", async ({
  page,
  manifest,
  gateway,
}) => {
  const tx = manifest.transactions.tokenTransfer;
  await gateway.clearLog();
  const release = await holdReact(page);
  await page.goto(`/#/tx?hash=${tx.hash}`);
  const fields = page.getByRole("definition");
  const list = page.locator('dl[aria-label="Transaction fields"]');
  await expect(list.locator("dt").first()).toHaveText("hash", { timeout: 30_000 });
  await expect(fields.first()).toHaveText(tx.hash);
  await expect(page.getByRole("button", { name: "Look up transaction" })).toHaveCount(0);

  release();
  // The app's card: the field list no longer busy, a reading beside the raw value.
  const card = page.locator('dl[aria-label="Transaction fields"]:not([aria-busy])');
  await expect(card).toBeVisible();
  await expect(card).toContainText("ETH");
  await expect(page.locator("[data-first-paint]")).toHaveCount(0);
  const lookups = (await gateway.log()).filter((e) => e.method === "eth_getTransactionByHash");
  expect(lookups).toHaveLength(1);
});
