import type { Page } from "@playwright/test";
import { logsResultSchema, type RawLog } from "../src/logs/result";
import { expect, test } from "./fixtures";

const TRANSFER_TOPIC0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** Asks anvil itself (no gateway, no limits), in chunks, for the logs a filter matches. */
async function anvilLogs(
  anvilUrl: string,
  filter: Record<string, unknown>,
  from: number,
  to: number,
): Promise<RawLog[]> {
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
        params: [{ ...filter, fromBlock: `0x${a.toString(16)}`, toBlock: `0x${b.toString(16)}` }],
      }),
    });
    const body = (await res.json()) as { result?: unknown };
    out.push(...logsResultSchema.parse(body.result));
  }
  return out;
}

const addressOf = (topic: string | undefined) => `0x${(topic ?? "").slice(26)}`;
const valueOf = (l: RawLog) => BigInt(l.data);
/** An exact integer as the grouped table writes it: digit groups of three. */
const grouped = (v: bigint) => v.toLocaleString("en-US");

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m !== null && m.index < line.length; m = re.exec(line)) {
    const cell = m[1] ?? "";
    out.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    if (m[2] === "") break;
  }
  return out;
}

const logsTable = (page: Page) => page.getByRole("table", { name: "Logs" });
const rowCount = async (page: Page) =>
  Number(await logsTable(page).getAttribute("aria-rowcount")) - 1;

function tokenLink(token: { address: string }, from: number, to: number, extra = ""): string {
  const topics = encodeURIComponent(JSON.stringify([TRANSFER_TOPIC0]));
  return `/#/logs?fromBlock=${from}&toBlock=${to}&address=${token.address}&topics=${topics}${extra}`;
}

