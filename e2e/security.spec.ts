/**
 * Security: on-chain strings carrying HTML/script payloads (the devnet's `xss` transaction emits
 * them in events and reverts with one; `xssCall` reverts with one in eth_estimateGas) render as
 * inert text; the built app's Content-Security-Policy forbids inline and foreign scripts while
 * the user's endpoints stay reachable; exported files carry neither the endpoint URL nor the key.
 */
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, test, type E2eManifest } from "./fixtures";

const XSS_SCRIPT = "<script>window.__xss=1</script>";
const XSS_IMG = '<img src=x onerror="window.__xss=1">';

const view = (page: Page) => page.locator("main > div:not([hidden])");

/** Nothing the payloads could have created exists, and nothing ran. */
async function expectInert(page: Page) {
  // Let a broken <img> (had one been created) fail to load and fire its handler.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    scripts: [...document.querySelectorAll("script")].filter((s) =>
      s.textContent?.includes("__xss"),
    ).length,
    imgs: document.querySelectorAll('img[src="x"], img[onerror]').length,
    handlers: [...document.querySelectorAll("*")].filter((el) => el.hasAttribute("onerror")).length,
  }));
  expect(state).toEqual({ xss: undefined, scripts: 0, imgs: 0, handlers: 0 });
}

async function downloadedText(download: Promise<Download>): Promise<string> {
  const file = await download;
  const path = await file.path();
  return readFile(path, "utf8");
}

function expectNoEndpoint(text: string, manifest: E2eManifest) {
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toContain(manifest.apiKey);
  expect(text).not.toContain(manifest.gatewayUrl);
  expect(text).not.toContain(new URL(manifest.gatewayUrl).host);
}

test.describe("on-chain strings with HTML/script payloads are inert text", () => {
  test("trace view: the inner revert reason", async ({ page, manifest }) => {
    const tx = manifest.transactions.xss;
    await page.goto(
      `/#/trace?hash=${tx.hash}&tracer=callTracer&tracerConfig=${encodeURIComponent('{"withLog":true}')}`,
    );
    const tree = page.getByRole("tree", { name: "Call tree" });
    await expect(tree).toBeVisible({ timeout: 30_000 });
    // The failed inner frame: select it, its detail shows the decoded reason literally.
    await view(page)
      .getByRole("button", { name: /Next failure/i })
      .click();
    await expect(view(page).getByText(XSS_SCRIPT).first()).toBeVisible();
    await expectInert(page);
  });

  test("logs view: decoded string arguments of the Message events", async ({ page, manifest }) => {
    const tx = manifest.transactions.xss;
    await page.goto("/#/logs");
    await page.getByLabel("Block hash").fill(tx.blockHash);
    await page.getByLabel("Event signature").fill("Message(string text)");
    await page.getByRole("button", { name: "Use as topic 0" }).click();
    await page.getByRole("button", { name: "Get logs" }).click();
    const table = page.getByRole("table", { name: "Logs" });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table).toHaveAttribute("aria-rowcount", "3");
    await expect(table.getByText(XSS_IMG, { exact: false }).first()).toBeVisible();
    await expect(table.getByText(XSS_SCRIPT, { exact: false }).first()).toBeVisible();
    // The row's detail shows the decoded argument too.
    await table
      .getByRole("button", { name: /Details of the log/ })
      .first()
      .click();
    await expect(table.getByRole("button", { name: /Details of the log/ }).first()).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expectInert(page);
  });

  test("estimate view: an Error(string) revert reason", async ({ page, manifest }) => {
    const call = manifest.calls.xssCall;
    if (!call) throw new Error("the devnet manifest has no calls.xssCall");
    await page.goto(`/#/estimate?from=${call.from}&to=${call.to}&data=${call.data}`);
    await expect(page.getByTestId("revert-reason")).toHaveText(XSS_SCRIPT, { timeout: 30_000 });
    await expectInert(page);
  });

  test("simulate view: an Error(string) revert reason", async ({ page, manifest }) => {
    const call = manifest.calls.xssCall;
    if (!call) throw new Error("the devnet manifest has no calls.xssCall");
    await page.goto(`/#/simulate?from=${call.from}&to=${call.to}&data=${call.data}&block=latest`);
    await expect(page.getByTestId("revert-reason")).toHaveText(`Error: ${XSS_SCRIPT}`, {
      timeout: 30_000,
    });
    await expectInert(page);
  });
});

