import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * The e2e run: e2e/global-setup.ts starts the devnet (anvil + scenarios + gateway), writes
 * .devnet/e2e-devnet.json and serves the built app with `vite preview` on this port. The port is
 * fixed (env-overridable) because this file is evaluated before the global setup runs.
 */
const port = Number(process.env.NODESCOPE_E2E_PORT ?? 4317);
process.env.NODESCOPE_E2E_PORT = String(port);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const executablePath = existsSync(chromium) ? chromium : undefined;
const CI = Boolean(process.env.CI && process.env.CI !== "false" && process.env.CI !== "0");

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // One worker: the tests share one devnet and assert on its request log ("no request was sent").
  workers: 1,
  fullyParallel: false,
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
    trace: "retain-on-failure",
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
