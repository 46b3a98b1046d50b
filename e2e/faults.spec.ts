/**
 * The fault suite: devnet gateway faults met by a view through a `rpc=` link to
 * `<gateway>/fault-<mode>/rollup-nitro/`. Each shows a specific, human message (what happened,
 * what to try), the retries where they apply (request inspector + the gateway's own count), and
 * leaves the view usable: back on the healthy devnet connection the same lookup succeeds.
 * No page error and no console error other than the browser's "Failed to load resource" lines.
 *
 * EVERY fault mode's message words and retry count (the table in e2e/faultCases.ts) are proven
 * against the real gateway by the unit test "every fault mode through the app's client: the
 * transaction page's message and retries" (devnet/gateway.test.mjs): the app's client and retry
 * policy, the page's request, the error panel's text (errorView), the record the inspector shows
 * and the gateway's request log. The browser walks only a few modes here, one per UI path:
 * 401 (not retried, the key's advice), 503 (retried twice: the inspector shows 2), drop (the
 * request could not be sent) and oversized (the response size limit setting).
 */
import type { Page } from "@playwright/test";
import { expect, test, type E2eManifest } from "./fixtures";
import { faultCase } from "./faultCases";

const TX_METHOD = "eth_getTransactionByBlockHashAndIndex";
const view = (page: Page) => page.locator("main > div:not([hidden])");

/** The modes the browser walks (every mode: the unit test named above). */
const WALKED = ["401", "503", "drop", "oversized"].map(faultCase);

function txLink(manifest: E2eManifest, mode: string): string {
  const tx = manifest.transactions.legacyTransfer;
  const rpc = `${manifest.gatewayUrl}/fault-${mode}/rollup-nitro/`;
  return `/#/tx?blockHash=${tx.blockHash}&index=${tx.index}&rpc=${encodeURIComponent(rpc)}`;
}

/** The request inspector's Retries cell of the newest call of `method`. */
async function inspectorRetries(page: Page, method: string) {
  const inspector = page.getByRole("complementary", { name: "Requests" });
  if (!(await inspector.isVisible())) await page.getByRole("button", { name: "Requests" }).click();
  const row = inspector.getByRole("row").filter({ hasText: method }).first();
  return row.getByRole("cell").nth(5);
}

/** The Requests drawer lies over the page's right side: Esc closes it. */
async function closeRequests(page: Page) {
  const drawer = page.getByRole("complementary", { name: "Requests" });
  if (await drawer.isVisible()) await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
}

/** Back on the devnet connection, the same lookup succeeds: the view is still usable. */
async function recoversOnHealthyEndpoint(page: Page, manifest: E2eManifest) {
  await closeRequests(page);
  await page.getByRole("button", { name: "Use my own connection" }).click();
  const fields = view(page).getByLabel("Transaction fields");
  await expect(fields).toBeVisible();
  await expect(fields).toContainText(new RegExp(manifest.transactions.legacyTransfer.hash, "i"));
  await expect(view(page).getByRole("alert")).toHaveCount(0);
}

