// The debugger's data at 250,000 steps (issue 34): the debug tracer on the devnet's anvil over
// Stepper.spin (manifest `debugHeavy`, 260,603 steps, no optimizer) — pass 1's JSON size and the
// node's time, pass 2's for a 200-step window — and the app's model of that frame in Node: the
// answer read (JSON.parse, then parseDebugTrace), the frame built (buildFrameDebug) and each kind
// of step (into, over, out, back, the call stack, the place) timed from 2,000 places across the
// frame. The page's own figures (first location, a step on screen, memory) are the Debug view's
// and are measured beside this one in the browser.
//
// The model is TypeScript: it is bundled once for Node with rolldown (Vite's bundler) into
// bench/.tmp, its packages left to node_modules.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, round } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
/** Places across the frame each kind of step is timed from. */
const PLACES = 2_000;
const WINDOW = 200;

/** The model's modules bundled for Node. */
async function loadModel() {
  const tmp = join(here, ".tmp", "debug");
  mkdirSync(tmp, { recursive: true });
  const entry = join(tmp, "entry.ts");
  writeFileSync(
    entry,
    [
      `export * from ${JSON.stringify(join(root, "src/trace/steps/index.ts"))};`,
      `export { parseSourceBundle, SOURCE_BUNDLE_FIELDS } from ${JSON.stringify(join(root, "src/chain/sources/sourceBundle.ts"))};`,
    ].join("\n"),
  );
  const { rolldown } = await import("rolldown");
  const bundle = await rolldown({
    input: entry,
    external: (id) => !id.startsWith(".") && !id.startsWith("/"),
    logLevel: "warn",
  });
  const file = join(tmp, `model-${Date.now()}.mjs`);
  await bundle.write({ file, format: "esm" });
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** @param {string} url @param {string} method @param {unknown[]} params */
async function rpcTimed(url, method, params) {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(180_000),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  const body = JSON.parse(text);
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  // the result's own bytes: what the app downloads and parses
  return { ms, bytes: Buffer.byteLength(JSON.stringify(body.result)), result: body.result };
}

/** Mean and worst ms of `fn` from each place. @param {number[]} places @param {(k: number) => unknown} fn */
function timeEach(places, fn) {
  let worst = 0;
  const t0 = performance.now();
  for (const k of places) {
    const t = performance.now();
    fn(k);
    worst = Math.max(worst, performance.now() - t);
  }
  return { meanMs: (performance.now() - t0) / places.length, worstMs: worst };
}

/**
 * @param {{ devnet: { anvilUrl: string, gatewayUrl: string, manifest: import("../devnet/index.mjs").Manifest },
 *   runs: number, log: (msg: string) => void }} options
 */
export async function benchDebug({ devnet, runs, log }) {
  const model = await loadModel();
  const { manifest } = devnet;
  const hash = manifest.transactions.debugHeavy?.hash;
  if (!hash) throw new Error("the devnet has no debugHeavy transaction");
  const address = manifest.debug.stepper.toLowerCase();
  const res = await fetch(
    `${devnet.gatewayUrl}/sourcify/v2/contract/${manifest.chainId}/${address}?fields=${model.SOURCE_BUNDLE_FIELDS}`,
  );
  const bundle = model.parseSourceBundle(await res.json(), address);
  if (!bundle?.sourceMap) throw new Error("the Sourcify stand-in has no source map for Stepper");
  const words = { [address]: model.wordPcsOf(bundle, "runtime") };

  const pass1 = [];
  let answer = null;
  for (let i = 0; i < Math.max(1, runs); i++) {
    const r = await rpcTimed(devnet.anvilUrl, "debug_traceTransaction", [
      hash,
      { tracer: model.debugTracerText({ words }) },
    ]);
    log(`  debug tracer pass 1 run ${i + 1}: ${round(r.ms)} ms, ${r.bytes} bytes`);
    pass1.push(r);
    answer = r.result;
  }
  const steps = answer.frames[0].n;
  const from = Math.floor(steps / 2);
  const pass2 = await rpcTimed(devnet.anvilUrl, "debug_traceTransaction", [
    hash,
    { tracer: model.debugTracerText({ window: { frame: 0, from, to: from + WINDOW - 1 } }) },
  ]);

  // the app's side: read the text, check it, build the frame, step
  const text = JSON.stringify(answer);
  let t = performance.now();
  const json = JSON.parse(text);
  const jsonParseMs = performance.now() - t;
  t = performance.now();
  const read = model.parseDebugTrace(json, null);
  const parseMs = performance.now() - t;
  if (read.kind !== "trace") throw new Error(`the debug trace is unreadable: ${read.reason}`);
  t = performance.now();
  const frame = model.buildFrameDebug(read.trace, 0, bundle);
  const buildMs = performance.now() - t;
  t = performance.now();
  const first = frame.place(frame.startStep);
  const firstPlaceMs = performance.now() - t;
  const places = Array.from({ length: PLACES }, (_, i) => Math.floor((i * frame.size) / PLACES));
  const kinds = {
    stepInto: (k) => frame.stepInto(k),
    stepOver: (k) => frame.stepOver(k),
    stepOut: (k) => frame.stepOut(k),
    stepBack: (k) => frame.stepBack(k),
    callStack: (k) => frame.callStack(k),
    place: (k) => frame.place(k),
  };
  /** @type {Record<string, number>} */
  const stepMs = {};
  for (const [kind, fn] of Object.entries(kinds)) {
    const { meanMs, worstMs } = timeEach(places, fn);
    stepMs[`${kind}MeanMs`] = round(meanMs, 4);
    stepMs[`${kind}WorstMs`] = round(worstMs, 3);
  }
  const result = {
    steps,
    kept: frame.size,
    internalCalls: frame.internalCalls.length,
    tracerNodeMs: round(median(pass1.map((r) => r.ms))),
    tracerJsonBytes: pass1[0]?.bytes ?? 0,
    tracerJsonMB: round((pass1[0]?.bytes ?? 0) / 1e6, 2),
    bytesPerStep: round((pass1[0]?.bytes ?? 0) / steps, 2),
    windowSteps: WINDOW,
    windowNodeMs: round(pass2.ms),
    windowJsonBytes: pass2.bytes,
    jsonParseMs: round(jsonParseMs),
    parseMs: round(parseMs),
    buildMs: round(buildMs),
    firstPlaceMs: round(firstPlaceMs, 3),
    firstPlace: first ? `${first.path}:${first.line}` : null,
    ...stepMs,
  };
  result.worstStepMs = Math.max(
    ...Object.entries(stepMs)
      .filter(([k]) => k.endsWith("WorstMs"))
      .map(([, v]) => v),
  );
  log(
    `  debug 250k: ${steps} steps, tracer ${result.tracerNodeMs} ms / ${result.tracerJsonMB} MB (${result.bytesPerStep} B/step), window of ${WINDOW} ${result.windowNodeMs} ms / ${result.windowJsonBytes} B; JSON.parse ${result.jsonParseMs} ms, parse ${result.parseMs} ms, build ${result.buildMs} ms, worst step ${result.worstStepMs} ms`,
  );
  return { 250000: result };
}
