/**
 * A large logs answer read from its headers on (app/boot.ts offers it to a logs link's request
 * sent ahead): while the app loads, the page feeds the body's bytes to a Worker (serve.ts) that
 * reads the logs from them, checks and packs them; the page's logs query then takes them over
 * (rpc/ahead.ts), the parts already read at once and the rest as they come, making its rows from
 * slices of packed text instead of parsing 60 MB of JSON on its own thread. Only for an answer
 * announced over AHEAD_BYTES: a small one is read on the page in the time a Worker takes to start.
 * No React.
 */
import type { AheadEnd, AheadRead } from "../../rpc/ahead";
import type { ResultStream } from "../../rpc/stream";
import { untilNextTask } from "../../platform/schedule";
import type { FromReader, LogsPart, ToReader } from "./protocol";

/** Answers announced larger than this are read ahead (the first paint reads smaller ones whole). */
export const AHEAD_BYTES = 1_000_000;

/** The page's pumping runs this long at most before it gives other work a turn. */
const PUMP_SLICE_MS = 8;

/** The Worker as the reader uses it (a real one, or a stand-in in tests). */
export type ReaderWorker = Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror">;

const spawn = (): ReaderWorker =>
  new Worker(new URL("./logs.worker.ts", import.meta.url), { type: "module" });

/**
 * Reads `response` ahead when it is announced over AHEAD_BYTES and Workers may start; else null.
 * `signal` is the exchange's: once it aborts, the reading stops and the Worker ends. The Worker
 * starts once `start` resolves (the first paint's rows are on screen, as the app's chunks wait for
 * them: bench/STARTUP.md, thirteenth round); the body waits in the browser meanwhile.
 */
export function logsReadAhead(
  response: Response,
  signal: AbortSignal,
  start: Promise<unknown> = Promise.resolve(),
): AheadRead | null {
  const announced = Number(response.headers.get("content-length") ?? Number.NaN);
  if (!(announced > AHEAD_BYTES) || !response.body || typeof Worker === "undefined") return null;
  return readThrough(() => spawn(), response.body, signal, start);
}

type Said<T extends FromReader["type"]> = Extract<FromReader, { type: T }>;

/**
 * The reading itself: once the Worker is awake, `body` is pumped into it; what it says is kept
 * until handed over. A Worker whose script fails before it is awake has read nothing: the body is
 * let go, and the hand-over says so (null).
 */
export function readThrough(
  open: () => ReaderWorker,
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  start: Promise<unknown> = Promise.resolve(),
): AheadRead {
  let worker: ReaderWorker | null = null;
  const send = (m: ToReader, transfer: Transferable[] = []) => worker?.postMessage(m, transfer);
  const reader = body.getReader();
  const parts: LogsPart[] = [];
  let state: "starting" | "reading" | "unread" | "failed" | "closed" = "starting";
  let ended: Said<"end"> | null = null;
  let cutOff = false;
  // Set once handed over.
  let take: ((part: LogsPart) => void) | null = null;
  let settle: (() => void) | null = null;
  let onText: ((m: Said<"text">) => void) | null = null;

  const close = () => {
    if (state === "closed" || state === "unread") return;
    const reading = state !== "starting";
    state = "closed";
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    if (reading) void reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  };
  signal.addEventListener("abort", close, { once: true });

  // The body's chunks go over as they come (a buffered answer's are ~1 MB each; copying them into
  // blocks cost the page more than the messages), a turn given to the page's other work between
  // slices: its chunks evaluate while the answer is read.
  const pump = async () => {
    let slice = performance.now();
    try {
      for (;;) {
        const step = await reader.read();
        if (step.done) break;
        if (state !== "reading") return;
        send({ type: "chunk", bytes: step.value }, [step.value.buffer]);
        if (performance.now() - slice > PUMP_SLICE_MS) {
          await untilNextTask();
          slice = performance.now();
        }
      }
    } catch {
      cutOff = true;
    }
    if (state === "reading") send({ type: "end", cutOff });
  };
  const onMessage = (e: MessageEvent<FromReader>) => {
    const m = e.data;
    if (m.type === "awake") {
      if (state !== "starting") return;
      state = "reading";
      void pump();
    } else if (m.type === "part") {
      if (take) take(m.part);
      else parts.push(m.part);
    } else if (m.type === "end") {
      ended = m;
      settle?.();
    } else onText?.(m);
  };
  /** Nothing read: the body goes back to whoever reads it next. */
  const letGo = () => {
    state = "unread";
    worker?.terminate();
    reader.releaseLock();
    settle?.();
  };
  const onError = (e: ErrorEvent) => {
    e.preventDefault();
    if (state === "starting") return letGo();
    if (state === "reading") state = "failed";
    settle?.();
  };
  void start.then(() => {
    if (state !== "starting") return;
    try {
      worker = open();
    } catch {
      return letGo(); // not allowed here: the page reads the body
    }
    worker.onmessage = onMessage;
    worker.onerror = onError;
  });

  function readText(): Promise<{ text: string; bytes: number }> {
    return new Promise((resolve, reject) => {
      if (state !== "reading") return reject(new Error("the logs reader stopped"));
      onText = (m) => resolve({ text: m.text, bytes: m.bytes });
      send({ type: "text" });
    });
  }

  return {
    handOver(stream: ResultStream<unknown> | undefined, readSignal: AbortSignal) {
      return new Promise<AheadEnd | null>((resolve, reject) => {
        const aborted = () => {
          close();
          reject(new Error("aborted"));
        };
        if (readSignal.aborted) return aborted();
        readSignal.addEventListener("abort", aborted, { once: true });
        const done = (end: AheadEnd | null, error?: Error) => {
          readSignal.removeEventListener("abort", aborted);
          if (error) reject(error);
          else resolve(end);
        };
        // The pieces go to the stream in order, each after the last one's work.
        let chain: Promise<void> = Promise.resolve();
        const give = stream?.take?.bind(stream);
        take = (part) => {
          if (give) chain = chain.then(() => give(part));
        };
        for (const part of parts.splice(0)) take(part);
        settle = () => {
          chain = chain.then(async () => {
            if (state === "unread") return done(null);
            const end = ended;
            if (state !== "reading" || end === null)
              return done(null, new Error("the logs reader stopped"));
            if (end.envelope !== null && !cutOff && give) {
              const { envelope, head, bytes } = end;
              return done({ kind: "streamed", envelope, head, bytes });
            }
            try {
              done({ kind: "text", ...(await readText()), cutOff });
            } catch (error) {
              done(null, error instanceof Error ? error : new Error(String(error)));
            }
          });
        };
        if (ended !== null || state === "unread" || state === "failed") settle();
      });
    },
    text: readText,
    close,
  };
}
