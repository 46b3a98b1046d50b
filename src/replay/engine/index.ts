/**
 * The in-browser replay: `replay` answers a trace request the node refused with the answer the
 * node would have given, computed by an EVM (ethereumjs) in a Worker from the node's state at the
 * parent block. The Worker's script (and the EVM in it) loads only when a replay starts. Its reads
 * come back here and go through the connection's RpcClient (protocol.ts says why).
 */
import type {
  ReplayFn,
  ReplayOutcome,
  ReplayProgress,
  ReplayRequest,
  ReplaySource,
} from "../types";
import { ReplayError, ReplayReadError, replayErrorOf } from "./errors";
import type { FromReplayWorker, ToReplayWorker } from "./protocol";
import type { Read } from "./reads";

export { ReplayError, ReplayReadError, ReplayUnsupportedError } from "./errors";

/** A Worker as the replay uses it (a real one, or a stand-in in tests). */
export type ReplayWorker = Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror">;

let spawn = (): ReplayWorker =>
  new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });

/** Tests: Workers come from `make`; null runs the engine on the page. */
export function spawnReplayWorkersWith(make: (() => ReplayWorker) | null): void {
  spawn =
    make ??
    (() => {
      throw new Error("no Worker here");
    });
}

interface Opts {
  signal?: AbortSignal;
  onProgress?: (p: ReplayProgress) => void;
}

export const replay: ReplayFn = async (source, request, opts = {}) => {
  const resolved = source.resolve("eth_getTransactionByBlockHashAndIndex");
  if (!resolved.ok) throw new ReplayReadError(resolved.reason, request.method);
  const endpoint = resolved.endpoint;
  const read: Read = (method, params) =>
    source.client.request(endpoint, method, params, { signal: opts.signal });
  let worker: ReplayWorker;
  try {
    worker = spawn();
  } catch {
    // No Workers here (a test, a policy against them): the same engine on the page, loaded now.
    const { runReplay } = await import("./run");
    return runReplay(read, request, opts);
  }
  return inWorker(worker, read, request, opts);
};

function inWorker(
  worker: ReplayWorker,
  read: Read,
  request: ReplayRequest,
  opts: Opts,
): Promise<ReplayOutcome> {
  const readErrors = new Map<number, unknown>();
  const post = (m: ToReplayWorker) => worker.postMessage(m);
  return new Promise<ReplayOutcome>((resolve, reject) => {
    const finish = (fn: () => void) => {
      opts.signal?.removeEventListener("abort", onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      fn();
    };
    const onAbort = () => finish(() => reject(new ReplayError("the replay was cancelled")));
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener("abort", onAbort);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      finish(() =>
        reject(
          new ReplayError(`the replay's Worker failed: ${e.message || "its script did not load"}`),
        ),
      );
    };
    worker.onmessage = (e: MessageEvent<FromReplayWorker>) => {
      const m = e.data;
      switch (m.type) {
        case "read":
          read(m.method, m.params).then(
            (result) => post({ type: "read-result", id: m.id, ok: true, result }),
            (err: unknown) => {
              readErrors.set(m.id, err);
              const message = err instanceof Error ? err.message : String(err);
              post({ type: "read-result", id: m.id, ok: false, message });
            },
          );
          return;
        case "progress":
          opts.onProgress?.(m.progress);
          return;
        case "done":
          finish(() => resolve(m.outcome));
          return;
        case "failed": {
          // A read's own error (its class, the masked URL) says more than its copy from the Worker.
          const own = m.readId === undefined ? undefined : readErrors.get(m.readId);
          finish(() => reject(own ?? replayErrorOf(m.kind, m.message, m.method)));
          return;
        }
      }
    };
    post({ type: "run", request });
  });
}

export type { ReplaySource };
