/**
 * The route chunks: the method pages, one chunk each, loaded when first opened — and, on a deep
 * link, from the page's first module (main.tsx asks for the link's page and early module before
 * the boot module and the app have loaded), so they are on their way with the app's chunks
 * instead of queued behind them. A page already loaded renders at once (lazyPage.ts). No React
 * here: main.tsx imports this before React loads.
 */
import type { ComponentType } from "react";
import type { MethodPageProps } from "../shared/page";

export type PageModule = { default: ComponentType<MethodPageProps> };

// A folder's own page is its index.ts; another page it hosts is a `<name>.page.ts` (route.ts).
const LOADERS = import.meta.glob<PageModule>(["../methods/*/index.ts", "../methods/*/*.page.ts"]);
const loaded = new Map<string, PageModule>();
const loading = new Map<string, Promise<PageModule>>();

function modulePath(method: string, page: string): string {
  return page === "index"
    ? `../methods/${method}/index.ts`
    : `../methods/${method}/${page}.page.ts`;
}

/**
 * Starts loading the page of `method` (its folder's name), `page` naming another page module of
 * the folder; resolves once it is loaded.
 */
export function preloadPage(method: string, page = "index"): Promise<PageModule> | null {
  const path = modulePath(method, page);
  const started = loading.get(path);
  if (started) return started;
  const load = LOADERS[path];
  if (!load) return null;
  const p = load().then((m) => {
    loaded.set(path, m);
    return m;
  });
  loading.set(path, p);
  p.catch(() => loading.delete(path)); // a failed download is tried again on the next ask
  return p;
}

/** The page of `method` (or of its folder's page module `page`) if it has loaded. */
export function loadedPage(method: string, page = "index"): PageModule | null {
  return loaded.get(modulePath(method, page)) ?? null;
}

// A method folder's `early.ts` (its first request, sent ahead by boot.ts): a visit loads only its
// own route's.
const EARLY = import.meta.glob("../methods/*/early.ts");

/** Whether the folder of `method` has an early module. */
export const hasEarlyModule = (method: string): boolean => `../methods/${method}/early.ts` in EARLY;

/** Starts loading the early module of `method` (its folder's name); null when it has none. */
export function loadEarlyModule(method: string): Promise<unknown> | null {
  return EARLY[`../methods/${method}/early.ts`]?.() ?? null;
}
