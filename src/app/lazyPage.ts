import { lazy, type ComponentType } from "react";
import type { MethodPageProps } from "../shared/page";
import { loadedPage, preloadPage, type PageModule } from "./pages";

/**
 * The lazy page component of `method` (or of its folder's page module `page`). A page already
 * loaded renders at once: its lazy component resolves synchronously instead of suspending for a
 * round trip (a Suspense fallback, then a retry render, ~50 ms on a deep link).
 */
export function lazyPage(method: string, page = "index"): ComponentType<MethodPageProps> {
  return lazy(() => {
    const ready = loadedPage(method, page);
    // A thenable that calls back at once: React reads a loaded page without suspending.
    if (ready)
      return { then: (resolve: (m: PageModule) => void) => resolve(ready) } as Promise<PageModule>;
    const p = preloadPage(method, page);
    return p ?? Promise.reject(new Error(`no page for ${method} (${page})`));
  });
}
