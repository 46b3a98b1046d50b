/**
 * Each built asset compressed once, at build time, instead of on every request.
 *
 * `vite preview` (what the end-to-end tests, the benchmark and `npm run preview` serve the build
 * with) gzips every response on the fly, and `/assets/` files are read from disk and compressed
 * anew on each request: a deep link's first dozen chunks arrived ~20–25 ms after they were asked
 * for, on the same two cores the page starts on. The build now writes `<asset>.gz` (gzip -9) next
 * to each text asset, which the preview server sends as it is — as a static host that looks for
 * precompressed files does (nginx `gzip_static`, most CDNs) — with the cache lifetime of a file
 * whose name is its content's hash. Interleaved A/B in bench/STARTUP.md (fifteenth round).
 */
import { readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Plugin } from "vite";

const gzipAsync = promisify(gzip);

/** The asset types compressed, with the Content-Type each is served as. */
const TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
};

/** Smaller files are not worth a compressed copy (the preview's own threshold). */
export const MIN_BYTES = 1024;

/** A built file's name (relative to the output folder) that gets a `.gz` copy. */
export function compressible(fileName: string): boolean {
  return fileName.startsWith("assets/") && extname(fileName) in TYPES;
}

/** Writes `<file>.gz` (gzip -9) beside each compressible file of `outDir` at least MIN_BYTES long. */
export async function writeGzipCopies(
  outDir: string,
  fileNames: readonly string[],
): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    fileNames.filter(compressible).map(async (name) => {
      const path = join(outDir, name);
      const raw = await readFile(path);
      if (raw.length < MIN_BYTES) return;
      await writeFile(`${path}.gz`, await gzipAsync(raw, { level: 9 }));
      written.push(name);
    }),
  );
  return written.sort();
}

/** Whether a request's Accept-Encoding takes gzip (not refused by `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding?.trim() !== "gzip") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

type Next = () => void;

/**
 * Serves `/assets/<name>` from `<distDir>/assets/<name>.gz` when the client takes gzip and the copy
 * exists; anything else goes on to the server's own handling (`next`).
 */
export function precompressedMiddleware(distDir: string) {
  const assets = resolve(distDir, "assets");
  // Each copy read once (or found missing once), then sent from memory.
  const bodies = new Map<string, Promise<Buffer | null>>();
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = (req.url ?? "").split("?")[0] ?? "";
    const name = /^\/assets\/([\w.-]+)$/.exec(path)?.[1];
    const type = name === undefined ? undefined : TYPES[extname(name)];
    if (name === undefined || type === undefined || !acceptsGzip(req.headers["accept-encoding"]))
      return next();
    const file = join(assets, `${name}.gz`);
    let body = bodies.get(file);
    if (body === undefined) {
      // Read once: a name is its content's hash, so what it holds never changes.
      body = readFile(file).catch(() => null);
      bodies.set(file, body);
    }
    body.then((gz) => {
      if (gz === null) return next();
      res.writeHead(200, {
        "Content-Type": type,
        "Content-Encoding": "gzip",
        "Content-Length": gz.length,
        Vary: "Accept-Encoding",
        // Vite names each asset by its content's hash: a new build is new names.
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      res.end(req.method === "HEAD" ? undefined : gz);
    }, next);
  };
}

/** The build writes the copies; `vite preview` serves them (before its own on-the-fly gzip). */
export function precompressedAssets(): Plugin {
  return {
    name: "nodescope-precompressed-assets",
    async writeBundle(options, bundle) {
      if (options.dir) await writeGzipCopies(options.dir, Object.keys(bundle));
    },
    configurePreviewServer(server) {
      server.middlewares.use(
        precompressedMiddleware(resolve(server.config.root, server.config.build.outDir)),
      );
    },
  };
}
