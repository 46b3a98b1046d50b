/**
 * The route chunks: the pages, one chunk each (`src/pages/<folder>/index.ts`), loaded when first
 * opened — and, on a deep link, from the page's first module (main.tsx asks for the link's page and
 * early module before the boot module and the app have loaded), so they are on their way with the
 * app's chunks instead of queued behind them. A page already loaded renders at once (lazyPage.ts).
 * No React here: main.tsx imports this before React loads.
 */
import type { ComponentType } from "react";
import type { MethodPageProps } from "../routing/page";

export type PageModule = { default: ComponentType<MethodPageProps> };

const LOADERS = import.meta.glob<PageModule>("../pages/*/index.ts");
const loaded = new Map<string, PageModule>();
const loading = new Map<string, Promise<PageModule>>();

const modulePath = (folder: string): string => `../pages/${folder}/index.ts`;

/** Starts loading the page in `src/pages/<folder>/`; resolves once it is loaded. */
export function preloadPage(folder: string): Promise<PageModule> | null {
  const path = modulePath(folder);
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

/** The page in `src/pages/<folder>/` if it has loaded. */
export function loadedPage(folder: string): PageModule | null {
  return loaded.get(modulePath(folder)) ?? null;
}

// A page folder's `early.ts` (its first request, sent ahead by boot.ts): a visit loads only its
// own route's.
const EARLY = import.meta.glob("../pages/*/early.ts");

/** Whether the page in `src/pages/<folder>/` has an early module. */
export const hasEarlyModule = (folder: string): boolean => `../pages/${folder}/early.ts` in EARLY;

/** Starts loading the early module of the page in `folder`; null when it has none. */
export function loadEarlyModule(folder: string): Promise<unknown> | null {
  return EARLY[`../pages/${folder}/early.ts`]?.() ?? null;
}
