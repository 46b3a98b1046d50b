/**
 * The address page (issue 36, point 2 and the search/links of point 4) on the devnet: the balance
 * at latest exactly as anvil states it, a verified contract behind an EIP-1967 proxy (the storage
 * scenario's LedgerProxy → LedgerV1) with its storage by name, its view functions read through
 * the implementation's ABI, its creator found without ots_ methods (the gateway does not serve
 * them) and with them (anvil does); the header search and the transaction page leading here; axe.
 */
import type { Page } from "@playwright/test";
import { formatEther, getAddress } from "viem";
import { seriousViolations } from "./axe";
import { expect, holdMethod, test, type E2eManifest } from "./fixtures";
import { LEDGER_RETRY } from "../devnet/storage.mjs";

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

function ledger(m: E2eManifest) {
  const s = m.storage as
    | {
        proxy: string;
        implementation: string;
        owner: string;
        to: string;
        values: { amount: string };
      }
    | undefined;
  if (!s) throw new Error("the devnet has no storage scenario");
  return s;
}

const view = (page: Page) => page.locator("main > div:not([hidden])");

test.describe("address page", () => {
  // The header search lands on the same account's page the balance test loaded: one load for
  // both (were two tests).
  test("the header search takes an account to its page: its balance at latest, exact, and its nonce; the transaction page links there", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.legacyTransfer;
    const who = getAddress(tx.from);
    await test.step("the header search takes an address to its page", async () => {
      await page.goto("/#/estimate");
      const search = page.getByRole("searchbox", { name: /search/i });
      await search.fill(tx.from);
      await search.press("Enter");
      await expect(page).toHaveURL(/#\/address\?/);
      await expect(page).toHaveURL(new RegExp(`address=${getAddress(tx.from)}`));
      await expect(view(page).getByTestId("balance-ether")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Address" })).toBeVisible();
    });

    await test.step("an account's balance at latest, exact in ether and wei, and its nonce", async () => {
      const ether = view(page).getByTestId("balance-ether");
      await expect(ether).toBeVisible({ timeout: 30_000 });
      // The block the page pinned "latest" to, named on the page: the node's balance there.
      const blockText = await view(page)
        .getByText(/^latest = block /)
        .textContent();
      const number = /block ([\d,]+)/.exec(blockText ?? "")?.[1]?.replace(/,/g, "");
      expect(number).toBeTruthy();
      const hex = `0x${BigInt(number ?? "0").toString(16)}`;
      const wei = BigInt(await anvil<string>(manifest.anvilUrl, "eth_getBalance", [who, hex]));
      expect(wei).toBeGreaterThan(0n);
      await expect(ether).toHaveText(`${formatEther(wei)} ETH`);
      await expect(view(page).getByTestId("balance-wei")).toHaveText(`${wei.toString()} wei`);
      const nonce = BigInt(
        await anvil<string>(manifest.anvilUrl, "eth_getTransactionCount", [who, hex]),
      );
      await expect(view(page).getByText("account without code (EOA)")).toBeVisible();
      await expect(view(page).locator("dt", { hasText: "Nonce" }).locator("+ dd")).toHaveText(
        nonce.toLocaleString("en-US"),
      );
    });

    await test.step("the rows below the balance stay put when it arrives (its two lines kept while asked)", async () => {
      const release = await holdMethod(page, "eth_getBalance");
      // another account than the steps above asked about: its balance is not known to the page yet
      await page.goto(`/#/address?address=${getAddress(manifest.transactions.tokenTransfer.from)}`);
      await expect(view(page).getByText("Asking eth_getBalance…")).toBeVisible({ timeout: 30_000 });
      const nonceRow = view(page).locator("dt", { hasText: "Nonce" });
      await expect(nonceRow.locator("+ dd")).not.toHaveText(/Asking/);
      // the rows above it settled too: the block named with its hash
      await expect(view(page).getByRole("button", { name: "Copy block hash" })).toBeVisible();
      const before = (await nonceRow.boundingBox())?.y;
      await release();
      await expect(view(page).getByTestId("balance-wei")).toBeVisible();
      expect((await nonceRow.boundingBox())?.y).toBe(before);
    });

    await test.step("the transaction page links there", async () => {
      await page.goto(`/#/tx?hash=${tx.hash}`);
      await view(page)
        .getByRole("link", { name: getAddress(tx.from) })
        .first()
        .click();
      await expect(page).toHaveURL(/#\/address\?address=/);
      await expect(page.getByRole("heading", { level: 1, name: "Address" })).toBeVisible();
    });
  });

  test("a verified contract behind a proxy: storage by name, Read through the implementation, the creator", async ({
    page,
    manifest,
    gateway,
  }) => {
    const s = ledger(manifest);
    await page.goto(`/#/address?address=${s.proxy}`);
    await expect(view(page).getByText(/contract \([\d,]+ bytes of code\)/)).toBeVisible({
      timeout: 30_000,
    });
    // Proxy → implementation, named by Sourcify (the devnet's stand-in).
    await expect(view(page).getByText("LedgerV1").first()).toBeVisible({ timeout: 30_000 });
    await expect(
      view(page)
        .getByRole("link", { name: getAddress(s.implementation) })
        .first(),
    ).toBeVisible();

    // Storage by name: `owner` with its value, as anvil's own slot 0 holds it.
    const storage = view(page).getByRole("table", { name: /storage/i });
    await expect(storage).toBeVisible({ timeout: 30_000 });
    const ownerRow = storage.getByRole("row", { name: /^owner\b/ });
    await expect(ownerRow).toContainText(getAddress(s.owner), { timeout: 30_000 });
    const slot0 = await anvil<string>(manifest.anvilUrl, "eth_getStorageAt", [
      s.proxy,
      "0x0",
      "latest",
    ]);
    expect(getAddress(`0x${BigInt(slot0).toString(16).padStart(64, "0").slice(24)}`)).toBe(
      getAddress(s.owner),
    );
    // A packed variable beside it, a dynamic array's length and an element, the EIP-1967 slot.
    await expect(storage.getByRole("row", { name: /^serial\b/ })).toBeVisible();
    await expect(storage.getByRole("row", { name: /^marks\.length\b/ })).toBeVisible();
    await expect(storage.getByRole("row", { name: /^marks\[0\]/ })).toContainText("10");
    await expect(storage.getByRole("row", { name: /^EIP-1967 implementation/ })).toContainText(
      getAddress(s.implementation),
    );

    // Read: owner() through the implementation's ABI, at the page's block.
    const owner = view(page).locator("details", { hasText: /^owner\(\)/ });
    await owner.locator("summary").click();
    await owner.getByRole("button", { name: "Call owner" }).click();
    await expect(owner.getByRole("definition")).toHaveText(getAddress(s.owner), {
      timeout: 30_000,
    });

    // A bad argument gets a message and sends nothing.
    await gateway.clearLog();
    const credit = view(page).locator("details", { hasText: /^credit\(address/ });
    await credit.locator("summary").click();
    await credit.getByRole("textbox").fill("0x12");
    await credit.getByRole("button", { name: "Call credit" }).click();
    await expect(credit.getByRole("alert").first()).toBeVisible();
    expect((await gateway.log()).filter((e) => e.method === "eth_call")).toEqual([]);

    // The creator: the gateway refuses ots_getContractCreator, so a binary search finds it.
    const creator = view(page).locator("dt", { hasText: "Creator" }).locator("+ dd");
    await expect(creator.getByText(/binary search over eth_getCode/)).toBeVisible({
      timeout: 60_000,
    });
    await expect(creator.getByRole("link").first()).toHaveText(getAddress(s.owner));
  });

  test("a mapping entry whose key a trace hashed this session is read by name", async ({
    page,
    manifest,
  }) => {
    const s = ledger(manifest);
    const tx = manifest.transactions.storage;
    const to = getAddress(s.to);
    if (!tx) throw new Error("the devnet has no storage transaction");
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&view=state`);
    await expect(
      page
        .getByRole("region", { name: /state changes/i })
        .getByText(`credit[${to}]`)
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    // The same tab (no reload): the keys the tracer saw are this session's.
    await page.evaluate((a) => {
      window.location.hash = `#/address?address=${a}`;
    }, s.proxy);
    const storage = view(page).getByRole("table", { name: /storage/i });
    // Read at latest: the first settlement's credit and the retry's (the comparison's pair).
    const credit = BigInt(s.values.amount) + LEDGER_RETRY.amount;
    await expect(storage.getByRole("row", { name: `credit[${to}]` })).toContainText(
      credit.toLocaleString("en-US"),
      { timeout: 30_000 },
    );
  });

  test("on anvil itself the creator comes from ots_getContractCreator", async ({
    page,
    manifest,
  }) => {
    const s = ledger(manifest);
    await page.goto(`/#/address?address=${s.proxy}&rpc=${encodeURIComponent(manifest.anvilUrl)}`);
    const creator = view(page).locator("dt", { hasText: "Creator" }).locator("+ dd");
    await expect(creator.getByText(/^ots_getContractCreator/)).toBeVisible({ timeout: 30_000 });
    await expect(creator.getByRole("link").first()).toHaveText(getAddress(s.owner));
  });

  test("axe: no serious or critical violation with a contract shown", async ({
    page,
    manifest,
  }) => {
    await page.goto(`/#/address?address=${ledger(manifest).proxy}`);
    await expect(
      view(page)
        .getByRole("table", { name: /storage/i })
        .getByRole("row", { name: /^owner\b/ }),
    ).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("a contract's page does not spill past the screen", async ({ page, manifest }) => {
      await page.goto(`/#/address?address=${ledger(manifest).proxy}`);
      await expect(
        view(page)
          .getByRole("table", { name: /storage/i })
          .getByRole("row", { name: /^owner\b/ }),
      ).toBeVisible({ timeout: 30_000 });
      // Wide tables scroll inside their own box; the page itself does not scroll sideways.
      const width = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect(width.page).toBeLessThanOrEqual(width.screen);
    });
  });
});
