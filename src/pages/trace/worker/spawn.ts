/**
 * The trace Worker opened before anything else (main.tsx, before the app's modules load): on a
 * trace link its script loads while the boot module and the app load, and it is told the link and
 * the stored connection at once, so it can send the link's request itself (call.ts). The page's
 * job (job.ts) takes it over with what it said meanwhile. Light on purpose: it runs first.
 */
import type { StoredConnection } from "../../../endpoints/keys";
import { parseHash } from "../../../routing/route";
import type { FromWorker, ToWorker } from "./protocol";

/** An untaken Worker is ended after this long (the page never asked for its trace). */
const IDLE_MS = 10_000;

/** A Worker as the page uses it (a real one, or a stand-in in tests). */
export type TraceWorker = Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror">;

/** A Worker handed over with what it said before it was taken, and its error if it failed then. */
export interface TakenWorker {
  worker: TraceWorker;
  said: FromWorker[];
  error: string | null;
}

let spawn = (): TraceWorker =>
  new Worker(new URL("./trace.worker.ts", import.meta.url), { type: "module" });

/** Tests: Workers come from `make` (a MessageChannel's port, a fake). */
export function spawnTraceWorkersWith(make: () => TraceWorker): void {
  spawn = make;
}

let opened: TakenWorker | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;

/**
 * Opens the trace Worker now when `hash` is a trace link naming a transaction; `watch` hears what
 * it says until the page takes it over (null: its script failed). Returns whether it opened.
 */
export function openTraceWorker(
  hash: string,
  /** What the browser keeps of the connection (read after the Worker is on its way: the first
   * storage read of a page can take several milliseconds). */
  stored: () => StoredConnection | null,
  devnetUrl: string,
  watch: (message: FromWorker | null) => void = () => undefined,
): boolean {
  if (opened) return false;
  const { route, search } = parseHash(hash);
  if (route !== "trace" || !search.has("hash")) return false;
  let worker: TraceWorker;
  try {
    worker = spawn();
  } catch {
    return false; // not allowed here: the trace is read on the page (job.ts)
  }
  const taken: TakenWorker = { worker, said: [], error: null };
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    taken.said.push(e.data);
    watch(e.data);
  };
  // Its script failing to load is told before anyone listens: kept for whoever takes it.
  worker.onerror = (e) => {
    e.preventDefault();
    taken.error = e.message || "its script did not load";
    watch(null);
  };
  worker.postMessage({ type: "open", hash, stored: stored(), devnetUrl } satisfies ToWorker);
  opened = taken;
  idle = setTimeout(() => {
    opened = null;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
  }, IDLE_MS);
  return true;
}

/**
 * The first paint's rows from the opened Worker's preview are on screen: it reads the rest of its
 * answer now, while the app loads, instead of waiting for the page to show them (serve.ts).
 */
export function traceRowsPainted(): void {
  opened?.worker.postMessage({ type: "shown" } satisfies ToWorker);
}

/** The opened Worker and what it has said so far (once), or a new one. */
export function takeTraceWorker(): TakenWorker {
  const taken = opened ?? { worker: spawn(), said: [], error: null };
  opened = null;
  // The timer would hold the Worker (and what it delivers) until it fires.
  if (idle !== null) clearTimeout(idle);
  idle = null;
  taken.worker.onmessage = null;
  taken.worker.onerror = null;
  return taken;
}
