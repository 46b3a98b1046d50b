/**
 * An event whose arguments do not each take one data word (devnet/contracts/Tally.sol:
 * `Entry(address indexed who, uint256[2] pair, Spot spot, uint256 amount, string note)`), decoded
 * only through the Sourcify and signature-database stand-ins: its `amount` column, filters, Group
 * by sums, the grouped table's sort by key and choosing a group whose key has a space or a quote.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { z } from "../src/platform/zod";
import { E2E_MANIFEST, expect, test, type E2eManifest, standInServices } from "./fixtures";

const tallySchema = z.object({
  tally: z.object({
    address: z.string(),
    fromBlock: z.number(),
    toBlock: z.number(),
    entries: z
      .array(z.object({ who: z.string(), amount: z.string(), note: z.string() }))
      .check(z.minLength(1)),
  }),
});
type Tally = z.infer<typeof tallySchema>["tally"];

/** The scenario as the devnet wrote it into the manifest (read when the test runs). */
const readTally = (): Tally =>
  tallySchema.parse(JSON.parse(readFileSync(E2E_MANIFEST, "utf8"))).tally;

/** An exact integer as the grouped table writes it: digit groups of three. */
const grouped = (v: bigint) => v.toLocaleString("en-US");
const logsTable = (page: Page) => page.getByRole("table", { name: "Logs" });

function link(m: E2eManifest, t: Tally): string {
  const e = encodeURIComponent;
  return (
    `/#/logs?address=${t.address}&fromBlock=${t.fromBlock}&toBlock=${t.toBlock}` +
    `&rpc=${e(m.endpoints.rollup)}${standInServices(m)}`
  );
}

/** Count and exact amount sum per key. */
function tallyBy(t: Tally, key: (e: Tally["entries"][number]) => string) {
  const out = new Map<string, { count: number; sum: bigint }>();
  for (const e of t.entries) {
    const g = out.get(key(e)) ?? { count: 0, sum: 0n };
    g.count++;
    g.sum += BigInt(e.amount);
    out.set(key(e), g);
  }
  return out;
}

test.describe("an event laid out past one word per argument", () => {
  test("amount column, filters, Group by sums, sort by key, choosing a group with a space or a quote", async ({
    page,
    manifest,
  }) => {
    const t = readTally();
    await page.goto(link(manifest, t));
    await expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
      timeout: 30_000,
    });
    const table = logsTable(page);
    await expect(table).toHaveAttribute("aria-rowcount", String(t.entries.length + 1));

    // decoded through Sourcify: a column per argument, amount read at its own word
    const amountHeader = table.getByRole("columnheader", { name: /^amount/ });
    await expect(amountHeader).toBeVisible({ timeout: 20_000 });
    for (const name of ["who", "pair", "spot", "note"])
      await expect(table.getByRole("columnheader", { name: new RegExp(`^${name}`) })).toBeVisible();
    const amountAt = await table
      .getByRole("columnheader")
      .evaluateAll((hs) => hs.findIndex((h) => /^amount/.test(h.textContent ?? "")));
    const noteAt = await table
      .getByRole("columnheader")
      .evaluateAll((hs) => hs.findIndex((h) => /^note/.test(h.textContent ?? "")));
    const first = table.getByRole("row").nth(1);
    await expect(first.getByRole("cell").nth(amountAt)).toHaveText(t.entries[0]?.amount ?? "");
    await expect(first.getByRole("cell").nth(noteAt)).toHaveText(t.entries[0]?.note ?? "");

    // the filter reads the argument by name, as an exact integer
    const filter = page.getByRole("searchbox", { name: /filter/i });
    const count = (f: (a: bigint) => boolean) =>
      t.entries.filter((e) => f(BigInt(e.amount))).length;
    await filter.fill("amount=700021");
    await expect(table).toHaveAttribute("aria-rowcount", String(count((a) => a === 700021n) + 1));
    await filter.fill("amount>=31337000");
    await expect(table).toHaveAttribute(
      "aria-rowcount",
      String(count((a) => a >= 31_337_000n) + 1),
    );
    expect(count((a) => a >= 31_337_000n)).toBeGreaterThan(1);
    await filter.fill("");
    await expect(table).toHaveAttribute("aria-rowcount", String(t.entries.length + 1));

    // Group by offers each argument by name
    const groupBy = page.getByRole("combobox", { name: /group by/i });
    const options = await groupBy.locator("option").allTextContents();
    expect(options).toEqual(expect.arrayContaining(["who", "amount", "note"]));
    const groups = page.getByRole("table", { name: "Groups" });

    // by who: key, count and the exact sum of amount; the first header sorts by key (addresses as numbers)
    const byWho = tallyBy(t, (e) => e.who.toLowerCase());
    await groupBy.selectOption({ label: "who" });
    await expect(groups).toHaveAttribute("aria-rowcount", String(byWho.size + 1));
    for (const [who, g] of byWho) {
      const row = groups
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: new RegExp(`^${who}$`, "i") }) });
      await expect(row).toContainText(grouped(BigInt(g.count)));
      await expect(row).toContainText(grouped(g.sum));
    }
    const keyHeader = groups.getByRole("columnheader").first();
    const whoOrder = [...byWho.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const keyOf = (i: number) => groups.getByRole("row").nth(i).getByRole("button").first();
    await keyHeader.getByRole("button").click();
    await expect(keyHeader).toHaveAttribute("aria-sort", "ascending");
    for (const [i, who] of whoOrder.entries())
      await expect(keyOf(i + 1)).toHaveText(new RegExp(`^${who}$`, "i"));
    await keyHeader.getByRole("button").click();
    await expect(keyHeader).toHaveAttribute("aria-sort", "descending");
    await expect(keyOf(1)).toHaveText(new RegExp(`^${whoOrder[whoOrder.length - 1]}$`, "i"));

    // by note: a key with a space, one with quotes and a backslash; choosing one shows its logs
    const byNote = tallyBy(t, (e) => e.note);
    await groupBy.selectOption({ label: "note" });
    await expect(groups).toHaveAttribute("aria-rowcount", String(byNote.size + 1));
    const noteRow = (note: string) =>
      groups
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: note, exact: true }) });
    for (const [note, g] of byNote) {
      await expect(noteRow(note)).toContainText(grouped(BigInt(g.count)));
      await expect(noteRow(note)).toContainText(grouped(g.sum));
    }
    const spaced = [...byNote].find(([note, g]) => note.includes(" ") && g.count > 1);
    expect(spaced, "a note with a space in several logs").toBeTruthy();
    const [note, g] = spaced ?? ["", { count: 0, sum: 0n }];
    await noteRow(note).getByRole("button", { name: note, exact: true }).click();
    await expect(filter).toHaveValue(`note="${note}"`);
    await expect(table).toHaveAttribute("aria-rowcount", String(g.count + 1));
    await expect(groupBy).toHaveValue("none");

    const quoted = [...byNote].find(([n]) => n.includes('"'));
    expect(quoted, "a note with a quote").toBeTruthy();
    const [qNote, qGroup] = quoted ?? ["", { count: 0, sum: 0n }];
    await filter.fill("");
    await groupBy.selectOption({ label: "note" });
    await noteRow(qNote).getByRole("button", { name: qNote, exact: true }).click();
    await expect(table).toHaveAttribute("aria-rowcount", String(qGroup.count + 1));
    await expect(table.getByRole("row").nth(1).getByRole("cell").nth(noteAt)).toHaveText(qNote);
  });
});
