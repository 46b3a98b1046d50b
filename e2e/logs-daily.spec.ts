/**
 * The log explorer as a daily user explores a result (issue 37, point 4): filter terms with spaces
 * and in the token's units, Back through filter / Group by steps, the histogram following the
 * filter and narrowing it, the columns at 1400 px with the header pinned, and
 * Copy link. Against the devnet token's Transfer stream, checked against anvil itself.
 */
import type { Page } from "@playwright/test";
import { logsResultSchema, type RawLog } from "../src/logs/result";
import { expect, test } from "./fixtures";

const TRANSFER_TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

async function rpc(anvilUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(anvilUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.result === undefined) throw new Error(`anvil ${method}: ${body.error?.message}`);
  return body.result;
}

/** The token's Transfer logs from anvil itself, in chunks of 2,000 blocks. */
async function transfers(anvilUrl: string, token: string, from: number, to: number) {
  const out: RawLog[] = [];
  for (let a = from; a <= to; a += 2000) {
    const b = Math.min(to, a + 1999);
    const result = await rpc(anvilUrl, "eth_getLogs", [
      {
        address: token,
        topics: [TRANSFER_TOPIC0],
        fromBlock: `0x${a.toString(16)}`,
        toBlock: `0x${b.toString(16)}`,
      },
    ]);
    out.push(...logsResultSchema.parse(result));
  }
  return out;
}

const valueOf = (l: RawLog) => BigInt(l.data);
const logsTable = (page: Page) => page.getByRole("table", { name: "Logs" });
const filterBox = (page: Page) => page.getByRole("searchbox", { name: /filter/i });

function tokenLink(token: { address: string }, from: number, to: number, extra = ""): string {
  const topics = encodeURIComponent(JSON.stringify([TRANSFER_TOPIC0]));
  return `/#/logs?fromBlock=${from}&toBlock=${to}&address=${token.address}&topics=${topics}${extra}`;
}

async function openStream(
  page: Page,
  token: { address: string; fromBlock: number; toBlock: number },
) {
  await page.goto(tokenLink(token, token.fromBlock, token.toBlock));
  await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
    timeout: 60_000,
  });
}

