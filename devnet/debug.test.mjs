// The app's debug tracer (src/trace/steps/tracer.ts) run by a real anvil on the debugger's
// scenario, and read by the app's model: frames as the callTracer lists them, internal calls with
// their arguments from the unoptimized build, the inlined helpers of the optimized one, the failing
// require two internal calls deep, gas per line reconciling with the frame, the step bound.
// UPDATE_DEBUG_FIXTURE=1 also writes the unit tests' fixture (src/trace/steps/fixtures/).
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFrameDebug,
  debugTracerText,
  parseDebugTrace,
  wordPcsOf,
} from "../src/trace/steps/index.ts";
import { startAnvil } from "./anvil.mjs";
import { compileDebugContracts } from "./compile.mjs";
import { DEBUG_SCENARIO, runDebugScenario } from "./debug.mjs";
import { rpc } from "./rpc.mjs";
import { countFrames } from "./scenarios.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** @type {Awaited<ReturnType<typeof startAnvil>>} */
let node;
/** @type {Record<string, string>} */
let hashes = {};
/** @type {import("./debug.mjs").DebugContracts} */
let contracts;
/** @type {Map<string, import("../src/chain/sources/index.ts").SourceBundle>} */
const bundles = new Map();
/** @param {string} method @param {unknown[]} [params] */
const call = (method, params = []) => rpc(node.url, method, params, { timeoutMs: 60_000 });

