/**
 * Narrow screens (a phone, below Tailwind's `sm`): what sits above a page's main view folds into
 * one line with a "Details" disclosure, so the view starts within the first screen. Wide screens
 * show the same content open, as before.
 */
import { useSyncExternalStore, type ReactNode } from "react";

const NARROW = "(max-width: 639px)";

function query(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(NARROW)
    : null;
}

function subscribe(cb: () => void): () => void {
  const q = query();
  q?.addEventListener("change", cb);
  return () => q?.removeEventListener("change", cb);
}

/** Whether the screen is narrow (below 640 px); false where the browser cannot say (tests). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}

/**
 * On a narrow screen: `summary` on one line with a "Details" disclosure holding `children`; on
 * a wide one, `children` as they are.
 */
export function NarrowDetails({
  summary,
  children,
  narrow,
}: {
  summary: ReactNode;
  children: ReactNode;
  /** The caller's own reading of useNarrow (one subscription for several disclosures). */
  narrow?: boolean;
}) {
  const own = useNarrow();
  if (!(narrow ?? own)) return <>{children}</>;
  return (
    <details className="group rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-700">
      <summary className="flex cursor-pointer items-baseline gap-2">
        <span className="min-w-0 flex-1">{summary}</span>
        <span className="flex-none text-indigo-700 underline dark:text-indigo-300">
          <span className="group-open:hidden">Details</span>
          <span className="hidden group-open:inline">Hide details</span>
        </span>
      </summary>
      <div className="mt-2 flex flex-col gap-2">{children}</div>
    </details>
  );
}
