// The dry run of a mined transaction against what happened on chain, a simulated creation, and
// the override editor's slot helper, on the devnet's storage scenario (LedgerV1.settle through
// LedgerProxy, devnet/storage.mjs) and its contract creation; the expected figures are the node's
// own answers (receipt, code, keccak by hand), never the app's.
import type { Page } from "@playwright/test";
import { concatHex, encodeAbiParameters, getAddress, keccak256, padHex, toHex } from "viem";
import { expect, test, type E2eManifest } from "./fixtures";

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

interface MinedTx {
  hash: string;
  from: string;
  to: string | null;
  input: string;
  blockNumber: string;
}

/** The dry-run link the transaction page makes: the mined call at its parent block, `tx` named. */
async function dryRunLink(m: E2eManifest, hash: string, block?: string): Promise<string> {
  const tx = await anvil<MinedTx>(m.anvilUrl, "eth_getTransactionByHash", [hash]);
  const sp = new URLSearchParams({ from: tx.from });
  if (tx.to) sp.set("to", tx.to);
  sp.set("data", tx.input);
  sp.set("block", block ?? toHex(BigInt(tx.blockNumber) - 1n));
  sp.set("tx", hash);
  return `/#/simulate?${sp.toString()}`;
}

function storage(m: E2eManifest) {
  const tx = m.transactions.storage;
  const s = m.storage as { proxy: string; to: string; spender: string; owner: string } | undefined;
  if (!tx || !s) throw new Error("the devnet has no storage scenario");
  return { tx, s };
}

/** keccak256(abi.encode(key, slot)): a mapping entry, computed here by hand. */
const mapSlot = (a: string, slot: bigint) =>
  keccak256(
    concatHex([
      encodeAbiParameters([{ type: "address" }], [getAddress(a)]),
      padHex(toHex(slot), { size: 32 }),
    ]),
  );

const outcome = (page: Page) => page.getByRole("region", { name: "Simulation outcome" });
const compared = (page: Page) =>
  page.getByRole("region", { name: "Compared with the mined transaction" });

/** Nothing reaches past the right edge of a 390 px screen (the page does not pan sideways). */
async function fitsWidth(page: Page): Promise<void> {
  const r = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(r.page).toBeLessThanOrEqual(r.screen);
}

test.describe("the dry run of a mined transaction", () => {
  test("at its parent block: the same events, return data and state as on chain, each said; it fits 390 px", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx, s } = storage(manifest);
    const receipt = await anvil<{ logs: unknown[] }>(
      manifest.anvilUrl,
      "eth_getTransactionReceipt",
      [tx.hash],
    );
    await gateway.clearLog();
    await page.goto(await dryRunLink(manifest, tx.hash));
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    const box = compared(page);
    await expect(box.getByTestId("mined-outcome")).toContainText("On chain it succeeded");
    await expect(box.getByTestId("events-agreement")).toHaveText(
      `Same: the ${receipt.logs.length} event${receipt.logs.length === 1 ? "" : "s"} the chain recorded, in the same order.`,
    );
    // The receipt has no return data: said so, and nothing traced without a word.
    await expect(box.getByTestId("return-agreement")).toContainText(
      "Return data: not recorded on chain",
    );
    const traced = (await gateway.log()).filter((e) => e.method === "debug_traceTransaction");
    expect(traced).toHaveLength(0);
    await box.getByRole("button", { name: "Trace the mined transaction to compare" }).click();
    // settle returns its uint64 serial: one 32-byte word, the same on both sides.
    await expect(box.getByTestId("return-agreement")).toHaveText("Same as on chain (32 bytes).", {
      timeout: 30_000,
    });
    await box.getByRole("button", { name: "Compare state changes" }).click();
    await expect(box.getByTestId("state-agreement")).toContainText(
      /^Same: \d+ accounts? and \d+ slots?/,
      {
        timeout: 30_000,
      },
    );
    // The whole picture one link away: the Compare page with both sides.
    const href = await box
      .getByRole("link", { name: /open the full comparison/i })
      .getAttribute("href");
    const params = new URLSearchParams(href?.split("?")[1]);
    expect(params.get("a")).toBe(tx.hash.toLowerCase());
    expect(params.get("b")).toMatch(/^sim:/);

    // The same dry run on a phone's screen: resized, not loaded again.
    await test.step("at 390 px: the dry run, its comparison and the override editor fit without sideways panning", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(compared(page).getByTestId("events-agreement")).toBeVisible();
      await fitsWidth(page);
      await page
        .getByRole("button", { name: /edit|change/i })
        .first()
        .click();
      await page.getByRole("button", { name: "Add state override" }).click();
      const group = page.getByRole("group", { name: /Override 1/ });
      await group.getByLabel("Address", { exact: true }).fill(s.proxy);
      await group.getByRole("button", { name: "Add slot" }).click();
      await group.getByLabel("Slot", { exact: true }).fill(mapSlot(s.to, 3n));
      await group.getByRole("button", { name: "Compute slot" }).click();
      await expect(group.getByRole("group", { name: "Compute slot" })).toBeVisible();
      await fitsWidth(page);
      const field = group.getByLabel("Slot", { exact: true });
      expect(await field.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(false);
    });
  });

  test("on the state after it: the events and state that differ are named", async ({
    page,
    manifest,
  }) => {
    const { tx, s } = storage(manifest);
    // Run on the block the transaction is in: settle runs a second time on its own result, so
    // serial (in the Settled event) and the written slots end differently.
    await page.goto(await dryRunLink(manifest, tx.hash, toHex(tx.blockNumber)));
    await expect(outcome(page)).toContainText("The call would succeed", { timeout: 30_000 });
    const box = compared(page);
    await expect(box.getByTestId("events-agreement")).toContainText(
      /^Differ: \d+ on chain, \d+ here/,
    );
    await expect(box.getByRole("listitem").first()).toContainText(/#\d+: on chain/);
    await box.getByRole("button", { name: "Compare state changes" }).click();
    await expect(box.getByTestId("state-agreement")).toContainText(/^Differ in \d+ account/, {
      timeout: 30_000,
    });
    // the account that differs: checksummed, linked to its page
    const proxy = getAddress(s.proxy);
    const differing = box.getByRole("listitem").getByRole("link");
    await expect(differing.first()).toBeVisible();
    expect(await differing.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toContain(
      `#/address?address=${proxy}`,
    );
  });

  test("a simulated creation names the address it would create and the size of its runtime code", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.contractCreation;
    const receipt = await anvil<{ contractAddress: string }>(
      manifest.anvilUrl,
      "eth_getTransactionReceipt",
      [tx.hash],
    );
    const code = await anvil<string>(manifest.anvilUrl, "eth_getCode", [
      receipt.contractAddress,
      "latest",
    ]);
    const bytes = (code.length - 2) / 2;
    await page.goto(await dryRunLink(manifest, tx.hash));
    const created = outcome(page).getByTestId("created-contract");
    await expect(created).toContainText(getAddress(receipt.contractAddress), { timeout: 30_000 });
    const summary = created.getByText(`${bytes.toLocaleString("en-US")} bytes of runtime code`);
    await expect(summary).toBeVisible();
    await expect(outcome(page)).not.toContainText("Returned 0x");
    // The code itself stays folded until asked.
    await expect(created.getByText(code.slice(0, 40))).toBeHidden();
    await summary.click();
    await expect(created.locator("[data-hex=data]")).toContainText(code.slice(0, 40));
  });
});

