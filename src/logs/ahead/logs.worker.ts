/** The logs reader Worker's script (reader.ts opens it): serve.ts does the work. */
import { serveLogsReader, type ReaderPort } from "./serve";

const scope = globalThis as unknown as ReaderPort;
serveLogsReader(scope);
scope.postMessage({ type: "awake" });
