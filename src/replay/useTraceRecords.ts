/** The page's trace records about one subject on one connection (activity.ts), for the views. */
import { useMemo } from "react";
import type { ResolvedEndpoint } from "../endpoints";
import { useStore } from "../ui/store";
import { recordsFor, traceRecords, type TraceRecord } from "./activity";

export function useTraceRecords(
  endpoint: ResolvedEndpoint | null,
  subject: string | null,
): TraceRecord[] {
  const list = useStore(traceRecords);
  const id = endpoint?.cacheId ?? null;
  return useMemo(() => (id && subject ? recordsFor(list, id, subject) : []), [list, id, subject]);
}
