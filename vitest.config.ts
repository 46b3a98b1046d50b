import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "devnet/**/*.test.{ts,mjs}",
      "bench/**/*.test.{ts,mjs}",
      "scripts/**/*.test.{ts,mjs}",
    ],
    // bench/.tmp holds a working machine's scratch scripts (gitignored): never the suite's.
    exclude: [...configDefaults.exclude, "bench/.tmp/**"],
    environment: "node",
    setupFiles: ["src/test-support/dom-timeouts.ts"],
    // One devnet for the files that read one, started on the first one's request (devnet/sharedDevnet.ts).
    globalSetup: ["devnet/sharedDevnet.setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Each file in its own VM context inside a reused child process: the modules (and their
    // caches) stay per file, as with "forks", but a file no longer pays a process's start and a
    // jsdom's: the whole suite 328 → ~190 s here (docs/testing.md, round three).
    pool: "vmForks",
    // Half as many workers again as cores: the default leaves one idle (on a 2-core machine half
    // the speed), and beside a worker waiting on the devnet or a timer a third fills the cores:
    // four interleaved pairs on 2 cores, 3 workers against 2: 134.6/112.9/119.1/130.8 s against
    // 139.0/132.4/135.1/131.2 s (faster in 4 of 4, median −10 s; docs/testing.md, round six).
    maxWorkers: "150%",
    // Each file keeps its own module registry (the default). Sharing one per worker ran the
    // whole suite in 304 s instead of ~430 s, but module-level caches (14 in src/, keyed by the
    // devnet's deterministic addresses) then leak between files: the Debug view's test saw
    // another file's answer for its contract (docs/testing.md).
  },
});
