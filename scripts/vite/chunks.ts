/**
 * The chunks a deep link's first rows wait for, named here (vite.config.ts uses them; the
 * first-rows path's test, src/app/bootGraph.test.ts, reads them). Served over HTTP/1.1 (six
 * connections a host), every file on that path beyond the entry's is one request in a wave the
 * request waits for: a 453-byte chunk the boot module needed (the user-activity tracker
 * `platform/schedule` imports) and the painter's five small chunks held a 1,000-log range's
 * first rows back by ~22 ms (interleaved A/B, bench/STARTUP.md, sixteenth round).
 */

/**
 * What a deep link's first request waits for (app/boot.ts): the boot module, the endpoints' pure
 * part, the rpc transport (and its reader ahead's interface, and the scheduling it uses), the hex
 * checks, and the first paint's reader of an answer's copy, in one chunk rather than eight in
 * waves (bench/STARTUP.md, eighth round). No zod, React or viem in it (src/app/bootGraph.test.ts).
 */
export const BOOT_CHUNK =
  /\/src\/(app\/boot|app\/firstPaint\/answer|endpoints\/(presets|override|methods)|rpc\/(transport|errors|deadline|response|inflight|mask|codes|ahead)|platform\/(perf|schedule|activity)|chain\/hex)\.ts$/;

/** A logs link's first rows painted from the answer's copy (app/firstPaint/logs.ts): one chunk. */
export const PAINT_LOGS_CHUNK =
  /\/src\/(app\/firstPaint\/logs|logs\/(scanState|lightText|row|columns))\.ts$/;

/**
 * A trace link's first rows painted from the Worker's preview (app/firstPaint/trace.ts), with the
 * two small pieces every painter writes with (a short hex, a grouped number): one chunk (three
 * before; the logs painter imports it for those two).
 */
export const PAINT_CHUNK =
  /\/src\/(app\/firstPaint\/trace|trace\/lightRow|ui\/basics\/(shortHex|numberText))\.ts$/;

/** A transaction link's fields painted from the answer's copy (app/firstPaint/tx.ts): one chunk. */
export const PAINT_TX_CHUNK = /\/src\/(app\/firstPaint\/tx|transaction\/fields)\.ts$/;

/**
 * The small presentational pieces every view shows (src/ui/basics/), in one chunk rather than one
 * request each (measured: 1.3 KB gzip less on a first visit). hexText.ts is left out (and
 * numberText.ts, shortHex.ts): the first paint uses them without React (app/firstPaint).
 */
export const UI_BASICS_CHUNK = /\/src\/ui\/basics\/(?!hexText\.ts|numberText\.ts|shortHex\.ts)/;

/**
 * A deep link's first request (app/boot.ts) is built by its page's `early.ts` from the page's
 * params module: each page's pair in one chunk (the logs page's params and ranges live in
 * src/logs/, with the reader ahead its early module offers: src/logs/ahead/), one request rather
 * than two or three before the request can leave.
 */
export function earlyChunkOf(id: string): string | null {
  const page = /\/src\/pages\/(tx|logs|block)\/(early|params)\.ts$/.exec(id)?.[1];
  if (page) return `early-${page}`;
  return /\/src\/logs\/(params|ranges|ahead\/reader)\.ts$/.test(id) ? "early-logs" : null;
}

/**
 * The build's groups (rolldown's `output.codeSplitting.groups`), each only its own files: their
 * dependencies keep their chunks (React, zod and viem stay out of the first rows' path).
 */
export const CHUNK_GROUPS = [
  { name: "boot", test: BOOT_CHUNK, includeDependenciesRecursively: false },
  { name: "paint-logs", test: PAINT_LOGS_CHUNK, includeDependenciesRecursively: false },
  { name: "paint-tx", test: PAINT_TX_CHUNK, includeDependenciesRecursively: false },
  { name: "paint", test: PAINT_CHUNK, includeDependenciesRecursively: false },
  { name: earlyChunkOf, debugName: "early", includeDependenciesRecursively: false },
  { name: "ui", test: UI_BASICS_CHUNK, includeDependenciesRecursively: false },
];
