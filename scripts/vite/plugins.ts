/**
 * The app's own Vite plugins (vite.config.ts composes them): the devnet manifest served at
 * /devnet.json, the built page's Content Security Policy and its icon inline.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

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
 * The built page's icon inline (`public/favicon.png` as a data: URL, which the policy's img-src
 * allows): as a file it took one of HTTP/1.1's six connections while a deep link's first chunks
 * were asked for, and as an SVG the renderer built it as a document of its own, a 3–10 ms task just
 * before the boot module's evaluation (bench/STARTUP.md, sixteenth round). The file stays the one
 * source (a magnifier, 64 px).
 */
export function inlineIcon(file = resolve(process.cwd(), "public/favicon.png")): Plugin {
  return {
    name: "nodescope-inline-icon",
    apply: "build",
    transformIndexHtml(html) {
      const href = 'href="/favicon.png"';
      if (!html.includes(href)) throw new Error(`index.html has no icon link (${href})`);
      return html.replace(
        href,
        `href="data:image/png;base64,${readFileSync(file).toString("base64")}"`,
      );
    },
  };
}
