/**
 * The transaction page's summary from the receipt, against the devnet: a token transaction's
 * status, gas used and fee equal to the node's own receipt, its events and token transfers; a
 * reverted one with its reason; a pending one (anvil's automine off) that turns into Success by
 * itself, with its receipt lookups bounded.
 */
import type { Locator, Page } from "@playwright/test";
import { decodeAbiParameters } from "viem";
import { expect, test } from "./fixtures";

/** A JSON-RPC call straight to anvil (no gateway): the chain's own word to compare with. */
async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined)
    throw new Error(`${method}: ${body.error?.message ?? "no result"}`);
  return body.result;
}

interface Log {
  address: string;
  topics: string[];
  data: string;
}
interface Receipt {
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  logs: Log[];
}

/** The view on screen (the app keeps other visited views mounted, hidden). */
const view = (page: Page) => page.locator("main > div:not([hidden])");
const summary = (page: Page) => view(page).getByLabel("Summary", { exact: true });
/** The `<dd>` of a summary term. */
const dd = (page: Page, term: string): Locator =>
  summary(page)
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TRANSFER_SINGLE = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
const TRANSFER_BATCH = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb";
const DEPOSIT = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
const WITHDRAWAL = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";
const word = (hex: string, i: number) => BigInt(`0x${hex.slice(2 + 64 * i, 2 + 64 * (i + 1))}`);

/** What each token log says moved, read straight from the node's logs: amounts and NFT ids. */
function expectedMoves(logs: Log[]): { amounts: bigint[]; tokenIds: bigint[]; moves: number } {
  const amounts: bigint[] = [];
  const tokenIds: bigint[] = [];
  let moves = 0;
  for (const l of logs) {
    const t0 = l.topics[0]?.toLowerCase();
    if (t0 === TRANSFER || t0 === TRANSFER_SINGLE || t0 === DEPOSIT || t0 === WITHDRAWAL) moves++;
    if (t0 === TRANSFER && l.topics.length === 3) amounts.push(word(l.data, 0));
    if (t0 === TRANSFER && l.topics.length === 4) tokenIds.push(BigInt(l.topics[3] ?? "0x0"));
    if (t0 === TRANSFER_SINGLE) {
      tokenIds.push(word(l.data, 0));
      amounts.push(word(l.data, 1));
    }
    if (t0 === DEPOSIT || t0 === WITHDRAWAL) amounts.push(word(l.data, 0));
    if (t0 === TRANSFER_BATCH) {
      const [ids, values] = decodeAbiParameters(
        [{ type: "uint256[]" }, { type: "uint256[]" }],
        l.data as `0x${string}`,
      );
      tokenIds.push(...ids);
      amounts.push(...values);
      moves += ids.length;
    }
  }
  return { amounts, tokenIds, moves };
}