test.describe("fault modes: a specific message, the retries, and a usable view after", () => {
  for (const f of WALKED) {
    test(`fault ${f.mode}`, async ({ page, manifest, gateway }) => {
      await gateway.clearLog();
      // The response size limit is a setting sized to the device; the oversized fault (~60 MB)
      // meets it at the lowest value it takes.
      if (f.mode === "oversized")
        await page.addInitScript(() => localStorage.setItem("nodescope:responseLimitMB", "50"));
      await page.goto(txLink(manifest, f.mode));
      const alert = view(page).getByRole("alert");
      await expect(alert).toBeVisible({ timeout: 20_000 });
      await expect(alert).toContainText(`${TX_METHOD} failed for index`);
      for (const words of f.says) await expect(alert).toContainText(words);
      // The message names the endpoint and the kind, and offers a retry.
      await expect(alert).toContainText(`${TX_METHOD} → http://127.0.0.1`);
      await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();
      // The form keeps what the link held.
      await expect(view(page).getByLabel("Block hash")).toHaveValue(
        manifest.transactions.legacyTransfer.blockHash,
      );

      const sent = (await gateway.log()).filter(
        (e) => e.method === TX_METHOD && e.fault === f.mode,
      );
      await expect(await inspectorRetries(page, TX_METHOD)).toHaveText(String(f.retries));
      // A dropped connection may not get each attempt's request to the gateway's log.
      if (f.mode === "drop") expect(sent.length).toBeGreaterThanOrEqual(1);
      else expect(sent).toHaveLength(f.retries + 1);

      await recoversOnHealthyEndpoint(page, manifest);
    });
  }

  test("flaky-503: one 503, retried once, and the transaction is shown", async ({
    page,
    manifest,
    gateway,
  }) => {
    await gateway.clearLog();
    await page.goto(txLink(manifest, "flaky-503"));
    const fields = view(page).getByLabel("Transaction fields");
    await expect(fields).toBeVisible({ timeout: 20_000 });
    await expect(fields).toContainText(new RegExp(manifest.transactions.legacyTransfer.hash, "i"));
    await expect(view(page).getByRole("alert")).toHaveCount(0);
    const sent = (await gateway.log()).filter((e) => e.method === TX_METHOD);
    expect(sent).toHaveLength(2);
    await expect(await inspectorRetries(page, TX_METHOD)).toHaveText("1");
  });

  test("slow-<ms> within the time limit: a loading state, then the result", async ({
    page,
    manifest,
  }) => {
    // Long enough that the app, mounted after its first request left (boot.ts), still finds it
    // pending on a loaded machine: at 1.5 s the answer was sometimes in before the first render.
    await page.goto(txLink(manifest, "slow-5000"));
    await expect(
      view(page)
        .getByRole("status")
        .filter({ hasText: /^Looking up index/ }),
    ).toBeVisible();
    await expect(view(page).getByLabel("Transaction fields")).toBeVisible({ timeout: 20_000 });
  });

  test("slow: past the 30 s client time limit, the view says it timed out (clock fast-forwarded)", async ({
    page,
    manifest,
    gateway,
  }) => {
    await page.clock.install();
    await gateway.clearLog();
    await page.goto(txLink(manifest, "slow"));
    await expect(
      view(page)
        .getByRole("status")
        .filter({ hasText: /^Looking up index/ }),
    ).toBeVisible();
    // The request is at the gateway (which holds it 35 s); jump the page's clock past 30 s.
    await expect
      .poll(async () => (await gateway.log()).filter((e) => e.method === TX_METHOD).length)
      .toBe(1);
    await page.clock.fastForward(31_000);
    const alert = view(page).getByRole("alert");
    await expect(alert).toContainText(`${TX_METHOD} timed out`);
    await expect(alert).toContainText(/sent no complete answer within 30 s/);
    await expect(alert).toContainText(/narrow the request, try again, or raise the timeout/);
    // Time-outs are not retried.
    expect((await gateway.log()).filter((e) => e.method === TX_METHOD)).toHaveLength(1);
    await recoversOnHealthyEndpoint(page, manifest);
  });

  test("the trace view: a 503 is shown, not retried (each trace costs compute units)", async ({
    page,
    manifest,
    gateway,
  }) => {
    await gateway.clearLog();
    const tx = manifest.transactions.nestedCalls;
    const rpc = `${manifest.gatewayUrl}/fault-503/rollup-nitro/`;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer&rpc=${encodeURIComponent(rpc)}`);
    const alert = view(page)
      .getByRole("alert")
      .filter({ hasText: /HTTP 503/ });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText(/unavailable or overloaded/);
    const traces = (await gateway.log()).filter(
      (e) => typeof e.method === "string" && /trace/i.test(e.method),
    );
    expect(traces).toHaveLength(1);
    // A link endpoint sends the trace as debug_traceTransaction (unless traceMethod= says otherwise).
    await expect(await inspectorRetries(page, "debug_traceTransaction")).toHaveText("0");
    await closeRequests(page);
    await page.getByRole("button", { name: "Use my own connection" }).click();
    await expect(page.getByRole("tree", { name: "Call tree" })).toBeVisible({ timeout: 20_000 });
  });

  test("the logs view: a 500 names the failed range and a retry on the healthy endpoint works", async ({
    page,
    manifest,
  }) => {
    const tx = manifest.transactions.tokenTransfer;
    const rpc = `${manifest.gatewayUrl}/fault-500/rollup/`;
    await page.goto(`/#/logs?blockHash=${tx.blockHash}&rpc=${encodeURIComponent(rpc)}`);
    const alert = view(page)
      .getByRole("alert")
      .filter({ hasText: /HTTP 500/ });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText(/eth_getLogs failed for/);
    await expect(alert).toContainText(/The node failed while handling eth_getLogs/);
    await page.getByRole("button", { name: "Use my own connection" }).click();
    await expect(view(page).getByRole("table", { name: "Logs" })).toBeVisible({ timeout: 20_000 });
  });
});
