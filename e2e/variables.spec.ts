// The Debug view's Variables on the devnet's Orders.place (devnet/variables.mjs, compiled without
// the optimizer): the verified contract compiled again in the browser with the devnet's own solc
// (solc=), its variables read at each step — parameters from the stack and the call's input, a
// memory struct holding a string, an internal call's calldata array and named return value.
// Lines are found in the source file itself, not written down here.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { z } from "zod";
import { expect, test, type E2eManifest } from "./fixtures";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = readFileSync(resolve(root, "devnet/contracts/debug/Orders.sol"), "utf8").split("\n");

function lineOf(text: string): number {
  const i = SOURCE.findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`Orders.sol has no line with ${text}`);
  return i + 1;
}

const variablesSchema = z.object({
  orders: z.string(),
  id: z.string(),
  note: z.string(),
  amounts: z.array(z.string()),
  total: z.string(),
});

function scenario(m: E2eManifest) {
  const tx = m.transactions.variablesFail;
  const solc = m.decoding.solc;
  if (!tx || !solc) throw new Error("the devnet has no Variables scenario");
  return { tx, solc, values: variablesSchema.parse((m as { variables?: unknown }).variables) };
}

const e = encodeURIComponent;
const link = (m: E2eManifest, hash: string, solc: string) =>
  `/#/trace?hash=${hash}&tracer=callTracer&view=debug&rpc=${e(m.anvilUrl)}&sourcify=${e(m.decoding.sourcify)}&solc=${e(solc)}`;

const PLACE = /Orders\.sol:(\d+)/;

function debuggerOf(page: Page) {
  const region = page.getByRole("region", { name: /debugger/i });
  const list = region.getByRole("list", { name: /variables/i });
  return {
    region,
    status: region.getByRole("status"),
    callStack: region.getByRole("list", { name: /call stack/i }).getByRole("listitem"),
    /** The variable's item: its name first. */
    item: (name: string) =>
      list
        .getByRole("listitem")
        .filter({ hasText: new RegExp(`^${name}\\b`) })
        .first(),
    button: (name: RegExp) => region.getByRole("button", { name }),
  };
}

async function lineNow(page: Page): Promise<number> {
  const text = (await debuggerOf(page).status.textContent()) ?? "";
  return Number(PLACE.exec(text)?.[1] ?? -1);
}

test.describe("the debugger's Variables", () => {
  test("the failed call opens at its require with place's parameters, its memory struct and its named return", async ({
    page,
    manifest,
  }) => {
    const { tx, solc, values } = scenario(manifest);
    await page.goto(link(manifest, tx.hash, solc));
    const d = debuggerOf(page);
    await expect(d.status).toContainText(PLACE, { timeout: 60_000 });
    expect(await lineNow(page)).toBe(lineOf("require(order.total < 100"));
    // the compile (the devnet's soljson, ~9 MB) and the entry's stack come first
    await expect(d.item("id")).toContainText(values.id, { timeout: 120_000 });
    await expect(d.item("note")).toContainText(values.note);
    const amounts = d.item("amounts");
    for (const [i, a] of values.amounts.entries())
      await expect(amounts.getByRole("listitem").nth(i)).toHaveText(
        new RegExp(`\\[${i}\\]\\s*${a}$`),
      );
    await expect(d.item("total")).toContainText(values.total);
    const order = d.item("order");
    await expect(order.getByRole("listitem").filter({ hasText: /^id\b/ })).toContainText(values.id);
    await expect(order.getByRole("listitem").filter({ hasText: /^note\b/ })).toContainText(
      values.note,
    );
    await expect(order.getByRole("listitem").filter({ hasText: /^total\b/ })).toContainText(
      values.total,
    );
  });

  test("a step over an assignment shows the value; back inside the internal call, its parameter and its named return", async ({
    page,
    manifest,
  }) => {
    const { tx, solc, values } = scenario(manifest);
    await page.goto(link(manifest, tx.hash, solc));
    const d = debuggerOf(page);
    await expect(d.item("id")).toContainText(values.id, { timeout: 120_000 });
    const assign = lineOf("order.total = total;");
    const back = d.button(/step back/i);
    for (let i = 0; i < 10 && (await lineNow(page)) !== assign; i++) {
      await back.click();
      await expect(d.status).toContainText(PLACE);
    }
    expect(await lineNow(page)).toBe(assign);
    const orderTotal = d
      .item("order")
      .getByRole("listitem")
      .filter({ hasText: /^total\b/ });
    await expect(orderTotal).toHaveText(/total\s*0$/, { timeout: 30_000 });
    await d.button(/step over/i).click();
    await expect(orderTotal).toHaveText(new RegExp(`total\\s*${values.total}$`), {
      timeout: 30_000,
    });

    // back over the assignments, into sum: its calldata array and its named return
    for (let i = 0; i < 20 && (await d.callStack.count()) < 2; i++) await back.click();
    await expect(d.callStack).toHaveText([/^place/, /^sum/]);
    const xs = d.item("xs");
    for (const [i, a] of values.amounts.entries())
      await expect(xs.getByRole("listitem").nth(i)).toHaveText(new RegExp(`\\[${i}\\]\\s*${a}$`), {
        timeout: 30_000,
      });
    await expect(d.item("acc")).toContainText(values.total);
  });
});
