/**
 * What a trace page publishes for the views under its TraceView: the source insight (storage
 * tracer, sources) and the internal calls (debug tracer), one wrapper so a page holds one.
 */
import type { ReactNode } from "react";
import { InternalCallsContext, type InternalCalls } from "./internalCalls/context";
import { SourceInsightContext, type SourceInsight } from "./source/context";

export function WorkspaceProviders(p: {
  sourceInsight: SourceInsight | null;
  internalCalls: InternalCalls | null;
  children: ReactNode;
}) {
  return (
    <SourceInsightContext.Provider value={p.sourceInsight}>
      <InternalCallsContext.Provider value={p.internalCalls}>
        {p.children}
      </InternalCallsContext.Provider>
    </SourceInsightContext.Provider>
  );
}
