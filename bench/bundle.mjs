// The bundle: what a first load needs by the build manifest (entry and its static imports), what
// a first visit actually downloads as recorded in the browser, and the whole build, all gzip -9.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { round } from "./stats.mjs";

function gzipKB(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/** @param {string} distDir the build (with .vite/manifest.json) */
export function bundleFromManifest(distDir) {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const entry = Object.entries(manifest).find(([, v]) => v.isEntry);
  if (!entry) throw new Error("no entry in the build manifest");
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit(entry[0]);
  const all = new Set();
  for (const v of Object.values(manifest)) {
    if (v.file) all.add(v.file);
    for (const css of v.css ?? []) all.add(css);
  }
  const sum = (set, ext) =>
    [...set]
      .filter((f) => ext.some((e) => f.endsWith(e)))
      .reduce((s, f) => s + gzipKB(join(distDir, f)), 0);
  return {
    entryFiles: [...files],
    firstLoadJsGzipKB: round(sum(files, [".js"])),
    firstLoadCssGzipKB: round(sum(files, [".css"])),
    firstLoadGzipKB: round(sum(files, [".js", ".css"])),
    totalJsGzipKB: round(sum(all, [".js"])),
    totalGzipKB: round(sum(all, [".js", ".css"])),
    chunks: all.size,
  };
}

/** What a first visit actually downloads (default route, lazy view chunk included). */
export async function bundleRecorded(browser, base, distDir) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Set();
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (u.origin === base && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  try {
    await page.goto(`${base}/`, { waitUntil: "networkidle", timeout: 30_000 });
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 15_000 });
    const list = [...files];
    const kb = (ext) =>
      list.filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipKB(join(distDir, f)), 0);
    return {
      files: list,
      jsGzipKB: round(kb(".js")),
      cssGzipKB: round(kb(".css")),
      gzipKB: round(kb(".js") + kb(".css")),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
