import { lazy, Suspense, type ComponentProps } from "react";
import type { JsonViewer } from "./JsonViewer";

type JsonViewerModule = { default: typeof JsonViewer };
let loading: Promise<JsonViewerModule> | null = null;

/**
 * Starts loading the JSON viewer (and the virtualiser under it); a view calls it as soon as it
 * knows it will show one, so the viewer is in by the time the answer is.
 */
export function preloadJsonViewer(): Promise<JsonViewerModule> {
  if (!loading) {
    const p = import("./JsonViewer").then((m) => ({ default: m.JsonViewer }));
    p.catch(() => (loading = null)); // a failed download is tried again on the next ask
    loading = p;
  }
  return loading;
}

const Viewer = lazy(preloadJsonViewer);

/**
 * The JSON viewer in its own chunk, for a view that shows one only beside an answer: the view's
 * first paint does not wait for it.
 */
export function LazyJsonViewer(props: ComponentProps<typeof JsonViewer>) {
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}
