/**
 * Decoding through the public services, against the devnet's stand-ins: the signature database
 * (OpenChain-compatible, `/sigdb`) and Sourcify v2 (`/sourcify`). None of the decoding scenario's
 * signatures is in the app's built-in set, and the devnet's manifest gives the app no ABI for
 * them: every name below comes from a service.
 */
import type { Page } from "@playwright/test";
import { expect, test, type E2eManifest, type ServiceLogEntry } from "./fixtures";

const tree = (page: Page) => page.getByRole("tree", { name: "Call tree" });
const traceLink = (hash: string, extra = "") => `/#/trace?hash=${hash}&tracer=callTracer${extra}`;
const row = (page: Page, text: string | RegExp) =>
  tree(page).getByRole("treeitem").filter({ hasText: text }).first();

function decodingOf(manifest: E2eManifest) {
  const tx = manifest.transactions.decoding;
  const d = manifest.decoding;
  return { tx, d };
}

/** Only selectors, topics, chain ids and contract addresses: nothing else may leave the page. */
function expectPrivate(entries: ServiceLogEntry[]) {
  for (const e of entries) {
    if (e.service === "sigdb") {
      expect(e.path).toMatch(/\/signature-database\/v1\/lookup$/);
      const q = new URLSearchParams(e.query);
      for (const [k, v] of q) {
        if (k === "filter") continue;
        expect(["function", "event"]).toContain(k);
        for (const item of v.split(","))
          expect(item).toMatch(k === "function" ? /^0x[0-9a-f]{8}$/ : /^0x[0-9a-f]{64}$/);
      }
    } else {
      expect(e.path).toMatch(/\/v2\/contract\/\d+\/0x[0-9a-fA-F]{40}$/);
      expect(e.query).toMatch(/^fields=[a-zA-Z.,]+$/);
    }
  }
}

