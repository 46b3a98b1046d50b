/**
 * The internal function calls the call tree, the flame chart and Gas by function show, once the
 * user asks for them (one run of the debug tracer for the whole transaction or call): published
 * by the page (useInternalCallsHost), read by the views. Null outside a page that can ask (a trace
 * from a file): the views show frames only.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { InternalCall } from "../steps";

export interface InternalCalls {
  asked: boolean;
  ask: () => void;
  busy: boolean;
  /** Frame index → its internal calls, once read; null before. */
  byFrame: ReadonlyMap<number, readonly InternalCall[]> | null;
  /** How many were found, in how many frames with verified code (null before). */
  found: { calls: number; frames: number } | null;
  /** Plain sentences: inlined functions, no source map, the step bound, Sourcify off… */
  notes: string[];
  /** The node's refusal or failure, explained; null when none. */
  error: ReactNode;
  /** The run's cost on a priced endpoint ("280 compute units"), else null. */
  costNote: string | null;
}

export const InternalCallsContext = createContext<InternalCalls | null>(null);

export function useInternalCalls(): InternalCalls | null {
  return useContext(InternalCallsContext);
}
