/** The messages between the trace Worker (trace.worker.ts) and the page (remote.ts). */
import type { StoredConnection } from "../../endpoints/keys";
import type { BodyRead } from "../../rpc/transport";
import type { DecodingKeys } from "../../shared/decoding/keys";
import type { FrameChunk, PackedModel } from "./answer";

export type ToWorker =
  /** The page's link and stored connection, as it opens: the Worker may start the request itself. */
  | { type: "prestart"; hash: string; stored: StoredConnection }
  | {
      type: "start";
      url: string;
      bodyText: string;
      id: number;
      maxBytes: number;
      /** The run of the Worker's own start the page took over (it said "selfstarted"), if any. */
      adopt: number | null;
    }
  /** The adopting client's size cap (an early request starts before it is known). */
  | { type: "limit"; maxBytes: number }
  | { type: "abort" }
  /** The page has taken the last chunk in: the next one, please (never a queue of them). */
  | { type: "more" }
  /** The page has painted the preview: the rest of the answer, please. */
  | { type: "shown" };

/** Every message from the Worker names the run (request) it belongs to. */
export type Tagged = (
  | FromWorker
  /** The Worker started the link's request itself (selfstart.ts), as run `run`. */
  | { type: "selfstarted"; url: string; bodyText: string }
  /** The run that answers the page's start (its own one, or a new one). */
  | { type: "started" }
) & { run: number };

export type FromWorker =
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
