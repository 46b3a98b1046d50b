/**
 * Runs first (main.tsx), before React and the app's chunks load: a deep link names its route's
 * first request, so it is sent now instead of after the app has mounted, the route's chunk has
 * loaded and the connection has been checked (~400 ms later). It is sent ahead through the rpc
 * layer's in-flight registry (`sendAhead`, src/rpc/inflight.ts): the page's identical request
 * joins it, whichever of the two comes first.
 *
 * A page folder may say what its first request is in `early.ts` (`earlyRequest(search,
 * endpoint) → {method, params} | null`, built from its own params module so the call matches the
 * page's); a folder without one is not sent ahead. A trace link is not handled here: the trace
 * Worker starts it (pages/trace/worker/). Nothing is sent when the
 * connection cannot be told yet (a key kept only in memory) or the link is incomplete.
 *
 * The first paint (app/firstPaint: a logs link's first rows, a transaction link's fields) reads a
 * copy of the answer (`firstPaint`): the page reads its own as always, with its schema and stream,
 * so nothing the page shows is taken from the copy.
 */
import type { Connection, ResolvedEndpoint } from "../endpoints/presets";
import { resolveEndpoint } from "../endpoints/presets";
import { readStoredConnection, type StoredConnection } from "../endpoints/keys";
import type { MethodName } from "../endpoints/methods";
import { overrideConnection } from "../endpoints/override";
import type { DevnetManifest } from "../connection/manifest";
import { perf } from "../platform/perf";
import type { AheadRead } from "../rpc/ahead";
import { sendAhead } from "../rpc/transport";
import { parseHash, routePage, viewSearch } from "../routing/route";
import type { AnswerCopy } from "./firstPaint/answer";
import { hasEarlyModule, loadEarlyModule } from "./pages";

/**
 * The connection the app opens with, as `useConnectionSettings` + `useConnection`
 * (app/connection.ts) give it on first render: a link's `rpc=`, else this tab's override, else the
 * settings kept on this device. Here rather than beside those hooks: this module runs before
 * React loads, and its first request waits for every module it imports. A link's or the tab's
 * endpoint is known at once; the kept settings need their schema (zod), loaded only for them.
 */
export async function initialConnection(
  search: URLSearchParams,
  devnet: DevnetManifest | null,
  stored: StoredConnection = readStoredConnection(),
): Promise<Connection> {
  const override = overrideConnection(search, stored);
  if (override) return override;
  const { initialConnectionOf } = await import("../endpoints/initial");
  return initialConnectionOf(search, stored, devnet);
}

/** What a page folder's `early.ts` offers. */
export interface EarlyModule {
  earlyRequest: (
    search: URLSearchParams,
    endpoint: ResolvedEndpoint,
  ) => { method: string; params: readonly unknown[] } | null;
  /**
   * Reads a large answer from its headers on, off the page's thread (rpc/ahead.ts), or null; its
   * work starts once `start` resolves.
   */
  readAhead?: (
    response: Response,
    signal: AbortSignal,
    start?: Promise<unknown>,
  ) => AheadRead | null;
}

/** A request sent ahead that the page has not joined in this long is aborted. */
export const SENT_AHEAD_TTL_MS = 8_000;

/** The early module of the page in `src/pages/<folder>/`; null when it has none. */
export async function earlyModuleFor(folder: string): Promise<EarlyModule | null> {
  const mod = await loadEarlyModule(folder);
  return isEarlyModule(mod) ? mod : null;
}

function isEarlyModule(mod: unknown): mod is EarlyModule {
  return (
    typeof mod === "object" &&
    mod !== null &&
    "earlyRequest" in mod &&
    typeof mod.earlyRequest === "function"
  );
}

