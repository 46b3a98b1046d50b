import type { Locator, Page } from "@playwright/test";
import { encodeFunctionData, getAddress, parseAbi } from "viem";
import { expect, test } from "./fixtures";

/** A JSON-RPC call straight to anvil (no gateway): the chain's own word to compare with. */
async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? res.status}`);
  return body.result;
}

const hex = (n: number) => `0x${n.toString(16)}`;
const ERC20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const ERC1155 = parseAbi(["function balanceOf(uint256, address) view returns (uint256)"]);

/** What `read` says at the insight transaction's block minus what it said at the block before. */
async function change(block: number, read: (tag: string) => Promise<string>): Promise<bigint> {
  const [before, after] = await Promise.all([read(hex(block - 1)), read(hex(block))]);
  return BigInt(after) - BigInt(before);
}

function signed(n: bigint): string {
  return `${n > 0n ? "+" : ""}${n.toString()}`;
}

/** The balance-change row of an address whose asset cell matches `asset`. */
function row(table: Locator, address: string, asset: RegExp): Locator {
  return table
    .getByRole("row")
    .filter({ hasText: new RegExp(address, "i") })
    .filter({ hasText: asset });
}

async function openView(page: Page, hash: string, view: string) {
  await page.goto(`/#/trace?hash=${hash}&tracer=callTracer&view=${view}`);
}

