/**
 * The page's side of the trace Worker: one job per request, and `traceExchange`, the client's
 * remote exchange (the trace query's one way in): it takes the Worker opened for the link over —
 * carrying on with the request the Worker started itself when it is this very call — or starts
 * a Worker for it. Where Worker is missing (tests under jsdom) the query keeps the main-thread path.
 */
import { perf } from "../../../platform/perf";
import { afterPaint } from "../../../platform/schedule";
import { RemoteUnavailable, type BodyRead, type RemoteExchange } from "../../../rpc/transport";
import { createStore } from "../../../platform/store";
import { FrameArrival } from "../../../trace/arrival";
import { rememberDecodingKeys } from "../../../trace/decodingKeys";
import type { TraceModel } from "../../../trace/model";
import type { FromWorker, ToWorker, WorkerMarks } from "./protocol";
import { isCall } from "./call";
import { takeTraceWorker, type TraceWorker } from "./spawn";

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
  // Settled by whoever awaits it; a failure before then must not count as unhandled.
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
const previewStore = createStore<{
  job: number;
  value: TracePreview;
  onShown: (() => void) | null;
} | null>(null);
let jobs = 0;

/** The latest trace preview (one at a time: a new request's job drops the one before). */
export const tracePreviews = {
  subscribe: previewStore.subscribe,
  current(): TracePreview | null {
    return previewStore.get()?.value ?? null;
  },
  /** The page has committed `value` to the screen: once it is painted, the Worker reads on. */
  shown(value: TracePreview): void {
    const preview = previewStore.get();
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
  /** The id the request went out with (the Worker's own start has its own). */
  readonly sentId: Promise<number>;
  private worker: TraceWorker | null;

  constructor(url: string, bodyText: string, id: number, maxBytes: number) {
    if (previewStore.get()) previewStore.set(null);
    const job = ++jobs;
    const params = paramsOf(bodyText);
    const dropPreview = () => {
      if (previewStore.get()?.job === job) previewStore.set(null);
    };
    const head = deferred<Head>();
    const read = deferred<BodyRead>();
    const sent = deferred<number>();
    this.head = head.promise;
    this.read = read.promise;
    this.sentId = sent.promise;
    const fail = (e: Error) => {
      head.reject(e);
      read.reject(e);
      sent.reject(e);
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
    const { worker, said } = taken;
    this.worker = worker;
    // Until the Worker has said something, an error means it never ran.
    let heard = said.length > 0;
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
        case "awake":
        case "idle":
        case "own":
        case "started":
          return;
        case "head":
          head.resolve({
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
          previewStore.set({
            job,
            value: { params, model: top.model, bytes: msg.bytes },
            // The Worker, not the job: the store must not hold the answer.
            onShown: () => worker.postMessage({ type: "shown" } satisfies ToWorker),
          });
          return;
        }
        case "read":
          dropPreview();
          read.resolve(msg.read);
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
          read.resolve({
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
    // What the Worker says before `started` is of its own start: this request's when that is this
    // very call (told by `own`: taken at once), else dropped once `started` says so. Of its
    // previews, only the latest is shown.
    const replay = (msgs: FromWorker[]) => {
      const lastPreview = msgs.findLastIndex((m) => m.type === "preview");
      msgs.forEach((m, k) => {
        if (m.type !== "preview" || k === lastPreview) handle(m);
      });
    };
    const own = said.find((m) => m.type === "own");
    const mine = own?.type === "own" && isCall(own, url, bodyText);
    let before: FromWorker[] | null = mine ? null : [...said];
    if (mine) {
      sent.resolve(own.id);
      replay(said);
    }
    const receive = (msg: FromWorker) => {
      heard = true;
      if (before === null) {
        if (msg.type !== "started" && msg.type !== "own") handle(msg);
        else if (msg.type === "started" && !mine) sent.resolve(msg.id);
      } else if (msg.type !== "started") before.push(msg);
      else {
        const kept = msg.own ? before : [];
        before = null;
        sent.resolve(msg.id);
        replay(kept);
      }
    };
    worker.onmessage = (e: MessageEvent<FromWorker>) => receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      broke(e.message);
    };
    this.send({ type: "start", url, bodyText, id, maxBytes });
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

/**
 * The client's remote exchange for traces: a job in the Worker opened for the link (which may
 * carry on with the request it started itself) or in a new one.
 */
export const traceExchange: RemoteExchange = async ({ url, bodyText, id, maxBytes, signal }) => {
  const job = new TraceJob(url, bodyText, id, maxBytes);
  const onAbort = () => job.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const sentId = await job.sentId;
    const head = await job.head;
    return { ...head, read: await job.read, id: sentId };
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
};
