import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Files that prove a module is not loaded until it is wanted: they need a module registry of
 * their own (the rest share one per worker, see `isolate` below).
 */
const FRESH_MODULES = ["src/pages/tx/split.test.tsx", "src/decoding/DeferredAbiPanel.test.tsx"];

const ALL = [
  "src/**/*.test.{ts,tsx}",
  "devnet/**/*.test.{ts,mjs}",
  "bench/**/*.test.{ts,mjs}",
  "scripts/**/*.test.{ts,mjs}",
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "node",
    setupFiles: ["src/test-support/dom-timeouts.ts"],
    // One devnet for the files that read one, started on the first one's request (devnet/sharedDevnet.ts).
    globalSetup: ["devnet/sharedDevnet.setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Every core: the default leaves one idle, which on a 2-core machine halves the speed.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        // A worker imports a module once for all the files it runs, not once per file: the
        // whole run measured 429 s → 304 s (docs/testing.md). Each file still gets its own
        // environment (jsdom) and cleans up after its tests.
        test: { name: "unit", isolate: false, include: ALL, exclude: FRESH_MODULES },
      },
      { extends: true, test: { name: "fresh-modules", isolate: true, include: FRESH_MODULES } },
    ],
  },
});
