// Two runs side by side on the devnet's storage scenario (devnet/storage.mjs): `settle` through
// LedgerProxy twice, the first asking the checker for more than its cap (its frame fails inside
// try/catch), the second within it (the same frame succeeds), and `credit[to]` changed by both.
// Every figure is read from the node's own answers here, not from the app.
import { getAddress } from "viem";
import { expect, test, type E2eManifest, standInServices } from "./fixtures";

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

interface Frame {
  to?: string;
  gasUsed?: string;
  error?: string;
  calls?: Frame[];
}

function pair(m: E2eManifest) {
  const a = m.transactions.storage;
  const b = m.transactions.storageRetry;
  const s = m.storage as { checker: string; to: string } | undefined;
  if (!a || !b || !s)
    throw new Error("the devnet has no comparison scenario (storage, storageRetry)");
  return { a, b, s };
}

/** The frame that calls `to`, depth first. */
function frameTo(f: Frame, to: string): Frame | null {
  if (f.to?.toLowerCase() === to.toLowerCase()) return f;
  for (const c of f.calls ?? []) {
    const hit = frameTo(c, to);
    if (hit) return hit;
  }
  return null;
}

/** `+1,234` / `−1,234` (U+2212), B against A. */
const signed = (n: number) => `${n < 0 ? "\u2212" : "+"}${Math.abs(n).toLocaleString("en-US")}`;

test.describe("compare two runs", () => {
  test("two transactions: every row says same, changed, only in A or only in B; the check's flip and gas; state by variable", async ({
    page,
    manifest,
  }) => {
    const { a, b, s } = pair(manifest);
    const trace = (hash: string) =>
      anvil<Frame>(manifest.anvilUrl, "debug_traceTransaction", [hash, { tracer: "callTracer" }]);
    const [ta, tb] = await Promise.all([trace(a.hash), trace(b.hash)]);
    const checkA = frameTo(ta, s.checker);
    const checkB = frameTo(tb, s.checker);
    if (!checkA || !checkB) throw new Error("the checker's frame is not in the traces");
    expect(checkA.error).toBeTruthy();
    expect(checkB.error).toBeFalsy();
    const topDelta = Number(tb.gasUsed) - Number(ta.gasUsed);
    const checkDelta = Number(checkB.gasUsed) - Number(checkA.gasUsed);

    await page.goto(
      `/#/compare?a=${a.hash}&b=${b.hash}&rpc=${encodeURIComponent(manifest.anvilUrl)}${standInServices(manifest)}`,
    );
    const region = page.getByRole("region", { name: /compare/i });
    const tree = region.getByRole("tree");
    await expect(tree).toBeVisible({ timeout: 30_000 });
    const items = tree.getByRole("treeitem");
    await expect(items.first()).toBeVisible();
    const texts = await items.allTextContents();
    expect(texts.length).toBeGreaterThan(2);
    for (const t of texts) expect(t).toMatch(/same|changed|only in A|only in B/);

    // the top frame carries the transaction's gas difference
    await expect(items.first()).toContainText(`gas ${signed(topDelta)}`);
    // the checker's frame: failed in A, succeeded in B, and its own gas difference
    const changed = items.filter({ hasText: "failed in A, succeeded in B" });
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText("changed");
    await expect(changed).toContainText(`gas ${signed(checkDelta)}`);
    // the sentence on top
    await expect(region).toContainText(
      `B used ${Math.abs(topDelta).toLocaleString("en-US")} ${topDelta < 0 ? "less" : "more"} gas`,
    );

    // next change: selects a changed row
    await region.getByRole("button", { name: "Next change" }).click();
    await expect(tree.locator('[aria-selected="true"]')).toHaveAttribute(
      "data-kind",
      /changed|only/,
    );

    // the state side by side, by variable name
    await page.getByRole("button", { name: /state/i }).click();
    const credit = `credit[${getAddress(s.to)}]`;
    const row = page.getByRole("row").filter({ hasText: credit });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText("0 → 750");
    await expect(row).toContainText("750 → 1000");
    // rows where the runs differ come first: credit differs, so it sits among the first rows
    await expect(row).toContainText("differs");

    // swap: B becomes A, and the flip reads the other way round
    await page.getByRole("button", { name: "Swap" }).click();
    await expect(page).toHaveURL(new RegExp(`a=${b.hash}&b=${a.hash}`));
    await expect(
      page
        .getByRole("region", { name: /compare/i })
        .getByRole("treeitem")
        .filter({
          hasText: "succeeded in A, failed in B",
        }),
    ).toHaveCount(1, { timeout: 30_000 });
    // each side opens on its own page
    await page.getByRole("link", { name: "Open A on its own page" }).click();
    await expect(page).toHaveURL(new RegExp(`#/trace\\?hash=${b.hash}`));
  });

  test("the dry run of a mined transaction opens its comparison with the mined one", async ({
    page,
    manifest,
  }) => {
    const { a } = pair(manifest);
    await page.goto(`/#/tx?hash=${a.hash}`);
    const simulate = page.getByRole("link", { name: /simulate/i });
    await expect(simulate).toBeVisible({ timeout: 30_000 });
    await simulate.click();
    const compare = page.getByRole("link", { name: "Compare with the mined transaction" });
    await expect(compare).toBeVisible({ timeout: 30_000 });
    await compare.click();
    await expect(page).toHaveURL(new RegExp(`#/compare\\?a=${a.hash}&b=sim%3A`));
    const tree = page.getByRole("region", { name: /compare/i }).getByRole("tree");
    await expect(tree).toBeVisible({ timeout: 30_000 });
    const texts = await tree.getByRole("treeitem").allTextContents();
    expect(texts.length).toBeGreaterThan(2);
    for (const t of texts) expect(t).toMatch(/same|changed|only in A|only in B/);
  });

  test("a trace page compares with another hash", async ({ page, manifest }) => {
    const { a, b } = pair(manifest);
    await page.goto(`/#/trace?hash=${a.hash}&tracer=callTracer`);
    const form = page.getByRole("form", { name: "Compare with another transaction" });
    await expect(form).toBeVisible({ timeout: 30_000 });
    await form.getByLabel("Another transaction's hash").fill(b.hash);
    await form.getByRole("button", { name: "Compare with…" }).click();
    await expect(page).toHaveURL(new RegExp(`#/compare\\?a=${a.hash}&b=${b.hash}`));
    await expect(
      page
        .getByRole("region", { name: /compare/i })
        .getByRole("treeitem")
        .first(),
    ).toBeVisible({ timeout: 30_000 });
  });
});