test.describe("the transaction's receipt", () => {
  // The header search lands on the same transaction's summary: checked after the card's own load
  // (were two tests).
  test("a token transfer: status, gas used and fee as the node's receipt, its events and transfers; the header search lands on its summary", async ({
    page,
    manifest,
    gateway,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    await test.step("a token transfer: status, gas used and fee as the node's receipt, its events and transfers", async () => {
      const receipt = await anvil<Receipt>(manifest.anvilUrl, "eth_getTransactionReceipt", [
        tx.hash,
      ]);
      await gateway.clearLog();
      await page.goto(`/#/tx?blockHash=${tx.blockHash}&index=${tx.index}`);
      await expect(dd(page, "Status")).toHaveText("Success", { timeout: 30_000 });
      const gasUsed = BigInt(receipt.gasUsed);
      const fee = gasUsed * BigInt(receipt.effectiveGasPrice);
      // numbers read in decimal with digit grouping, as on the card
      const grouped = (n: bigint) => n.toLocaleString("en-US");
      await expect(dd(page, "Gas used")).toContainText(
        new RegExp(`^${grouped(gasUsed)} of \\d{1,3}(,\\d{3})* limit`),
      );
      // the fee in the native unit; its wei on demand, as a second part
      await expect(dd(page, "Fee")).not.toContainText(`${grouped(fee)} wei`);
      await dd(page, "Fee").getByRole("button", { name: "Show wei of the fee" }).click();
      await expect(dd(page, "Fee")).toContainText(`${grouped(fee)} wei`);
      // the receipt was asked once, on the transaction's endpoint
      const asked = (await gateway.log()).filter((e) => e.method === "eth_getTransactionReceipt");
      expect(asked).toHaveLength(1);
      expect(asked[0]?.endpoint).toBe("rollupNitro");

      const events = view(page).getByRole("table", { name: "Events" });
      await expect(events.locator("tbody tr")).toHaveCount(receipt.logs.length);
      await expect(events).toContainText("Transfer");
      const transfers = view(page).getByRole("list", { name: "Token transfers" });
      for (const amount of expectedMoves(receipt.logs).amounts)
        await expect(transfers).toContainText(amount.toString());
      // whole tokens too, once the token's decimals are in
      await expect(transfers).toContainText("12.5 ");
    });

    await test.step("the header search with a transaction hash lands on its summary", async () => {
      await page.goto("/#/logs");
      const search = page.getByRole("searchbox", { name: /search/i });
      await search.fill(tx.hash);
      await search.press("Enter");
      await expect(page).toHaveURL(new RegExp(`#/tx\\?hash=${tx.hash}`, "i"));
      await expect(dd(page, "Status")).toHaveText("Success", { timeout: 30_000 });
      // the card by hash, not the one loaded by block and index above
      await expect(
        view(page).getByRole("group", { name: "Transaction lookup: what was asked" }),
      ).toContainText(new RegExp(`hash ${tx.hash}`, "i"), { timeout: 30_000 });
    });
  });

  test("every kind of token move (ERC-20, WETH, ERC-721, ERC-1155): exact amounts and token ids", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight;
    if (!tx) throw new Error("the devnet manifest has no insight transaction");
    const receipt = await anvil<Receipt>(manifest.anvilUrl, "eth_getTransactionReceipt", [tx.hash]);
    await page.goto(`/#/tx?hash=${tx.hash}`);
    await expect(dd(page, "Status")).toHaveText("Success", { timeout: 30_000 });
    const { amounts, tokenIds, moves } = expectedMoves(receipt.logs);
    expect(tokenIds.length).toBeGreaterThan(0);
    const transfers = view(page).getByRole("list", { name: "Token transfers" });
    await expect(transfers.getByRole("listitem")).toHaveCount(moves);
    for (const amount of amounts) await expect(transfers).toContainText(amount.toString());
    for (const id of tokenIds) await expect(transfers).toContainText(`token id ${id}`);
    await expect(view(page).getByRole("table", { name: "Events" }).locator("tbody tr")).toHaveCount(
      receipt.logs.length,
    );
    // native value moved inside the call: the trace's Balance changes
    const balances = view(page).getByRole("link", { name: "Balance changes in the trace" });
    await expect(balances).toHaveAttribute("href", `#/trace?hash=${tx.hash}&view=balances`);
  });

  test("a reverted one: Failed, and why, without a click", async ({ page, manifest }) => {
    const panic = manifest.transactions.panic;
    await page.goto(`/#/tx?hash=${panic.hash}`);
    await expect(dd(page, "Status")).toHaveText(/^Failed/, { timeout: 30_000 }); // its reason beside it
    const why = view(page).getByRole("region", { name: "Why it failed" });
    await expect(why).toContainText("Panic(0x12): division or modulo by zero");
    await expect(why).toContainText("This is a replay");

    const custom = manifest.transactions.customError;
    const errorName = manifest.calls.customErrorCall.error?.split("(")[0] ?? "InsufficientBalance";
    await page.goto(`/#/tx?hash=${custom.hash}`);
    await expect(dd(page, "Status")).toHaveText(/^Failed/, { timeout: 30_000 }); // its reason beside it
    await expect(view(page).getByRole("region", { name: "Why it failed" })).toContainText(
      errorName,
    );
  });

  test(
    "a pending one turns into Success by itself, its lookups bounded",
    // it stops automining and mines a block: playwright.config.ts runs it after the others
    { tag: "@chain-writes" },
    async ({ page, manifest, gateway }) => {
      const url = manifest.anvilUrl;
      const from = manifest.transactions.legacyTransfer.from;
      const to = manifest.transactions.legacyTransfer.to ?? from;
      await anvil(url, "evm_setAutomine", [false]);
      try {
        const hash = await anvil<string>(url, "eth_sendTransaction", [
          { from, to, value: "0x1", gas: "0x5208" },
        ]);
        await gateway.clearLog();
        await page.goto(`/#/tx?hash=${hash}`);
        await expect(dd(page, "Status")).toContainText("Pending", { timeout: 30_000 });
        await anvil(url, "evm_mine", []);
        await expect(dd(page, "Status")).toHaveText("Success", { timeout: 30_000 });
        await expect(dd(page, "Block")).toContainText(/\d/);
        const lookups = (await gateway.log()).filter(
          (e) => e.method === "eth_getTransactionReceipt",
        );
        expect(lookups.length).toBeGreaterThanOrEqual(2);
        expect(lookups.length).toBeLessThanOrEqual(6);
        // a few seconds apart: looked up again with a back-off, not in a loop
        const times = lookups.map((e) => Date.parse(e.time));
        for (let i = 1; i < times.length; i++)
          expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(2_000);
      } finally {
        await anvil(url, "evm_setAutomine", [true]);
      }
    },
  );
});
