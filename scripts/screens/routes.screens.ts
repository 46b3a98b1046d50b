import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "../../e2e/fixtures";

const out = resolve(dirname(fileURLToPath(import.meta.url)), "../../docs/screens");
mkdirSync(out, { recursive: true });

const SIZES = [
  { name: "1400", width: 1400, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

for (const size of SIZES)
  for (const theme of THEMES)
    test(`the routes at ${size.name} px, ${theme}`, async ({ page, manifest }) => {
      // Thirteen routes, each loaded and run in one test: more than the e2e's minute per test.
      test.setTimeout(300_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto("/#/tx");
      await page.getByLabel("Theme").selectOption(theme);
      const tx = manifest.transactions.tokenTransfer;
      const insight = manifest.transactions.insight ?? manifest.transactions.nestedCalls;
      const call = manifest.calls.transfer;
      const unlocked = manifest.calls.unlockedTransfer ?? manifest.calls.revertingCall;
      const shots: [string, string, () => Promise<void>][] = [
        ["tx", `/#/tx?hash=${tx.hash}`, () => expect(page.locator("dt").first()).toBeVisible()],
        [
          "logs",
          `/#/logs?fromBlock=${manifest.token.fromBlock}&toBlock=${manifest.token.toBlock}&address=${manifest.token.address}`,
          () =>
            expect(page.getByRole("status").filter({ hasText: /^Done/ })).toBeVisible({
              timeout: 30_000,
            }),
        ],
        [
          "trace",
          `/#/trace?hash=${insight.hash}&tracer=callTracer`,
          () => expect(page.getByRole("treeitem").first()).toBeVisible(),
        ],
        [
          "trace-decoding",
          `/#/trace?hash=${manifest.transactions.decoding.hash}&tracer=callTracer`,
          async () => {
            await page.getByRole("button", { name: "Expand all" }).click();
            await expect(page.getByRole("treeitem").filter({ hasText: "depositFor" })).toBeVisible({
              timeout: 30_000,
            });
          },
        ],
        [
          "trace-balances",
          `/#/trace?hash=${insight.hash}&tracer=callTracer&view=balances`,
          () => expect(page.getByRole("region", { name: /balance changes/i })).toBeVisible(),
        ],
        [
          "trace-debug",
          `/#/trace?hash=${manifest.transactions.debugFail?.hash ?? ""}&tracer=callTracer&view=debug`,
          () =>
            expect(
              page.getByRole("region", { name: /debugger/i }).getByRole("status"),
            ).toContainText(/step [\d,]+ of/, { timeout: 60_000 }),
        ],
        [
          "estimate",
          `/#/estimate?from=${call.from}&to=${call.to}&data=${call.data}`,
          () => expect(page.getByTestId("estimate-hex")).toBeVisible(),
        ],
        [
          "simulate",
          `/#/simulate?from=${unlocked.from}&to=${unlocked.to}&data=${unlocked.data}&block=latest${
            unlocked.stateOverrides
              ? `&overrides=${encodeURIComponent(JSON.stringify(unlocked.stateOverrides))}`
              : ""
          }`,
          () => expect(page.getByRole("treeitem").first()).toBeVisible({ timeout: 30_000 }),
        ],
        [
          "block",
          `/#/block?number=${tx.blockNumber}`,
          () => expect(page.getByRole("table").first()).toBeVisible({ timeout: 30_000 }),
        ],
        [
          "address",
          `/#/address?address=${String((manifest.storage as { proxy: string }).proxy)}`,
          () =>
            expect(page.getByRole("table", { name: /storage/i })).toBeVisible({ timeout: 30_000 }),
        ],
        [
          // An account's transactions (issue 48): its sent ones found from standard methods.
          "address-history",
          `/#/address?address=${tx.from}`,
          async () => {
            const list = page.getByRole("table", { name: /transactions/i }).first();
            await expect(list).toBeVisible({ timeout: 30_000 });
            // The list sits below the account and its token transfers: shown from its summary.
            const summary = page.getByRole("status", { name: "Sent transactions" });
            // Once the bisection has found what this account sent (it ends in its request count).
            await expect(summary).toHaveText(/^Sent: .* requests$/, { timeout: 120_000 });
            await summary.evaluate((el) => el.scrollIntoView({ block: "start" }));
          },
        ],
        [
          "compare",
          `/#/compare?a=${manifest.transactions.storage?.hash ?? ""}&b=${manifest.transactions.storageRetry?.hash ?? ""}`,
          () =>
            expect(page.getByRole("region", { name: /compare/i }).getByRole("tree")).toBeVisible({
              timeout: 30_000,
            }),
        ],
      ];
      for (const [name, link, ready] of shots) {
        await page.goto(link);
        await ready();
        await page.screenshot({ path: `${out}/${name}-${size.name}-${theme}.png` });
      }
    });
