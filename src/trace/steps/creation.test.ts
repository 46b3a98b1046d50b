// A CREATE2 frame read with the creation source map, on real answers: Workshop.make(3)
// (devnet/contracts/debug/Workshop.sol, solc 0.8.37 without the optimizer) traced by anvil 1.7.1,
// once while the Workshop is closed (the Widget's constructor fails at its require) and once open
// (the constructor runs, then the new Widget is called). fixtures/README.md says how it is made.
import { describe, expect, it } from "vitest";
import type { SourceBundle } from "../../chain/sources";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import { placeOf, placeOfPc } from "../source/locate";
import { frameCodeAddress } from "../source/sourceFrame";
import type { TracedFrame } from "../source/storageTrace";
import fixture from "./fixtures/creation.json";
import {
  buildFrameDebug,
  debugWordPcs,
  internalCallIndex,
  parseDebugTrace,
  sourceIndexOf,
  type DebugTrace,
  type FrameDebug,
} from "./index";

const bundles = Object.fromEntries(
  (fixture.bundles as unknown as SourceBundle[]).map((b) => [b.address, b]),
);
const widget = fixture.contracts.widget.toLowerCase();
const workshop = fixture.contracts.workshop.toLowerCase();
const widgetBundle = bundles[widget] ?? null;
const REQUIRE = 'require(Workshop(msg.sender).open(), "Widget: the workshop is closed");';

function read(json: unknown): DebugTrace {
  const r = parseDebugTrace(json, null);
  if (r.kind !== "trace") throw new Error(r.reason);
  return r.trace;
}
const create = read(fixture.traces.create);
const createFail = read(fixture.traces.createFail);

function linesRun(f: FrameDebug): Set<string> {
  const out = new Set<string>();
  for (let k = 0; k < f.size; k++) {
    const p = f.place(k);
    if (p) out.add(p.text.trim());
  }
  return out;
}

// the call tree of make(3) once open: the CREATE2, its call back to open(), the call to grow()
const frame = (type: string, from: string, to: string, calls: unknown[] = []) => ({
  type,
  from,
  to,
  gas: "0x100000",
  gasUsed: "0x1000",
  input: "0x",
  calls,
});
const model = flatten(
  frame("CALL", "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", workshop, [
    frame("CREATE2", workshop, widget, [frame("STATICCALL", widget, workshop)]),
    frame("CALL", workshop, widget),
  ]) as unknown as CallFrame,
);

describe("a CREATE2 frame, read with its creation source map", () => {
  it("places the constructor's steps on the constructor's lines, never on the runtime's", () => {
    const ctor = buildFrameDebug(create, 1, widgetBundle);
    const lines = linesRun(ctor);
    expect(lines).toContain("maker = msg.sender;");
    expect(lines).toContain(REQUIRE);
    expect(lines).toContain("size = twice(s);");
    expect(lines).not.toContain("size += 1;");
    expect(ctor.callStack(ctor.startStep)[0]?.name).toBe("constructor");
    const twice = ctor.internalCalls.find((c) => c.name === "twice");
    expect(twice?.args.map((a) => a.value)).toEqual(["3"]);
    expect(twice?.returns?.[0]?.value).toBe("6");
    // the same address called afterwards runs its runtime code, read with the runtime map
    const grow = linesRun(buildFrameDebug(create, 3, widgetBundle));
    expect(grow).toContain("size += 1;");
    expect(grow).not.toContain(REQUIRE);
  });

  it("keeps the two codes' indexes apart", () => {
    if (!widgetBundle) throw new Error("fixture");
    const runtime = sourceIndexOf(widgetBundle, "runtime");
    const creation = sourceIndexOf(widgetBundle, "creation");
    expect(creation?.kind).toBe("creation");
    expect(runtime?.kind).toBe("runtime");
    expect(creation?.hex).not.toBe(runtime?.hex);
    // pc 0 before the tracer answers: each code's first instruction, from its own map
    expect(placeOfPc(widgetBundle, "creation", 0)?.text.trim()).toBe("contract Widget {");
    expect(sourceIndexOf(widgetBundle, "creation")).toBe(creation);
  });

  it("says a failed CREATE2 failed at the constructor's require (debugger and Source view)", () => {
    const f = buildFrameDebug(createFail, 1, widgetBundle);
    expect(f.failStep).not.toBeNull();
    expect(f.startStep).toBe(f.failStep);
    expect(f.place(f.startStep)?.text.trim()).toBe(REQUIRE);
    // the Source view's "failed at": the failing pc through the same map
    const data = createFail.frames[1];
    if (!data || !widgetBundle || data.failStep === null) throw new Error("fixture");
    const traced: TracedFrame = {
      writes: [],
      reads: [],
      failPc: data.pcs[data.failStep] ?? null,
      failOp: "REVERT",
      failError: null,
      jumps: [],
      type: "CREATE2",
      address: widget,
      storage: widget,
      code: widget,
    };
    expect(placeOf(traced, widgetBundle, "creation")?.text.trim()).toBe(REQUIRE);
    expect(placeOf(traced, widgetBundle, "runtime")?.text.trim()).not.toBe(REQUIRE);
  });

  it("asks the tracer for the constructor's words by created address, apart from the runtime's", () => {
    const { words, creationWords } = debugWordPcs(model, bundles);
    const creation = creationWords?.[widget] ?? {};
    const runtime = words?.[widget] ?? {};
    // twice(s)'s jump in the constructor: the argument and the target
    expect(Object.values(creation)).toContain(2);
    expect(creation).not.toEqual(runtime);
    // a contract-creation transaction: its top frame is the only one its address runs, under `words`
    const deployment = flatten(
      frame("CREATE", "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", widget) as unknown as CallFrame,
    );
    const top = debugWordPcs(deployment, bundles);
    expect(top.words?.[widget]).toEqual(creation);
    expect(top.creationWords).toEqual({});
  });

  it("reads the internal calls of the CREATE2 frame for the call tree", () => {
    const parsed = parseDebugTrace(fixture.traces.create, model);
    if (parsed.kind !== "trace") throw new Error(parsed.reason);
    const idx = internalCallIndex(parsed.trace, model, bundles);
    expect(idx.byFrame.get(1)?.map((c) => c.name)).toEqual(["twice"]);
    expect(idx.byFrame.get(3)?.some((c) => c.name === "twice")).not.toBe(true);
  });

  it("finds a failed CREATE2's address, which the call tree leaves out, from the tracer", () => {
    // anvil's (and geth's) callTracer: a failed CREATE2 frame with no `to`
    const failed = flatten(
      frame("CALL", "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", workshop, [
        { ...frame("CREATE2", workshop, widget), to: undefined, error: "execution reverted" },
      ]) as unknown as CallFrame,
    );
    const traced = createFail.frames[1]?.address;
    expect(frameCodeAddress(failed, 1, traced)).toBe(widget);
    // a call frame keeps the call tree's address, whatever a tracer says
    expect(frameCodeAddress(failed, 0, widget)).toBe(workshop);
    expect(frameCodeAddress(failed, 1, "not an address")).toBeNull();
  });
});