test.describe("transaction insight", () => {
  // One load of the insight transaction's trace: its balance changes (opened by the link), then
  // its state changes and gas by function reached by their tabs.
  test("balance changes match the chain; state changes asked only on a click; gas by function marks its frames", async ({
    page,
    manifest,
    gateway,
  }) => {
    const tx = manifest.transactions.insight;
    expect(tx, "the devnet's insight transaction").toBeDefined();
    if (!tx) return;
    await test.step("balance changes match the chain's own balances before and after", async () => {
      const insight = manifest.insight;
      expect(insight).toBeDefined();
      if (!insight) return;
      const [a5, a6, a7] = insight.recipients as [string, string, string];
      const token = manifest.token.address;
      const weth = manifest.contracts.MiniWETH?.address ?? "";
      const multi = manifest.contracts.MiniMulti?.address ?? "";
      const url = manifest.anvilUrl;
      const block = tx.blockNumber;
      const balance = (who: string) => (tag: string) =>
        anvil<string>(url, "eth_getBalance", [who, tag]);
      const call = (to: string, data: string) => (tag: string) =>
        anvil<string>(url, "eth_call", [{ to, data }, tag]);
      const erc20 = (t: string, who: string) =>
        call(
          t,
          encodeFunctionData({ abi: ERC20, functionName: "balanceOf", args: [getAddress(who)] }),
        );

      await openView(page, tx.hash, "balances");
      const region = page.getByRole("region", { name: /balance changes/i });
      const table = region.getByRole("table");
      await expect(table).toBeVisible();
      await expect(region.getByText(/gas fees are not included/i)).toBeVisible();

      for (const who of [a5, a6, a7, tx.to ?? ""]) {
        const delta = await change(block, balance(who));
        await expect(row(table, who, /ETH \(native\)/)).toContainText(signed(delta));
      }
      // the sender paid the value and the gas fee; the table leaves the fee out
      const receipt = await anvil<{ gasUsed: string; effectiveGasPrice: string }>(
        url,
        "eth_getTransactionReceipt",
        [tx.hash],
      );
      const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
      const senderDelta = (await change(block, balance(tx.from))) + fee;
      await expect(row(table, tx.from, /ETH \(native\)/)).toContainText(signed(senderDelta));
      expect(senderDelta).toBe(-BigInt(insight.value));

      const nst = await change(block, erc20(token, a5));
      await expect(row(table, a5, /NST|ERC-20/).filter({ hasText: token })).toContainText(
        signed(nst),
      );
      const wrapped = await change(block, erc20(weth, a6));
      await expect(row(table, a6, /WETH/)).toContainText(signed(wrapped));
      const id1 = await change(
        block,
        call(
          multi,
          encodeFunctionData({
            abi: ERC1155,
            functionName: "balanceOf",
            args: [1n, getAddress(a5)],
          }),
        ),
      );
      await expect(row(table, a5, /#1 \(ERC-1155\)/)).toContainText(signed(id1));
      // ERC-721: the token id is shown, +1 for its new owner
      await expect(row(table, a7, new RegExp(`#${insight.nftId} \\(ERC-721\\)`))).toContainText(
        "+1",
      );
      // the reverted branch's 1 NST to a7 did not happen
      await expect(row(table, a7, /ERC-20/)).toHaveCount(0);
    });
    await test.step("state changes: asked only on a click inside the app, rows match the node's diff", async () => {
      await gateway.clearLog();
      await page.getByRole("tab", { name: "State changes" }).click();
      await expect(page.getByText(/another trace of this transaction/i)).toBeVisible();
      const traces = async () =>
        (await gateway.log()).filter((e) => JSON.stringify(e.params).includes("prestateTracer"));
      expect(await traces()).toHaveLength(0); // never by itself
      await page.getByRole("button", { name: /show state changes/i }).click();
      const region = page.getByRole("region", { name: /state changes/i });
      const table = region.getByRole("table");
      await expect(table).toBeVisible();
      expect(await traces()).toHaveLength(1);

      const diff = await anvil<{
        pre: Record<string, { storage?: Record<string, string> }>;
        post: Record<string, { storage?: Record<string, string>; nonce?: number }>;
      }>(manifest.anvilUrl, "debug_traceTransaction", [
        tx.hash,
        { tracer: "prestateTracer", tracerConfig: { diffMode: true } },
      ]);
      for (const [address, account] of Object.entries(diff.post)) {
        // one row group per account: its address, then its balance, nonce and slot rows
        const group = table.getByRole("rowgroup").filter({
          // the address, after the contract's name where it has one
          has: page.getByRole("rowheader", { name: new RegExp(address, "i") }),
        });
        await expect(group).toHaveCount(1);
        for (const [slot, value] of Object.entries(account.storage ?? {})) {
          const slotRow = group.getByRole("row").filter({ hasText: new RegExp(`^${slot}`) });
          await expect(slotRow).toContainText(value);
        }
      }
      // the sender's nonce row: before → after
      await expect(table.getByRole("row").filter({ hasText: "Nonce" }).first()).toBeVisible();
    });
    await test.step("gas by function: choosing a row marks its frames in the tree", async () => {
      await page.getByRole("tab", { name: "Gas by function" }).click();
      const region = page.getByRole("region", { name: /gas by function/i });
      await expect(region.getByRole("table")).toBeVisible();
      // rows read Contract.function: the devnet's verified MiniNFT
      await region
        .getByRole("button", { name: /^MiniNFT\.mint$/ })
        .first()
        .click();
      await page.getByRole("tab", { name: "Call tree" }).click();
      await expect(page.getByText(/frames of the chosen function are marked/)).toBeVisible();
      await expect(page.getByRole("treeitem", { selected: true })).toContainText(/mint/);
    });
  });

  test("a link with view=state asks on load; token flow selects the frame that moved", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight;
    if (!tx) throw new Error("no insight transaction");
    await openView(page, tx.hash, "state");
    await expect(
      page.getByRole("region", { name: /state changes/i }).getByRole("table"),
    ).toBeVisible();

    await page.getByRole("tab", { name: "Token flow" }).click();
    const edges = page.getByRole("button", { name: /^Transfer \d+:/ });
    await expect(edges.first()).toBeVisible();
    // #5: the self-destructed Piggy's ether on to a7
    await page.getByRole("button", { name: /^Transfer 5:/ }).click();
    await expect(page.getByRole("tab", { name: "Call tree" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("treeitem", { selected: true })).toContainText(/SELFDESTRUCT/i);
  });
});
