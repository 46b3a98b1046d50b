/** The replay Worker's script: the EVM and its tracers load here, never on the page's first visit. */
import type { ReplayWorkerPort } from "./protocol";
import { serveReplay } from "./serve";

serveReplay(globalThis as unknown as ReplayWorkerPort);
