// The debugger's model on real answers: Stepper (devnet/contracts/debug/Stepper.sol) compiled by
// solc 0.8.37 without the optimizer and with it, traced by anvil 1.7.1 with the debug tracer
// (fixtures/README.md says how the fixture is made).
import { describe, expect, it } from "vitest";
import type { SourceBundle } from "../../chain/sources";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import fixture from "./fixtures/stepper.json";
import { buildFrameDebug, parseDebugTrace, type DebugTrace, type FrameDebug } from "./index";
import { wordPcsOf } from "./wordPcs";

const bundles = fixture.bundles as unknown as SourceBundle[];
const bundleAt = (address: string) =>
  bundles.find((b) => b.address === address.toLowerCase()) ?? null;
const plain = bundleAt(fixture.contracts.stepper);
const optimized = bundleAt(fixture.contracts.stepperOptimized);

function read(json: unknown): DebugTrace {
  const r = parseDebugTrace(json, null);
  if (r.kind !== "trace") throw new Error(r.reason);
  return r.trace;
}
const run = read(fixture.traces.run);
const fail = read(fixture.traces.fail);

/** The lines a walk visits from the opening step, `n` moves of `move`. */
function walk(f: FrameDebug, move: (k: number) => number, n: number): number[] {
  const lines: number[] = [];
  let k = f.startStep;
  for (let i = 0; i < n; i++) {
    lines.push(f.place(k)?.line ?? -1);
    const next = move(k);
    if (next === k) break;
    k = next;
  }
  return lines;
}

/** The first step at `line` from `from` on. */
function firstAt(f: FrameDebug, line: number, from = 0): number {
  for (let k = from; k < f.size; k++) if (f.place(k)?.line === line) return k;
  throw new Error(`line ${line} never ran`);
}

