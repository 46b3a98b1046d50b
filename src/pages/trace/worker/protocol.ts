/**
 * The messages between the trace Worker (serve.ts) and the page (spawn.ts opens it, job.ts takes
 * it over). One Worker serves one request: every message it sends after `started` belongs to it;
 * what it sent before `started` belongs to its own start (announced by `own`), which `started`
 * says was kept or dropped.
 */
import type { StoredConnection } from "../../../endpoints/keys";
import type { BodyRead } from "../../../rpc/transport";
import type { DecodingKeys } from "../../../decoding/keys";
import type { FrameChunk, PackedModel } from "../../../trace/answer";

export type ToWorker =
  /** The link and the stored connection, as the page opens: the Worker starts the request itself
   * when the link makes one it may start (call.ts). */
  | { type: "open"; hash: string; stored: StoredConnection | null; devnetUrl: string }
  /** The page's request: the Worker carries on with its own start when it is the same call (same
   * URL, method and params), else sends this one. */
  | { type: "start"; url: string; bodyText: string; id: number; maxBytes: number }
  | { type: "abort" }
  /** The page has taken the last chunk in: the next one, please (never a queue of them). */
  | { type: "more" }
  /** The page has painted the preview: the rest of the answer, please. */
  | { type: "shown" };

export type FromWorker =
  /** Its script has run: the page's own chunks may be asked for now (main.tsx waits for this on a
   * trace link, so the Worker's script is not queued behind them). */
  | { type: "awake" }
  /** Told the link (`open`), it starts nothing of its own: the page sends its request. */
  | { type: "idle" }
  /** The Worker has sent the link's request itself (as `id`): a page that takes the Worker for
   * this very call carries on with it at once, without waiting for `started`. */
  | { type: "own"; url: string; method: string; params: unknown[]; id: number }
  /** The answer to `start`: `own`, the request the Worker had started itself is the page's (what
   * it said before this is the page's too); else it was dropped and the page's was sent. `id`: the
   * id the request went out with (the answer carries it). */
  | { type: "started"; own: boolean; id: number }
  | { type: "head"; status: number; contentType: string; retryAfter: string | null }
  /** Anything but a modelled result: the body for the interpret step, or too large. */
  | { type: "read"; read: Extract<BodyRead, { kind: "text" | "too-large" }> }
  /** The fetch itself failed (network, CORS, aborted). */
  | { type: "failed"; name: string; message: string }
  | {
      type: "model";
      head: string;
      bytes: number;
      model: PackedModel;
      first: FrameChunk;
      chunks: number;
      /** When each step ended (epoch ms, `timeOrigin + now()`), for the benchmark's measures. */
      marks: WorkerMarks;
    }
  /** The top of the tree from the part of the body that has arrived (preview.ts). */
  | { type: "preview"; model: PackedModel; chunk: FrameChunk; bytes: number }
  /** The trace's selectors, topics and addresses (decodingKeys.ts), walked in the Worker. */
  | { type: "keys"; keys: DecodingKeys }
  | { type: "frames"; chunk: FrameChunk };

export interface WorkerMarks {
  fetchStart: number;
  headers: number;
  bodyEnd: number;
  parsed: number;
  checked: number;
  flattened: number;
  modelled: number;
}

/** The side of a port the Worker serves on (its global scope, or a MessagePort in tests). */
export interface WorkerPort {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}
