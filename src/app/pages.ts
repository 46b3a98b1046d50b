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

const LOADERS = import.meta.glob<PageModule>("../methods/*/index.ts");
const loaded = new Map<string, PageModule>();
const loading = new Map<string, Promise<PageModule>>();

/** Starts loading the page of `method` (its folder's name); resolves once it is loaded. */
export function preloadPage(method: string): Promise<PageModule> | null {
  const started = loading.get(method);
  if (started) return started;
  const load = LOADERS[`../methods/${method}/index.ts`];
  if (!load) return null;
  const p = load().then((m) => {
    loaded.set(method, m);
    return m;
  });
  loading.set(method, p);
  p.catch(() => loading.delete(method)); // a failed download is tried again on the next ask
  return p;
}

/** The lazy page component of `method`. */
export function lazyPage(method: string): ComponentType<MethodPageProps> {
  return lazy(() => {
    const ready = loaded.get(method);
    // A thenable that calls back at once: React reads a loaded page without suspending.
    if (ready)
      return { then: (resolve: (m: PageModule) => void) => resolve(ready) } as Promise<PageModule>;
    const p = preloadPage(method);
    return p ?? Promise.reject(new Error(`no page for ${method}`));
  });
}
