/**
 * The fault suite: every fault mode of the devnet gateway, met by a view through a `rpc=` link to
 * `<gateway>/fault-<mode>/rollup-nitro/`. Each shows a specific, human message (what happened,
 * what to try), the retries where they apply (request inspector + the gateway's own count), and
 * leaves the view usable: back on the healthy devnet connection the same lookup succeeds.
 * No page error and no console error other than the browser's "Failed to load resource" lines.
 */
import type { Page } from "@playwright/test";
import { expect, test, type E2eManifest } from "./fixtures";

const TX_METHOD = "eth_getTransactionByBlockHashAndIndex";
const view = (page: Page) => page.locator("main > div:not([hidden])");

interface FaultCase {
  mode: string;
  /** Distinctive words of the message: what happened and what to try. */
  says: RegExp[];
  /** Retries the client makes (HTTP 429/502/503/504 and dropped connections: 2; others 0). */
  retries: number;
}

const FAULTS: FaultCase[] = [
  {
    mode: "401",
    says: [/HTTP 401 Unauthorized/, /rejected the API key/, /check the key/],
    retries: 0,
  },
  { mode: "403", says: [/HTTP 403 Forbidden/, /Access denied/, /allow-list/], retries: 0 },
  {
    mode: "404",
    says: [/HTTP 404 Not Found/, /Nothing answers at this URL path/, /check the endpoint URL/],
    retries: 0,
  },
  { mode: "413", says: [/HTTP 413 Payload Too Large/, /too large for the endpoint/], retries: 0 },
  {
    mode: "429",
    says: [/HTTP 429 Too Many Requests/, /Rate limited/, /wait 1 s and try again/],
    retries: 2,
  },
  {
    mode: "500",
    says: [/HTTP 500 Internal Server Error/, /The node failed while handling/, /try again/],
    retries: 0,
  },
  {
    mode: "502",
    says: [/HTTP 502 Bad Gateway/, /got no valid answer from the node/, /use another endpoint/],
    retries: 2,
  },
  {
    mode: "503",
    says: [/HTTP 503 Service Unavailable/, /unavailable or overloaded/, /try again in a moment/],
    retries: 2,
  },
  {
    mode: "504",
    says: [/HTTP 504 Gateway Timeout/, /gave up waiting for the node/, /narrow it/],
    retries: 2,
  },
  { mode: "html", says: [/HTML page instead of JSON/, /Check the endpoint URL/], retries: 0 },
  { mode: "empty", says: [/empty body/, /try again/], retries: 0 },
  { mode: "truncated", says: [/cut off before the JSON ended/, /try again/], retries: 0 },
  { mode: "wrong-id", says: [/does not belong to this request/, /mixing up answers/], retries: 0 },
  { mode: "no-jsonrpc", says: [/not a valid JSON-RPC 2\.0 response/], retries: 0 },
  {
    mode: "drop",
    says: [/could not be sent/, /Could not reach 127\.0\.0\.1/, /Check the endpoint URL/],
    retries: 2,
  },
  {
    mode: "oversized",
    says: [/over the 50\.0 MB limit/, /Ask for less/, /Settings → “Response size limit”/],
    retries: 0,
  },
  { mode: "rpc-error", says: [/error -32603 \(Internal error\)/, /"internal error"/], retries: 0 },
];

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
  for (const f of FAULTS) {
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
    await page.goto(txLink(manifest, "slow-1500"));
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