test.describe("exploring logs day to day", () => {
  // One scan of the token's stream, explored step by step as a user would: each step is one of
  // the checks that used to open the stream afresh (docs/testing.md, "e2e tests merged or
  // dropped (views)"). The order keeps each step's starting state: the copied hash is the first
  // row's before any filter or sort, Back walks the history the steps before it made, and the
  // grouped view (Copy link) comes last.
  test("the token's stream explored: copy, Back through steps, filter terms, histogram, width, Copy link", async ({
    page,
    manifest,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const token = manifest.token;
    const logs = await transfers(manifest.anvilUrl, token.address, token.fromBlock, token.toBlock);
    const values = logs.map(valueOf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const median = values[Math.floor(values.length / 2)] ?? 0n;
    const overLogs = logs.filter((l) => valueOf(l) > median);
    const over = overLogs.length;
    expect(over).toBeGreaterThan(0);
    expect(over).toBeLessThan(logs.length);
    await openStream(page, token);

    await test.step("a hash shown short copies in full", async () => {
      const hashCell = logsTable(page)
        .getByRole("row")
        .nth(1)
        .getByRole("cell")
        .filter({ hasText: /^0x[0-9a-f]{6}…[0-9a-f]{4}$/ })
        .first();
      await expect(hashCell).toHaveText(/…/);
      await hashCell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const sel = window.getSelection();
        sel?.removeAllRanges();
        sel?.addRange(range);
      });
      await page.keyboard.press("ControlOrMeta+c");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(logs[0]?.transactionHash);
    });
    await test.step("after a filter is typed and a Group by chosen, Back returns to the ungrouped table with the filter kept", async () => {
      await filterBox(page).fill(`value>${median}`);
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(over + 1));
      await page.getByLabel(/group by/i).selectOption({ label: "to" });
      await expect(page.getByRole("table", { name: "Groups" })).toBeVisible();
      await expect(page).toHaveURL(/group=arg%3Ato/);

      await page.goBack();
      await expect(page.getByLabel(/group by/i)).toHaveValue("none");
      await expect(filterBox(page)).toHaveValue(`value>${median}`);
      await expect(logsTable(page)).toBeVisible();
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(over + 1));
      await expect(page).not.toHaveURL(/group=/);

      // one more step back: the filter typed is gone, every log shows, still on the explorer
      await page.goBack();
      await expect(filterBox(page)).toHaveValue("");
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(logs.length + 1));

      // sorting is a step too
      const header = logsTable(page).getByRole("columnheader", { name: /^value/i });
      await header.getByRole("button").click();
      await expect(header).toHaveAttribute("aria-sort", "ascending");
      await page.goBack();
      await expect(header).not.toHaveAttribute("aria-sort", "ascending");
    });
    await test.step("a field term with spaces counts as without them; a number with a point is in whole tokens", async () => {
      await filterBox(page).fill(`value>${median}`);
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(over + 1));
      await filterBox(page).fill(`value > ${median}`);
      await expect(page.getByText(/of [\d,]+ logs match/)).toHaveText(
        `${over.toLocaleString("en-US")} of ${logs.length.toLocaleString("en-US")} logs match`,
      );
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(over + 1));

      // the token's amounts are shown in whole tokens: 0.5 means half a token
      const decimals = Number(
        BigInt(
          String(
            await rpc(manifest.anvilUrl, "eth_call", [
              { to: token.address, data: "0x313ce567" },
              "latest",
            ]),
          ),
        ),
      );
      const unit = 10n ** BigInt(decimals);
      // a threshold between two values, written with a point
      const mid = values[Math.floor(values.length / 3)] ?? 0n;
      const whole = mid / unit;
      const frac = (mid % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
      const asTokens = `${whole}.${frac || "0"}`;
      const overTokens = logs.filter((l) => valueOf(l) > mid).length;
      await expect(page.getByText(/point or the token symbol is in whole tokens/)).toBeVisible();
      await filterBox(page).fill(`value > ${asTokens}`);
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(overTokens + 1), {
        timeout: 15_000,
      });
    });
    await test.step("the histogram follows the filter, and a bar narrows the shown rows at once", async () => {
      const chart = page.getByRole("figure");
      await filterBox(page).fill(`value>${median}`);
      await expect(chart).toContainText(
        `${overLogs.length.toLocaleString("en-US")} of ${logs.length.toLocaleString("en-US")} logs`,
      );
      const bar = page.getByRole("button", { name: /^Blocks \d+–\d+: [\d,]+ of [\d,]+ logs?$/ });
      const first = bar.first();
      const name = (await first.getAttribute("aria-label")) ?? "";
      const m = /^Blocks (\d+)–(\d+): ([\d,]+) of/.exec(name);
      expect(m).toBeTruthy();
      const [a, b] = [Number(m?.[1]), Number(m?.[2])];
      const inBar = overLogs.filter((l) => {
        const n = Number(l.blockNumber);
        return n >= a && n <= b;
      }).length;
      expect(Number((m?.[3] ?? "").replace(/,/g, ""))).toBe(inBar);

      await first.click();
      await expect(filterBox(page)).toHaveValue(`value>${median} block:${a}..${b}`);
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(inBar + 1));
      // the form stays folded: no "press …" detour
      await expect(page.getByRole("button", { name: "Get logs" })).toBeHidden();
      await expect(page.getByText(/press Find logs/i)).toHaveCount(0);
    });
    await test.step("at 1400 px the value column is in view; wider, the table scrolls in its own box", async () => {
      await filterBox(page).fill("");
      await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(logs.length + 1));
      await page.setViewportSize({ width: 1400, height: 900 });
      const table = logsTable(page);
      const box = await table.boundingBox();
      const value = await table.getByRole("columnheader", { name: /^value/i }).boundingBox();
      expect(box && value).toBeTruthy();
      if (!box || !value) throw new Error("the table or its value column has no box");
      expect(value.x + value.width).toBeLessThanOrEqual(box.x + box.width + 1);

      // wider than its box, the table scrolls sideways inside it (the page does not), header on top
      await table.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await expect(table.getByRole("row").first()).toBeInViewport();
    });
    await test.step("Copy link copies the view: filter and Group by", async () => {
      await filterBox(page).fill("value>1");
      await page.getByLabel(/group by/i).selectOption({ label: "to" });
      await page.getByRole("button", { name: "Copy link" }).click();
      await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(page.url());
      expect(copied).toMatch(/q=value%3E1/);
      expect(copied).toMatch(/group=arg%3Ato/);
    });
  });
});
