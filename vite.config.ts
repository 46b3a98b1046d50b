import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { HtmlTagDescriptor, Plugin, Rolldown } from "vite";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

/**
 * The devnet writes `.devnet/devnet.json` (gateway URLs + manifest) when it starts; the app asks
 * for `/devnet.json` at run time, so one build serves any devnet port (dev, preview, e2e, bench).
 */
function devnetManifest(): Plugin {
  const file = process.env.NODESCOPE_DEVNET_FILE ?? resolve(process.cwd(), ".devnet/devnet.json");
  const serve = (
    req: { url?: string },
    res: import("node:http").ServerResponse,
    next: () => void,
  ) => {
    if (req.url?.split("?")[0] !== "/devnet.json") return next();
    try {
      const body = readFileSync(file);
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "no-store");
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ error: "no devnet running" }));
    }
  };
  return {
    name: "nodescope-devnet-manifest",
    configureServer(server) {
      server.middlewares.use(serve);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serve);
    },
  };
}

/** A strict CSP in built output only (the dev server injects an inline preamble for fast refresh). */
function contentSecurityPolicy(): Plugin {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return {
    name: "nodescope-csp",
    apply: "build",
    transformIndexHtml(html) {
      return html.replace(
        "<head>",
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
      );
    },
  };
}

/**
 * The chunks main.tsx loads on every visit (the boot module, React, the app shell) and everything
 * they import, preloaded from the page's HTML: the browser fetches them while it parses the page,
 * instead of once the entry module has run and the boot module has loaded (~200 ms later on a
 * 2-core machine), and without the ~1-2 ms per chunk the entry's preload helper spends inserting
 * their links. A route's own chunks (a method page, a tx lookup) are still preloaded by main.tsx.
 */
function preloadAppChunks(): Plugin {
  let base = "/";
  return {
    name: "nodescope-preload-app",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (o): o is Rolldown.OutputChunk => o.type === "chunk",
        );
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = ctx.chunk;
        if (!entry) return [];
        const always = entry.dynamicImports
          .map((f) => byFile.get(f))
          .filter((c) => c !== undefined && !c.facadeModuleId?.includes("/src/methods/"));
        const files = new Set<string>();
        const visit = (c: Rolldown.OutputChunk | undefined) => {
          if (!c || c.isEntry || files.has(c.fileName)) return;
          files.add(c.fileName);
          for (const f of c.imports) visit(byFile.get(f));
        };
        always.forEach(visit);
        return [...files].map((f): HtmlTagDescriptor => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: base + f },
          injectTo: "head",
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devnetManifest(), contentSecurityPolicy(), preloadAppChunks()],
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
            // The small presentational pieces every view shows, in one chunk rather than one
            // request each (measured: 1.3 KB gzip less on a first visit). Only these files: their
            // dependencies (React) keep their own chunk, which main.tsx loads beside the boot.
            {
              name: "ui",
              test: /\/src\/ui\/(Alert|AddressName|Button|Card|CopyButton|download|ErrorPanel|Field|Hex|PageHeader)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // Module workers (the trace Worker is one script: src/methods/debug_jstraceTransaction/worker/trace.worker.ts).
  worker: { format: "es" },
});