describe("one frame without the optimizer: run(4, owner)", () => {
  const f = buildFrameDebug(run, 0, plain);

  it("opens at the first step with a place: the external function's declaration", () => {
    expect(f.size).toBe(fixture.traces.run.frames[0]?.n);
    expect(f.place(f.startStep)).toMatchObject({ path: "Stepper.sol", line: 34 });
    expect(f.place(f.startStep)?.text).toContain("function run(uint256 n, address who)");
    // the dispatcher before it maps to the whole contract: no place
    expect(f.place(0)).toBeNull();
  });

  it("steps into internal calls, line by line", () => {
    expect(walk(f, f.stepInto, 16)).toEqual([
      34, 35, 36, 37, 54, 55, 58, 59, 58, 55, 54, 37, 36, 37, 54, 55,
    ]);
  });

  it("steps over them, staying in run", () => {
    expect(walk(f, f.stepOver, 20)).toEqual([
      34, 35, 36, 37, 36, 37, 36, 37, 36, 37, 36, 39, 40, 34,
    ]);
  });

  it("steps out of the current internal function, to the line that called it", () => {
    const inScale = firstAt(f, 59);
    expect(f.callStack(inScale).map((e) => e.name)).toEqual(["run", "addScaled", "scale"]);
    const out = f.stepOut(inScale);
    expect(f.place(out)?.line).toBe(55);
    expect(f.callStack(out).map((e) => e.name)).toEqual(["run", "addScaled"]);
    const outAgain = f.stepOut(out);
    expect(f.place(outAgain)?.line).toBe(37);
    expect(f.callStack(outAgain).map((e) => e.name)).toEqual(["run"]);
    // out of the external function: the frame's last step
    expect(f.stepOut(outAgain)).toBe(f.size - 1);
  });

  it("steps back to the start of the previous line's run", () => {
    const second37 = firstAt(f, 37, firstAt(f, 36, firstAt(f, 54)));
    const back = f.stepBack(second37);
    expect(f.place(back)?.line).toBe(36);
    expect(f.place(back - 1)?.line).not.toBe(36);
    const intoAdd = firstAt(f, 54);
    expect(f.place(f.stepBack(intoAdd))?.line).toBe(37);
    // nothing ran before the first line
    expect(f.stepBack(f.startStep)).toBe(f.startStep);
    // back undoes into, line for line
    let k = f.startStep;
    for (let i = 0; i < 10; i++) k = f.stepInto(k);
    const forward = walk(f, f.stepInto, 11);
    const backward: number[] = [];
    for (let i = 0; i < 11; i++, k = f.stepBack(k)) backward.unshift(f.place(k)?.line ?? -1);
    expect(backward).toEqual(forward);
  });

  it("gives the call stack outermost first, each entry where it is", () => {
    const inScale = firstAt(f, 59);
    const stack = f.callStack(inScale);
    expect(stack.map((e) => [e.name, e.kind, e.place?.line])).toEqual([
      ["run", "external", 37],
      ["addScaled", "internal", 55],
      ["scale", "internal", 59],
    ]);
    expect(stack.at(-1)?.step).toBe(inScale);
    // the external name the page decoded from the selector wins
    const named = buildFrameDebug(run, 0, plain, { externalName: "run(uint256,address)" });
    expect(named.callStack(inScale)[0]?.name).toBe("run(uint256,address)");
  });

  it("lists the internal calls with their gas, arguments and return values", () => {
    const calls = f.internalCalls.map((c) => [c.name, c.depth, c.parent]);
    expect(calls).toEqual([
      ["addScaled", 1, -1],
      ["scale", 2, 0],
      ["addScaled", 1, -1],
      ["scale", 2, 2],
      ["addScaled", 1, -1],
      ["scale", 2, 4],
      ["addScaled", 1, -1],
      ["scale", 2, 6],
      ["makePoint", 1, -1],
      ["settle", 1, -1],
    ]);
    const values = (c: (typeof f.internalCalls)[number] | undefined) => [
      c?.args.map((a) => `${a.name}=${a.value}`).join(", "),
      c?.returns?.map((a) => a.value).join(", "),
    ];
    expect(values(f.internalCalls[6])).toEqual(["a=9, b=3, k=3", "18"]);
    expect(values(f.internalCalls[7])).toEqual(["b=3, k=3", "9"]);
    expect(values(f.internalCalls[8])).toEqual(["x=18, y=4", "memory 0xc0"]);
    const settle = f.internalCalls[9];
    expect(settle?.args[1]).toEqual({
      name: "who",
      type: "address",
      value: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
    });
    // a call's gas holds its callees'; settle holds the external call's
    const add = f.internalCalls[6];
    const scale = f.internalCalls[7];
    expect(add && scale && add.gas > scale.gas && scale.gas > 0).toBe(true);
    expect(settle?.gas).toBeGreaterThan(fixture.traces.run.frames[1]?.u ?? Infinity);
    expect(settle?.callPlace?.line).toBe(40);
    expect(f.internalCallAt(firstAt(f, 59))).toBe(1);
    expect(f.notes.filter((n) => n.startsWith("Inlined"))).toEqual([]);
  });

  it("sums gas per line, reconciling with the steps' total, a CALL line carrying its callee", () => {
    let lines = 0;
    for (const byLine of f.lineGas.values()) for (const g of byLine.values()) lines += g;
    expect(lines + f.unattributed).toBe(f.total);
    expect(f.unattributed).toBeGreaterThan(0);
    let steps = 0;
    for (let k = 0; k < f.size; k++) steps += f.cost(k);
    expect(steps).toBe(f.total);
    const byLine = f.lineGas.get("Stepper.sol");
    expect(byLine?.get(69)).toBeGreaterThan(fixture.traces.run.frames[1]?.u ?? Infinity);
    // a new array element (20,000 for the fresh slot) is the heaviest line
    expect(f.heaviestLines[0]).toMatchObject({ path: "Stepper.sol", line: 68 });
    expect(f.heaviestLines.map((l) => l.gas)).toEqual(
      [...f.heaviestLines.map((l) => l.gas)].sort((a, b) => b - a),
    );
    // lines that did not run are not listed
    expect(byLine?.has(82)).toBe(false);
    expect(f.gasUsed).toBeNull();
  });

  it("reconciles a child frame with the gas the node says it used", () => {
    const callee = buildFrameDebug(run, 1, bundleAt(fixture.contracts.counter));
    expect(callee.gasUsed).toBe(fixture.traces.run.frames[1]?.u);
    expect(callee.total).toBe(callee.gasUsed);
    expect(callee.callStack(callee.startStep)[0]?.name).toBe("bump");
  });
});

