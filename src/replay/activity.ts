/**
 * Where each trace answer of the page came from, and the replays under way: a store the views
 * read (useReplayActivity.ts) so a page can say "replayed in this browser", show the progress
 * line with its Cancel button and the replay's notes. No React.
 */
import { createStore } from "../platform/store";
import type { Refusal } from "./refusals";
import type { ReplayProgress } from "./types";

/** Where one answer came from. */
export type TraceOrigin =
  | { from: "node" }
  | {
      from: "replay";
      /** The block whose parent state the run started from (the note says "at block N−1"). */
      blockNumber: bigint;
      hardfork: string;
      notes: readonly string[];
      /** The node's refusal that made the page replay; null when the user asked for it. */
      refusal: Refusal | null;
      requests: number;
    };

/** One trace request of the page, by what it is about. */
export interface TraceRecord {
  id: number;
  /** The cache id the answer is kept under: the node's, or an on-demand replay's (onDemand.ts). */
  endpoint: string;
  method: string;
  /** What the run is about: a transaction's hash, or a call's `[tx, block]` (subjectOf). */
  subject: string;
  /** The tracer asked for, in words ("callTracer", "a JavaScript tracer", "the opcode logger"). */
  tracer: string;
  state:
    | {
        at: "running";
        progress: ReplayProgress | null;
        refusal: Refusal | null;
        cancel: () => void;
      }
    | { at: "done"; origin: TraceOrigin }
    | { at: "failed"; message: string; refusal: Refusal | null };
}

export const traceRecords = createStore<readonly TraceRecord[]>([]);

/** Records kept: one page's requests are a handful; a long session keeps the latest. */
const MAX_RECORDS = 200;
let nextId = 1;

/** What a trace is about, the same for the request and the view that shows it. */
export function subjectOf(method: string, lead: readonly unknown[]): string {
  if (method === "debug_traceCall") return JSON.stringify(lead.slice(0, 2));
  return typeof lead[0] === "string" ? lead[0].toLowerCase() : JSON.stringify(lead[0] ?? null);
}

/** The tracer a config names, in words. */
export function tracerName(config: unknown): string {
  const t =
    config && typeof config === "object" ? (config as { tracer?: unknown }).tracer : undefined;
  if (typeof t !== "string") return "the opcode logger";
  return /^\w+$/.test(t) ? t : "a JavaScript tracer";
}

export function addRecord(r: Omit<TraceRecord, "id">): number {
  const id = nextId++;
  traceRecords.set((list) => [...list.slice(-(MAX_RECORDS - 1)), { ...r, id }]);
  return id;
}

export function updateRecord(id: number, state: TraceRecord["state"]): void {
  traceRecords.set((list) => list.map((r) => (r.id === id ? { ...r, state } : r)));
}

/** The records about one subject on one endpoint, oldest first. */
export function recordsFor(
  list: readonly TraceRecord[],
  endpoint: string,
  subject: string,
): TraceRecord[] {
  return list.filter((r) => r.endpoint === endpoint && r.subject === subject);
}

/** Forgets every record (tests). */
export function forgetRecords(): void {
  traceRecords.set([]);
}
