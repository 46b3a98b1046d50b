import { lazy, type ComponentType } from "react";
import type { MethodPageProps } from "../routing/page";
import { loadedPage, preloadPage, type PageModule } from "./pages";

/**
 * The lazy page component of the page in `src/pages/<folder>/`. A page already loaded renders at
 * once: its lazy component resolves synchronously instead of suspending for a round trip (a
 * Suspense fallback, then a retry render, ~50 ms on a deep link).
 */
export function lazyPage(folder: string): ComponentType<MethodPageProps> {
  return lazy(() => {
    const ready = loadedPage(folder);
    // A thenable that calls back at once: React reads a loaded page without suspending.
    if (ready)
      return { then: (resolve: (m: PageModule) => void) => resolve(ready) } as Promise<PageModule>;
    const p = preloadPage(folder);
    return p ?? Promise.reject(new Error(`no page in src/pages/${folder}`));
  });
}
