/**
 * The app's own Vite plugins (vite.config.ts composes them): the devnet manifest served at
 * /devnet.json, the built page's Content Security Policy, and the HTML preloads of the chunks
 * every visit needs.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { HtmlTagDescriptor, Plugin, Rolldown } from "vite";

/**
 * The devnet writes `.devnet/devnet.json` (gateway URLs + manifest) when it starts; the app asks
 * for `/devnet.json` at run time, so one build serves any devnet port (dev, preview, e2e, bench).
 */
export function devnetManifest(): Plugin {
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
export function contentSecurityPolicy(): Plugin {
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
 * their links. A route's own chunks (a method page, its early module, a tx lookup) are preloaded
 * by main.tsx, for the link's route only.
 */
export function preloadAppChunks(): Plugin {
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
        // A route's chunks (a page, an early module, the tx lookup part) hold a method folder's
        // modules; a shared one (eth_getLogs's params with its early module) has no facade to
        // tell it by.
        const always = entry.dynamicImports
          .map((f) => byFile.get(f))
          .filter(
            (c) => c !== undefined && !c.moduleIds.some((id) => id.includes("/src/methods/")),
          );
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

/** Glyphs the app's first views draw (hashes, arrows, tree markers, digit grouping). */
const SAMPLE_TEXT = "Nodescope trace 0x7a25…488d → 0xc02a ▾ ▸ — 1,000 gas";
const FAMILIES = ["font-sans", "font-mono"];
const WEIGHT = /\.(font-(?:normal|medium|semibold|bold))\{/g;
const SIZE = /\.(text-(?:xs|sm|base|lg|xl|[2-9]xl|\\\[\d+px\\\]))\{/g;

/**
 * The hidden style sample for the page's first layouts, made from the built CSS: one part per
 * font family and weight the CSS defines, each holding a line per text size it defines. main.tsx
 * lays the parts out one task at a time while the modules load, so loading the fonts and filling
 * the style caches is neither one long task nor part of the app's first render (measured: with
 * it no task over 50 ms while a 100k-frame trace loads; without, 50-78 ms in 4 of 6 runs).
 */
export function warmUpSample(css: string): string {
  const classes = (re: RegExp) => [
    ...new Set([...css.matchAll(re)].map((m) => (m[1] ?? "").replace(/\\/g, ""))),
  ];
  const weights = classes(WEIGHT);
  const sizes = classes(SIZE);
  if (weights.length === 0 || sizes.length === 0) return "";
  const parts = FAMILIES.flatMap((family) =>
    weights.map((weight) => {
      const lines = sizes.map((size) => `<span class="${size}">${SAMPLE_TEXT}</span>`).join("");
      return `<div hidden class="${family} ${weight}">${lines}</div>`;
    }),
  );
  return (
    `<div id="warm-up" aria-hidden="true" ` +
    `style="position: absolute; left: -10000px; top: 0; width: 900px; visibility: hidden">` +
    `${parts.join("")}</div>`
  );
}

/** Puts the style sample (`warmUpSample`) made from the built CSS into the built page. */
export function styleWarmUp(): Plugin {
  return {
    name: "nodescope-style-warm-up",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const css = Object.values(ctx.bundle ?? {})
          .filter(
            (o): o is Rolldown.OutputAsset => o.type === "asset" && o.fileName.endsWith(".css"),
          )
          .map((o) =>
            typeof o.source === "string" ? o.source : new TextDecoder().decode(o.source),
          )
          .join("\n");
        const sample = warmUpSample(css);
        return sample ? html.replace('<div id="root">', `${sample}\n    <div id="root">`) : html;
      },
    },
  };
}
