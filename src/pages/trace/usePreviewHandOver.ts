/**
 * The top of a large tree while its answer is still arriving (read in the trace Worker), and the
 * hand-over to the full tree: once it has all arrived, the whole tree mounts in the background (a
 * transition, which React renders in slices: a large tree's first render is no long task) while
 * the preview stays. Once the preview is on the screen the Worker reads the rest of the answer.
 */
import { startTransition, useEffect, useState } from "react";
import type { TraceModel } from "../../trace/model";
import { toParams, type TraceRequest } from "./params";
import { tracePreviews, type TracePreview } from "./worker/job";

export function usePreviewHandOver(
  /** The page's request (null for a file's trace: no preview). */
  request: TraceRequest | null,
  /** The model the answer gives (null until it is here). */
  currentModel: TraceModel | null,
  fetching: boolean,
): { preview: TracePreview | null; model: TraceModel | null; settling: boolean } {
  // Taken in as a transition, not a blocking store read: a preview arriving while the app mounts
  // does not turn that background render into one long task.
  const [latest, setLatest] = useState(tracePreviews.current);
  useEffect(() => {
    const take = () => startTransition(() => setLatest(tracePreviews.current()));
    // One that came between the first render and now is taken too.
    queueMicrotask(take);
    return tracePreviews.subscribe(take);
  }, []);
  const previewFor =
    latest && request && latest.params === JSON.stringify(toParams(request)) ? latest : null;
  // (State, not useDeferredValue: letting a large trace go, e.g. when another view is shown, must
  // drop it at once, not in a background render that keeps it until then.)
  const [mounted, setMounted] = useState<TraceModel | null>(null);
  if (currentModel === null && mounted !== null) setMounted(null);
  const previewing = previewFor !== null;
  useEffect(() => {
    if (previewing && currentModel !== null && currentModel !== mounted)
      startTransition(() => setMounted(currentModel));
  }, [previewing, currentModel, mounted]);
  const model = previewing && mounted !== currentModel ? null : currentModel;
  const settling = model !== currentModel;
  const preview = previewFor && !model && (fetching || settling) ? previewFor : null;
  // The Worker waits for this, so the first paint does not share the cores with the rest.
  useEffect(() => {
    if (preview) tracePreviews.shown(preview);
  }, [preview]);
  return { preview, model, settling };
}
