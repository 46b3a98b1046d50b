// The Debug view on the devnet's debugger scenario (devnet/debug.mjs, Stepper.sol compiled
// without the optimizer — its internal functions are jumps — and with it): a transaction stepped
// through its verified source, the commands moving as a source-level debugger's do, the link
// keeping the frame and step, the dry run debugged the same way, the Source view's gas per line,
// a node that refuses JavaScript tracers, and axe in both themes. Lines are found in the source
// file itself, not written down here.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { encodeFunctionData, parseAbi } from "viem";
import { expectNoSeriousViolationsInBothThemes } from "./axe";
import { expect, test, type E2eManifest, standInServices } from "./fixtures";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = readFileSync(resolve(root, "devnet/contracts/debug/Stepper.sol"), "utf8").split(
  "\n",
);

/** The 1-based line holding `text` (the first one). */
function lineOf(text: string): number {
  const i = SOURCE.findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`Stepper.sol has no line with ${text}`);
  return i + 1;
}

/** The lines of a function, its header to its closing brace. */
function bodyOf(name: string): [number, number] {
  const start = lineOf(`function ${name}(`);
  let end = start;
  while (end < SOURCE.length && SOURCE[end - 1]?.trimEnd() !== "    }") end++;
  return [start, end];
}

function scenario(m: E2eManifest) {
  const t = m.transactions;
  const run = t.debugRun;
  const fail = t.debugFail;
  const runOptimized = t.debugRunOptimized;
  const failOptimized = t.debugFailOptimized;
  if (!run || !fail || !runOptimized || !failOptimized)
    throw new Error("the devnet has no debugger scenario");
  return { run, fail, runOptimized, failOptimized };
}

const e = encodeURIComponent;
const services = (m: E2eManifest) => `&rpc=${e(m.anvilUrl)}${standInServices(m)}`;
const traceLink = (m: E2eManifest, hash: string, extra = "") =>
  `/#/trace?hash=${hash}&tracer=callTracer&view=debug${services(m)}${extra}`;

function debuggerOf(page: Page) {
  const region = page.getByRole("region", { name: /debugger/i });
  return {
    region,
    status: region.getByRole("status"),
    callStack: region.getByRole("list", { name: /call stack/i }).getByRole("listitem"),
    stack: region.getByRole("list", { name: /^(evm )?stack/i }).getByRole("listitem"),
    button: (name: RegExp) => region.getByRole("button", { name }),
  };
}

const PLACE = /Stepper\.sol:(\d+)/;
const STEP = /step ([\d,]+) of ([\d,]+)/;
const num = (s: string) => Number(s.replace(/,/g, ""));

async function where(status: Locator): Promise<{ line: number; step: number; of: number }> {
  const text = (await status.textContent()) ?? "";
  const line = PLACE.exec(text)?.[1];
  const step = STEP.exec(text);
  if (!line || !step?.[1] || !step[2]) throw new Error(`the status says "${text}"`);
  return { line: Number(line), step: num(step[1]), of: num(step[2]) };
}

/** The debugger with its steps here (before, it may show the frame's first line alone). */
async function opened(page: Page) {
  const d = debuggerOf(page);
  await expect(d.status).toContainText(PLACE, { timeout: 60_000 });
  await expect(d.status).toContainText(STEP, { timeout: 60_000 });
  return d;
}

