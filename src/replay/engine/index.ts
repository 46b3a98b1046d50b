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
import { perf } from "../../platform/perf";
import { ReplayError, ReplayReadError, replayErrorOf } from "./errors";
import type { BatchAnswer, FromReplayWorker, ToReplayWorker } from "./protocol";
import type { Read, ReadBatch } from "./reads";

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
  const client = source.client;
  // One POST for several reads, through the same client (recorded, masked, the key kept here).
  const readBatch: ReadBatch | undefined = client.batch
    ? async (calls) => {
        const answers = await client.batch?.(endpoint, calls, { signal: opts.signal });
        if (!answers) return null;
        return answers.map((a) =>
          a.ok ? { ok: true, result: a.value } : { ok: false, error: a.error },
        );
      }
    : undefined;
  let worker: ReplayWorker;
  try {
    worker = spawn();
  } catch {
    // No Workers here (a test, a policy against them): the same engine on the page, loaded now.
    const { runReplay } = await import("./run");
    return runReplay(read, request, { ...opts, readBatch });
  }
  return inWorker(worker, { read, readBatch }, request, opts);
};

function inWorker(
  worker: ReplayWorker,
  { read, readBatch }: { read: Read; readBatch?: ReadBatch },
  request: ReplayRequest,
  opts: Opts,
): Promise<ReplayOutcome> {
  const readErrors = new Map<number, unknown>();
  const post = (m: ToReplayWorker) => worker.postMessage(m);
  // The bench's figures (bench/replay.mjs): the whole replay, the Worker's start (its script
  // loaded and run), and the time it computed — the run's time less the time it waited for the
  // node's answers.
  const spawned = perf.now();
  let started: number | null = null;
  let outstanding = 0;
  let waitingSince = 0;
  let waited = 0;
  const readOut = () => {
    if (outstanding++ === 0) waitingSince = perf.now();
  };
  const readIn = () => {
    if (--outstanding === 0) waited += perf.now() - waitingSince;
  };
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
      if (started === null) {
        started = perf.now();
        perf.measure("nodescope:replay-start", spawned);
      }
      switch (m.type) {
        case "read":
          readOut();
          read(m.method, m.params).then(
            (result) => {
              readIn();
              post({ type: "read-result", id: m.id, ok: true, result });
            },
            (err: unknown) => {
              readIn();
              readErrors.set(m.id, err);
              const message = err instanceof Error ? err.message : String(err);
              post({ type: "read-result", id: m.id, ok: false, message });
            },
          );
          return;
        case "read-batch": {
          readOut();
          const batch = readBatch ?? (() => Promise.resolve(null));
          batch(m.calls).then(
            (answers) => {
              readIn();
              const sent = answers?.map((a, i): BatchAnswer => {
                if (a.ok) return a;
                const id = m.calls[i]?.id;
                if (id !== undefined) readErrors.set(id, a.error);
                return { ok: false, message: a.error.message };
              });
              post({ type: "batch-result", id: m.id, answers: sent ?? null });
            },
            (err: unknown) => {
              readIn();
              const message = err instanceof Error ? err.message : String(err);
              for (const c of m.calls) readErrors.set(c.id, err);
              const failed = m.calls.map((): BatchAnswer => ({ ok: false, message }));
              post({ type: "batch-result", id: m.id, answers: failed });
            },
          );
          return;
        }
        case "progress":
          opts.onProgress?.(m.progress);
          return;
        case "done": {
          // A measure as long as the computing: it ends now.
          const computed = perf.now() - (started ?? spawned) - waited;
          perf.measure("nodescope:replay-compute", perf.now() - computed);
          perf.measure("nodescope:replay", spawned);
          finish(() => resolve(m.outcome));
          return;
        }
        case "failed": {
          // A read's own error (its class, the masked URL) says more than its copy from the Worker.
          const own = m.readId === undefined ? undefined : readErrors.get(m.readId);
          finish(() => reject(own ?? replayErrorOf(m.kind, m.message, m.method)));
          return;
        }
      }
    };
    post({ type: "run", request, batches: readBatch !== undefined });
  });
}

export type { ReplaySource };
