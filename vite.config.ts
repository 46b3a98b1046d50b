import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { contentSecurityPolicy, devnetManifest, inlineIcon } from "./scripts/vite/plugins.ts";
import { precompressedAssets } from "./scripts/vite/precompressed.ts";
import { CHUNK_GROUPS } from "./scripts/vite/chunks.ts";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    devnetManifest(),
    contentSecurityPolicy(),
    inlineIcon(),
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
        // The first rows' path in few requests (scripts/vite/chunks.ts).
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  // Module workers (the trace Worker is one script: src/pages/trace/worker/trace.worker.ts).
  worker: { format: "es" },
});
