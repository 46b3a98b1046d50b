/**
 * The compiler's Worker: a soljson build (the official binaries' text, fetched by the page)
 * evaluated here, then asked to compile a standard-JSON input. Builds stay loaded by version, so
 * a second contract of the same version compiles warm.
 *
 * Why a module Worker evaluating the text rather than `importScripts`: a module Worker has no
 * `importScripts` (Chromium throws), and a classic Worker from a blob: URL would need `blob:` in
 * the page's script-src, which the built app's policy refuses; a same-origin Worker script runs
 * under its own response's policy, so the build's text can be evaluated here and nowhere else.
 * solc-js's `wrapper` is not used: it pulls Node modules (memorystream, follow-redirects, the
 * module loader) into the bundle for what is three exported C functions.
 */

interface SoljsonModule {
  cwrap: (name: string, ret: string | null, args: string[]) => (...args: unknown[]) => unknown;
  onRuntimeInitialized?: () => void;
  calledRun?: boolean;
  [k: string]: unknown;
}

export type ToSolc = { id: number; version: string; soljson: string | null; input: string };
export type FromSolc =
  | { id: number; ok: true; output: string; loadMs: number; compileMs: number }
  | { id: number; ok: false; needSoljson: true }
  | { id: number; ok: false; error: string };

const loaded = new Map<string, SoljsonModule>();

async function load(soljson: string): Promise<SoljsonModule> {
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => (ready = resolve));
  const seed: Partial<SoljsonModule> = { onRuntimeInitialized: () => ready() };
  // The compiler build is a classic script: evaluated in this Worker only (see above).
  const run = new Function("Module", `${soljson}\n;return Module;`) as (
    m: unknown,
  ) => SoljsonModule;
  const m = run(seed);
  if (!m.calledRun) await started;
  return m;
}

function compile(m: SoljsonModule, input: string): string {
  if (typeof m._solidity_compile !== "function")
    throw new Error("this compiler build is older than 0.5 (no solidity_compile)");
  const compileFn = m.cwrap("solidity_compile", "string", ["string", "number", "number"]);
  const out = compileFn(input, 0, 0);
  if (typeof m._solidity_reset === "function") m.cwrap("solidity_reset", null, [])();
  return String(out);
}

self.onmessage = async (e: MessageEvent<ToSolc>) => {
  const { id, version, soljson, input } = e.data;
  const post = (msg: FromSolc) => self.postMessage(msg);
  try {
    let m = loaded.get(version);
    let loadMs = 0;
    if (!m) {
      if (soljson === null) return post({ id, ok: false, needSoljson: true });
      const t0 = performance.now();
      m = await load(soljson);
      loadMs = performance.now() - t0;
      loaded.set(version, m);
    }
    const t1 = performance.now();
    const output = compile(m, input);
    post({ id, ok: true, output, loadMs, compileMs: performance.now() - t1 });
  } catch (err) {
    post({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
