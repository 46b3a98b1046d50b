/**
 * The trace Worker's work, served on a port (trace.worker.ts serves it on the Worker's scope; the
 * tests on a MessageChannel): it fetches the trace request, reads and decodes the body as it
 * arrives, parses, checks and flattens it (answer.ts), and posts the model's typed arrays
 * (transferred) and the frames in chunks, the frames the tree opens on first. The main thread
 * never holds the text. One Worker serves one request.
 *
 * Told the link as the page opens (`open`), it starts the link's request itself when it may
 * (call.ts), and the page's `start` of the same call then carries on with it (README.md).
 */
import { httpRequest } from "../../../rpc/transport";
import { devnetManifestSchema } from "../../../connection/manifest";
import {
  modelValue,
  packChunk,
  packModel,
  previewAnswer,
  traceDecodingKeys,
} from "../../../trace/answer";
import { HEAD_CHARS, readBody } from "./body";
import { isCall, ownCall, type TraceCall } from "./call";
import type { FromWorker, ToWorker, WorkerPort } from "./protocol";

/** A preview of the tree's top is tried once this much of a large body has arrived, then at
 * PREVIEW_GROWTH times that, until its opening rows are shown or PREVIEW_UNTIL has arrived. */
const PREVIEW_FROM = 256 * 1024;
const PREVIEW_GROWTH = 2;
const PREVIEW_UNTIL = 8 * 1024 * 1024;
/** Rows enough for a screen (the tree shows ~17): no more previews after one showing this many.
 * (Each try reads the text from its start: a few ms per MB of this Worker's time, during which it
 * hears nothing from the page.) */
const PREVIEW_ROWS = 20;
/** Bodies smaller than this are read whole first (the full answer is quick then). */
const PREVIEW_MIN_BODY = 1024 * 1024;
/** The longest the rest of a previewed answer waits for the page to show the preview. */
const SHOWN_WAIT_MS = 1_000;
/** The id the Worker's own start is sent with (its body is its own: the page adopts the id). */
const OWN_ID = 1;

const epoch = () => performance.timeOrigin + performance.now();

/** Serves one trace request on `port` (the Worker's scope). */
export function serveTraceWorker(port: WorkerPort): void {
  let controller = new AbortController();
  let limit = Number.POSITIVE_INFINITY;
  /** The request this Worker started itself from the link, until the page starts its own. */
  let own: TraceCall | null = null;
  /** Whether the own start's messages still go out: until a page's start of another call. */
  let ownLive = true;
  /** The page has asked for its request: the Worker no longer starts one of its own. */
  let asked = false;
  let askedNow: () => void = () => undefined;
  const pageAsked = new Promise<void>((resolve) => (askedNow = resolve));
  /** The page has painted the preview (or stopped waiting for that): the rest is read on. */
  let shown = false;
  let shownNow: () => void = () => undefined;
  const previewShown = new Promise<void>((resolve) => (shownNow = resolve));
  let readingOn: Promise<void> | null = null;
  const readOn = (): Promise<void> =>
    (readingOn ??= Promise.race([
      previewShown,
      new Promise<void>((resolve) => setTimeout(resolve, SHOWN_WAIT_MS)),
    ]).then(() => {
      shown = true;
    }));
  // Once its first rows are previewed, the rest waits until they are painted: by the first paint
  // (main.tsx, before the app has loaded: `shown`), or by the page once it has asked for the
  // request (one the Worker started itself). Read before, the rest of a large answer took the
  // cores from that first paint; read once they are painted, while the app loads, a 100,000-frame
  // tree is whole ~120–150 ms sooner (bench/STARTUP.md, fifteenth round).
  const pause = (previewed: boolean) =>
    !previewed || shown ? null : asked ? readOn() : Promise.race([pageAsked, previewShown]);
  /** Posts the next chunk of frames: one per request of the page, so its queue never floods. */
  let next = () => {};

  const run = async (url: string, bodyText: string, id: number, live: () => boolean) => {
    const say = (message: FromWorker, transfer: Transferable[] = []) => {
      if (live()) port.postMessage(message, transfer);
    };
    try {
      await request(url, bodyText, id, {
        signal: controller.signal,
        limit: () => limit,
        pause,
        say,
        onMore: (fn) => (next = fn),
      });
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      say({ type: "failed", name: err.name, message: err.message });
    }
  };

  const open = async (msg: Extract<ToWorker, { type: "open" }>) => {
    let call = ownCall(msg.hash, msg.stored, null);
    if (call === "devnet") call = ownCall(msg.hash, msg.stored, await devnetInfo(msg.devnetUrl));
    if (call === "devnet" || !call || asked) {
      port.postMessage({ type: "idle" });
      return;
    }
    own = call;
    port.postMessage({ type: "own", ...call, id: OWN_ID });
    const bodyText = JSON.stringify({
      jsonrpc: "2.0",
      id: OWN_ID,
      method: call.method,
      params: call.params,
    });
    void run(call.url, bodyText, OWN_ID, () => ownLive);
  };

  port.onmessage = (e) => {
    const msg = e.data;
    if (msg.type === "abort") controller.abort();
    else if (msg.type === "more") next();
    else if (msg.type === "shown") {
      shown = true;
      shownNow();
    } else if (msg.type === "open") {
      // Only a head start: whatever goes wrong here, the page starts the request itself.
      if (!asked) open(msg).catch(() => port.postMessage({ type: "idle" }));
    } else if (msg.type === "start") {
      if (asked) return;
      asked = true;
      askedNow();
      limit = msg.maxBytes;
      if (own && isCall(own, msg.url, msg.bodyText)) {
        port.postMessage({ type: "started", own: true, id: OWN_ID });
        return;
      }
      // Another call (or none yet): the own start, if any, is dropped and the page's sent.
      ownLive = false;
      port.postMessage({ type: "started", own: false, id: msg.id });
      if (own) {
        controller.abort();
        controller = new AbortController();
      }
      own = null;
      void run(msg.url, msg.bodyText, msg.id, () => true);
    }
  };
}

