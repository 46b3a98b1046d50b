// The debugger's data in the existing views, on the devnet's Stepper (devnet/debug.mjs): "Show
// internal calls" runs the debug tracer once, and the call tree shows each internal function
// call under its frame — its name, arguments and return values from the verified source, an
// "internal" mark and its gas — for the build without the optimizer; for the optimized build the
// page says which functions ran inlined. The flame chart and Gas by function show them too.
import type { Page } from "@playwright/test";
import { expectNoSeriousViolationsInBothThemes } from "./axe";
import { expect, test, type E2eManifest } from "./fixtures";

function hashOf(manifest: E2eManifest, id: string): string {
  const tx = manifest.transactions[id];
  if (!tx) throw new Error(`the devnet has no ${id} transaction`);
  return tx.hash;
}

async function showInternalCalls(page: Page, hash: string) {
  await page.goto(`/#/trace?hash=${hash}&tracer=callTracer`);
  await page.getByRole("button", { name: "Show internal calls" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /internal calls? in \d+ frames?/ }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole("button", { name: "Expand all" }).click();
}

test.describe("internal calls in the call tree", () => {
  // One load and one run of the debug tracer for the tree, the flame chart, Gas by function and
  // the Debug view that reuses that run (were two tests, each running the tracer again).
  test("each internal call is a treeitem under its frame, with its name, values and gas; the Debug view reuses that run of the debug tracer", async ({
    page,
    manifest,
    gateway,
  }) => {
    await gateway.clearLog();
    await showInternalCalls(page, hashOf(manifest, "debugRun"));
    const tree = page.getByRole("tree", { name: "Call tree" });
    // run(4, owner): four rounds of addScaled(acc, i, 3), each calling scale(i, 3)
    await expect(tree.getByRole("treeitem", { name: /^internal addScaled\(/ })).toHaveCount(4);
    await expect(tree.getByRole("treeitem", { name: /^internal scale\(/ })).toHaveCount(4);
    const last = tree.getByRole("treeitem", { name: /addScaled\(a: 9, b: 3, k: 3\) → 18/ });
    await expect(last).toHaveAttribute("aria-level", "2");
    await expect(last).toContainText(/gas \d/);
    await expect(tree.getByRole("treeitem", { name: /scale\(b: 3, k: 3\) → 9/ })).toHaveAttribute(
      "aria-level",
      "3",
    );
    await expect(tree.getByRole("treeitem", { name: /makePoint\(x: 18, y: 4\)/ })).toBeVisible();
    await expect(
      tree.getByRole("treeitem", { name: /settle\(p: memory 0x[0-9a-f]+, who: 0x[0-9a-f]{40}\)/ }),
    ).toBeVisible();

    // the flame chart: the internal calls are blocks under their frame
    await page.getByRole("tab", { name: "Flame chart" }).click();
    await expect(page.locator('[data-flame-internal="settle"]')).toBeVisible();
    await expect(page.locator('[data-flame-internal="addScaled"]')).toHaveCount(4);

    // Gas by function: the internal functions are rows of their own
    await page.getByRole("tab", { name: "Gas by function" }).click();
    await expect(page.getByRole("row", { name: /addScaled \(internal\)/ })).toBeVisible();

    await test.step("the Debug view reuses the internal calls' run of the debug tracer: one request for both", async () => {
      await page.getByRole("tab", { name: "Debug" }).click();
      await expect(
        page.getByRole("region", { name: /debugger/i }).getByRole("status"),
      ).toContainText(/step [\d,]+ of [\d,]+/, { timeout: 60_000 });
      const tracerTexts = async () =>
        (await gateway.log())
          .map((e) => (Array.isArray(e.params) ? (e.params[1] as { tracer?: unknown }) : null))
          .map((config) => (typeof config?.tracer === "string" ? config.tracer : null))
          .filter((t): t is string => t !== null && t !== "callTracer");
      // The view's windows are pass 2, asked once the step is shown (they may reach the
      // gateway a moment after it); pass 1 (no step window) was sent once, the same for both.
      await expect.poll(async () => (await tracerTexts()).length).toBeGreaterThan(1);
      const pass1 = (await tracerTexts()).filter((t) => t.includes("win: null,"));
      expect(pass1).toHaveLength(1);
    });
  });

  test("a require failing two internal calls deep: the calls that led there, not returned; axe in both themes", async ({
    page,
    manifest,
  }) => {
    await showInternalCalls(page, hashOf(manifest, "debugFail"));
    const tree = page.getByRole("tree", { name: "Call tree" });
    await expect(
      tree.getByRole("treeitem", { name: /^internal check\(amount: 500, by: 0x/ }),
    ).toBeVisible();
    await expect(
      tree.getByRole("treeitem", { name: /limit\(amount: 500, cap: 100\) → \(did not return\)/ }),
    ).toHaveAttribute("aria-level", "3");

    await test.step("axe: the call tree with its internal calls, light and dark theme", async () => {
      await expectNoSeriousViolationsInBothThemes(page);
    });
  });

  test("the optimized build: the page says which functions ran inlined", async ({
    page,
    manifest,
  }) => {
    await showInternalCalls(page, hashOf(manifest, "debugRunOptimized"));
    await expect(page.getByText(/Inlined or shared by the optimizer .*makePoint/)).toBeVisible();
    const tree = page.getByRole("tree", { name: "Call tree" });
    await expect(tree.getByRole("treeitem", { name: /makePoint\(/ })).toHaveCount(0);
  });
});
