/**
 * The page's side of the trace Worker: one job per request (an early one started by the boot
 * module, or one the query starts), and the client's remote exchange that runs or adopts it.
 * Where Worker is missing (tests under jsdom) the query keeps the main-thread path.
 */
import { perf } from "../../platform/perf";
import { afterPaint } from "../../platform/schedule";
import type { EarlyStarter } from "../../rpc/early";
import { RemoteUnavailable, type BodyRead, type RemoteExchange } from "../../rpc/transport";
import { FrameArrival } from "./arrival";
import { rememberDecodingKeys } from "./decodingKeys";
import { takeTraceWorker } from "./prestart";
import type { TraceModel } from "./model";
import type { FromWorker, Tagged, ToWorker, WorkerMarks } from "./protocol";

/** Which early requests the trace query adopts: those started as trace Worker jobs. */
export const TRACE_WORKER_KIND = "trace-worker";

/** What the Worker's result is on this side: the model, its frames arriving in `arrival`. */
export interface TracePayload {
  model: TraceModel;
  arrival: FrameArrival;
}

interface Head {
  status: number;
  contentType: string;
  retryAfter: string | null;
}

/** Set once a Worker could not start here: later traces are read on the page straight away. */
let workerRefused = false;

export function workerAvailable(): boolean {
  return typeof Worker !== "undefined" && !workerRefused;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Settled by whoever awaits it; an early job nobody adopts must not report it unhandled.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** The Worker's steps as User Timing measures on this page's clock (the benchmark reads them). */
function measureWorker(marks: WorkerMarks): void {
  const at = (epoch: number) => epoch - performance.timeOrigin;
  const steps: [string, number, number][] = [
    ["nodescope:trace:worker:wait", marks.fetchStart, marks.headers],
    ["nodescope:trace:worker:body", marks.headers, marks.bodyEnd],
    ["nodescope:trace:worker:parse", marks.bodyEnd, marks.parsed],
    ["nodescope:trace:worker:check", marks.parsed, marks.checked],
    ["nodescope:trace:worker:flatten", marks.checked, marks.flattened],
    ["nodescope:trace:worker:pack", marks.flattened, marks.modelled],
  ];
  for (const [name, start, end] of steps) {
    try {
      performance.measure(name, { start: at(start), end: at(end), detail: { method: "trace" } });
      performance.clearMeasures(name);
    } catch {
      // measures are diagnostics only
    }
  }
}

/** The top of a trace still arriving (preview.ts), for the page whose request it answers. */
export interface TracePreview {
  /** The request's params as JSON: the page shows the preview for its own request only. */
  params: string;
  /** The frames so far; open frames whose fields have not all arrived are missing (pending). */
  model: TraceModel;
  /** Bytes of the answer read so far. */
  bytes: number;
}

/** The latest preview and the job it came from (by number: the store must not hold the job, whose
 * answer is the whole trace). */
let preview: { job: number; value: TracePreview; onShown: (() => void) | null } | null = null;
let jobs = 0;
const previewListeners = new Set<() => void>();

function setPreview(next: typeof preview): void {
  preview = next;
  for (const l of previewListeners) l();
}

/** The latest trace preview (one at a time: a new request's job drops the one before). */
export const tracePreviews = {
  subscribe(listener: () => void): () => void {
    previewListeners.add(listener);
    return () => previewListeners.delete(listener);
  },
  current(): TracePreview | null {
    return preview?.value ?? null;
  },
  /** The page has committed `value` to the screen: once it is painted, the Worker reads on. */
  shown(value: TracePreview): void {
    if (preview?.value !== value || !preview.onShown) return;
    afterPaint(preview.onShown);
    preview.onShown = null;
  },
};

function paramsOf(bodyText: string): string {
  try {
    return JSON.stringify((JSON.parse(bodyText) as { params?: unknown }).params ?? null);
  } catch {
    return "";
  }
}

/** One trace request fetched and read in its own Worker. */
export class TraceJob {
  readonly head: Promise<Head>;
  readonly read: Promise<BodyRead>;
  /** The cap the job reads under (an early job's provisional one until adopted). */
  limit: number;
  private worker: Worker | null;

  constructor(url: string, bodyText: string, id: number, maxBytes: number) {
    this.limit = maxBytes;
    if (preview) setPreview(null);
    const job = ++jobs;
    const params = paramsOf(bodyText);
    const dropPreview = () => {
      if (preview?.job === job) setPreview(null);
    };
    const head = deferred<Head>();
    const read = deferred<BodyRead>();
    this.head = head.promise;
    this.read = read.promise;
    const resolveHead = head.resolve;
    const resolveRead = read.resolve;
    const fail = (e: Error) => {
      head.reject(e);
      read.reject(e);
    };
    // A Worker the page may not create (a stricter policy where it is served) or whose script
    // does not load: the client reads this trace on the page instead (RemoteUnavailable).
    const refused = (why: string) => {
      workerRefused = true;
      fail(new RemoteUnavailable(`the trace worker could not start: ${why}`));
    };
    let taken: ReturnType<typeof takeTraceWorker>;
    try {
      taken = takeTraceWorker();
    } catch (error) {
      this.worker = null;
      refused(error instanceof Error ? error.message : String(error));
      return;
    }
    const { worker, early } = taken;
    this.worker = worker;
    // Until the Worker has said something, an error means it never ran.
    let heard = early.length > 0;
    const broke = (why: string | null) => {
      dropPreview();
      if (heard) fail(new TypeError(`the trace worker failed: ${why || "it stopped"}`));
      else refused(why || "its script did not load");
      this.end();
    };
    if (taken.error !== null) {
      broke(taken.error);
      return;
    }
    let arrival: FrameArrival | null = null;
    const handle = (msg: FromWorker) => {
      switch (msg.type) {
        case "head":
          resolveHead({
            status: msg.status,
            contentType: msg.contentType,
            retryAfter: msg.retryAfter,
          });
          return;
        case "preview": {
          // From navigation to the preview's arrival: the benchmark's view of the head start.
          perf.measure("nodescope:trace:preview", 0, "trace");
          const top = new FrameArrival(msg.model);
          top.add(msg.chunk);
          setPreview({
            job,
            value: { params, model: top.model, bytes: msg.bytes },
            // The Worker, not the job: the store must not hold the answer.
            onShown: () => worker.postMessage({ type: "shown" } satisfies ToWorker),
          });
          return;
        }
        case "read":
          dropPreview();
          resolveRead(msg.read);
          this.end();
          return;
        case "failed":
          dropPreview();
          fail(Object.assign(new TypeError(msg.message), { name: msg.name }));
          this.end();
          return;
        case "model":
          measureWorker(msg.marks);
          arrival = new FrameArrival(msg.model);
          arrival.add(msg.first);
          resolveRead({
            kind: "result",
            value: { model: arrival.model, arrival } satisfies TracePayload,
            head: msg.head,
            bytes: msg.bytes,
          });
          if (arrival.complete) this.end();
          // The rest once the first rows have had a frame to paint in.
          else afterPaint(() => this.send({ type: "more" }));
          return;
        case "keys":
          if (arrival) rememberDecodingKeys(arrival.model.frames, msg.keys);
          return;
        case "frames":
          arrival?.add(msg.chunk);
          if (arrival?.complete) this.end();
          else setTimeout(() => this.send({ type: "more" }), 0);
          return;
      }
    };
    // The run answering this job: the Worker's own start of the same request when it told of one
    // (taken over at once), else the one it names when it hears of this job ("started"). Messages
    // of any other run are dropped; those of an unknown run yet wait.
    const own = early.find((m) => m.type === "selfstarted");
    let current: number | null =
      own?.type === "selfstarted" && own.url === url && own.bodyText === bodyText ? own.run : null;
    let waiting: Tagged[] = [];
    const receive = (msg: Tagged) => {
      heard = true;
      if (msg.type === "selfstarted") return;
      if (msg.type === "started") {
        current = msg.run;
        const queue = waiting;
        waiting = [];
        for (const m of queue) receive(m);
        return;
      }
      if (current === null) waiting.push(msg);
      else if (msg.run === current) handle(msg);
    };
    worker.onmessage = (e: MessageEvent<Tagged>) => receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      broke(e.message);
    };
    this.send({ type: "start", url, bodyText, id, maxBytes, adopt: current });
    // What the Worker said before this job took it: of its previews, only the latest is shown.
    const lastPreview = early.findLastIndex((m) => m.type === "preview");
    early.forEach((m, k) => {
      if (m.type !== "preview" || k === lastPreview) receive(m);
    });
  }

  setLimit(maxBytes: number): void {
    this.limit = maxBytes;
    this.send({ type: "limit", maxBytes });
  }

  abort = (): void => {
    this.send({ type: "abort" });
  };

  private send(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  /** The Worker's memory (the text, the parsed tree) goes with it. */
  private end(): void {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.terminate();
    // Its handlers hold the arrival (and so the trace) for as long as the Worker object lives.
    worker.onmessage = null;
    worker.onerror = null;
  }
}

/** The client's remote exchange for traces: adopts the early job for this call, or starts one. */
export const traceExchange: RemoteExchange = async ({
  url,
  bodyText,
  id,
  maxBytes,
  signal,
  early,
}) => {
  let job: TraceJob;
  // The cap an early job has read under so far (it learns this client's now).
  let readUnder = maxBytes;
  if (early instanceof TraceJob) {
    job = early;
    readUnder = job.limit;
    if (job.limit !== maxBytes) job.setLimit(maxBytes);
  } else job = new TraceJob(url, bodyText, id, maxBytes);
  const onAbort = () => job.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const head = await job.head;
    const read = await job.read;
    // An early job read under a lower provisional cap than this client's: ask again under it.
    if (
      read.kind === "too-large" &&
      job === early &&
      readUnder < maxBytes &&
      (!read.announced || read.bytes <= maxBytes)
    ) {
      job = new TraceJob(url, bodyText, id, maxBytes);
      return { ...(await job.head), read: await job.read };
    }
    return { ...head, read };
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
};

export const traceRemote = { kind: TRACE_WORKER_KIND, exchange: traceExchange };

/** Starts an early trace request as a Worker job (boot, before the app mounts). */
export function traceEarlyStarter(maxBytes: number): EarlyStarter {
  return ({ url, bodyText, id }) => {
    const job = new TraceJob(url, bodyText, id, maxBytes);
    return { value: job, abort: job.abort };
  };
}
