/**
 * The trace Worker: fetches the trace request, reads and decodes the body as it arrives, parses,
 * checks and flattens it (answer.ts), and posts the model's typed arrays (transferred) and the
 * frames in chunks, the frames the tree opens on first. The main thread never holds the text.
 * One Worker per request; the page ends it once everything is posted.
 */
import { httpRequest } from "../../rpc/transport";
// One script, no chunks: on a deep link the Worker starts while the page preloads the app's
// modules, and each chunk more would wait behind those for a connection before the request could
// leave (measured: ~100 ms later than from one script; answer.ts needs zod, as selfstart.ts does).
import { modelValue, packChunk, packModel, previewAnswer, traceDecodingKeys } from "./answer";
import { HEAD_CHARS, readBody } from "./body";
import type { FromWorker, Tagged, ToWorker } from "./protocol";
import { selfStartRequest } from "./selfstart";

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: Tagged, transfer?: Transferable[]): void;
}
const scope = globalThis as unknown as WorkerScope;

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
let controller = new AbortController();
let limit = Number.POSITIVE_INFINITY;

/**
 * The request this Worker started itself from the page's link (selfstart.ts) before the page
 * asked. Its messages go at once, tagged with its run: the page holds them until it starts the
 * same request (then it takes them) or another one (then this one is aborted and they are
 * dropped). The Worker never waits for the page.
 */
let own: { url: string; bodyText: string; controller: AbortController; run: number } | null = null;
/** The page has asked for its request: the Worker no longer starts one of its own. */
let asked = false;
/** Resolves when the page asks (its start has come). */
let askedNow: () => void = () => undefined;
const pageAsked = new Promise<void>((resolve) => (askedNow = resolve));
/** The page has painted the preview (or stopped waiting for that): the rest is read on. */
let shown = false;
let shownNow: () => void = () => undefined;
const previewShown = new Promise<void>((resolve) => (shownNow = resolve));
let readingOn: Promise<void> | null = null;
function readOn(): Promise<void> {
  readingOn ??= Promise.race([
    previewShown,
    new Promise<void>((resolve) => setTimeout(resolve, SHOWN_WAIT_MS)),
  ]).then(() => {
    shown = true;
  });
  return readingOn;
}

function post(message: Tagged, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

const epoch = () => performance.timeOrigin + performance.now();

/** Runs one request (run `me`); what a request given up since says is dropped. */
async function run(url: string, bodyText: string, id: number, me: number): Promise<void> {
  const say = (message: FromWorker, transfer: Transferable[] = []) => {
    if (me === runs) post({ ...message, run: me }, transfer);
  };
  try {
    await request(url, bodyText, id, controller.signal, say);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    say({ type: "failed", name: err.name, message: err.message });
  }
}
let runs = 0;

async function request(
  url: string,
  bodyText: string,
  id: number,
  signal: AbortSignal,
  say: (message: FromWorker, transfer?: Transferable[]) => void,
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
  if (Number.isFinite(announced) && announced > limit) {
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
  // Once its first rows are previewed, the rest waits for the page to ask for the request (one the
  // Worker started itself) and to paint the preview: read meanwhile, the rest of a large answer
  // would only slow the app's loading and that first paint (same network, same cores).
  const pause = () => (!previewed || shown ? null : asked ? readOn() : pageAsked);
  const read = await readBody(res.body, () => limit, onChunk, pause);
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
  next = () => {
    const indices = plan[sent++];
    if (!indices) return;
    const chunk = packChunk(model.frames, indices);
    say({ type: "frames", chunk }, [chunk.indices.buffer]);
  };
}

/** Posts the next chunk of frames: one per request of the page, so its queue never floods. */
let next = () => {};
let sent = 1;

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === "abort") controller.abort();
  else if (msg.type === "more") next();
  else if (msg.type === "shown") shownNow();
  else if (msg.type === "limit") limit = msg.maxBytes;
  else if (msg.type === "prestart") {
    let req: ReturnType<typeof selfStartRequest> = null;
    try {
      req = asked ? null : selfStartRequest(msg.hash, msg.stored);
    } catch {
      // Only a head start: the page starts the request itself as always.
    }
    if (!req) return;
    const me = ++runs;
    own = { url: req.url, bodyText: req.bodyText, controller, run: me };
    post({ type: "selfstarted", url: req.url, bodyText: req.bodyText, run: me });
    void run(req.url, req.bodyText, req.id, me);
  } else if (msg.type === "start") {
    asked = true;
    askedNow();
    limit = msg.maxBytes;
    const mine = own;
    own = null;
    // The page took the request under way from what it was told (or names it now): carry on.
    if (
      mine &&
      (msg.adopt === mine.run || (mine.url === msg.url && mine.bodyText === msg.bodyText))
    ) {
      if (msg.adopt !== mine.run) post({ type: "started", run: mine.run });
      return;
    }
    if (mine) {
      mine.controller.abort();
      controller = new AbortController();
    }
    const me = ++runs;
    post({ type: "started", run: me });
    void run(msg.url, msg.bodyText, msg.id, me);
  }
};
