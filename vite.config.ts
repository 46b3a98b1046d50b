import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { contentSecurityPolicy, devnetManifest } from "./scripts/vite/plugins.ts";
import { precompressedAssets } from "./scripts/vite/precompressed.ts";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    devnetManifest(),
    contentSecurityPolicy(),
    precompressedAssets(),
  ],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    target: "es2022",
    // The CSS is written for the browsers Tailwind 4 supports (it relies on @property and
    // color-mix()): no rgb/lab fallbacks for older ones, which cannot run its output anyway.
    cssTarget: ["chrome111", "edge111", "firefox128", "safari16.4"],
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // The layers' index files only re-export. Marked side-effect-free, a module reached
        // through one but not used (the trace's SplitPane through "../ui") is not counted as
        // needed by the importer, so it stays in the chunks of the views that use it instead of
        // a shared chunk every first visit downloads.
        moduleSideEffects: [
          {
            test: /\/src\/(rpc|chain|chain\/sources|endpoints|ui)\/index\.ts$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // What a deep link's first request waits for (app/boot.ts): the boot module, the
            // endpoints' pure part, the rpc transport (and its reader ahead's interface, and the
            // scheduling it uses), the hex checks, in one chunk rather than
            // eight in waves (bench/STARTUP.md, eighth round). No zod, React or viem in it
            // (src/app/bootGraph.test.ts).
            {
              name: "boot",
              test: /\/src\/(app\/boot|endpoints\/(presets|override|methods)|rpc\/(transport|errors|deadline|response|inflight|mask|codes|ahead)|platform\/(perf|schedule)|chain\/hex)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: earlyChunkOf,
              debugName: "early",
              includeDependenciesRecursively: false,
            },
            // The small presentational pieces every view shows (src/ui/basics/), in one chunk
            // rather than one request each (measured: 1.3 KB gzip less on a first visit). Only
            // these files: their dependencies (React) keep their own chunk. hexText.ts is left
            // out (and numberText.ts, shortHex.ts): the first paint uses them without React
            // (app/firstPaint).
            {
              name: "ui",
              test: /\/src\/ui\/basics\/(?!hexText\.ts|numberText\.ts|shortHex\.ts)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // Module workers (the trace Worker is one script: src/pages/trace/worker/trace.worker.ts).
  worker: { format: "es" },
});

/**
 * A deep link's first request (app/boot.ts) is built by its page's `early.ts` from the page's
 * params module: each page's pair in one chunk (the logs page's params and ranges live in
 * src/logs/, with the reader ahead its early module offers: src/logs/ahead/), one request rather
 * than two or three before the request can leave.
 */
function earlyChunkOf(id: string): string | null {
  const page = /\/src\/pages\/(tx|logs|block)\/(early|params)\.ts$/.exec(id)?.[1];
  if (page) return `early-${page}`;
  return /\/src\/logs\/(params|ranges|ahead\/reader)\.ts$/.test(id) ? "early-logs" : null;
}
