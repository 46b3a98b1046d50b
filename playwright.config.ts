import { spawnSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { findBrowser, MANUAL_HINT } from "./scripts/ensure-browser.mjs";

/**
 * The e2e run: e2e/global-setup.ts starts the devnet (anvil + scenarios + gateway), writes
 * .devnet/e2e-devnet.json and serves the built app with `vite preview` on this port: 4317, or a free
 * one when another run holds it (NODESCOPE_E2E_PORT overrides). It is chosen here because this file
 * is evaluated before the global setup runs.
 */
const port = Number(process.env.NODESCOPE_E2E_PORT ?? freePort(4317));
// Set before the global setup and the workers start, so all of them agree on it.
process.env.NODESCOPE_E2E_PORT = String(port);

/** `preferred` when it is free on 127.0.0.1, else any free port (another run may hold it). */
function freePort(preferred: number): number {
  const probe = `const s=require("node:net").createServer();s.once("error",()=>s.listen(0,"127.0.0.1"));s.on("listening",()=>{console.log(s.address().port);s.close()});s.listen(${preferred},"127.0.0.1");`;
  const r = spawnSync(process.execPath, ["-e", probe], { encoding: "utf8", timeout: 10_000 });
  const found = Number(r.stdout.trim());
  return Number.isInteger(found) && found > 0 ? found : preferred;
}

// `npm run test:e2e` runs scripts/ensure-browser.mjs first (pretest:e2e), which installs a
// Chromium when none is found; here we only look, so a bare `npx playwright test` without one
// stops with one clear message instead of a stack trace per test.
const browser = findBrowser();
if (!browser) {
  throw new Error(
    `No Chromium for the end-to-end tests. Run \`npm run test:e2e\` (it installs one), or: ${MANUAL_HINT}`,
  );
}
const executablePath = browser.path;
const CI = Boolean(process.env.CI && process.env.CI !== "false" && process.env.CI !== "0");

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // The tests share one devnet, side by side: each test's requests carry its id, so the gateway's
  // request log is read per test, and a test that changes the chain (tagged @chain-writes) runs
  // alone (e2e/fixtures.ts, e2e/chainLock.ts). Three workers on two cores: a test waits on the
  // devnet and on the page's own timers a good part of its time (the same commit, back to back:
  // 2 workers 801 s, 3 617 s, 4 620 s and a flaky; docs/testing.md). NODESCOPE_E2E_WORKERS
  // overrides (`--workers` too).
  workers: Number(process.env.NODESCOPE_E2E_WORKERS ?? 3),
  fullyParallel: true,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    headless: true,
    // A failing test's trace is recorded on its retry (CI retries once; locally `--trace=on`).
    // Recording every test and keeping the failures' cost a fifth of the suite: the same 32 tests,
    // interleaved, 156/122 s and 194/171 CPU-s recorded against 124/94 s and 151/132 CPU-s not
    // (docs/testing.md, round four).
    trace: "on-first-retry",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