beforeAll(async () => {
  node = await startAnvil();
  const compiled = compileDebugContracts();
  /** @type {`0x${string}`[]} */
  const [from] = await call("eth_accounts");
  if (!from) throw new Error("anvil has no accounts");
  /** @param {Record<string, unknown>} tx */
  const mined = async (tx) => {
    const h = await call("eth_sendTransaction", [tx]);
    for (let i = 0; i < 200; i++) {
      const r = await call("eth_getTransactionReceipt", [h]);
      if (r) return r;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error(`no receipt for ${h}`);
  };
  /** @param {{ status: string, transactionHash: string }} r @param {string} what */
  const ok = (r, what) => {
    if (r.status !== "0x1") throw new Error(`${what} failed`);
    return r;
  };
  const s = await runDebugScenario({ compiled, mined, ok, from });
  hashes = Object.fromEntries(Object.entries(s.sent).map(([k, v]) => [k, v.hash]));
  contracts = s.contracts;
  // the bundles as the Sourcify stand-in serves them: files with their ids, map, code on chain
  for (const v of s.verified) {
    const files = v.sourceFiles ?? [v.source];
    bundles.set(v.address.toLowerCase(), {
      address: v.address.toLowerCase(),
      name: v.name,
      compilerVersion: v.compiler.version,
      fullyQualifiedName: `contracts/${v.source}:${v.name}`,
      sources: files.map((f) => ({
        path: f,
        id: v.sources[f]?.id ?? -1,
        content: v.sources[f]?.content ?? "",
      })),
      storageLayout: null,
      sourceMap: v.sourceMap ?? null,
      immutableReferences: null,
      runtimeCode: await call("eth_getCode", [v.address, "latest"]),
      creationSourceMap: v.creationSourceMap ?? null,
      creationCode: v.bytecode ?? v.creationCode ?? null,
      implementation: null,
    });
  }
}, 60_000);

/** @type {Record<string, unknown>} the pass 1 answers the unit tests' fixture keeps */
const forFixture = {};

afterAll(async () => {
  await node?.stop();
  if (process.env.UPDATE_DEBUG_FIXTURE === "1") writeFixture();
});

/** Pass 1 on a transaction, with the argument words of every verified contract's two codes. */
async function pass1(hash, maxSteps) {
  const all = [...bundles.values()];
  const words = Object.fromEntries(all.map((b) => [b.address, wordPcsOf(b, "runtime")]));
  const creationWords = Object.fromEntries(all.map((b) => [b.address, wordPcsOf(b, "creation")]));
  const tracer = debugTracerText({ words, creationWords, maxSteps });
  const [tree, out] = await Promise.all([
    call("debug_traceTransaction", [hash, { tracer: "callTracer" }]),
    call("debug_traceTransaction", [hash, { tracer }]),
  ]);
  return { tree, out, words };
}

/** @param {unknown} out */
function read(out) {
  const r = parseDebugTrace(out, null);
  if (r.kind !== "trace") throw new Error(r.reason);
  return r.trace;
}

describe("the debug tracer on anvil", () => {
  it("follows the call tree's frames and reads internal calls with their arguments", async () => {
    const { tree, out } = await pass1(hashes.debugRun);
    expect(out.frames).toHaveLength(countFrames(tree));
    expect(out.cut).toBe(0);
    const trace = read(out);
    const [top, child] = trace.frames;
    expect([top?.type, top?.address]).toEqual([tree.type, tree.to.toLowerCase()]);
    expect([child?.type, child?.address]).toEqual([
      tree.calls[0].type,
      tree.calls[0].to.toLowerCase(),
    ]);
    // the child frame's gas used is the call tree's
    expect(child?.gasUsed).toBe(Number(tree.calls[0].gasUsed));
    const bundle = bundles.get(contracts.stepper.toLowerCase()) ?? null;
    const f = buildFrameDebug(trace, 0, bundle);
    const names = f.internalCalls.map((c) => c.name);
    const rounds = Number(DEBUG_SCENARIO.rounds);
    expect(names.filter((n) => n === "addScaled")).toHaveLength(rounds);
    expect(names.filter((n) => n === "scale")).toHaveLength(rounds);
    expect(names).toContain("makePoint");
    expect(names).toContain("settle");
    const last = f.internalCalls.filter((c) => c.name === "addScaled").at(-1);
    // addScaled(acc, i, 3) in the last round: acc = 3·(0+1+…+(n-2)), i = n-1
    const acc = (3 * (rounds - 1) * (rounds - 2)) / 2;
    expect(last?.args.map((a) => [a.name, a.value])).toEqual([
      ["a", String(acc)],
      ["b", String(rounds - 1)],
      ["k", "3"],
    ]);
    expect(last?.returns?.[0]?.value).toBe(String(acc + 3 * (rounds - 1)));
    const scale = f.internalCalls.find((c) => c.name === "scale" && c.parent === last?.id);
    expect(scale?.depth).toBe(2);
    const settle = f.internalCalls.find((c) => c.name === "settle");
    expect(settle?.args[1]?.value?.toLowerCase()).toBe(tree.from.toLowerCase());
    expect(settle?.args[0]?.value).toMatch(/^memory 0x/);
    // gas per line reconciles: lines plus unattributed are the steps' total
    let lines = 0;
    for (const byLine of f.lineGas.values()) for (const g of byLine.values()) lines += g;
    expect(lines + f.unattributed).toBe(f.total);
    expect(f.heaviestLines[0]?.gas).toBeGreaterThan(0);
    // the line with the external call carries what the callee consumed
    const callLine = f.lineGas.get("Stepper.sol")?.get(69);
    expect(callLine).toBeGreaterThan(child?.gasUsed ?? Infinity);
    // a child frame: its steps' total is the gas the node says it used
    const callee = buildFrameDebug(trace, 1, bundles.get(contracts.counter.toLowerCase()) ?? null);
    expect(callee.total).toBe(child?.gasUsed);
    expect(callee.callStack(callee.startStep)[0]?.name).toBe("bump");
    forFixture.run = out;
  });

  it("opens a failed frame at its require, two internal calls deep", async () => {
    const { out } = await pass1(hashes.debugFail);
    const trace = read(out);
    const f = buildFrameDebug(trace, 0, bundles.get(contracts.stepper.toLowerCase()) ?? null);
    expect(f.failStep).not.toBeNull();
    expect(f.startStep).toBe(f.failStep);
    expect(f.place(f.startStep)?.text).toContain("require(amount <= cap");
    expect(f.callStack(f.startStep).map((e) => e.name)).toEqual(["fail", "check", "limit"]);
    const limit = f.internalCalls.find((c) => c.name === "limit");
    expect(limit?.args.map((a) => a.value)).toEqual([String(DEBUG_SCENARIO.failAmount), "100"]);
    expect(limit?.returns).toBeNull();
    forFixture.fail = out;
  });

  it("says which helpers the optimizer inlined", async () => {
    const { out } = await pass1(hashes.debugRunOptimized);
    const trace = read(out);
    const f = buildFrameDebug(
      trace,
      0,
      bundles.get(contracts.stepperOptimized.toLowerCase()) ?? null,
    );
    const note = f.notes.find((n) => n.startsWith("Inlined"));
    expect(note).toMatch(/makePoint/);
    expect(f.internalCalls.some((c) => c.name === "makePoint")).toBe(false);
    forFixture.runOptimized = out;
  });

  it("keeps up to its bound, then counts the steps it cut", async () => {
    const { out } = await pass1(hashes.debugRun, 500);
    const trace = read(out);
    expect(trace.kept).toBe(500);
    expect(trace.cut).toBeGreaterThan(0);
    const f = buildFrameDebug(trace, 0, bundles.get(contracts.stepper.toLowerCase()) ?? null);
    expect(f.size).toBeLessThanOrEqual(500);
    expect(f.notes.some((n) => n.startsWith("Step bound reached"))).toBe(true);
  });

  it("runs the heavy loop past 250,000 steps, and pass 2 details a window of it", async () => {
    const words = {
      [contracts.stepper.toLowerCase()]: wordPcsOf(
        bundles.get(contracts.stepper.toLowerCase()),
        "runtime",
      ),
    };
    const t0 = Date.now();
    const out = await call("debug_traceTransaction", [
      hashes.debugHeavy,
      { tracer: debugTracerText({ words }) },
    ]);
    const ms = Date.now() - t0;
    const trace = read(out);
    const f = buildFrameDebug(trace, 0, bundles.get(contracts.stepper.toLowerCase()) ?? null);
    expect(f.size).toBeGreaterThanOrEqual(250_000);
    console.log(`[debug] heavy: ${f.size} steps, ${JSON.stringify(out).length} bytes, ${ms} ms `);
    const tracer = debugTracerText({ window: { frame: 0, from: 1000, to: 1100 } });
    const win = await call("debug_traceTransaction", [hashes.debugHeavy, { tracer }]);
    const detailed = read(win);
    const d = detailed.frames[0]?.details;
    expect(d?.size).toBe(101);
    expect(d?.get(1000)?.stack.length).toBeGreaterThan(0);
    expect(JSON.stringify(win).length).toBeLessThan(2_000_000);
  }, 120_000);
});

/** The lines a frame's steps are placed on, trimmed, once each. @param {import("../src/trace/steps/index.ts").FrameDebug} f */
function linesRun(f) {
  const out = new Set();
  for (let k = 0; k < f.size; k++) {
    const p = f.place(k);
    if (p) out.add(p.text.trim());
  }
  return out;
}

describe("a CREATE2 frame on anvil, read with the creation source map", () => {
  const REQUIRE = 'require(Workshop(msg.sender).open(), "Widget: the workshop is closed");';

  it("places the constructor's steps on its lines, and the later call's on the runtime's", async () => {
    const { tree, out } = await pass1(hashes.debugCreate);
    const trace = read(out);
    // make → CREATE2 Widget (→ STATICCALL open()), then CALL grow() on the new contract
    expect(trace.frames.map((f) => f.type)).toEqual(["CALL", "CREATE2", "STATICCALL", "CALL"]);
    const widget = contracts.widget.toLowerCase();
    expect(tree.calls[0].to.toLowerCase()).toBe(widget);
    const bundle = bundles.get(widget) ?? null;
    const ctor = buildFrameDebug(trace, 1, bundle);
    const lines = linesRun(ctor);
    expect(lines).toContain("maker = msg.sender;");
    expect(lines).toContain(REQUIRE);
    expect(lines).toContain("size = twice(s);");
    // the runtime's lines never ran in the constructor
    expect(lines).not.toContain("size += 1;");
    expect(ctor.callStack(ctor.startStep)[0]?.name).toBe("constructor");
    const twice = ctor.internalCalls.find((c) => c.name === "twice");
    expect(twice?.args.map((a) => a.value)).toEqual([DEBUG_SCENARIO.widgetSize.toString()]);
    expect(twice?.returns?.[0]?.value).toBe((DEBUG_SCENARIO.widgetSize * 2n).toString());
    const grow = buildFrameDebug(trace, 3, bundle);
    expect(linesRun(grow)).toContain("size += 1;");
    expect(linesRun(grow)).not.toContain(REQUIRE);
    forFixture.create = out;
  });

  it("places a failed CREATE2 at the constructor's require", async () => {
    const { tree, out } = await pass1(hashes.debugCreateFail);
    const trace = read(out);
    expect(tree.calls[0].type).toBe("CREATE2");
    expect(tree.calls[0].error).toBeTruthy();
    const f = buildFrameDebug(trace, 1, bundles.get(contracts.widget.toLowerCase()) ?? null);
    expect(f.failStep).not.toBeNull();
    expect(f.place(f.startStep)?.text.trim()).toBe(REQUIRE);
    forFixture.createFail = out;
  });
});

/** The fixtures of src/trace/steps/: both builds' bundles and three answers (frame.test.ts); the
 * workshop's bundles and its two CREATE2 answers (creation.test.ts). */
function writeFixture() {
  const dir = join(here, "..", "src", "trace", "steps", "fixtures");
  const { create, createFail, ...stepper } = forFixture;
  const steppers = [
    contracts.stepper,
    contracts.counter,
    contracts.stepperOptimized,
    contracts.counterOptimized,
  ].map((a) => a.toLowerCase());
  const all = [...bundles.values()];
  writeFileSync(
    join(dir, "stepper.json"),
    `${JSON.stringify({ contracts, bundles: all.filter((b) => steppers.includes(b.address)), traces: stepper })}\n`,
  );
  writeFileSync(
    join(dir, "creation.json"),
    `${JSON.stringify({ contracts, bundles: all.filter((b) => !steppers.includes(b.address)), traces: { create, createFail } })}\n`,
  );
}
