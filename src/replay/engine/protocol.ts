/**
 * The messages between the page and the replay Worker. The Worker holds no endpoint: it asks the
 * page for every read (`read`), and the page sends it through the connection's RpcClient, so each
 * request is recorded in the requests drawer, retried by the client's rule, and masked there;
 * the API key never reaches the Worker, its messages or its errors.
 */
import type { ReplayOutcome, ReplayProgress, ReplayRequest } from "../types";
import type { ReplayErrorKind } from "./errors";

export type ToReplayWorker =
  /** batches: the page can send reads as JSON-RPC batches (`read-batch`). */
  | { type: "run"; request: ReplayRequest; batches: boolean }
  | { type: "read-result"; id: number; ok: true; result: unknown }
  | { type: "read-result"; id: number; ok: false; message: string }
  /** A batch's answers in order, or null: the node refuses batches. */
  | { type: "batch-result"; id: number; answers: BatchAnswer[] | null };

export type BatchAnswer = { ok: true; result: unknown } | { ok: false; message: string };

export type FromReplayWorker =
  | { type: "read"; id: number; method: string; params: readonly unknown[] }
  /** Several reads as one JSON-RPC batch; `id` is the batch's, each call has its own too. */
  | {
      type: "read-batch";
      id: number;
      calls: { id: number; method: string; params: readonly unknown[] }[];
    }
  | { type: "progress"; progress: ReplayProgress }
  | { type: "done"; outcome: ReplayOutcome }
  | {
      type: "failed";
      kind: ReplayErrorKind;
      message: string;
      method?: string;
      /** The read whose failure ended the run: the page rethrows its own error for it. */
      readId?: number;
    };

export interface ReplayWorkerPort {
  onmessage: ((e: MessageEvent<ToReplayWorker>) => void) | null;
  postMessage(message: FromReplayWorker): void;
}
