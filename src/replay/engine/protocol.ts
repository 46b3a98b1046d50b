/**
 * The messages between the page and the replay Worker. The Worker holds no endpoint: it asks the
 * page for every read (`read`), and the page sends it through the connection's RpcClient, so each
 * request is recorded in the requests drawer, retried by the client's rule, and masked there;
 * the API key never reaches the Worker, its messages or its errors.
 */
import type { ReplayOutcome, ReplayProgress, ReplayRequest } from "../types";
import type { ReplayErrorKind } from "./errors";

export type ToReplayWorker =
  | { type: "run"; request: ReplayRequest }
  | { type: "read-result"; id: number; ok: true; result: unknown }
  | { type: "read-result"; id: number; ok: false; message: string };

export type FromReplayWorker =
  | { type: "read"; id: number; method: string; params: readonly unknown[] }
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
