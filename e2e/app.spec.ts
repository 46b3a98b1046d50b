import type { Page, Route } from "@playwright/test";
import { expect, METHOD_TABS, openMethodTab, test } from "./fixtures";

const KEY = "nskLIVEa1b2c3d4e5f6g7h8wxyz";

/** Stands in for the provider: answers any JSON-RPC call to *.nodereal.io with a plausible result. */
async function fakeNodeReal(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const handler = async (route: Route) => {
    const req = route.request();
    seen.push(req.url());
    if (req.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const body = JSON.parse(req.postData() ?? "{}") as { id?: number; method?: string };
    const result = body.method === "eth_chainId" ? "0xa4b1" : null;
    await route.fulfill({
      status: 200,
      headers: { ...cors, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: body.id, result }),
    });
  };
  await page.route(/nodereal\.io/, handler);
  return seen;
}
const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type" };

// One page load for the header's checks that need nothing fresh (were three tests).
test("the devnet connection names its chain; each route has its heading and a tab; the theme toggles", async ({
  page,
}) => {
  await test.step("the devnet connection answers and names its chain", async () => {
    await page.goto("/#/tx");
    await expect(
      page.getByRole("status", { name: /Connection status: chain id 31337/ }),
    ).toBeVisible();
  });

  await test.step("each route has its heading (what it shows) and a tab", async () => {
    await page.goto("/#/tx");
    for (const [tab, method] of METHOD_TABS) await openMethodTab(page, tab, method);
  });

  await test.step("the theme toggle switches to dark and back", async () => {
    await page.goto("/#/logs");
    await page.getByLabel("Theme").selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByLabel("Theme").selectOption("light");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });
});

test("the page's HTML preloads only what the first module imports; each module is asked for once", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js")) asked.push(path);
  });
  const html = await (await page.request.get("/")).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] ?? "",
  );
  // The app's chunks are asked for by the first module (after a trace link's Worker has started):
  // none of them, nor a method's page, is preloaded by the HTML.
  expect(preloaded.filter((f) => /\/(App|boot|react-dom|client)-[\w-]+\.js$/.test(f))).toEqual([]);
  expect(preloaded.filter((f) => /\/(debug_|eth_)\w+-[\w-]+\.js$/.test(f))).toEqual([]);

  await page.goto("/#/trace");
  await expect(page.getByRole("heading", { level: 1, name: "Trace" })).toBeVisible();
  expect(asked.some((a) => /\/App-[\w-]+\.js$/.test(a))).toBe(true);
  expect(asked.filter((a, k) => asked.indexOf(a) !== k)).toEqual([]);
});

// One key typed into the connection form, then what it sends and what it never shows (were two
// tests: one filled the key, one typed it; typing is the stricter way to the same state).
test("typing an API key checks the endpoint once it stands still; the key never leaks into the URL, storage, console or cURL", async ({
  page,
}) => {
  const consoleTexts: string[] = [];
  page.on("console", (m) => consoleTexts.push(`${m.text()} ${m.location().url}`));
  const seen = await fakeNodeReal(page);

  await test.step("typing an API key checks the endpoint once it stands still, not once per keystroke", async () => {
    await page.goto("/#/tx");
    await page.getByRole("combobox", { name: "Connection", exact: true }).selectOption("nodereal");
    await page.getByRole("textbox", { name: "API key" }).pressSequentially(KEY, { delay: 20 });
    await expect(page.getByRole("status", { name: /chain id 42161/ })).toBeVisible();
    const probes = seen.filter((u) => u.includes("nodereal.io"));
    expect(probes.length, probes.join("\n")).toBeLessThanOrEqual(2);
    expect(probes.every((u) => u.includes(KEY))).toBe(true); // only the whole key was tried

    const toggle = page.getByRole("button", { name: "Show API key" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "Hide API key" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "API key" })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide API key" }).click();
    await expect(page.getByRole("button", { name: "Show API key" })).toBeVisible();
  });

  await test.step("the API key never leaks into the URL, storage, console or cURL", async () => {
    await page.getByRole("button", { name: "Endpoints" }).click();
    await expect(
      page.getByText("https://open-platform.nodereal.io/••••wxyz/arbitrum/"),
    ).toBeVisible();
    await expect(page.getByRole("status", { name: /chain id 42161/ })).toBeVisible();
    expect(seen.some((u) => u.includes(KEY))).toBe(true); // the key does go where the provider wants it

    await page.getByRole("button", { name: "Requests" }).click();
    const inspector = page.getByRole("complementary", { name: "Requests" });
    await inspector
      .getByRole("button", { name: /eth_chainId/ })
      .first()
      .click();
    const curl = inspector.getByLabel("cURL command");
    await expect(curl).toContainText("••••wxyz");
    await expect(curl).not.toContainText(KEY);

    expect(page.url()).not.toContain(KEY);
    const storage = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(storage).not.toContain(KEY);
    const historyState = await page.evaluate(() => JSON.stringify(history.state) + location.href);
    expect(historyState).not.toContain(KEY);
    expect(consoleTexts.join("\n")).not.toContain(KEY);

    // Revealing is explicit, and remembering is opt-in: both show the checks above can fail.
    await inspector.getByLabel("Reveal API key in cURL").check();
    await expect(curl).toContainText(KEY);
    await page.getByLabel("Remember on this device").check();
    const remembered = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(remembered).toContain(KEY);
  });
});

test("rpc= in a link points the tab at that endpoint and says so", async ({ page, manifest }) => {
  await page.goto(`/#/tx?rpc=${encodeURIComponent(manifest.anvilUrl)}`);
  const host = new URL(manifest.anvilUrl).host;
  await expect(page.getByText(`This tab sends every request to`)).toContainText(host);
  await expect(page.getByRole("status", { name: /chain id 31337/ })).toBeVisible();
  await page.getByRole("button", { name: "Use my own connection" }).click();
  await expect(page.getByText(`This tab sends every request to`)).toHaveCount(0);
});

test("an unreachable endpoint is explained in full in the header, not cut off", async ({
  page,
}) => {
  await page.goto("/#/tx");
  await page.getByRole("combobox", { name: "Connection", exact: true }).selectOption("custom");
  await page.getByRole("textbox", { name: "JSON-RPC URL" }).fill("http://127.0.0.1:9/");
  // The page may connect only to the hosts configured when it loaded: a new one takes a reload.
  await page
    .getByRole("region", { name: "Reload needed" })
    .getByRole("button", { name: "Reload" })
    .click();
  const status = page.getByRole("status", { name: /Connection status: unreachable/ });
  await expect(status).toBeVisible({ timeout: 20_000 });
  const text = status.locator("span").last();
  await expect(text).toContainText("unreachable");
  const cut = await text.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
});
