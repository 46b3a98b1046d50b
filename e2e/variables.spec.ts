// The Debug view's Variables on the devnet's Orders.place (devnet/variables.mjs, compiled without
// the optimizer): the verified contract compiled again in the browser with the devnet's own solc
// (solc=), its variables read at each step — parameters from the stack and the call's input, a
// memory struct holding a string, an internal call's calldata array and named return value, an
// internal call's memory string returned (in the Variables and on its row in the call tree), a
// storage struct and a state variable through the storage layout; the same Variables in a dry
// run's Debug view and on a node that cannot trace (the replay in the browser).
// Lines are found in the source file itself, not written down here.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { z } from "../src/platform/zod";
import { expect, test, type E2eManifest, standInServices } from "./fixtures";

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
const link = (m: E2eManifest, hash: string, solc: string, rpc = m.anvilUrl) =>
  `/#/trace?hash=${hash}&tracer=callTracer&view=debug&rpc=${e(rpc)}${standInServices(m)}&solc=${e(solc)}`;

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

/** members of a struct-valued variable's item, by name */
const member = (item: ReturnType<ReturnType<typeof debuggerOf>["item"]>, name: string) =>
  item.getByRole("listitem").filter({ hasText: new RegExp(`^${name}\\b`) });

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
  // One load and one compile for the failing call's opening step, the walk back from it and its
  // row in the call tree (were two tests, each compiling the sources again).
  test("the failed call opens at its require with place's parameters, its memory struct and its named return; stepping back and over shows the values", async ({
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
    // the memory string describe returned, held by a local
    await expect(d.item("label")).toContainText(`"${values.note}"`);
    // a storage struct through the layout, from the slots the steps wrote
    const saved = d.item("saved");
    await expect(member(saved, "id")).toContainText(values.id);
    await expect(member(saved, "note")).toContainText(`"${values.note}"`);
    await expect(member(saved, "total")).toContainText(values.total);
    const state = d.region.getByRole("list", { name: "Storage variables" }).getByRole("listitem");
    await expect(state.filter({ hasText: /^placed\b/ })).toHaveText(/placed\s*uint256\s*1$/);
    await test.step("a step over an assignment shows the value; back inside the internal call, its parameter and its named return", async () => {
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
        await expect(xs.getByRole("listitem").nth(i)).toHaveText(
          new RegExp(`\\[${i}\\]\\s*${a}$`),
          {
            timeout: 30_000,
          },
        );
      await expect(d.item("acc")).toContainText(values.total);

      // out of sum to where place called it, just after describe returned: its value by its type
      await d.region
        .getByRole("list", { name: /call stack/i })
        .getByRole("button", { name: "place" })
        .click();
      const returned = d.region.getByRole("list", { name: "describe returned" });
      await expect(returned.getByRole("listitem")).toHaveText(
        new RegExp(`^text\\s*"${values.note}"$`),
      );
    });

    // describe's row in the call tree: its returned string, not the memory pointer
    await page.getByRole("tab", { name: "Call tree" }).click();
    const show = page.getByRole("button", { name: "Show internal calls" });
    const shown = page.getByRole("status").filter({ hasText: /internal calls? in \d+ frames?/ });
    await expect(show.or(shown)).toBeVisible({ timeout: 60_000 });
    if (await show.isVisible()) await show.click();
    await expect(shown).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: "Expand all" }).click();
    await expect(
      page
        .getByRole("tree", { name: "Call tree" })
        .getByRole("treeitem", { name: /^internal describe\(/ }),
    ).toContainText(`→ text: "${values.note}"`);
  });

  test("a dry run's Debug view shows the same Variables", async ({ page, manifest }) => {
    const { tx, solc, values } = scenario(manifest);
    const mined = await anvil<{ from: string; to: string; input: string; blockNumber: string }>(
      manifest.anvilUrl,
      "eth_getTransactionByHash",
      [tx.hash],
    );
    const sp = new URLSearchParams({
      from: mined.from,
      to: mined.to,
      data: mined.input,
      block: `0x${(BigInt(mined.blockNumber) - 1n).toString(16)}`,
      tx: tx.hash,
      view: "debug",
      rpc: manifest.anvilUrl,
      sourcify: manifest.decoding.sourcify,
      sigdb: manifest.decoding.sigdb,
      solc,
    });
    await page.goto(`/#/simulate?${sp.toString()}`);
    const d = debuggerOf(page);
    await expect(d.status).toContainText(PLACE, { timeout: 90_000 });
    await expect(d.item("id")).toContainText(values.id, { timeout: 120_000 });
    await expect(d.item("note")).toContainText(values.note);
    await expect(d.item("total")).toContainText(values.total);
  });

  test("on a node that cannot trace, the replayed debugger shows the Variables", async ({
    page,
    manifest,
  }) => {
    const { tx, solc, values } = scenario(manifest);
    if (!manifest.nodes) throw new Error("this devnet has no /node/<mode>/ endpoints");
    await page.goto(link(manifest, tx.hash, solc, manifest.nodes.standard));
    const d = debuggerOf(page);
    await expect(d.status).toContainText(PLACE, { timeout: 90_000 });
    expect(await lineNow(page)).toBe(lineOf("require(order.total < 100"));
    await expect(d.item("id")).toContainText(values.id, { timeout: 120_000 });
    await expect(d.item("label")).toContainText(`"${values.note}"`);
    await expect(member(d.item("order"), "total")).toContainText(values.total);
    await expect(page.getByRole("region", { name: "Replayed in this browser" })).toBeVisible();
  });
});
