/**
 * The trace Worker started before anything else (main.tsx, before the app's modules load): on a
 * trace deep link its script loads and starts while the boot module and the app load. It is told
 * the link and the stored connection at once, and starts the link's request itself when it can
 * (selfstart.ts); the boot module's start then finds it under way. No imports (types only): it
 * runs first.
 */
import type { StoredConnection } from "../../endpoints/keys";
import type { Tagged, ToWorker } from "./protocol";

/** An unused prestarted Worker is ended after this long (the link turned out to ask no trace). */
const IDLE_MS = 10_000;

/** A Worker handed over with what it said before it was taken, and its error if it failed then. */
export interface TakenWorker {
  worker: Worker;
  early: Tagged[];
  error: string | null;
}

let prestarted: TakenWorker | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;

function spawn(): Worker {
  return new Worker(new URL("./trace.worker.ts", import.meta.url), { type: "module" });
}

/** Starts the trace Worker now when `hash` is a trace link naming a transaction. */
export function prestartTraceWorker(
  hash: string,
  /** What the browser keeps of the connection (read after the Worker is on its way: the first
   * storage read of a page can take several milliseconds). */
  stored: () => StoredConnection | null = () => null,
): void {
  if (typeof Worker === "undefined" || prestarted) return;
  if (!/^#\/trace\?(.*&)?hash=/.test(hash)) return;
  let worker: Worker;
  try {
    worker = spawn();
  } catch {
    return; // not allowed here: the trace is read on the page (remote.ts)
  }
  // What the Worker says before the page takes it (its own start, a preview…) waits here.
  const early: Tagged[] = [];
  worker.onmessage = (e: MessageEvent<Tagged>) => early.push(e.data);
  // Its script failing to load is told before anyone listens: kept for whoever takes it.
  worker.onerror = (e) => {
    e.preventDefault();
    if (prestarted?.worker === worker) prestarted.error = e.message || "its script did not load";
  };
  const connection = stored();
  if (connection)
    worker.postMessage({ type: "prestart", hash, stored: connection } satisfies ToWorker);
  prestarted = { worker, early, error: null };
  idle = setTimeout(() => {
    prestarted = null;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
  }, IDLE_MS);
}

/** The prestarted Worker and what it has said so far (once), or a new one. */
export function takeTraceWorker(): TakenWorker {
  const taken = prestarted ?? { worker: spawn(), early: [], error: null };
  prestarted = null;
  // The timer would hold the Worker (and what it delivers) until it fires.
  if (idle !== null) clearTimeout(idle);
  idle = null;
  taken.worker.onmessage = null;
  taken.worker.onerror = null;
  return taken;
}
