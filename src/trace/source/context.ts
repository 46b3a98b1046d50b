/**
 * What the storage and source views share inside the trace page: the storage tracer's state
 * (asked once, by a click or by a link carrying the view), the endpoint the Sourcify lookups name
 * the chain of, and links to frames. The page makes it (useSourceInsightHost) and provides it
 * around the workspace; null where no page does (view tests, a trace opened from a file), and
 * the views say what they cannot show.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcError } from "../../rpc";
import type { DebugTracerOptions } from "../steps";
import type { debugTraceQueryOptions } from "../steps";
import type { StorageTrace } from "./storageTrace";

/** The debug tracer's run on what the page shows: pass 1, or pass 2 with a window; null: not asked. */
export type DebugQuery = (
  options: DebugTracerOptions | null,
) => ReturnType<typeof debugTraceQueryOptions>;

export interface SourceInsight {
  endpoint: ResolvedEndpoint | null;
  asked: boolean;
  ask: () => void;
  busy: boolean;
  trace: StorageTrace | null;
  /** The failure, rendered (error panel and what to try), or the tracer's answer unreadable. */
  error: ReactNode | null;
  /** "280 compute units" on a priced endpoint, else null. */
  costNote: string | null;
  /** A link that selects the frame at `path` in the call tree; null when frames cannot be linked. */
  frameLink: ((path: string) => string) | null;
  /** The debugger's runs (the Debug view, the Source view's gas per line). */
  debugQuery: DebugQuery;
  /** What to try after a failed run that is not a refusal of JavaScript tracers (null: nothing). */
  hintFor: (error: RpcError) => string | null;
}

export const SourceInsightContext = createContext<SourceInsight | null>(null);

export function useSourceInsight(): SourceInsight | null {
  return useContext(SourceInsightContext);
}
