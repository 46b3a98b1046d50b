/**
 * An address's transactions on a node that refuses `ots_*` (issue 48, point 1): the app talks to
 * anvil straight (`rpc=`), and every `ots_` request is answered "method not found" on the way, as
 * geth and the providers answer it. The address page of a sender then lists what it sent, found by
 * nonce bisection and picked from its blocks, newest first, each row linked to its transaction
 * and saying how it was found; the recent-block scan runs on request with its progress.
 */
import type { Page, Route } from "@playwright/test";
import { getAddress } from "viem";
import { expect, test } from "./fixtures";

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

type OtsPage = {
  txs: { hash: string; from: string; blockNumber: string }[];
  lastPage: boolean;
};

/** The newest `count` transactions `who` sent, from anvil's own ots_ (not through the app). */
async function newestSent(url: string, who: string, count: number): Promise<OtsPage["txs"]> {
  const sent: OtsPage["txs"] = [];
  let before = 0;
  for (;;) {
    const page = await anvil<OtsPage>(url, "ots_searchTransactionsBefore", [who, before, 25]);
    for (const t of page.txs) if (t.from.toLowerCase() === who.toLowerCase()) sent.push(t);
    const last = page.txs[page.txs.length - 1];
    if (sent.length >= count || page.lastPage || !last) return sent.slice(0, count);
    before = Number(last.blockNumber);
  }
}

/** Answers every ots_ request "method not found"; counts the others by method. */
async function refuseOts(page: Page, anvilUrl: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const origin = new URL(anvilUrl).origin;
  await page.route(
    (u) => u.origin === origin,
    async (route: Route) => {
      const body = route.request().postData();
      if (!body) return route.fallback();
      const msg = JSON.parse(body) as { id?: unknown; method?: string };
      const method = msg.method ?? "";
      counts.set(method, (counts.get(method) ?? 0) + 1);
      if (!method.startsWith("ots_")) return route.fallback();
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: msg.id ?? null,
          error: { code: -32601, message: `the method ${method} does not exist/is not available` },
        }),
      });
    },
  );
  return counts;
}