test.describe("exploring logs", () => {
  test("group by contract and by to with exact sums, sort by value as a number, choose a group", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token;
    const expected = await anvilLogs(
      manifest.anvilUrl,
      { address: token.address, topics: [TRANSFER_TOPIC0] },
      token.fromBlock,
      token.toBlock,
    );
    expect(expected.length).toBe(token.logCount);
    await page.goto(tokenLink(token, token.fromBlock, token.toBlock));
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    expect(await rowCount(page)).toBe(expected.length);

    const groupBy = page.getByLabel(/group by/i);
    const options = await groupBy.locator("option").allTextContents();
    expect(options[0]).toBe("None");
    expect(options.some((o) => /^(Contract|Address)/.test(o))).toBe(true);
    expect(options).toEqual(expect.arrayContaining(["from", "to", "value"]));

    // by contract: one token, every log, the exact total
    const total = expected.reduce((s, l) => s + valueOf(l), 0n);
    await groupBy.selectOption({ label: "Contract (address)" });
    const groups = page.getByRole("table", { name: "Groups" });
    await expect(groups).toHaveAttribute("aria-rowcount", "2");
    const only = groups.getByRole("row").nth(1);
    await expect(only).toContainText(new RegExp(token.address, "i"));
    await expect(only).toContainText(grouped(BigInt(expected.length)));
    await expect(only).toContainText(grouped(total));

    // by `to`: one row per receiver with its count and exact sum, the largest sum first on demand
    const byTo = new Map<string, { count: number; sum: bigint }>();
    for (const l of expected) {
      const to = addressOf(l.topics[2]);
      const g = byTo.get(to) ?? { count: 0, sum: 0n };
      g.count++;
      g.sum += valueOf(l);
      byTo.set(to, g);
    }
    await groupBy.selectOption({ label: "to" });
    await expect(groups).toHaveAttribute("aria-rowcount", String(byTo.size + 1));
    await groups
      .getByRole("columnheader", { name: /^Sum of value/ })
      .getByRole("button")
      .click();
    const [topTo, top] = [...byTo].sort((a, b) => (b[1].sum > a[1].sum ? 1 : -1))[0] ?? [];
    expect(top).toBeTruthy();
    const first = groups.getByRole("row").nth(1);
    await expect(first).toContainText(new RegExp(topTo ?? "", "i"));
    await expect(first).toContainText(grouped(top?.sum ?? 0n));
    await expect(first).toContainText(String(top?.count));
    await expect(page).toHaveURL(/group=arg%3Ato/);

    // choosing a group narrows the log table to its logs
    await first.getByRole("button", { name: new RegExp(topTo ?? "", "i") }).click();
    await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String((top?.count ?? 0) + 1));
    await expect(page.getByRole("searchbox", { name: /filter/i })).toHaveValue(`to=${topTo}`);
    await expect(groupBy).toHaveValue("none");

    // back to every log, sorted by value as a number
    await page.getByRole("searchbox", { name: /filter/i }).fill("");
    await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(expected.length + 1));
    const values = expected.map(valueOf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const header = logsTable(page).getByRole("columnheader", { name: /^value/i });
    const valueAt = await logsTable(page)
      .getByRole("columnheader")
      .evaluateAll((hs) => hs.findIndex((h) => /^value/i.test(h.textContent ?? "")));
    const firstValue = () => logsTable(page).getByRole("row").nth(1).getByRole("cell").nth(valueAt);
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    // the cell reads in NST, its exact integer in the title (what the sort compares)
    const exactly = (v: bigint | undefined) => new RegExp(`^${String(v)} base units`);
    await expect(firstValue()).toHaveAttribute("title", exactly(values[0]));
    await expect(firstValue()).toHaveText(/ NST$/);
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect(firstValue()).toHaveAttribute("title", exactly(values[values.length - 1]));
  });

  test("an address typed into the filter shows its one log, and Export CSV writes exactly it", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token;
    // the token's transfers before its stream (its mint, the example transfer, …): an address
    // there is in one log (the stream pays 40 receivers over and over)
    const last = token.fromBlock - 1;
    const expected = await anvilLogs(
      manifest.anvilUrl,
      { address: token.address, topics: [TRANSFER_TOPIC0] },
      1,
      last,
    );
    const counts = new Map<string, number>();
    for (const l of expected)
      for (const a of new Set(l.topics.slice(1).map(addressOf)))
        counts.set(a, (counts.get(a) ?? 0) + 1);
    const once = [...counts].find(([, n]) => n === 1)?.[0];
    expect(once, "an address in exactly one log").toBeTruthy();
    const match = expected.find((l) => l.topics.slice(1).some((t) => addressOf(t) === once));

    await page.goto(tokenLink(token, 1, last));
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible();
    expect(await rowCount(page)).toBe(expected.length);
    await page.getByRole("searchbox", { name: /filter/i }).fill(once ?? "");
    await expect(logsTable(page)).toHaveAttribute("aria-rowcount", "2");
    await expect(page).toHaveURL(new RegExp(`q=${once}`));

    const exportButton = page.getByRole("button", { name: "Export CSV" });
    await expect(exportButton).toHaveText(/1 row\b/);
    const download = page.waitForEvent("download");
    await exportButton.click();
    const file = await (await download).path();
    const fs = await import("node:fs/promises");
    const lines = (await fs.readFile(file, "utf8")).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    const header = csvCells(lines[0] ?? "");
    expect(header).toEqual(
      expect.arrayContaining(["blockNumber", "transactionHash", "from", "to", "value"]),
    );
    const cells = csvCells(lines[1] ?? "");
    expect(cells).toHaveLength(header.length);
    const cell = (name: string) => cells[header.indexOf(name)];
    expect(cell("transactionHash")).toBe(match?.transactionHash);
    expect(cell("to")).toBe(addressOf(match?.topics[2]));
    expect(cell("value")).toBe(String(match ? valueOf(match) : ""));
  });

  test("a shared link opens the same view: filter, group, sort and hidden columns", async ({
    page,
    manifest,
  }) => {
    const token = manifest.token;
    const expected = await anvilLogs(
      manifest.anvilUrl,
      { address: token.address, topics: [TRANSFER_TOPIC0] },
      token.fromBlock,
      token.toBlock,
    );
    const values = expected.map(valueOf).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const median = values[Math.floor(values.length / 2)] ?? 0n;
    const over = expected.filter((l) => valueOf(l) > median);
    const receivers = new Set(over.map((l) => addressOf(l.topics[2])));

    const q = encodeURIComponent(`value>${median}`);
    await page.goto(
      tokenLink(token, token.fromBlock, token.toBlock, `&q=${q}&group=arg%3Ato&hide=time,args`),
    );
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole("searchbox", { name: /filter/i })).toHaveValue(`value>${median}`);
    await expect(page.getByLabel(/group by/i)).toHaveValue("arg:to");
    await expect(page.getByRole("table", { name: "Groups" })).toHaveAttribute(
      "aria-rowcount",
      String(receivers.size + 1),
    );
    await expect(page.getByRole("button", { name: /Export CSV \(/ })).toHaveText(
      new RegExp(`${receivers.size} groups?`),
    );

    // the rows, sorted by value descending, from a link opened on the same page
    await page.goto(
      tokenLink(token, token.fromBlock, token.toBlock, `&q=${q}&sort=arg%3Avalue%3Adesc&hide=args`),
    );
    await expect(logsTable(page)).toHaveAttribute("aria-rowcount", String(over.length + 1), {
      timeout: 60_000,
    });
    await expect(logsTable(page).getByRole("columnheader", { name: "Arguments" })).toHaveCount(0);
    const header = logsTable(page).getByRole("columnheader", { name: /^value/i });
    await expect(header).toHaveAttribute("aria-sort", "descending");
    // the largest value first: the value cell's exact integer (its title; it reads in NST)
    await expect(
      logsTable(page).getByRole("row").nth(1).getByRole("cell").filter({ hasText: / NST$/ }),
    ).toHaveAttribute("title", new RegExp(`^${String(values[values.length - 1])} base units`));
  });
});
