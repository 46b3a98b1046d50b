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

