/**
 * The method pages, one chunk each, loaded when first opened — and, on a deep link, as the app
 * boots (boot.ts calls `preloadPage` beside its early request), so the page does not wait for
 * the app to render before its chunk is even asked for. A page already loaded renders at once:
 * its lazy component resolves synchronously instead of suspending for a round trip (a Suspense
 * fallback, then a retry render, ~50 ms on a deep link).
 */
import { lazy, type ComponentType } from "react";
import type { MethodPageProps } from "../shared/page";

type PageModule = { default: ComponentType<MethodPageProps> };

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

/** The lazy page component of `method` (or of its folder's page module `page`). */
export function lazyPage(method: string, page = "index"): ComponentType<MethodPageProps> {
  return lazy(() => {
    const ready = loaded.get(modulePath(method, page));
    // A thenable that calls back at once: React reads a loaded page without suspending.
    if (ready)
      return { then: (resolve: (m: PageModule) => void) => resolve(ready) } as Promise<PageModule>;
    const p = preloadPage(method, page);
    return p ?? Promise.reject(new Error(`no page for ${method} (${page})`));
  });
}
