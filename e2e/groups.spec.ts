/**
 * The grouped table virtualised (issue 38, point 3): the devnet token's Transfers grouped by
 * value — every distinct amount a group, several hundred of them — every group reachable by
 * scrolling its scroller and by the keyboard, aria-rowcount true. Checked against anvil itself.
 */
import type { Page } from "@playwright/test";
import { logsResultSchema, type RawLog } from "../src/logs/result";
import { expect, test } from "./fixtures";

const TRANSFER_TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** The token's Transfer logs from anvil itself (no gateway, no limits), in chunks. */
async function transfers(anvilUrl: string, token: string, from: number, to: number) {
  const out: RawLog[] = [];
  for (let a = from; a <= to; a += 2000) {
    const b = Math.min(to, a + 1999);
    const res = await fetch(anvilUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_getLogs",
        params: [
          {
            address: token,
            topics: [TRANSFER_TOPIC0],
            fromBlock: `0x${a.toString(16)}`,
            toBlock: `0x${b.toString(16)}`,
          },
        ],
      }),
    });
    const body = (await res.json()) as { result?: unknown };
    out.push(...logsResultSchema.parse(body.result));
  }
  return out;
}

const groupsTable = (page: Page) => page.getByRole("table", { name: "Groups" });

test.describe("the grouped table", () => {
  test("hundreds of groups: the last reached by scrolling and by End, aria-rowcount true, a key chooses its group", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token;
    const logs = await transfers(manifest.anvilUrl, token.address, token.fromBlock, token.toBlock);
    const counts = new Map<bigint, number>();
    for (const l of logs) counts.set(BigInt(l.data), (counts.get(BigInt(l.data)) ?? 0) + 1);
    const values = [...counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values.length).toBeGreaterThan(300);
    const least = String(values[0]);
    const greatest = String(values[values.length - 1]);

    const topics = encodeURIComponent(JSON.stringify([TRANSFER_TOPIC0]));
    await page.goto(
      `/#/logs?fromBlock=${token.fromBlock}&toBlock=${token.toBlock}&address=${token.address}&topics=${topics}&group=arg%3Avalue&gsort=key%3Aasc`,
    );
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    const groups = groupsTable(page);
    await expect(groups).toHaveAttribute("aria-rowcount", String(values.length + 1));
    await expect(page.getByRole("button", { name: /more groups/i })).toHaveCount(0);
    // only the rows in view are in the DOM
    expect(await groups.getByRole("row").count()).toBeLessThan(60);
    const rowAt = (i: number) => groups.locator(`[role=row][aria-rowindex="${i}"]`);
    await expect(rowAt(2).getByRole("button")).toHaveText(least);

    // scrolled to its end, the scroller shows the last group, below the pinned header
    await groups.scrollIntoViewIfNeeded();
    await groups.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = rowAt(values.length + 1);
    await expect(last.getByRole("button")).toHaveText(greatest);
    await expect(last).toBeInViewport();
    await expect(groups.getByRole("columnheader").first()).toBeInViewport();
    await expect(rowAt(2)).toHaveCount(0);

    // the keyboard: Home and End reach the first and the last group, the arrows the next ones
    await groups.evaluate((el) => el.scrollTo({ top: 0 }));
    await rowAt(2).getByRole("button").focus();
    await page.keyboard.press("End");
    await expect(last.getByRole("button")).toBeFocused();
    await expect(last).toBeInViewport();
    await page.keyboard.press("Home");
    await expect(rowAt(2).getByRole("button")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(rowAt(3).getByRole("button")).toBeFocused();
    await expect(rowAt(3).getByRole("button")).toHaveText(String(values[1]));

    // Enter on the last group narrows the log table to its logs
    await page.keyboard.press("End");
    await expect(last.getByRole("button")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("searchbox", { name: /filter/i })).toHaveValue(`value=${greatest}`);
    await expect(page.getByRole("table", { name: "Logs" })).toHaveAttribute(
      "aria-rowcount",
      String((counts.get(BigInt(greatest)) ?? 0) + 1),
    );
  });
});