test.describe("the override editor's slot field and Compute slot", () => {
  test("credit[to] from the proxy's verified layout fills the slot field whole; by hand for an unverified account", async ({
    page,
    manifest,
  }) => {
    const { s } = storage(manifest);
    await page.goto("/#/simulate");
    await page.getByRole("button", { name: "Add state override" }).click();
    const group = page.getByRole("group", { name: /Override 1/ });
    await group.getByLabel("Address", { exact: true }).fill(s.proxy);
    await group.getByRole("button", { name: "Add slot" }).click();
    await group.getByRole("button", { name: "Compute slot" }).click();
    const helper = group.getByRole("group", { name: "Compute slot" });
    // LedgerProxy is read with its implementation's layout (LedgerV1: credit is at slot 3).
    await helper.getByLabel("Variable and keys").fill(`credit[${s.to}]`, { timeout: 30_000 });
    const expected = mapSlot(s.to, 3n);
    await expect(helper.getByTestId("computed-slot")).toHaveText(expected);
    await helper.getByRole("button", { name: "Use this slot" }).click();
    const field = group.getByLabel("Slot", { exact: true });
    await expect(field).toHaveValue(expected);
    // The whole 66 characters show: the field is not narrower than its text.
    const clipped = await field.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    );
    expect(clipped).toBe(false);

    // An account with no verified layout: the manual helper, same maths.
    await page.getByRole("button", { name: "Add state override" }).click();
    const second = page.getByRole("group", { name: /Override 2/ });
    await second.getByLabel("Address", { exact: true }).fill(s.spender);
    await second.getByRole("button", { name: "Add slot" }).click();
    await second.getByRole("button", { name: "Compute slot" }).click();
    const byHand = second.getByRole("group", { name: "Compute slot" });
    await expect(byHand.getByText(/No verified storage layout/)).toBeVisible({ timeout: 30_000 });
    await byHand.getByLabel("Mapping at slot").fill("3");
    await byHand.getByLabel("Key type").selectOption("address");
    await byHand.getByLabel("With key").fill(s.to);
    await expect(byHand.getByTestId("computed-slot")).toHaveText(expected);
    // A dynamic array's element by hand: marks (slot 5), element 2 = keccak256(5) + 2.
    await byHand.getByLabel("Dynamic array element").check();
    await byHand.getByLabel("Array at slot").fill("5");
    await byHand.getByLabel("Element index").fill("2");
    const marks2 = padHex(toHex(BigInt(keccak256(padHex(toHex(5n), { size: 32 }))) + 2n), {
      size: 32,
    });
    await expect(byHand.getByTestId("computed-slot")).toHaveText(marks2);
    await byHand.getByRole("button", { name: "Use this slot" }).click();
    await expect(second.getByLabel("Slot", { exact: true })).toHaveValue(marks2);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the estimate page fits", async ({ page, manifest }) => {
    const t = manifest.transactions.legacyTransfer;
    const sp = new URLSearchParams({ from: t.from, to: t.to ?? "", value: "1" });
    await page.goto(`/#/estimate?${sp.toString()}`);
    await expect(page.getByText(/^= [\d,]+ gas$/).first()).toBeVisible({ timeout: 30_000 });
    await fitsWidth(page);
  });

  test("the compare page fits", async ({ page, manifest }) => {
    const a = manifest.transactions.storage;
    const b = manifest.transactions.storageRetry;
    if (!a || !b) throw new Error("the devnet has no comparison scenario");
    await page.goto(`/#/compare?a=${a.hash}&b=${b.hash}`);
    await expect(page.getByRole("tree").first()).toBeVisible({ timeout: 60_000 });
    await fitsWidth(page);
  });
});
