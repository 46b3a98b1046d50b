/**
 * The page's hold on a large trace: how many of its frames have arrived from the Worker, and
 * letting it go once nothing shows it. A 100,000-frame trace is ~100 MB on the heap; kept for the
 * cache's 30 minutes after its view was left (or after "Run again"), a few of them exhaust a tab.
 */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { FrameArrival } from "./arrival";

/** Traces this large are dropped as soon as nothing shows them (memory, not money). */
export const LARGE_TRACE_FRAMES = 10_000;

const noSubscribe = () => () => undefined;
const nothing = () => 0;

/** Frames here so far, and whether all are (always true without an arrival). */
export function useFramesHere(arrival: FrameArrival | null): { loaded: number; complete: boolean } {
  const loaded = useSyncExternalStore(
    arrival?.subscribe ?? noSubscribe,
    arrival?.getLoaded ?? nothing,
  );
  return { loaded, complete: arrival === null || loaded >= arrival.model.size };
}

/** Whether every frame is here: re-renders once, on completion (not per chunk, as the count does). */
export function useFramesComplete(arrival: FrameArrival | null): boolean {
  return useSyncExternalStore(
    arrival?.subscribe ?? noSubscribe,
    arrival ? () => arrival.complete : always,
  );
}

const always = () => true;

/**
 * Removes the query under `queryKey` from the cache once it has no observer left, when its trace
 * has `frames` ≥ LARGE_TRACE_FRAMES. Checked just after the key changes or the page unmounts (the
 * observer has moved on by then; a remount that keeps observing keeps it).
 */
export function useDropWhenUnseen(queryKey: QueryKey, frames: number): void {
  const client = useQueryClient();
  const keyText = JSON.stringify(queryKey);
  const large = frames >= LARGE_TRACE_FRAMES;
  useEffect(() => {
    if (!large) return;
    const key = JSON.parse(keyText) as QueryKey;
    return () => {
      setTimeout(() => {
        const q = client.getQueryCache().find({ queryKey: key, exact: true });
        if (!q || q.getObserversCount() > 0) return;
        // Reset first: an observer keeps its last query with data (for placeholder data), so a
        // removed query would still hold the trace; a reset one holds nothing.
        void client.resetQueries({ queryKey: key, exact: true });
        client.removeQueries({ queryKey: key, exact: true });
      }, 0);
    };
  }, [client, keyText, large]);
}