test.describe("Content-Security-Policy of the built app", () => {
  // One page load: the policy it was served with, then what that policy does (were two tests).
  test("the meta policy forbids inline, eval'd and foreign scripts and lets endpoints be reached; injected scripts do not run", async ({
    page,
    manifest,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Content Security Policy/);
    await page.goto("/#/tx");
    await test.step("the meta policy forbids inline, eval'd and foreign scripts and lets endpoints be reached", async () => {
      const policy = await page
        .locator('meta[http-equiv="Content-Security-Policy"]')
        .getAttribute("content");
      expect(policy).not.toBeNull();
      const directives = new Map(
        (policy ?? "")
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map((parts) => [parts[0] ?? "", parts.slice(1)]),
      );
      expect(directives.get("script-src")).toEqual(["'self'"]);
      expect(directives.get("default-src")).toEqual(["'self'"]);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("base-uri")).toEqual(["'none'"]);
      // The user's endpoints can be any host: connect-src must allow them.
      expect(directives.get("connect-src")).toEqual(expect.arrayContaining(["http:", "https:"]));
      expect(policy).not.toContain("unsafe-eval");
    });

    await test.step("an injected inline script, inline handler and foreign script do not run", async () => {
      await expect(
        page.getByRole("status", { name: /Connection status: chain id 31337/ }),
      ).toBeVisible();
      const result = await page.evaluate(async (foreign) => {
        const violations: string[] = [];
        document.addEventListener("securitypolicyviolation", (e) =>
          violations.push(e.violatedDirective),
        );
        const w = window as unknown as {
          __inline?: number;
          __handler?: number;
          __foreign?: number;
        };
        const inline = document.createElement("script");
        inline.textContent = "window.__inline = 1";
        document.body.appendChild(inline);
        const holder = document.createElement("div");
        holder.innerHTML =
          '<img src="data:," onload="window.__handler = 1" onerror="window.__handler = 1">';
        document.body.appendChild(holder);
        const ext = document.createElement("script");
        ext.src = foreign;
        const loaded = new Promise<string>((resolve) => {
          ext.onload = () => resolve("loaded");
          ext.onerror = () => resolve("blocked");
        });
        document.body.appendChild(ext);
        const outcome = await loaded;
        await new Promise((r) => setTimeout(r, 100));
        return { inline: w.__inline, handler: w.__handler, foreign: outcome, violations };
      }, `${manifest.gatewayUrl}/x.js`);
      expect(result.inline).toBeUndefined();
      expect(result.handler).toBeUndefined();
      expect(result.foreign).toBe("blocked");
      expect(result.violations.some((v) => v.startsWith("script-src"))).toBe(true);
      // The app itself still works under the policy: the devnet endpoint (another origin) answers.
      await page.goto(`/#/tx?blockHash=${manifest.transactions.legacyTransfer.blockHash}&index=0`);
      await expect(view(page).getByLabel("Transaction fields")).toBeVisible({ timeout: 30_000 });
    });
  });
});

test.describe("exported files carry neither the endpoint URL nor the API key", () => {
  test("tx JSON, trace JSON, logs CSV and JSON", async ({ page, manifest }) => {
    const tx = manifest.transactions.xss;
    await page.goto(`/#/tx?blockHash=${tx.blockHash}&index=${tx.index}`);
    await expect(view(page).getByLabel("Transaction fields")).toBeVisible({ timeout: 30_000 });
    const txJson = await downloadedText(
      Promise.all([
        page.waitForEvent("download"),
        view(page).getByRole("button", { name: "Download JSON" }).click(),
      ]).then(([d]) => d),
    );
    expect(txJson).toContain(tx.hash.toLowerCase());
    expectNoEndpoint(txJson, manifest);

    await page.goto(`/#/trace?hash=${tx.hash}&tracer=callTracer`);
    await expect(page.getByRole("tree", { name: "Call tree" })).toBeVisible({ timeout: 30_000 });
    const traceJson = await downloadedText(
      Promise.all([
        page.waitForEvent("download"),
        view(page).getByRole("button", { name: "Download JSON" }).click(),
      ]).then(([d]) => d),
    );
    expect(traceJson).toContain('"calls"');
    expectNoEndpoint(traceJson, manifest);

    await page.goto(`/#/logs?blockHash=${tx.blockHash}`);
    await expect(page.getByRole("table", { name: "Logs" })).toBeVisible({ timeout: 30_000 });
    for (const name of ["Export CSV", "Export JSON"]) {
      const text = await downloadedText(
        Promise.all([
          page.waitForEvent("download"),
          view(page).getByRole("button", { name }).click(),
        ]).then(([d]) => d),
      );
      expect(text.toLowerCase()).toContain(tx.hash.toLowerCase());
      expectNoEndpoint(text, manifest);
    }
  });
});