describe("a frame failing two internal calls deep: fail(500)", () => {
  const f = buildFrameDebug(fail, 0, plain);

  it("opens at the failing require, with the calls that led there", () => {
    expect(f.failStep).toBe(f.size - 1);
    expect(f.startStep).toBe(f.failStep);
    expect(f.error).toMatch(/revert/i);
    expect(f.place(f.startStep)).toMatchObject({ line: 82 });
    expect(f.place(f.startStep)?.text).toContain("require(amount <= cap");
    expect(f.callStack(f.startStep).map((e) => [e.name, e.place?.line])).toEqual([
      ["fail", 51],
      ["check", 78],
      ["limit", 82],
    ]);
    const limit = f.internalCalls.find((c) => c.name === "limit");
    expect(limit?.args.map((a) => a.value)).toEqual(["500", "100"]);
    expect(limit?.returns).toBeNull();
    expect(limit?.exitStep).toBe(-1);
    expect(f.stepOut(f.startStep)).toBe(f.size - 1);
    expect(f.stepInto(f.size - 1)).toBe(f.size - 1);
  });
});

describe("the optimized build", () => {
  const f = buildFrameDebug(read(fixture.traces.runOptimized), 0, optimized);

  it("says which functions ran with no jump into them instead of showing calls", () => {
    const note = f.notes.find((n) => n.startsWith("Inlined"));
    expect(note).toMatch(/makePoint/);
    expect(f.internalCalls.some((c) => c.name === "makePoint")).toBe(false);
    expect(f.callStack(f.startStep)[0]?.name).toBe("run");
    let lines = 0;
    for (const byLine of f.lineGas.values()) for (const g of byLine.values()) lines += g;
    expect(lines + f.unattributed).toBe(f.total);
  });
});

describe("what cannot be shown, said plainly", () => {
  it("an unverified contract: pcs and gas, no places", () => {
    const f = buildFrameDebug(run, 0, null);
    expect(f.notes[0]).toMatch(/not verified/);
    expect(f.place(f.startStep)).toBeNull();
    expect(f.internalCalls).toEqual([]);
    expect(f.unattributed).toBe(f.total);
    expect(f.stepInto(5)).toBe(5);
  });

  it("a verified contract without a source map", () => {
    const f = buildFrameDebug(run, 0, { ...(plain as SourceBundle), sourceMap: null });
    expect(f.notes[0]).toMatch(/no runtime source map/);
  });

  it("the step bound reached", () => {
    const cut = structuredClone(fixture.traces.run) as typeof fixture.traces.run;
    const top = cut.frames[0];
    if (!top) throw new Error("no frame");
    top.p = top.p.slice(0, 100);
    top.g = top.g.slice(0, 100);
    const f = buildFrameDebug(read({ ...cut, cut: 1373 }), 0, plain);
    expect(f.size).toBe(100);
    expect(
      f.notes.some((n) =>
        /Step bound reached: the tracer kept 100 of this frame's 1,473 steps/.test(n),
      ),
    ).toBe(true);
  });

  it("an answer that is not the tracer's, and frames that are not the call tree's", () => {
    const bad = parseDebugTrace({ nodescope: 2, frames: [] }, null);
    expect(bad.kind).toBe("unreadable");
    const tree = {
      type: "CALL",
      from: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
      to: fixture.contracts.counter,
      gas: "0x1",
      gasUsed: "0x1",
      input: "0x",
    } as CallFrame;
    const r = parseDebugTrace(fixture.traces.run, flatten(tree));
    expect(r.kind === "trace" && r.trace.mismatch).toMatch(/frame 0 is CALL to 0x/);
    if (r.kind !== "trace") return;
    expect(r.trace.inStep).toBe(false);
    expect(buildFrameDebug(r.trace, 0, plain).notes.some((n) => /does not line up/.test(n))).toBe(
      true,
    );
  });
});

describe("the words pass 1 keeps", () => {
  it("at each JUMP into a function, its parameters and the target; out of it, its returns", () => {
    const pcs = wordPcsOf(plain as SourceBundle, "runtime");
    const counts = Object.values(pcs);
    // limit(amount, cap) and scale(b, k): 3; addScaled(a, b, k): 4; returns: 2
    expect(counts).toContain(3);
    expect(counts).toContain(4);
    expect(counts).toContain(2);
    const kept = fixture.traces.run.frames[0]?.w ?? [];
    for (const [step] of kept)
      expect(Object.keys(pcs)).toContain(String(run.frames[0]?.pcs[Number(step)]));
  });
});
