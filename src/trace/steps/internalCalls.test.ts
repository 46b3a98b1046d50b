// The internal calls the call tree, Gas by function and the row list show, from the fixture's real
// answers (fixtures/README.md) read against a call tree of the same shape.
import { describe, expect, it } from "vitest";
import type { SourceBundle } from "../../chain/sources";
import { flatten } from "../flatten";
import {
  FULL_WINDOW,
  flameBlocks,
  flameLayout,
  internalFlameBlocks,
  internalRows,
} from "../flameLayout";
import { deriveGasByFunction } from "../insight/gasRows";
import type { CallFrame } from "../result";
import { allExpanded, baseStructure, buildRows } from "../tree";
import fixture from "./fixtures/stepper.json";
import { codeAddresses, internalCallIndex, parseDebugTrace } from "./index";

const bundles = Object.fromEntries(
  (fixture.bundles as unknown as SourceBundle[]).map((b) => [b.address, b]),
);
const owner = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const { stepper, counter } = fixture.contracts;
const hex = (n: number | undefined) => `0x${(n ?? 0).toString(16)}`;
const frames = fixture.traces.run.frames;
// the call tree of run(4, owner): Stepper, and its call to StepCounter.bump
const tree = {
  type: "CALL",
  from: owner,
  to: stepper,
  gas: "0x989680",
  gasUsed: hex(130_000),
  input: "0xdeadbeef",
  calls: [
    {
      type: "CALL",
      from: stepper,
      to: counter,
      gas: "0x10000",
      gasUsed: hex(frames[1]?.u),
      input: "0x12345678",
    },
  ],
} as unknown as CallFrame;
const model = flatten(tree);

function index() {
  const read = parseDebugTrace(fixture.traces.run, model);
  if (read.kind !== "trace") throw new Error(read.reason);
  return internalCallIndex(read.trace, model, bundles);
}

describe("the internal calls of a trace", () => {
  it("are read for every frame whose code is verified with a source map", () => {
    expect(codeAddresses(model)).toEqual([stepper.toLowerCase(), counter.toLowerCase()]);
    const idx = index();
    expect(idx.calls).toBe(10);
    expect(idx.frames).toBe(2);
    expect([...idx.byFrame.keys()]).toEqual([0]);
    expect(idx.notes).toEqual([]);
    // without the counter's bundle: one frame read
    const { [counter.toLowerCase()]: _, ...rest } = bundles;
    void _;
    const read = parseDebugTrace(fixture.traces.run, model);
    if (read.kind === "trace") expect(internalCallIndex(read.trace, model, rest).frames).toBe(1);
  });

  it("are not shown for frames that do not line up with the call tree", () => {
    const other = flatten({ ...tree, to: counter, calls: [] } as unknown as CallFrame);
    const read = parseDebugTrace(fixture.traces.run, other);
    if (read.kind !== "trace") throw new Error(read.reason);
    const idx = internalCallIndex(read.trace, other, bundles);
    expect(idx.byFrame.size).toBe(0);
    expect(idx.notes[0]).toMatch(/does not line up/);
  });

  it("go under their frame in the tree's rows, before its subcalls", () => {
    const idx = index();
    const rows = buildRows(model, baseStructure(model), allExpanded(model), idx.byFrame);
    expect(rows.length).toBe(2 + 10);
    expect(Array.from(rows.log.subarray(0, rows.length))).toEqual([
      -1,
      ...Array<number>(10).fill(-2),
      -1,
    ]);
    expect(Array.from(rows.internal?.subarray(1, 11) ?? [])).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(rows.rowOfFrame[1]).toBe(11);
    // a collapsed frame hides them
    const closed = buildRows(model, baseStructure(model), new Uint8Array(model.size), idx.byFrame);
    expect(closed.length).toBe(1);
  });

  it("are rows of Gas by function whose self gas comes out of their frame's", () => {
    const idx = index();
    const plain = deriveGasByFunction(model);
    const rows = deriveGasByFunction(model, idx.byFrame);
    const self = (list: typeof rows) => list.reduce((n, r) => n + r.self, 0);
    expect(self(rows)).toBe(self(plain));
    const add = rows.find((r) => r.kind === "internal" && r.name === "addScaled");
    expect(add?.calls).toBe(4);
    expect(add?.frames).toEqual([0]);
    const calls = idx.byFrame.get(0) ?? [];
    const adds = calls.filter((c) => c.name === "addScaled");
    expect(add?.total).toBe(adds.reduce((n, c) => n + c.gas, 0));
    // addScaled's own gas leaves out scale's (each call's gas counts its JUMP in, a step of the
    // caller: addScaled's own JUMP in is run's, scale's is addScaled's)
    const scales = calls.filter((c) => c.name === "scale");
    expect(add?.self).toBe(
      adds.reduce((n, c) => n + c.gas, 0) - scales.reduce((n, c) => n + c.gas, 0),
    );
  });
});

describe("the flame chart's internal calls", () => {
  it("take rows under their frame, pushing its subcalls down, placed in its width by gas", () => {
    const idx = index();
    const { levels, maxLevel } = internalRows(model, idx.byFrame);
    // run's calls nest two deep (addScaled → scale): the counter's frame moves from row 2 to 4
    expect(Array.from(levels)).toEqual([1, 4]);
    expect(maxLevel).toBe(4);
    const layout = flameLayout(model);
    const drawn = flameBlocks(model, layout, FULL_WINDOW, 1000, maxLevel, 0, 4000, levels);
    const blocks = internalFlameBlocks(
      model,
      layout,
      drawn,
      idx.byFrame,
      levels,
      FULL_WINDOW,
      1000,
      maxLevel,
      0,
    );
    expect(blocks.map((b) => [b.call.name, b.level])).toEqual([
      ["addScaled", 2],
      ["scale", 3],
      ["addScaled", 2],
      ["scale", 3],
      ["addScaled", 2],
      ["scale", 3],
      ["addScaled", 2],
      ["scale", 3],
      ["makePoint", 2],
      ["settle", 2],
    ]);
    // in order of the gas used before them, inside the frame, each as wide as its gas
    const xs = blocks.filter((b) => b.level === 2).map((b) => b.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const settle = blocks.find((b) => b.call.name === "settle");
    const used = model.gasUsed[0] ?? 1;
    expect(settle?.w).toBeCloseTo((settle?.call.gas ?? 0) / used, 9);
    expect((settle?.x ?? 2) + (settle?.w ?? 0)).toBeLessThanOrEqual(1);
  });
});