test.describe("decoding through the signature database and Sourcify", () => {
  test("a trace: database names, verified argument names, a proxy via its implementation, a collision, guessed types", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx, d } = decodingOf(manifest);
    await gateway.clearLog();
    await page.goto(traceLink(tx.hash));
    await expect(tree(page).locator("[data-frame-row]").first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Expand all" }).click();

    // Router is not verified: its function comes from the database, marked as such.
    const top = row(page, "routeAll");
    await expect(top).toBeVisible();
    await expect(top.locator('[data-origin="database"]')).toBeVisible();
    // Vault is verified: the name and the argument names come from its ABI.
    const vault = row(page, "depositFor");
    await expect(vault.locator('[data-origin="verified"]')).toBeVisible();
    await vault.click();
    const detail = page.getByRole("region", { name: /^Frame / });
    await expect(detail).toContainText("beneficiary");
    await expect(detail).toContainText("Verified source (Sourcify)");
    // The proxy's frame decodes with its implementation's ABI; the proxy is named after both.
    const proxy = row(page, "bump");
    await expect(proxy).toBeVisible();
    await expect(proxy).toContainText("Proxy (CounterV1)");
    // The collision: the database lists two signatures; the one that decodes cleanly wins.
    const collision = row(page, d.collision.signature.split("(")[0] ?? "");
    await expect(collision).toContainText("1 of 2");
    await collision.click();
    await page.getByRole("button", { name: /other signature/ }).click();
    await expect(detail).toContainText(d.collision.other);
    // Nobody knows Mystery's function: its argument types are guessed, and say so.
    const mystery = tree(page)
      .getByRole("treeitem")
      .filter({ has: page.locator('[data-origin="guessed"]') })
      .first();
    await expect(mystery).toBeVisible();
    await mystery.click();
    await expect(detail).toContainText("Guessed argument types");

    // The services were asked a few times at most, never per row, and only with keys.
    const asked = await gateway.serviceLog();
    expect(asked.filter((e) => e.service === "sigdb").length).toBeGreaterThan(0);
    expect(asked.filter((e) => e.service === "sigdb").length).toBeLessThanOrEqual(3);
    const sourcifyPaths = asked.filter((e) => e.service === "sourcify").map((e) => e.path);
    expect(new Set(sourcifyPaths).size).toBe(sourcifyPaths.length);
    expectPrivate(asked);
  });

  // One visit of the decoding transaction's card: what it decodes, then a label given there,
  // then the log table and the trace (which show the label too).
  test("a transaction card and a log table decoded only through the services; an address named once shows its name everywhere", async ({
    page,
    manifest,
  }) => {
    const { tx, d } = decodingOf(manifest);
    await page.goto(`/#/tx?blockHash=${tx.blockHash}&index=${tx.index}`);
    await test.step("a transaction card decoded only through the services", async () => {
      const card = page.getByLabel("Decoded arguments");
      // (the card's input; the summary above it names the same method)
      await expect(
        page
          .getByLabel("Transaction fields")
          .getByText(/routeAll\(address,uint256,bytes32,bytes\)/),
      ).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText("Signature database (not verified)")).toBeVisible();
      await expect(card).toBeVisible();
    });
    await test.step("an address named on the card", async () => {
      await page
        .getByRole("button", { name: `Name address ${d.router}`, exact: false })
        .first()
        .click();
      await page
        .getByRole("textbox", { name: new RegExp(`Label for ${d.router}`, "i") })
        .fill("My router");
      await page.getByRole("button", { name: "Save label" }).click();
      await expect(page.getByText("My router").first()).toBeVisible();
    });
    await test.step("a log table decoded only through the services", async () => {
      await page.goto(`/#/logs?blockHash=${tx.blockHash}`);
      const table = page.getByRole("table", { name: "Logs" });
      await expect(table.getByRole("row").filter({ hasText: "Routed" }).first()).toBeVisible({
        timeout: 20_000,
      });
      // Deposited: verified, argument names shown; Bumped: emitted by the proxy, decoded with its
      // implementation's ABI.
      const deposited = table.getByRole("row").filter({ hasText: "Deposited" }).first();
      await expect(deposited).toContainText("beneficiary");
      await expect(table.getByRole("row").filter({ hasText: "Bumped" }).first()).toBeVisible();
      // The address column names verified contracts (Sourcify's contract name).
      await expect(deposited).toContainText("Vault");
    });
    await test.step("the name shows in the trace, and the labels export", async () => {
      await page.goto(traceLink(tx.hash));
      await expect(tree(page).getByRole("treeitem").first()).toContainText("My router", {
        timeout: 30_000,
      });

      await page.getByRole("button", { name: "Settings" }).click();
      const settings = page.getByRole("complementary", { name: "Settings" });
      await expect(settings.getByRole("row").filter({ hasText: "My router" })).toBeVisible();
      const download = page.waitForEvent("download");
      await settings.getByRole("button", { name: "Export labels" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("nodescope-labels.json");
    });
  });

  test("services switched off by a link: nothing is sent, and the tab says so", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx } = decodingOf(manifest);
    await gateway.clearLog();
    await page.goto(traceLink(tx.hash, "&sigdb=off&sourcify=off"));
    await expect(page.getByRole("region", { name: "Decoding set by the link" })).toContainText(
      "Signature database off",
    );
    await expect(tree(page).locator("[data-frame-row]").first()).toBeVisible({ timeout: 30_000 });
    await expect(tree(page).getByRole("treeitem").first()).toContainText("0x");
    await expect(tree(page)).not.toContainText("routeAll");
    expect(await gateway.serviceLog()).toEqual([]);
  });

  test("a slow database: the tree shows at once, names fill in when they arrive", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx } = decodingOf(manifest);
    const slow = encodeURIComponent(gateway.url("/sigdb-slow-2500"));
    await page.goto(traceLink(tx.hash, `&sigdb=${slow}&sourcify=off`));
    await expect(tree(page).locator("[data-frame-row]").first()).toBeVisible({ timeout: 30_000 });
    await expect(tree(page)).not.toContainText("routeAll");
    await expect(page.getByRole("status", { name: "Decoding services" })).toContainText(
      "Looking up names",
    );
    await expect(row(page, "routeAll")).toBeVisible({ timeout: 15_000 });
  });

  test("a database that is down: a quiet note, never an error panel", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx } = decodingOf(manifest);
    const down = encodeURIComponent(gateway.url("/sigdb-down"));
    await page.goto(traceLink(tx.hash, `&sigdb=${down}`));
    await expect(tree(page).locator("[data-frame-row]").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("status", { name: "Decoding services" })).toContainText(
      "Signature database",
    );
    await expect(page.getByRole("alert")).toHaveCount(0);
    // Sourcify still answers: the verified contract is named.
    await page.getByRole("button", { name: "Expand all" }).click();
    await expect(row(page, "depositFor")).toBeVisible();
  });

  test("answers are kept on the device: a reload asks nothing", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx } = decodingOf(manifest);
    await page.goto(traceLink(tx.hash));
    await expect(row(page, "routeAll")).toBeVisible({ timeout: 30_000 });
    await gateway.clearLog();
    await page.reload();
    await expect(row(page, "routeAll")).toBeVisible({ timeout: 30_000 });
    expect(await gateway.serviceLog()).toEqual([]);
  });

  test("the signature database switched off in Settings is not asked", async ({
    page,
    manifest,
    gateway,
  }) => {
    const { tx } = decodingOf(manifest);
    await page.goto("/#/tx");
    await page.getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("complementary", { name: "Settings" });
    await settings.getByRole("checkbox", { name: "Use the signature database" }).uncheck();
    await settings.getByRole("button", { name: "Close" }).click();
    await gateway.clearLog();
    await page.goto(traceLink(tx.hash));
    await page.getByRole("button", { name: "Expand all" }).click();
    await expect(row(page, "depositFor")).toBeVisible({ timeout: 30_000 });
    const asked = await gateway.serviceLog();
    expect(asked.filter((e) => e.service === "sigdb")).toEqual([]);
    expect(asked.filter((e) => e.service === "sourcify").length).toBeGreaterThan(0);
  });
});

test("the page may connect only to the configured hosts, and says when a new one needs a reload", async ({
  page,
  manifest,
  consoleErrors,
}) => {
  consoleErrors.allow(/Content Security Policy/);
  await page.goto("/#/tx");
  await expect(page.getByRole("status", { name: /Connection status: chain id/ })).toBeVisible({
    timeout: 20_000,
  });
  const policy = page.locator('meta[data-nodescope="connect-src"]');
  await expect(policy).toHaveAttribute(
    "content",
    `connect-src 'self' https://*.nodereal.io ${new URL(manifest.gatewayUrl).origin}`,
  );
  // A fetch to a host nobody configured is refused by the browser itself.
  const refused = await page.evaluate(async () => {
    try {
      await fetch("https://example.com/", { mode: "no-cors" });
      return false;
    } catch {
      return true;
    }
  });
  expect(refused).toBe(true);

  await page.getByRole("combobox", { name: "Connection", exact: true }).selectOption("custom");
  await page.getByRole("textbox", { name: "JSON-RPC URL" }).fill(manifest.anvilUrl);
  const reload = page.getByRole("region", { name: "Reload needed" });
  await expect(reload).toContainText(new URL(manifest.anvilUrl).origin);
  await reload.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("status", { name: /Connection status: chain id 31337/ })).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByRole("region", { name: "Reload needed" })).toHaveCount(0);
});
