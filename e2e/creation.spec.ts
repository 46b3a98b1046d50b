// A CREATE2 frame in the Debug and Source views, on the devnet's creation scenario
// (devnet/debug.mjs, Workshop.sol without the optimizer): Workshop.make(3) creates a Widget whose
// constructor runs the initcode — its steps are read with the creation code's source map and land
// on the constructor's lines — then calls it (the runtime's). While the workshop was closed the
// same CREATE2 failed at the constructor's require. Lines are found in the source file itself.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect, test, type E2eManifest, standInServices } from "./fixtures";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = readFileSync(resolve(root, "devnet/contracts/debug/Workshop.sol"), "utf8").split(
  "\n",
);
const REQUIRE = 'require(Workshop(msg.sender).open(), "Widget: the workshop is closed");';

/** The 1-based line holding `text` (the first one). */
function lineOf(text: string): number {
  const i = SOURCE.findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`Workshop.sol has no line with ${text}`);
  return i + 1;
}

/** The Widget's constructor: its header to its closing brace. */
function constructorLines(): [number, number] {
  const start = lineOf("constructor(uint256 s)");
  let end = start;
  while (end < SOURCE.length && SOURCE[end - 1]?.trimEnd() !== "    }") end++;
  return [start, end];
}

function scenario(m: E2eManifest) {
  const create = m.transactions.debugCreate;
  const createFail = m.transactions.debugCreateFail;
  if (!create || !createFail) throw new Error("the devnet has no creation scenario");
  return { create, createFail };
}

const e = encodeURIComponent;
const services = (m: E2eManifest) => `&rpc=${e(m.anvilUrl)}${standInServices(m)}`;
/** The CREATE2 frame is the top frame's first child: path 0.0. */
const link = (m: E2eManifest, hash: string, view: string, frame = "0.0") =>
  `/#/trace?hash=${hash}&tracer=callTracer&view=${view}&frame=${frame}${services(m)}`;

const PLACE = /Workshop\.sol:(\d+)/;
const STEP = /step ([\d,]+) of ([\d,]+)/;

async function lineAt(status: Locator): Promise<number> {
  const text = (await status.textContent()) ?? "";
  const line = PLACE.exec(text)?.[1];
  if (!line) throw new Error(`the status says "${text}"`);
  return Number(line);
}

async function opened(page: Page) {
  const region = page.getByRole("region", { name: /debugger/i });
  const status = region.getByRole("status");
  await expect(status).toContainText(PLACE, { timeout: 60_000 });
  await expect(status).toContainText(STEP, { timeout: 60_000 });
  return {
    region,
    status,
    callStack: region.getByRole("list", { name: /call stack/i }).getByRole("listitem"),
  };
}

test.describe("a CREATE2 frame, read with the creation code's source map", () => {
  test("the Debug view steps through the constructor's lines and into its internal call", async ({
    page,
    manifest,
  }) => {
    const { create } = scenario(manifest);
    await page.goto(link(manifest, create.hash, "debug"));
    const d = await opened(page);
    const [from, to] = constructorLines();
    const first = await lineAt(d.status);
    expect(first).toBeGreaterThanOrEqual(from);
    expect(first).toBeLessThanOrEqual(to);
    await expect(d.callStack.first()).toHaveText(/^constructor/);
    // into: until the constructor calls twice(s)
    const into = d.region.getByRole("button", { name: /step into/i });
    for (let i = 0; i < 120 && (await d.callStack.count()) < 2; i++) await into.click();
    await expect(d.callStack).toHaveText([/^constructor/, /^twice/]);
    expect(await lineAt(d.status)).toBeGreaterThanOrEqual(lineOf("function twice("));
  });

  test("the call tree shows the constructor's internal call with its argument and result", async ({
    page,
    manifest,
  }) => {
    const { create } = scenario(manifest);
    await page.goto(`/#/trace?hash=${create.hash}&tracer=callTracer${services(manifest)}`);
    await page.getByRole("button", { name: "Show internal calls" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: /internal calls? in \d+ frames?/ }),
    ).toBeVisible({ timeout: 60_000 });
    await page.getByRole("button", { name: "Expand all" }).click();
    const tree = page.getByRole("tree", { name: "Call tree" });
    // under the CREATE2 frame (level 2), from the words kept at the constructor's jump
    await expect(
      tree.getByRole("treeitem", { name: /^internal twice\(v: 3\) → 6/ }),
    ).toHaveAttribute("aria-level", "3");
  });

  test("the Source view's gas falls on the constructor's lines, not on the runtime's", async ({
    page,
    manifest,
  }) => {
    const { create } = scenario(manifest);
    await page.goto(link(manifest, create.hash, "source"));
    const region = page.getByRole("region", { name: /^source/i });
    await expect(region).toContainText(/gas on lines/, { timeout: 60_000 });
    const table = region.getByRole("table", { name: /Workshop\.sol source/ });
    const rowOf = (text: string) =>
      table.getByRole("row").filter({ has: page.getByRole("cell", { name: text }) });
    await expect(rowOf("size = twice(s);").getByRole("cell").nth(1)).toHaveText(
      /^[\d,]+( \(heaviest\))?$/,
    );
    await expect(rowOf("maker = msg.sender;").getByRole("cell").nth(1)).toHaveText(
      /^[\d,]+( \(heaviest\))?$/,
    );
    // grow() runs later, in the call frame: none of its gas is here
    await expect(rowOf("size += 1;").getByRole("cell").nth(1)).toHaveText("");
    // and the call frame to the new contract: its runtime line
    await page.goto(link(manifest, create.hash, "source", "0.1"));
    await expect(region).toContainText(/gas on lines/, { timeout: 60_000 });
    await expect(rowOf("size += 1;").getByRole("cell").nth(1)).toHaveText(
      /^[\d,]+( \(heaviest\))?$/,
    );
    await expect(rowOf("size = twice(s);").getByRole("cell").nth(1)).toHaveText("");
  });

  test("a failed CREATE2 fails at the constructor's require, in the Debug and the Source view", async ({
    page,
    manifest,
  }) => {
    const { createFail } = scenario(manifest);
    await page.goto(link(manifest, createFail.hash, "debug"));
    const d = await opened(page);
    expect(await lineAt(d.status)).toBe(lineOf(REQUIRE));
    await expect(d.callStack).toHaveText([/^constructor/]);

    // a fresh load: a trace opened on the Source view runs the storage tracer by itself
    await page.goto(link(manifest, createFail.hash, "source"));
    await page.reload();
    const region = page.getByRole("region", { name: /^source/i });
    await expect(
      region.getByText(`Workshop.sol:${lineOf(REQUIRE)}`, { exact: true }).first(),
    ).toBeVisible({ timeout: 60_000 });
    const marked = region.getByRole("row").and(page.locator('[aria-current="true"]'));
    await expect(marked).toContainText(REQUIRE);
  });
});
