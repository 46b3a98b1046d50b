/**
 * A shared link cannot spend the user's key on code they have not seen (issue 29). With a provider
 * key kept on this device ("Remember on this device": localStorage), the provider's hosts are
 * answered by the devnet's gateway, which speaks the provider's URL shapes and logs every request:
 * `https://bsc-mainnet.nodereal.io/v1/{key}` → `{gateway}/bsc-mainnet/v1/{key}`, and
 * `https://open-platform.nodereal.io/{key}/{segment}/` → `{gateway}/{key}/{segment}/`.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, type E2eManifest, type Gateway } from "./fixtures";

const CODE = `{
  calls: 0,
  enter: function (frame) { this.calls++; },
  exit: function (res) {},
  fault: function (log, db) {},
  result: function (ctx, db) { return { calls: this.calls, gasUsed: ctx.gasUsed }; }
}`;

/** The decoding services stay off: a provider connection would otherwise ask the public ones. */
const OFF = "&sigdb=off&sourcify=off";

/** How long a link that waits must stay silent (the issue: "nothing for several seconds"). */
const QUIET_MS = 4_000;

async function keepProviderKey(page: Page, context: BrowserContext, manifest: E2eManifest) {
  const settings = {
    kind: "nodereal",
    rememberKey: true,
    apiKey: manifest.apiKey,
    rollupNitroSegment: "rollup-nitro",
    rollupSegment: "rollup",
    traceNetwork: "bsc-mainnet",
  };
  await page.addInitScript((json) => {
    localStorage.setItem("nodescope.connection", json);
  }, JSON.stringify(settings));
  // The context's routes also see what the trace Worker fetches.
  await context.route(/^https:\/\/[a-z0-9-]+\.nodereal\.io\//, async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "content-type",
      "access-control-allow-methods": "POST, OPTIONS",
    };
    if (req.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const sub = url.hostname.replace(/\.nodereal\.io$/, "");
    const path = sub === "open-platform" ? url.pathname : `/${sub}${url.pathname}`;
    // A request still in flight when its test ends (the page is closing) is dropped: otherwise
    // Playwright reports the closed route as an error outside every test and fails the run.
    try {
      const response = await route.fetch({ url: `${manifest.gatewayUrl}${path}` });
      await route.fulfill({ response });
    } catch {
      await route.abort().catch(() => {});
    }
  });
}

/** The traces the gateway received (the provider's trace endpoint). */
async function traces(gateway: Gateway) {
  return (await gateway.log()).filter((e) => e.method === "debug_jstraceTransaction");
}

const gate = (page: Page) => page.getByRole("region", { name: /trace waits for you/ });

test.describe("a trace link on a provider key kept on this device", () => {
  test("custom tracer code waits for 'Run this tracer': shown first, nothing sent, then one request", async ({
    page,
    context,
    manifest,
    gateway,
  }) => {
    await keepProviderKey(page, context, manifest);
    await gateway.clearLog();
    // Whether a call tree's Expand all ever shows: no tree comes from this link by itself (the
    // first paint draws the tree's controls only for one that does).
    await page.addInitScript(() => {
      const w = window as unknown as { __expandAllShown: boolean };
      w.__expandAllShown = false;
      new MutationObserver(() => {
        for (const b of document.getElementsByTagName("button"))
          if (/expand all/i.test(b.textContent ?? "")) w.__expandAllShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const tx = manifest.transactions.nestedCalls;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=${encodeURIComponent(CODE)}${OFF}`);

    const waiting = gate(page);
    await expect(waiting).toBeVisible({ timeout: 30_000 });
    const code = waiting.getByRole("textbox", { name: /Tracer code/ });
    await expect(code).toHaveValue(CODE);
    await expect(code).not.toBeEditable();
    await expect(waiting).toContainText(
      `${new TextEncoder().encode(CODE).length} bytes, ${CODE.split("\n").length} lines`,
    );
    await expect(waiting).toContainText(
      `debug_jstraceTransaction at https://bsc-mainnet.nodereal.io/v1/••••${manifest.apiKey.slice(-4)}`,
    );
    expect(await page.locator("body").innerText()).not.toContain(manifest.apiKey);

    // Silent for several seconds: the gateway's log is read again and again over a bounded
    // interval, and any trace seen fails at once.
    const since = Date.now();
    await expect
      .poll(
        async () => {
          const seen = (await traces(gateway)).length;
          if (seen > 0) return `sent ${seen}`;
          return Date.now() - since >= QUIET_MS ? "quiet" : "waiting";
        },
        { timeout: QUIET_MS + 20_000, intervals: [250] },
      )
      .toBe("quiet");
    expect(await traces(gateway)).toEqual([]);
    expect(
      await page.evaluate(
        () => (window as unknown as { __expandAllShown: boolean }).__expandAllShown,
      ),
      "a tree's controls drawn for a link that makes no tree by itself",
    ).toBe(false);

    await waiting.getByRole("button", { name: "Run this tracer" }).click();
    await expect(waiting).toBeHidden();
    await expect.poll(async () => (await traces(gateway)).length, { timeout: 30_000 }).toBe(1);
    const sent = (await traces(gateway))[0];
    expect(sent?.params).toEqual([tx.hash, { tracer: CODE }]);
    expect(sent?.key).toBe(`••••${manifest.apiKey.slice(-4)}`);
    // Once the node has answered (a result or an error), it was still one request.
    await expect(
      page.getByRole("region", { name: "Tracer result" }).or(page.getByRole("alert").first()),
    ).toBeVisible({ timeout: 30_000 });
    expect(await traces(gateway)).toHaveLength(1);
  });

  test("custom code on a link naming its own endpoint (rpc=) spends no key of the user's: it runs at once", async ({
    page,
    context,
    manifest,
    gateway,
  }) => {
    await keepProviderKey(page, context, manifest);
    await gateway.clearLog();
    const tx = manifest.transactions.nestedCalls;
    const rpc = encodeURIComponent(gateway.url(`/bsc-mainnet/v1/${manifest.apiKey}`));
    await page.goto(
      `/#/trace?hash=${tx.hash}&tracer=${encodeURIComponent(CODE)}&rpc=${rpc}&traceMethod=debug_jstraceTransaction${OFF}`,
    );
    await expect.poll(async () => (await traces(gateway)).length, { timeout: 30_000 }).toBe(1);
    await expect(page.getByRole("region", { name: "Tracer result" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(gate(page)).toHaveCount(0);
    expect(await traces(gateway)).toHaveLength(1);
  });

  test("a built-in tracer link still sends its one request at once", async ({
    page,
    context,
    manifest,
    gateway,
  }) => {
    await keepProviderKey(page, context, manifest);
    await gateway.clearLog();
    const tx = manifest.transactions.nestedCalls;
    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer${OFF}`);
    await expect.poll(async () => (await traces(gateway)).length, { timeout: 30_000 }).toBe(1);
    await expect(page.getByRole("tree", { name: "Call tree" })).toBeVisible({ timeout: 30_000 });
    await expect(gate(page)).toHaveCount(0);
    expect(await traces(gateway)).toHaveLength(1);
    expect((await traces(gateway))[0]?.params).toEqual([
      tx.hash,
      { tracer: "callTracer", tracerConfig: { withLog: true } },
    ]);
  });
});
