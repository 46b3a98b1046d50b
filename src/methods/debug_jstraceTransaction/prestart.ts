/**
 * The trace Worker started before anything else (main.tsx, before the app's modules load): on a
 * trace deep link its script loads and starts while the boot module and the app load, so the
 * request leaves as soon as the boot module knows it. No imports: it runs first.
 */

/** An unused prestarted Worker is ended after this long (the link turned out to ask no trace). */
const IDLE_MS = 10_000;

let prestarted: Worker | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;

function spawn(): Worker {
  return new Worker(new URL("./trace.worker.ts", import.meta.url), { type: "module" });
}

/** Starts the trace Worker now when `hash` is a trace link naming a transaction. */
export function prestartTraceWorker(hash: string): void {
  if (typeof Worker === "undefined" || prestarted) return;
  if (!/^#\/trace\?(.*&)?hash=/.test(hash)) return;
  const worker = spawn();
  prestarted = worker;
  idle = setTimeout(() => {
    prestarted = null;
    worker.terminate();
  }, IDLE_MS);
}

/** The prestarted Worker (once), or a new one. */
export function takeTraceWorker(): Worker {
  const worker = prestarted ?? spawn();
  prestarted = null;
  // The timer would hold the Worker (and what it delivers) until it fires.
  if (idle !== null) clearTimeout(idle);
  idle = null;
  return worker;
}