test.describe("the debugger", () => {
  // One load of the failed transaction's debugger for what it shows, axe in both themes, and the
  // same page narrowed to 360 px (were three tests, each loading and tracing it again).
  test("a failed transaction opens at its failing line, two internal calls deep, with the stack in hex; axe in both themes; 360 px wide", async ({
    page,
    manifest,
  }) => {
    const { fail } = scenario(manifest);
    await page.goto(traceLink(manifest, fail.hash));
    const d = await opened(page);
    const failing = lineOf('require(amount <= cap, "Stepper: over the cap");');
    expect((await where(d.status)).line).toBe(failing);
    // the line is marked in the source
    await expect(
      d.region.getByRole("row").and(page.locator('[aria-current="step"]')),
    ).toContainText("require(amount <= cap");
    // outermost first: the external function, then the internal calls
    await expect(d.callStack).toHaveText([/^fail/, /^check/, /^limit/]);
    // the EVM stack: 32-byte words in hex (pass 2 of the tracer)
    await expect(d.stack.first()).toContainText(/0x[0-9a-f]{64}/, { timeout: 30_000 });
    // the arguments where the source says them: at limit's failing line, `amount` is on the stack
    await expect(d.region.getByRole("list", { name: /^(evm )?stack/i })).toContainText(
      /0x0{61}1f4/,
    );

    await test.step("axe: the debugger, light and dark theme", async () => {
      await expectNoSeriousViolationsInBothThemes(page);
    });

    await test.step("a 360 px wide screen: the page does not spill sideways", async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(d.stack.first()).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(360);
    });
  });

  test("into enters an internal function, out returns, over stays, back goes back; the link keeps the step; the slider jumps", async ({
    page,
    manifest,
  }) => {
    const { run } = scenario(manifest);
    await page.goto(traceLink(manifest, run.hash));
    const d = await opened(page);
    await expect(d.callStack.first()).toHaveText(/^run/);
    // into: until the call stack grows (the loop's first call of addScaled)
    const into = d.button(/step into/i);
    for (let i = 0; i < 80 && (await d.callStack.count()) < 2; i++) await into.click();
    await expect(d.callStack).toHaveText([/^run/, /^addScaled/]);
    const [from, to] = bodyOf("addScaled");
    const inside = await where(d.status);
    expect(inside.line).toBeGreaterThanOrEqual(from);
    expect(inside.line).toBeLessThanOrEqual(to);

    // out: back in run, after the call
    await d.button(/step out/i).click();
    await expect(d.callStack).toHaveText([/^run/]);
    const out = await where(d.status);
    const [runFrom, runTo] = bodyOf("run");
    expect(out.line).toBeGreaterThanOrEqual(runFrom);
    expect(out.line).toBeLessThanOrEqual(runTo);
    expect(out.step).toBeGreaterThan(inside.step);

    // back: to the previous line run, inside addScaled again
    await d.button(/step back/i).click();
    const back = await where(d.status);
    expect(back.step).toBeLessThan(out.step);
    expect(back.step).toBeGreaterThan(inside.step - 1);
    await expect(d.callStack).toHaveCount(2);

    // over: from run's loop line, the next line of run (the calls stepped over)
    await d.button(/step out/i).click();
    await expect(d.callStack).toHaveCount(1);
    const before = await where(d.status);
    await d.button(/step over/i).click();
    const over = await where(d.status);
    expect(over.step).toBeGreaterThan(before.step);
    await expect(d.callStack).toHaveCount(1);

    // keys: i steps into as the button does
    const beforeKey = await where(d.status);
    await page.keyboard.press("i");
    await expect(d.status).not.toContainText(`step ${beforeKey.step.toLocaleString("en-US")} of`);

    // the link keeps frame and step: reload, same step, same line
    const here = await where(d.status);
    await expect(page).toHaveURL(new RegExp(`[?&]step=${here.step - 1}(&|$)`));
    await expect(page).toHaveURL(/[?&]frame=0(&|$)/);
    await page.reload();
    const again = await opened(page);
    expect(await where(again.status)).toEqual(here);

    await test.step("the slider jumps to any step", async () => {
      const { of } = await where(again.status);
      await again.region.getByRole("slider", { name: /step/i }).fill(String(of - 1));
      await expect(again.status).toContainText(`step ${of.toLocaleString("en-US")} of`);
    });
  });

  test("with the optimizer: the inlined helpers are said, the failing line found", async ({
    page,
    manifest,
  }) => {
    const { runOptimized, failOptimized } = scenario(manifest);
    await page.goto(traceLink(manifest, runOptimized.hash));
    const d = await opened(page);
    await expect(d.region).toContainText(/inlined (or shared )?by the optimizer/i);
    await page.goto(traceLink(manifest, failOptimized.hash));
    const f = await opened(page);
    // The same page: the status may still show the first link's place for a moment.
    await expect
      .poll(async () => (await where(f.status)).line)
      .toBe(lineOf('require(amount <= cap, "Stepper: over the cap");'));
    await expect(f.callStack.first()).toHaveText(/^fail/);
  });

  test("the dry run: the same call through debug_traceCall, debugged the same way", async ({
    page,
    manifest,
  }) => {
    const { fail } = scenario(manifest);
    if (!fail.to) throw new Error("the failing call has no target");
    const data = encodeFunctionData({
      abi: parseAbi(["function fail(uint256 amount)"]),
      args: [500n],
    });
    await page.goto(
      `/#/simulate?from=${fail.from}&to=${fail.to}&data=${data}&block=latest&view=debug${services(manifest)}`,
    );
    const d = await opened(page);
    expect((await where(d.status)).line).toBe(
      lineOf('require(amount <= cap, "Stepper: over the cap");'),
    );
    await expect(d.callStack).toHaveText([/^fail/, /^check/, /^limit/]);
  });

  test("the Source view: rows of cells, each executed line's gas, the total", async ({
    page,
    manifest,
  }) => {
    const { run } = scenario(manifest);
    await page.goto(
      `/#/trace?hash=${run.hash}&tracer=callTracer&view=source&frame=0${services(manifest)}`,
    );
    const region = page.getByRole("region", { name: /^source/i });
    await expect(region).toContainText(/gas on lines/, { timeout: 60_000 });
    const table = region.getByRole("table", { name: /Stepper\.sol source/ });
    const rowOf = (text: string) =>
      table.getByRole("row").filter({ has: page.getByRole("cell", { name: text }) });
    const loop = rowOf("acc = addScaled(acc, i, 3);");
    await expect(loop.getByRole("cell")).toHaveText([
      String(lineOf("acc = addScaled(acc, i, 3);")),
      /^[\d,]+( \(heaviest\))?$/,
      /acc = addScaled\(acc, i, 3\);/,
    ]);
    // a line that did not run in this frame (the counter's, in the same file) has an empty gas cell
    await expect(rowOf("hits += by;").getByRole("cell").nth(1)).toHaveText("");
    // every line is reached by scrolling: the file's last function, far below
    await table.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const idle = rowOf('require(amount <= cap, "Stepper: over the cap");');
    await expect(idle.getByRole("cell")).toHaveText([
      String(lineOf('require(amount <= cap, "Stepper: over the cap");')),
      "",
      /require\(amount <= cap/,
    ]);
    await expect(region).toContainText(
      /[\d,]+ gas on lines, [\d,]+ not attributed to a line \(the dispatcher, code the compiler generated\); frame gas used [\d,]+/,
    );
    await expect(region).toContainText("A line's gas includes the external calls it makes");
  });

  test("a node that refuses JavaScript tracers: the debugger replays in this browser and says so", async ({
    page,
    manifest,
  }) => {
    const { run } = scenario(manifest);
    await page.route(
      (url) => url.href.startsWith(manifest.anvilUrl),
      async (route) => {
        const body = route.request().postData() ?? "";
        if (!body.includes('nodescope: \\"debug\\"')) return route.fallback();
        const req = JSON.parse(body) as { id: unknown };
        await route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: req.id,
            error: { code: -32000, message: "JavaScript tracers are disabled on this node" },
          }),
        });
      },
    );
    await page.goto(traceLink(manifest, run.hash));
    const region = page.getByRole("region", { name: /debugger/i });
    await expect(region.getByRole("status")).toContainText(/step [\d,]+ of [\d,]+/, {
      timeout: 90_000,
    });
    await expect(page.getByRole("region", { name: "Replayed in this browser" })).toContainText(
      /JavaScript tracers are disabled on this node/,
    );
    await page.getByRole("tab", { name: "Call tree" }).click();
    await expect(
      page.getByRole("tree", { name: "Call tree" }).getByRole("treeitem").first(),
    ).toBeVisible();
  });
});
