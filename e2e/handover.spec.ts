/**
 * The first paint's hand-over to the app (src/app/firstPaint/handOver.ts `appStage`): once a row
 * or a tree item is on the page, one stays there — sampled every animation frame for 2.5 s from
 * navigation, through the app's arrival (issue 49's contract: nothing painted leaves the screen to
 * come back).
 */
import type { Page, Route } from "@playwright/test";
import { expect, holdMethod, test } from "./fixtures";

const SHOWN = "[role=treeitem], [role=row][data-index], [aria-label='Transaction fields'] dt";

/** Counts what is shown on every animation frame from the first script on. */
function sampleEveryFrame(shown: string): void {
  const w = window as unknown as { __shown: [number, number][] };
  w.__shown = [];
  const tick = () => {
    w.__shown.push([Math.round(performance.now()), document.querySelectorAll(shown).length]);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The frames, after the first that showed something, that showed nothing ("from–to" ms). */
async function gapsAfterFirst(page: Page): Promise<{ first: number | null; gaps: string[] }> {
  await page.waitForFunction(() => performance.now() > 2_500, undefined, { timeout: 30_000 });
  const samples = await page.evaluate(
    () => (window as unknown as { __shown: [number, number][] }).__shown,
  );
  const start = samples.findIndex(([, n]) => n > 0);
  const gaps: string[] = [];
  let from: number | null = null;
  for (const [t, n] of start < 0 ? [] : samples.slice(start)) {
    if (n === 0 && from === null) from = t;
    if (n > 0 && from !== null) {
      gaps.push(`${from}–${t} ms`);
      from = null;
    }
  }
  if (from !== null) gaps.push(`${from} ms–`);
  return { first: start < 0 ? null : (samples[start]?.[0] ?? null), gaps };
}

test("what a link paints first stays on screen while the app takes over: logs, a range of logs, trace, transaction", async ({
  page,
  manifest,
}) => {
  await page.addInitScript(sampleEveryFrame, SHOWN);
  const logs = manifest.transactions.tokenTransfer;
  const trace = manifest.transactions.nestedCalls;
  for (const [what, link, app] of [
    [
      "one block's logs",
      `/#/logs?blockHash=${logs.blockHash}`,
      page.getByRole("button", { name: /Details of the log/ }).first(),
    ],
    [
      "a range of logs",
      `/#/logs?fromBlock=0x0&toBlock=0x${logs.blockNumber.toString(16)}`,
      page.getByRole("button", { name: /Details of the log/ }).first(),
    ],
    [
      "a trace",
      `/#/trace?hash=${trace.hash}&tracer=callTracer`,
      // the app's (the first paint has its own Expand all)
      page.getByRole("button", { name: /collapse all/i }),
    ],
    ["a transaction", `/#/tx?hash=${logs.hash}`, page.getByLabel("Transaction fields")],
  ] as const) {
    await test.step(what, async () => {
      // A fresh document for each link: from one link to the next is otherwise a hash change,
      // the app's own navigation (no first paint, and the sampler's clock runs on).
      await page.goto("about:blank");
      await page.goto(link);
      await expect(app).toBeVisible({ timeout: 30_000 });
      const { first, gaps } = await gapsAfterFirst(page);
      expect(first, `${what}: something shown`).not.toBeNull();
      expect(gaps, `${what}: frames with nothing shown after ${first} ms`).toEqual([]);
    });
  }
});

/**
 * Holds the app's shell chunk until released: the first paint stays on screen meanwhile, so what
 * a step does there is done there (the entry asks for the chunk once the first rows are in, or
 * after 500 ms).
 */
async function holdApp(page: Page): Promise<() => Promise<void>> {
  const shell = /\/assets\/App-[\w-]+\.js$/;
  const held: Route[] = [];
  let released = false;
  await page.route(shell, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    for (const r of held) await r.continue();
    await page.unroute(shell);
  };
}

test("the first paint's controls answer at once; what is typed or pressed there goes on in the app", async ({
  page,
  manifest,
}) => {
  const tx = manifest.transactions.nestedCalls;
  const to = (tx.to ?? "").slice(2, 10);
  await test.step("a trace link: Expand all and the search box before the app is in", async () => {
    // the trace held back: the first paint stays without rows, the app loads meanwhile
    const release = await holdMethod(page, "debug_jstraceTransaction");
    const app = await holdApp(page);
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    await page.getByRole("button", { name: "Expand all" }).click();
    await expect(page.getByText(/every frame opens once the whole trace is read/i)).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search frames" });
    await search.fill("0x");
    await expect(page.getByText(/the search runs once the whole trace is read/i)).toBeVisible();
    await app();
    await release();
    // the app's tree, searched for what was typed, the focus still in the box: typing goes on
    await expect(page.getByRole("button", { name: /collapse all/i })).toBeVisible();
    await expect(search).toHaveValue("0x");
    await expect(search).toBeFocused();
    // its first match selected, as a search typed in the full tree's box selects it
    await expect(page.getByText(/^1 of [\d,]+ match(es)?$/)).toBeVisible();
    await page.keyboard.type(to);
    await expect(search).toHaveValue(`0x${to}`);
    await expect(page.getByText(/^\d+ of [\d,]+ match(es)?$/)).toBeVisible();
    await expect(page.locator("[role=treeitem][aria-expanded=false]")).toHaveCount(0);
  });
  await test.step("a logs link: the filter typed before the table is in", async () => {
    const logs = manifest.transactions.tokenTransfer;
    const release = await holdMethod(page, "eth_getLogs");
    const app = await holdApp(page);
    await page.goto("about:blank");
    await page.goto(`/#/logs?blockHash=${logs.blockHash}`);
    const filter = page.getByRole("searchbox", { name: "Filter results" });
    // free text, part of the event's name: the table's filter once the logs are in
    await filter.fill("transf");
    await expect(page.getByText(/the filter runs once the logs are in/i)).toBeVisible();
    await app();
    await release();
    await expect(page.getByText(/^[1-9][\d,]* of [\d,]+ logs? match/)).toBeVisible();
    await expect(page.getByRole("button", { name: /Details of the log/ }).first()).toBeVisible();
    await expect(filter).toBeFocused();
    await page.keyboard.type("er");
    await expect(filter).toHaveValue("transfer");
    await expect(page.getByText(/^[1-9][\d,]* of [\d,]+ logs? match/)).toBeVisible();
  });
  await test.step("a link with its own filter text: shown in the first paint's box, an edit of it kept", async () => {
    const logs = manifest.transactions.tokenTransfer;
    const release = await holdMethod(page, "eth_getLogs");
    const app = await holdApp(page);
    await page.goto("about:blank");
    await page.goto(`/#/logs?blockHash=${logs.blockHash}&q=nothing-like-this`);
    const filter = page.getByRole("searchbox", { name: "Filter results" });
    await expect(filter).toHaveValue("nothing-like-this");
    await filter.fill("transf");
    await app();
    await release();
    await expect(page.getByText(/^[1-9][\d,]* of [\d,]+ logs? match/)).toBeVisible();
    await expect(filter).toHaveValue("transf");
  });
});
