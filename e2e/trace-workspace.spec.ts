// The trace workspace (issue 37, point 3): the tree's room (the detail pane opens on a chosen
// frame, resizable and remembered; at 390 px the tree fits the width), contracts named in the
// tabs, State changes reached by its tab, and a frame search that reads decoded arguments.
import { expect, test } from "./fixtures";

interface Frame {
  from: string;
  to?: string;
  calls?: Frame[];
}

async function anvilTrace(url: string, hash: string): Promise<Frame> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "debug_traceTransaction",
      params: [hash, { tracer: "callTracer" }],
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { result?: Frame; error?: { message: string } };
  if (!body.result) throw new Error(`debug_traceTransaction: ${body.error?.message ?? res.status}`);
  return body.result;
}

/** Every frame's `from` and `to`, lower-cased. */
function frameAddresses(f: Frame, out = new Set<string>()): Set<string> {
  out.add(f.from.toLowerCase());
  if (f.to) out.add(f.to.toLowerCase());
  for (const c of f.calls ?? []) frameAddresses(c, out);
  return out;
}

test.describe("trace workspace at 1400×900", () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test("the frame search finds an address that is only in a frame's decoded arguments", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.decoding;
    const beneficiary = manifest.decoding.values.beneficiary;
    // The node's own trace: the beneficiary is no frame's caller or callee.
    const trace = await anvilTrace(manifest.anvilUrl, tx.hash);
    expect(frameAddresses(trace).has(beneficiary.toLowerCase())).toBe(false);

    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    await expect(page.locator("[role=tree] [data-frame-row]").first()).toBeVisible();
    await page.getByRole("searchbox", { name: /search frames/i }).fill(beneficiary);
    const count = page.getByRole("status").filter({ hasText: /matches|No matches/ });
    await expect(count).toHaveText(/^1 of [\d,]+ matches$/);
    // the match is selected, and its detail shows the argument
    const detail = page.getByRole("region", { name: /^Frame / });
    await expect(detail).toContainText(beneficiary);
    // a decoded value (the amount, in decimal) is found once the decoded values are built
    await page
      .getByRole("searchbox", { name: /search frames/i })
      .fill(manifest.decoding.values.amount);
    await expect(count).toHaveText(/^(\d+|–) of [\d,]+ matches$/);
  });

  test("with nothing chosen the tree takes the whole width; the detail opens on a frame, resizable and remembered", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.storage ?? manifest.transactions.innerRevert;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    const tree = page.getByRole("tree", { name: "Call tree" });
    await expect(page.locator("[role=tree] [data-frame-row]").first()).toBeVisible();
    await expect(page.getByRole("region", { name: /^Frame / })).toHaveCount(0);
    const alone = await tree.boundingBox();
    expect(alone?.width ?? 0).toBeGreaterThan(1000);
    // the failed frame's row reads whole: its revert is not cut off
    const failed = page.locator('[role="treeitem"][aria-invalid="true"]').first();
    await expect(failed).toBeVisible();
    const clipped = await failed.evaluate((row) =>
      [...row.querySelectorAll("span")].some((s) => s.scrollWidth > s.clientWidth + 1),
    );
    expect(clipped, "no part of the failed row is truncated").toBe(false);

    await failed.click();
    const detail = page.getByRole("region", { name: /^Frame / });
    await expect(detail).toBeVisible();
    const split = page.getByRole("separator", { name: /resize the call tree/i });
    await expect(split).toBeVisible();
    const before = Number(await split.getAttribute("aria-valuenow"));
    await split.focus();
    await page.keyboard.press("Shift+ArrowRight");
    await expect(split).toHaveAttribute("aria-valuenow", String(before + 10));
    await page.getByRole("button", { name: "Close the frame detail" }).click();
    await expect(detail).toHaveCount(0);
    // the width is remembered: a frame chosen again (after a reload) opens at the same split
    await page.reload();
    await page.locator('[role="treeitem"][aria-invalid="true"]').first().click();
    await expect(page.getByRole("separator", { name: /resize the call tree/i })).toHaveAttribute(
      "aria-valuenow",
      String(before + 10),
    );
  });

  // One load of the insight transaction's Gas by function view, then its Token flow by the tab.
  test("Gas by function names contracts, and says what its share is of; Token flow lanes are named", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight ?? manifest.transactions.nestedCalls;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&view=gas`);
    await test.step("Gas by function names contracts, and says what its share is of", async () => {
      const region = page.getByRole("region", { name: /gas by function/i });
      // the devnet's contracts are verified: rows read Contract.function
      await expect(region.getByRole("button", { name: /^MiniWETH\.deposit$/ })).toBeVisible({
        timeout: 30_000,
      });
      await expect(region.getByRole("columnheader", { name: /share of self gas/i })).toBeVisible();
      await region.getByRole("button", { name: /^Total gas/ }).click();
      await expect(region.getByRole("columnheader", { name: /share of total gas/i })).toBeVisible();
    });
    await test.step("Token flow lanes are named", async () => {
      await page.getByRole("tab", { name: "Token flow" }).click();
      const region = page.getByRole("region", { name: /token flow/i });
      await expect(
        region.locator("text[data-lane-name]").filter({ hasText: "MiniWETH" }),
      ).toHaveCount(1, { timeout: 30_000 });
    });
  });

  test("Balance changes never advise withLog on a trace asked with it", async ({
    page,
    manifest,
  }) => {
    // A reverted transaction: nothing changed hands, and the trace was asked with withLog.
    const tx = manifest.transactions.customError;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&view=balances`);
    const region = page.getByRole("region", { name: /balance changes/i });
    await expect(region).toContainText(/nothing changed hands/i);
    await expect(region).toContainText(/asked with withLog/);
    await expect(region).not.toContainText(/ask (it|the trace) (again )?with/i);
  });

  test("State changes: by its tab one press, its cost said; by a view=state link, none", async ({
    page,
    manifest,
    gateway,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    const prestate = (entries: { params: unknown }[]) =>
      entries.filter((e) => JSON.stringify(e.params).includes("prestateTracer"));
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    await expect(page.locator("[role=tree] [data-frame-row]").first()).toBeVisible();
    await gateway.clearLog();
    await page.getByRole("tab", { name: "State changes" }).click();
    // the empty state says what the press costs, and nothing is asked before it
    await expect(
      page.getByText(/one more request to the node|costs .* on this endpoint/),
    ).toBeVisible();
    expect(prestate(await gateway.log())).toHaveLength(0);
    await page.getByRole("button", { name: /^Show state changes/ }).click();
    const region = page.getByRole("region", { name: /state changes/i });
    await expect(region.getByRole("table").first()).toBeVisible({ timeout: 30_000 });
    expect(prestate(await gateway.log())).toHaveLength(1);

    // a link that opens on the view asks on load: no press
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&view=state`);
    await expect(
      page
        .getByRole("region", { name: /state changes/i })
        .getByRole("table")
        .first(),
    ).toBeVisible({ timeout: 30_000 });
  });
});

test.describe("trace workspace at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the tree fits the width (no sideways panning) and the detail opens below it", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.insight ?? manifest.transactions.nestedCalls;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    const tree = page.getByRole("tree", { name: "Call tree" });
    await expect(page.locator("[role=tree] [data-frame-row]").first()).toBeVisible();
    const pans = await tree.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(pans, "the tree does not scroll sideways").toBe(false);
    const pagePans = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(pagePans, "the page does not scroll sideways").toBe(false);
    const box = await tree.boundingBox();
    // taller than the old fixed 480 px box: most of the screen's height
    expect(box?.height ?? 0).toBeGreaterThan(600);
    await page.getByRole("treeitem").nth(1).click();
    const detail = page.getByRole("region", { name: /^Frame / });
    await expect(detail).toBeVisible();
    const d = await detail.boundingBox();
    const t = await tree.boundingBox();
    expect((d?.y ?? 0) >= (t?.y ?? 0) + (t?.height ?? 0) - 1).toBe(true);
  });
});
