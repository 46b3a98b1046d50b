import type { Locator, Page } from "@playwright/test";
import { getAddress } from "viem";
import { expect, holdMethod, test } from "./fixtures";

const METHOD = "eth_getTransactionByBlockHashAndIndex";
const lookups = (log: { method?: string }[]) => log.filter((e) => e.method === METHOD);
const txLink = (blockHash: string, index: number | string) =>
  `/#/tx?blockHash=${blockHash}&index=${index}`;

/** The view on screen (the app keeps other visited views mounted, hidden). */
const view = (page: Page) => page.locator("main > div:not([hidden])");
const fields = (page: Page) => view(page).getByLabel("Transaction fields");

/** The `<dd>` of a field, found by its exact `<dt>` text. */
function dd(page: Page, name: string): Locator {
  return fields(page)
    .locator("dt", { hasText: new RegExp(`^${name}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** Hex compared case-insensitively (checksummed or not). */
const ci = (hex: string) => new RegExp(hex, "i");

/** The transaction as anvil itself answers it (no gateway, no app). */
async function anvilTx(
  anvilUrl: string,
  hash: string,
): Promise<{
  from: string;
  to: string | null;
  value: string;
  input: string;
  gas: string;
  blockNumber: string;
}> {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getTransactionByHash",
      params: [hash],
    }),
  });
  const body = (await res.json()) as { result?: Awaited<ReturnType<typeof anvilTx>> };
  if (!body.result) throw new Error(`anvil does not know ${hash}`);
  return body.result;
}

/** The params of a `#/simulate?…` link. */
const simulateParams = (link: string | null) => {
  expect(link).toMatch(/^#\/simulate\?/);
  return Object.fromEntries(new URLSearchParams((link ?? "").split("?")[1]));
};

test.describe(METHOD, () => {
  test("a legacy transfer: fields, readings and raw values", async ({
    page,
    manifest,
    gateway,
  }) => {
    const tx = manifest.transactions.legacyTransfer;
    await gateway.clearLog();
    await page.goto(txLink(tx.blockHash, tx.index));
    await expect(fields(page)).toBeVisible({ timeout: 30_000 });
    // Titled by the transaction, the method named below it.
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: `Transaction ${tx.hash.slice(0, 8)}…${tx.hash.slice(-4)}`,
      }),
    ).toBeVisible();
    await expect(view(page).locator("header").first()).toContainText(METHOD);
    await expect(dd(page, "hash")).toContainText(ci(tx.hash));
    await expect(dd(page, "type")).toContainText("legacy");
    await expect(dd(page, "from")).toContainText(ci(tx.from));
    if (tx.to) await expect(dd(page, "to")).toContainText(ci(tx.to));
    await expect(dd(page, "blockNumber")).toContainText(tx.blockNumber.toLocaleString("en-US"));
    await expect(dd(page, "value")).toContainText(/ETH · .* gwei/);
    await expect(dd(page, "gasPrice")).toContainText("gwei");
    await expect(dd(page, "transactionIndex")).toContainText(`0x${tx.index.toString(16)}`);
    await expect(fields(page).locator("dt", { hasText: /^maxFeePerGas$/ })).toHaveCount(0);
    // One request, with the index as a hex quantity.
    const sent = lookups(await gateway.log());
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain(`"0x${tx.index.toString(16)}"`);
    // Raw JSON view and exports.
    await expect(view(page).getByRole("button", { name: "Copy JSON" })).toBeVisible();
    const download = page.waitForEvent("download");
    await view(page).getByRole("button", { name: "Download JSON" }).click();
    const file = await download;
    expect(file.suggestedFilename().toLowerCase()).toBe(`${tx.hash.toLowerCase()}.json`);
  });

  // One load of the dynamic-fee transfer's card: its fields, then the onward links from it.
  test("a dynamic-fee transfer: its fee fields, then the onward links land on filled forms", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.dynamicFeeTransfer;
    const link = txLink(tx.blockHash, tx.index);
    await test.step("a dynamic-fee transfer: type by name and its fee fields", async () => {
      await page.goto(link);
      await expect(fields(page)).toBeVisible({ timeout: 30_000 });
      await expect(dd(page, "type")).toContainText("dynamic fee (EIP-1559)");
      await expect(dd(page, "type")).toContainText("0x2");
      await expect(dd(page, "maxFeePerGas")).toContainText("gwei");
      await expect(dd(page, "maxPriorityFeePerGas")).toContainText("gwei");
      await expect(dd(page, "hash")).toContainText(ci(tx.hash));
      await expect(dd(page, "chainId")).toContainText(/\d/);
    });

    await test.step("the onward links land on filled forms", async () => {
      const onward = view(page).getByRole("navigation", { name: "Onward" });

      await onward.getByRole("link", { name: "Trace this transaction" }).click();
      await expect(page).toHaveURL(new RegExp(`#/trace\\?hash=${tx.hash}`, "i"));
      const traceHash = view(page).getByLabel("Transaction hash");
      if ((await traceHash.count()) > 0) await expect(traceHash).toHaveValue(ci(tx.hash));

      await page.goto(link);
      await onward.getByRole("link", { name: "Logs of this block" }).click();
      await expect(page).toHaveURL(new RegExp(`#/logs\\?blockHash=${tx.blockHash}`, "i"));
      const logsHash = view(page).getByLabel("Block hash");
      if ((await logsHash.count()) > 0) await expect(logsHash).toHaveValue(ci(tx.blockHash));

      await page.goto(link);
      await onward.getByRole("link", { name: "Estimate again" }).click();
      await expect(page).toHaveURL(/#\/estimate\?/);
      const params = new URL(page.url().replace("#/estimate", "estimate")).searchParams;
      expect(params.get("from")?.toLowerCase()).toBe(tx.from.toLowerCase());
      if (tx.to) expect(params.get("to")?.toLowerCase()).toBe(tx.to.toLowerCase());
      expect(params.get("value")).toMatch(/^0x[0-9a-f]+$/);
      const from = view(page).getByLabel("From", { exact: true });
      if ((await from.count()) > 0) await expect(from).toHaveValue(ci(tx.from));
      const to = view(page).getByLabel("To", { exact: true });
      if (tx.to && (await to.count()) > 0) await expect(to).toHaveValue(ci(tx.to));
    });
  });

  test("Previous / Next step through a block with several transactions", async ({
    page,
    manifest,
    gateway,
  }) => {
    const block = [...manifest.blocks].sort((a, b) => b.txCount - a.txCount)[0];
    expect(block?.txCount ?? 0, "a devnet block with several transactions").toBeGreaterThanOrEqual(
      2,
    );
    if (!block) return;
    await page.goto(txLink(block.hash, 0));
    await expect(dd(page, "transactionIndex")).toContainText("0x0", { timeout: 30_000 });
    await expect(view(page).getByRole("button", { name: "Previous transaction" })).toBeDisabled();
    await view(page).getByRole("button", { name: "Next transaction" }).click();
    await expect(page).toHaveURL(/index=1$/);
    await expect(dd(page, "transactionIndex")).toContainText("0x1");
    await expect(view(page).getByLabel("Transaction index")).toHaveValue("1");
    await gateway.clearLog();
    await view(page).getByRole("button", { name: "Previous transaction" }).click();
    await expect(dd(page, "transactionIndex")).toContainText("0x0");
    // A block hash pins the answer: going back asks the node nothing.
    expect(lookups(await gateway.log())).toEqual([]);
    // Stepping past the last one says so.
    await page.goto(txLink(block.hash, block.txCount - 1));
    await expect(dd(page, "transactionIndex")).toContainText(
      `0x${(block.txCount - 1).toString(16)}`,
      { timeout: 30_000 },
    );
    await view(page).getByRole("button", { name: "Next transaction" }).click();
    await expect(
      view(page).getByRole("status").filter({ hasText: "No transaction at index" }),
    ).toContainText(`Index ${block.txCount - 1} was the last transaction of this block`);
  });

  test("the try: examples fill the form and run", async ({ page, manifest }) => {
    const tx = manifest.transactions.legacyTransfer;
    await page.goto("/#/tx");
    await view(page).getByRole("button", { name: "try: legacy transfer" }).click();
    await expect(view(page).getByLabel("Block hash")).toHaveValue(tx.blockHash.toLowerCase());
    await expect(dd(page, "hash")).toContainText(ci(tx.hash), { timeout: 30_000 });
  });
});

test.describe("Simulate from a mined transaction", () => {
  test("the card's Simulate carries the call (to, input, value, gas) at its parent block, and says what is not replayed", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    const mined = await anvilTx(manifest.anvilUrl, tx.hash);
    await page.goto(txLink(tx.blockHash, tx.index));
    await expect(fields(page)).toBeVisible({ timeout: 30_000 });
    const simulate = view(page)
      .getByRole("navigation", { name: "Onward" })
      .getByRole("link", { name: /simulate/i });
    const params = simulateParams(await simulate.getAttribute("href"));
    expect(params).toEqual({
      from: mined.from,
      to: mined.to,
      ...(BigInt(mined.value) === 0n ? {} : { value: mined.value }),
      data: mined.input,
      gas: mined.gas,
      block: `0x${(BigInt(mined.blockNumber) - 1n).toString(16)}`,
      tx: tx.hash.toLowerCase(),
    });
    expect(params.to?.toLowerCase()).toBe(tx.to?.toLowerCase());
    expect(params.data).toMatch(/^0xa9059cbb/);
    await expect(simulate).toHaveAccessibleDescription(
      /transactions before it in the same block are not replayed/,
    );
    await expect(
      view(page).getByText(/the transactions before it in the same block are not replayed/),
    ).toBeVisible();
  });
});

test.describe("lookup by transaction hash, results first, onward", () => {
  const BY_HASH = "eth_getTransactionByHash";
  const summary = (page: Page) =>
    view(page).getByRole("group", { name: "Transaction lookup: what was asked" });

  test("a hash link shows the card; the URL then also says where it was found", async ({
    page,
    manifest,
    gateway,
  }) => {
    const tx = manifest.transactions.legacyTransfer;
    await gateway.clearLog();
    await page.goto(`/#/tx?hash=${tx.hash}`);
    await expect(dd(page, "hash")).toContainText(ci(tx.hash), { timeout: 30_000 });
    await expect(dd(page, "blockHash")).toContainText(ci(tx.blockHash));
    await expect(dd(page, "transactionIndex")).toContainText(`0x${tx.index.toString(16)}`);
    await expect(page).toHaveURL(
      new RegExp(`#/tx\\?hash=${tx.hash}&blockHash=${tx.blockHash}&index=${tx.index}$`, "i"),
    );
    await expect(summary(page)).toContainText(new RegExp(`hash ${tx.hash}`, "i"));
    // Resolved once, on the transaction endpoint; the rewritten link asks nothing more.
    const sent = (await gateway.log()).filter((e) => e.method === BY_HASH || e.method === METHOD);
    expect(sent.map((e) => [e.method, e.endpoint])).toEqual([[BY_HASH, "rollupNitro"]]);
  });

  test("the summary's gas and fee rows wait at their size: the links below stay put when the receipt comes", async ({
    page,
    manifest,
  }) => {
    const release = await holdMethod(page, "eth_getTransactionReceipt");
    await page.goto(`/#/tx?hash=${manifest.transactions.tokenTransfer.hash}`);
    const summaryList = view(page).getByRole("definition").filter({ hasText: "from its receipt" });
    await expect(summaryList.first()).toBeVisible({ timeout: 30_000 });
    const onward = view(page).getByRole("navigation", { name: "Onward" });
    const before = (await onward.boundingBox())?.y;
    await release();
    const row = (name: string) =>
      view(page)
        .locator('dl[aria-label="Summary"] dt', { hasText: new RegExp(`^${name}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(row("Gas used")).toContainText(/of [\d,]+ limit/);
    await expect(row("Fee")).toContainText("ETH");
    expect((await onward.boundingBox())?.y).toBe(before);
  });
});

test.describe("the transaction page leads with what a person asks (issue 37)", () => {
  // One page at 1400×900 walks what five tests used to load one by one: the token transfer by
  // hash (the first screen, then its cross-links) and the contract creation by block and index.
  test("1400×900: a contract call by hash and a contract creation by block lead with the answer; the cross-links land", async ({
    page,
    manifest,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    /** The summary's Status on screen, the page unscrolled (the old "at 1400×900 …" test). */
    const answerOnScreen = async (link: string) => {
      // The summary opens the result (issue 25); the card's fields follow it.
      const dt = view(page)
        .getByLabel("Summary", { exact: true })
        .locator("dt", { hasText: /^Status$/ });
      await expect(dt).toBeVisible({ timeout: 30_000 });
      await expect(fields(page)).toBeVisible();
      expect(await page.evaluate(() => window.scrollY), "the page is not scrolled").toBe(0);
      const box = await dt.boundingBox();
      expect(box?.y ?? -1, link).toBeGreaterThanOrEqual(0);
      expect(box?.y ?? Infinity, link).toBeLessThan(900);
    };

    await test.step("1400×900, a mined contract call by hash: title, summary, then trace and simulate on the first screen", async () => {
      const tx = manifest.transactions.tokenTransfer;
      await page.goto(`/#/tx?hash=${tx.hash}`);
      const summary = view(page).locator('dl[aria-label="Summary"]');
      await expect(summary.getByText("Success")).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: `Transaction ${tx.hash.slice(0, 8)}…${tx.hash.slice(-4)}`,
        }),
      ).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const name of [/trace/i, /simulate/i]) {
        const action = view(page).getByRole("link", { name }).first();
        const box = await action.boundingBox();
        expect(box, String(name)).not.toBeNull();
        expect(box?.y ?? Infinity, String(name)).toBeLessThan(900);
      }
      const summaryRow = (term: string) =>
        summary
          .locator("dt", { hasText: new RegExp(`^${term}$`) })
          .locator("xpath=following-sibling::dd[1]");
      // Time as a date and its age; gas grouped; block and addresses linked, checksummed.
      await expect(summaryRow("Time")).toContainText(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(.* ago\)$/,
      );
      await expect(summaryRow("Gas used")).toContainText(
        /^\d{1,3}(,\d{3})+ of \d{1,3}(,\d{3})* limit/,
      );
      await expect(summaryRow("Block").getByRole("link")).toHaveAttribute(
        "href",
        `#/block?number=${tx.blockNumber}`,
      );
      const from = summaryRow("From → to").getByRole("link").first();
      await expect(from).toHaveText(getAddress(tx.from));
      await expect(from).toHaveAttribute("href", new RegExp(`#/address\\?address=${tx.from}`, "i"));
      // A call into code: value moved inside it is one link away (no trace is asked for it).
      await expect(summaryRow("Inside calls").getByRole("link")).toHaveAttribute(
        "href",
        new RegExp(`#/trace\\?hash=${tx.hash}&view=balances`, "i"),
      );
    });

    await test.step("at 1400×900 the answer (the summary's status) is on screen after a deep link, unscrolled", async () => {
      const tx = manifest.transactions.tokenTransfer;
      await answerOnScreen(`/#/tx?hash=${tx.hash}`);
      const creation = manifest.transactions.contractCreation;
      const link = txLink(creation.blockHash, creation.index);
      await page.goto(link);
      await expect(dd(page, "hash")).toContainText(ci(creation.hash), { timeout: 30_000 });
      await answerOnScreen(link);
    });

    await test.step("a contract creation reads as such", async () => {
      await expect(dd(page, "to")).toContainText("contract creation");
      await expect(dd(page, "to")).toContainText("null");
      await expect(dd(page, "to")).toContainText(/contract address/);
      await expect(dd(page, "input")).toContainText(/contract creation code, [\d,]+ bytes/);
    });

    await test.step("cross-links from a hash lookup: trace, logs of the block, the called contract's logs, estimate", async () => {
      const tx = manifest.transactions.tokenTransfer;
      const link = `/#/tx?hash=${tx.hash}`;
      const onward = view(page).getByRole("navigation", { name: "Onward" });
      await page.goto(link);
      // the view stays mounted: wait for this transaction's card, not the one before
      await expect(dd(page, "hash")).toContainText(ci(tx.hash), { timeout: 30_000 });

      await onward.getByRole("link", { name: "Trace this transaction" }).click();
      await expect(page).toHaveURL(new RegExp(`#/trace\\?hash=${tx.hash}`, "i"));
      await expect(page.locator("[role=tree] [data-frame-row]").first()).toBeVisible({
        timeout: 30_000,
      });

      await page.goto(link);
      await onward.getByRole("link", { name: "Logs of this block" }).click();
      await expect(page).toHaveURL(new RegExp(`#/logs\\?blockHash=${tx.blockHash}$`, "i"));
      await expect(page.getByRole("table", { name: "Logs" })).toBeVisible({ timeout: 30_000 });

      await page.goto(link);
      if (!tx.to) throw new Error("the token transfer has a recipient contract");
      await onward.getByRole("link", { name: "Logs of the called contract in this block" }).click();
      await expect(page).toHaveURL(
        new RegExp(`#/logs\\?blockHash=${tx.blockHash}&address=${tx.to}$`, "i"),
      );
      const rows = page.getByRole("table", { name: "Logs" }).getByRole("row");
      await expect(rows.nth(1)).toBeVisible({ timeout: 30_000 });
      await expect(rows.nth(1)).toContainText(/Transfer/);

      await page.goto(link);
      await onward.getByRole("link", { name: "Estimate again" }).click();
      await expect(page).toHaveURL(new RegExp(`#/estimate\\?from=${tx.from}&to=${tx.to}`, "i"));
      await expect(page.getByText("Estimated gas", { exact: true })).toBeVisible({
        timeout: 30_000,
      });
    });
  });

  for (const [width, height] of [
    [1400, 900],
    [390, 844],
  ] as const)
    test(`an empty #/tx shows both ways at once, the hash first (${width} px)`, async ({
      page,
      gateway,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/#/tx");
      const hash = view(page).getByLabel("Transaction hash");
      const block = view(page).getByLabel("Block hash");
      const index = view(page).getByLabel("Transaction index");
      await expect(block).toBeVisible();
      await expect(view(page).getByRole("radio")).toHaveCount(0);
      const box = async (l: Locator) => {
        const b = await l.boundingBox();
        if (!b) throw new Error("a form field has no box");
        return b;
      };
      const [h, b, i] = [await box(hash), await box(block), await box(index)];
      // The hash first, all three in the first screen (the page not scrolled).
      expect(h.y).toBeLessThan(b.y);
      expect(i.y + i.height).toBeLessThanOrEqual(height);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      if (width >= 768) {
        expect(i.y).toBe(b.y); // the block pair in one row
        expect(h.width).toBeGreaterThan(b.width + i.width); // the hash full width
      } else expect(i.y).toBeGreaterThan(b.y); // stacked
      // Nothing filled: one message on the hash field, nothing sent.
      await gateway.clearLog();
      await view(page).getByRole("button", { name: "Look up transaction" }).click();
      await expect(hash).toHaveAttribute("aria-invalid", "true");
      await expect(
        view(page)
          .getByRole("alert")
          .filter({ hasText: "Enter a transaction hash, or a block hash and index" }),
      ).toBeVisible();
      const asked = (await gateway.log()).filter((e) =>
        /^eth_getTransactionBy/.test(e.method ?? ""),
      );
      expect(asked).toEqual([]);
    });

  test("390 px: no sideways panning, the header within a quarter of the screen", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#/tx?hash=${tx.hash}`);
    await expect(view(page).locator('dl[aria-label="Summary"]').getByText("Success")).toBeVisible({
      timeout: 30_000,
    });
    await expect(view(page).getByLabel("Transaction fields")).toBeVisible();
    // The app's header comes first (the page's own header is inside main).
    const header = await page.locator("header").first().boundingBox();
    expect(header?.height ?? Infinity).toBeLessThanOrEqual(211);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