test.describe("address history without ots_", () => {
  test.setTimeout(180_000);
  test("a sender's transactions are listed from standard methods, newest first, each linked and saying how it was found", async ({
    page,
    manifest,
  }, testInfo) => {
    // The devnet's anvil keeps the state of its last 256 blocks only (--prune-history), as a
    // full node does: what the account sent in them is found by bisection, the rest is said.
    const who = getAddress(manifest.transactions.nestedCalls.from);
    const all = await newestSent(manifest.anvilUrl, who, 40);
    const kept = manifest.latestBlock - 200;
    const expected = all.filter((t) => Number(t.blockNumber) >= kept).slice(0, 10);
    expect(expected.length).toBe(10);
    const counts = await refuseOts(page, manifest.anvilUrl);

    await page.goto(`/#/address?address=${who}&rpc=${encodeURIComponent(manifest.anvilUrl)}`);
    const section = page.getByRole("region", { name: "Transactions" });
    await expect(section).toContainText("does not serve ots_searchTransactionsBefore", {
      timeout: 30_000,
    });
    const table = section.getByRole("table", { name: /transactions/i });
    await expect(table).toBeVisible({ timeout: 60_000 });
    const sentStatus = section.getByRole("status", { name: "Sent transactions" });
    await expect(sentStatus).toContainText(/^Sent: \d+ of the [\d,]+ transactions/, {
      timeout: 60_000,
    });
    await expect(sentStatus).not.toContainText("searching", { timeout: 60_000 });

    // Each of the newest sent transactions is a row, linked to its page, found by nonce bisection.
    for (const tx of expected) {
      const name = `${tx.hash.slice(0, 8)}…${tx.hash.slice(-4)}`;
      const link = table.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", `#/tx?hash=${tx.hash}`);
      await expect(
        table.getByRole("row").filter({ has: page.getByRole("link", { name }) }),
      ).toContainText("nonce bisection");
    }
    // A call's Method cell names its function (the devnet's decoding stand-ins know the scenario
    // contracts), as the block page does, with the selector in its title.
    let call: { hash: string; selector: string } | null = null;
    for (const tx of expected) {
      const t = await anvil<{ to: string | null; input: string }>(
        manifest.anvilUrl,
        "eth_getTransactionByHash",
        [tx.hash],
      );
      if (t.to && t.input.length >= 10) {
        call = { hash: tx.hash, selector: t.input.slice(0, 10).toLowerCase() };
        break;
      }
    }
    expect(call, "a sent transaction that calls a contract").not.toBeNull();
    if (call) {
      const name = `${call.hash.slice(0, 8)}…${call.hash.slice(-4)}`;
      const method = table
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name }) })
        .getByRole("cell")
        .nth(7);
      await expect(method).toHaveText(/^[A-Za-z_$][\w$]*$/, { timeout: 30_000 });
      await expect(method).toHaveAttribute("title", call.selector);
    }

    // Newest first: the block column never rises going down.
    const blocks = (await table.locator("tbody tr td:first-child").allTextContents()).map((t) =>
      Number(t.replace(/[^\d]/g, "")),
    );
    expect(blocks.length).toBeGreaterThanOrEqual(expected.length);
    expect(blocks).toEqual([...blocks].sort((a, b) => b - a));

    // What the history cost, as the page says it and as the node saw it.
    const said = /· ([\d,]+) requests/.exec((await sentStatus.textContent()) ?? "")?.[1];
    const nonceReads = counts.get("eth_getTransactionCount") ?? 0;
    const blockReads = counts.get("eth_getBlockByNumber") ?? 0;
    testInfo.annotations.push({
      type: "requests",
      description: `devnet: ${expected.length} newest sent of ${who}: the page says ${said} requests; the node saw eth_getTransactionCount ${nonceReads}, eth_getBlockByNumber ${blockReads} (the page's own reads included)`,
    });
    console.info(testInfo.annotations.at(-1)?.description);
    const total = [...counts.values()].reduce((n, c) => n + c, 0);
    testInfo.annotations.push({
      type: "requests",
      description: `devnet: the history page asked the node ${total} requests in all (${[...counts].map(([m, c]) => `${m} ${c}`).join(", ")})`,
    });
    console.info(testInfo.annotations.at(-1)?.description);
    expect(Number(said?.replace(/,/g, ""))).toBeGreaterThan(0);

    // What lies below the states the node keeps is said, with what finds it.
    await expect(section.getByRole("note").filter({ hasText: "archive node" })).toContainText(
      /older sent transactions? lies? before block [\d,]+: this node no longer holds the state there/,
    );

    // Older goes on.
    const first = await table.getByRole("row").count();
    await section.getByRole("button", { name: "Older sent transactions" }).click();
    await expect
      .poll(() => table.getByRole("row").count(), { timeout: 60_000 })
      .toBeGreaterThan(first);
  });

  test("the recent-block scan runs on request, counts the blocks it reads and can be cancelled", async ({
    page,
    manifest,
  }) => {
    const who = getAddress(manifest.transactions.legacyTransfer.from);
    await refuseOts(page, manifest.anvilUrl);
    await page.goto(`/#/address?address=${who}&rpc=${encodeURIComponent(manifest.anvilUrl)}`);
    const section = page.getByRole("region", { name: "Transactions" });
    const scan = section.getByRole("button", { name: "Scan recent blocks" });
    await expect(scan).toBeVisible({ timeout: 30_000 });
    await scan.click();
    const progress = section.getByRole("status", { name: "Block scan" });
    await expect(progress).toContainText(/of 200 blocks/);
    await expect(progress).toContainText(/^Scanned · 200 of 200 blocks/, { timeout: 60_000 });
    await scan.click();
    await section.getByRole("button", { name: "Cancel" }).click();
    await expect(progress).toContainText(/^Cancelled · \d+ of 200 blocks/);
  });
});
