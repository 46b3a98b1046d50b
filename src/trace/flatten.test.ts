import { describe, expect, it } from "vitest";
import { flatten } from "./flatten";
import { summarize } from "./model";
import type { CallFrame } from "./result";
import { A, B, sampleTrace } from "./testing";
import { allExpanded, baseStructure, buildRows } from "./tree";

describe("flatten", () => {
  it("lays frames out in pre-order with parents, levels, positions and subtree ranges", () => {
    const m = flatten(sampleTrace());
    expect(m.size).toBe(5);
    expect(m.frames.map((f) => f.type)).toEqual([
      "CALL",
      "STATICCALL",
      "CALL",
      "DELEGATECALL",
      "CREATE",
    ]);
    expect([...m.parent]).toEqual([-1, 0, 0, 2, 0]);
    expect([...m.level]).toEqual([1, 2, 2, 3, 2]);
    expect([...m.childCount]).toEqual([3, 0, 1, 0, 0]);
    expect([...m.posInSet]).toEqual([1, 1, 2, 1, 3]);
    expect([...m.end]).toEqual([5, 2, 4, 4, 5]);
    expect([...m.failures]).toEqual([2]);
    expect(m.maxLevel).toBe(3);
    expect(m.gasUsed[0]).toBe(0x8000);
  });

  it("counts value moved only by frames that took effect", () => {
    const s = summarize(flatten(sampleTrace()));
    // 1 ether + CREATE's 7 wei; the reverted CALL's 5 wei did not move.
    expect(s.valueMoved).toBe(10n ** 18n + 7n);
    expect(s).toMatchObject({ frames: 5, maxDepth: 3, failed: 1, topGasUsed: 0x8000, logs: 3 });
  });

  it("handles a single frame and very deep chains without recursion", () => {
    expect(flatten({ type: "CALL", from: A, to: B }).size).toBe(1);
    let deep: CallFrame = { type: "CALL", from: A, to: B };
    for (let k = 0; k < 5000; k++) deep = { type: "CALL", from: A, to: B, calls: [deep] };
    const m = flatten(deep);
    expect(m.size).toBe(5001);
    expect(m.maxLevel).toBe(5001);
    expect(buildRows(m, baseStructure(m), allExpanded(m)).length).toBe(5001);
  });
});
