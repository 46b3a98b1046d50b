/**
 * The Worker's side: runs one replay, its reads posted to the page and awaited.
 */
import { ReplayError, ReplayReadError } from "./errors";
import type { BatchAnswer, ReplayWorkerPort, ToReplayWorker } from "./protocol";
import type { Read, ReadBatch } from "./reads";
import { runReplay } from "./run";

export function serveReplay(port: ReplayWorkerPort): void {
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const readIds = new WeakMap<Error, number>();
  const readMethods = new Map<number, string>();
  const read: Read = (method, params) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, {
        resolve,
        reject: (e) => {
          readIds.set(e, id);
          reject(e);
        },
      });
      readMethods.set(id, method);
      port.postMessage({ type: "read", id, method, params });
    });
  const batches = new Map<number, (answers: BatchAnswer[] | null) => void>();
  const readBatch: ReadBatch = (calls) =>
    new Promise((resolve) => {
      const id = ++next;
      const sent = calls.map((c) => ({ ...c, id: ++next }));
      batches.set(id, (answers) =>
        resolve(
          answers &&
            answers.map((a, i) => {
              if (a.ok) return a;
              const c = sent[i];
              const error = new ReplayReadError(a.message, c?.method ?? "");
              if (c) readIds.set(error, c.id);
              return { ok: false, error };
            }),
        ),
      );
      port.postMessage({ type: "read-batch", id, calls: sent });
    });
  port.onmessage = (e: MessageEvent<ToReplayWorker>) => {
    const m = e.data;
    if (m.type === "batch-result") {
      const done = batches.get(m.id);
      batches.delete(m.id);
      done?.(m.answers);
      return;
    }
    if (m.type === "read-result") {
      const p = pending.get(m.id);
      pending.delete(m.id);
      const method = readMethods.get(m.id) ?? "";
      readMethods.delete(m.id);
      if (!p) return;
      if (m.ok) p.resolve(m.result);
      else p.reject(new ReplayReadError(m.message, method));
      return;
    }
    runReplay(read, m.request, {
      readBatch: m.batches ? readBatch : undefined,
      onProgress: (progress) => port.postMessage({ type: "progress", progress }),
    }).then(
      (outcome) => port.postMessage({ type: "done", outcome }),
      (err: unknown) => {
        const e =
          err instanceof ReplayError
            ? err
            : new ReplayError(err instanceof Error ? err.message : String(err));
        port.postMessage({
          type: "failed",
          kind: e.kind,
          message: e.message,
          method: e instanceof ReplayReadError ? e.method : undefined,
          readId: err instanceof Error ? readIds.get(err) : undefined,
        });
      },
    );
  };
}