/** The devnet's description (its manifest, checked as the page checks it), or null. */
async function devnetInfo(url: string) {
  try {
    const res = await fetch(url, { cache: "no-store" });
    if (!res.ok) return null;
    const parsed = devnetManifestSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface RequestHooks {
  signal: AbortSignal;
  limit: () => number;
  pause: (previewed: boolean) => Promise<void> | null;
  say: (message: FromWorker, transfer?: Transferable[]) => void;
  /** Given the function that posts the next chunk of frames. */
  onMore: (next: () => void) => void;
}

async function request(
  url: string,
  bodyText: string,
  id: number,
  { signal, limit, pause, say, onMore }: RequestHooks,
): Promise<void> {
  const fetchStart = epoch();
  const http = httpRequest(url, bodyText);
  if (!http) {
    say({ type: "failed", name: "TypeError", message: "not a valid URL" });
    return;
  }
  // A failed fetch (network, CORS, aborted) throws: `run` says so.
  const res = await fetch(http.target, { ...http.init, signal });
  const headers = epoch();
  say({
    type: "head",
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    retryAfter: res.headers.get("retry-after"),
  });
  const announced = Number(res.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(announced) && announced > limit()) {
    void res.body?.cancel().catch(() => undefined);
    say({ type: "read", read: { kind: "too-large", bytes: announced, announced: true } });
    return;
  }
  // The top of a large tree is shown while the rest arrives (preview.ts).
  let previewAt =
    res.status >= 200 && res.status < 300 && !(announced < PREVIEW_MIN_BODY)
      ? PREVIEW_FROM
      : Number.POSITIVE_INFINITY;
  // Two previews at most (each is a new tree of rows for the page to render): the first rows as
  // soon as there are any, then a screenful (or all there is once PREVIEW_UNTIL has arrived).
  let shownRows = 0;
  let previewed = false;
  const onChunk = (parts: readonly string[], bytes: number) => {
    if (bytes < previewAt) return;
    const last = bytes * PREVIEW_GROWTH > PREVIEW_UNTIL;
    previewAt = last ? Number.POSITIVE_INFINITY : bytes * PREVIEW_GROWTH;
    const preview = previewAnswer(parts.join(""), id);
    if (!preview || preview.shownRows <= shownRows) return;
    const screenful = preview.shownRows >= PREVIEW_ROWS || last;
    if (shownRows > 0 && !screenful) return;
    shownRows = preview.shownRows;
    if (screenful) previewAt = Number.POSITIVE_INFINITY;
    previewed = true;
    say({ type: "preview", model: preview.model, chunk: preview.chunk, bytes }, [
      ...preview.transfer,
      preview.chunk.indices.buffer,
    ]);
  };
  const read = await readBody(res.body, limit, onChunk, () => pause(previewed));
  if (read.kind !== "text" || read.cutOff || res.status < 200 || res.status >= 300) {
    say({ type: "read", read });
    return;
  }
  const bodyEnd = epoch();
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    say({ type: "read", read });
    return;
  }
  const steps = { parsed: epoch(), checked: 0, flattened: 0 };
  const modelled = modelValue(value, id, (step) => (steps[step] = epoch()));
  const firstIndices = modelled?.plan[0];
  if (!modelled || !firstIndices) {
    say({ type: "read", read });
    return;
  }
  const { model, plan } = modelled;
  // The first rows first: the arrays and the frames the tree opens on; the rest when asked.
  const first = packChunk(model.frames, firstIndices);
  const { packed, transfer } = packModel(model);
  say(
    {
      type: "model",
      head: read.text.slice(0, HEAD_CHARS),
      bytes: read.bytes,
      model: packed,
      first,
      chunks: plan.length,
      marks: { fetchStart, headers, bodyEnd, ...steps, modelled: epoch() },
    },
    [...transfer, first.indices.buffer],
  );
  say({ type: "keys", keys: traceDecodingKeys(model.frames) });
  let sent = 1;
  onMore(() => {
    const indices = plan[sent++];
    if (!indices) return;
    const chunk = packChunk(model.frames, indices);
    say({ type: "frames", chunk }, [chunk.indices.buffer]);
  });
}