async function devnetManifest(): Promise<DevnetManifest | null> {
  try {
    const [res, { devnetManifestSchema }] = await Promise.all([
      fetch("./devnet.json", { cache: "no-store" }),
      import("../connection/manifest"),
    ]);
    if (!res.ok) return null;
    const parsed = devnetManifestSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The most of an answer the first paint reads whole (a larger one is the page's alone: it streams it). */
export const FIRST_PAINT_BYTES = 1_000_000;
/** What the first paint reads of a larger answer: its first rows are in there (a log ~600 bytes). */
export const FIRST_PAINT_PREFIX_BYTES = 64 * 1024;

/**
 * A response copy's body as text: whole up to `maxBytes`; of a larger one its first bytes, the
 * rest cancelled (`prefixBytes` or more when its length is announced; past `maxBytes` when found
 * once read). Null when it has no body or the read failed.
 */
export async function readCopy(
  response: Response,
  maxBytes: number,
  prefixBytes: number = Math.min(maxBytes, FIRST_PAINT_PREFIX_BYTES),
): Promise<AnswerCopy | null> {
  if (!response.body) return null;
  const announced = Number(response.headers.get("content-length") ?? Number.NaN);
  // Past this, the answer is not read whole: its first bytes are what the first paint gets.
  const stopAt = announced > maxBytes ? prefixBytes : maxBytes + 1;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let complete = true;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) break;
      // Of an answer announced large, its first bytes only (a chunk can be ~1 MB).
      const room = announced > maxBytes ? stopAt - bytes : step.value.byteLength;
      chunks.push(room < step.value.byteLength ? step.value.subarray(0, room) : step.value);
      bytes += step.value.byteLength;
      if (bytes >= stopAt) {
        complete = false;
        void reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch {
    return null;
  }
  const decoder = new TextDecoder();
  const text = chunks.map((c) => decoder.decode(c, { stream: true })).join("");
  return { text: complete ? text + decoder.decode() : text, complete };
}

/**
 * Sends the link's first request ahead, if it makes one (its page's chunks are preloaded by
 * main.tsx); never throws. Resolves to whether a request was sent. With `firstPaint`, a copy of the
 * answer (`readCopy`: whole up to FIRST_PAINT_BYTES, else its first bytes) is handed to it, or null.
 */
export async function bootEarly(
  hash: string = window.location.hash,
  firstPaint?: (copy: AnswerCopy | null) => void,
  /** When a reader ahead may start its work (the first rows are on screen). */
  aheadStart?: Promise<unknown>,
): Promise<boolean> {
  try {
    const location = parseHash(hash);
    const routed = routePage(location.route);
    if (!routed) return false;
    const { folder, method } = routed;
    if (!hasEarlyModule(folder)) return false;
    const search = location.search;
    const stored = readStoredConnection();
    let connection = await initialConnection(search, null, stored);
    // The early module and the devnet manifest load side by side.
    const [mod, manifest] = await Promise.all([
      earlyModuleFor(folder),
      connection.kind === "devnet" ? devnetManifest() : Promise.resolve(null),
    ]);
    if (!mod) return false;
    if (connection.kind === "devnet")
      connection = await initialConnection(search, manifest, stored);
    const resolved = resolveEndpoint(connection, method as MethodName);
    if (!resolved.ok) return false;
    const call = mod.earlyRequest(viewSearch(search), resolved.endpoint);
    const readAhead = mod.readAhead;
    if (!call) return false;
    const copy = firstPaint
      ? {
          to: (response: Response | null) =>
            void (response ? readCopy(response, FIRST_PAINT_BYTES) : Promise.resolve(null)).then(
              firstPaint,
              () => firstPaint(null),
            ),
          wholeUpTo: FIRST_PAINT_BYTES,
        }
      : undefined;
    const sent = sendAhead(
      resolved.endpoint.url,
      call.method,
      call.params,
      SENT_AHEAD_TTL_MS,
      copy,
      readAhead ? (response, signal) => readAhead(response, signal, aheadStart) : undefined,
    );
    // From navigation to the request leaving: the benchmark's view of the head start.
    perf.measure("nodescope:boot:early", 0, call.method);
    return sent;
  } catch {
    // Only a head start: the page sends the request itself as always.
    return false;
  }
}
