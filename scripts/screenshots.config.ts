/**
 * `npm run screenshots`: the README's screens (docs/screens/), taken against the devnet with the
 * e2e harness (same global setup, same browser finder). Not part of `npm test`.
 */
import { defineConfig } from "@playwright/test";
import base from "../playwright.config";

export default defineConfig({
  ...base,
  testDir: "./screens",
  testMatch: "**/*.screens.ts",
  retries: 0,
  globalSetup: "../e2e/global-setup.ts",
  globalTeardown: "../e2e/global-teardown.ts",
});
