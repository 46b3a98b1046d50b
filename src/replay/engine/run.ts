/**
 * The engine itself, without a Worker around it (tests run it in Node; the Worker script and the
 * page's fallback both call it): a trace request answered as the node would have answered it.
 */
import type { ReplayOutcome, ReplayProgress, ReplayRequest } from "../types";
import { replayCall } from "./called";
import { ReplayUnsupportedError } from "./errors";
import { replayMined } from "./mined";
import type { Read, ReadBatch } from "./reads";

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: ReplayProgress) => void;
  /** Reads as JSON-RPC batches, where the connection can send them. */
  readBatch?: ReadBatch;
}

export async function runReplay(
  read: Read,
  request: ReplayRequest,
  opts: RunOptions = {},
): Promise<ReplayOutcome> {
  const ctx = {
    read,
    readBatch: opts.readBatch,
    signal: opts.signal,
    onProgress: opts.onProgress ?? (() => undefined),
  };
  if (request.method === "debug_traceTransaction") return replayMined(ctx, request.params);
  if (request.method === "debug_traceCall") return replayCall(ctx, request.params);
  throw new ReplayUnsupportedError(`the replay does not answer ${String(request.method)}`);
}
