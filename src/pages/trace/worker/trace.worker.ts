/**
 * The trace Worker's script. One script, no chunks: a chunk more would be one more request before
 * the link's request can leave. It says `awake` once it has run (the page then knows it listens).
 */
import type { WorkerPort } from "./protocol";
import { serveTraceWorker } from "./serve";

const scope = globalThis as unknown as WorkerPort;
serveTraceWorker(scope);
scope.postMessage({ type: "awake" });
