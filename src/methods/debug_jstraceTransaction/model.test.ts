import { describe, expect, it } from "vitest";
import {
  allExpanded,
  buildRows,
  baseStructure,
  buildSearchTexts,
  expandAncestors,
  expandSiblings,
  expandToDepth,
  filteredStructure,
  flatten,
  indexOfPath,
  pathOf,
  searchFrames,
  setSize,
  stepIn,
  summarize,
} from "./model";
import type { CallFrame } from "./result";
import { A, B, C } from "./testing";
import { syntheticTrace } from "../../../bench/synthetic.mjs";

/** 0: CALL A→B (1 ether) [ 0.0 STATICCALL B→C, 0.1 CALL B→C (reverts) [0.1.0 DELEGATECALL], 0.2 CREATE ] */
function sample(): CallFrame {
  return {
    type: "CALL",
    from: A,
    to: B,
    value: "0xde0b6b3a7640000",
    gas: "0x10000",
    gasUsed: "0x8000",
    input: "0xa9059cbb0000",
    logs: [
      { address: B, topics: ["0x01"], data: "0x", position: "0x0" },
      { address: B, topics: ["0x02"], data: "0x", position: "0x2" },
      { address: B, topics: ["0x03"], data: "0x", position: "0x3" },
    ],
    calls: [
      { type: "STATICCALL", from: B, to: C, gas: "0x100", gasUsed: "0x50", input: "0x70a08231" },
      {
        type: "CALL",
        from: B,
        to: C,
        value: "0x5",
        gas: "0x1000",
        gasUsed: "0x800",
        input: "0x12345678",
        error: "execution reverted",
        output: "0x08c379a0",
        calls: [{ type: "DELEGATECALL", from: C, to: A, gas: "0x10", gasUsed: "0x8", input: "0x" }],
      },
      {
        type: "CREATE",
        from: B,
        to: C,
        value: "0x7",
        gas: "0x100",
        gasUsed: "0x90",
        input: "0x6080",
      },
    ],
  };
}

describe("flatten", () => {
  it("lays frames out in pre-order with parents, levels, positions and subtree ranges", () => {
    const m = flatten(sample());
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
    const s = summarize(flatten(sample()));
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

describe("paths", () => {
  it("round-trips every frame's path", () => {
    const m = flatten(sample());
    expect([0, 1, 2, 3, 4].map((i) => pathOf(m, i))).toEqual(["0", "0.0", "0.1", "0.1.0", "0.2"]);
    for (let i = 0; i < m.size; i++) expect(indexOfPath(m, pathOf(m, i))).toBe(i);
  });
  it("rejects paths the trace does not have", () => {
    const m = flatten(sample());
    expect(indexOfPath(m, "0.3")).toBe(-1);
    expect(indexOfPath(m, "1")).toBe(-1);
    expect(indexOfPath(m, "0.x")).toBe(-1);
    expect(indexOfPath(m, "0.0.0")).toBe(-1);
  });
  it("round-trips on a big synthetic tree", () => {
    const m = flatten(syntheticTrace(3000, 3));
    for (const i of [0, 1, 17, 999, 2999]) expect(indexOfPath(m, pathOf(m, i))).toBe(i);
  });
});

describe("visible rows", () => {
  it("shows everything when expanded, logs placed at their position among subcalls", () => {
    const m = flatten(sample());
    const rows = buildRows(m, baseStructure(m), allExpanded(m));
    const desc = Array.from({ length: rows.length }, (_, r) =>
      rows.log[r] === -1 ? `f${rows.frame[r]}` : `l${rows.frame[r]}.${rows.log[r]}`,
    );
    // log 0 (position 0) before the first subcall, log 1 (position 2) before the third, log 2 after all.
    expect(desc).toEqual(["f0", "l0.0", "f1", "f2", "f3", "l0.1", "f4", "l0.2"]);
    expect([...rows.rowOfFrame]).toEqual([0, 2, 3, 4, 6]);
  });

  it("collapsing hides a subtree, and the logs of a collapsed frame", () => {
    const m = flatten(sample());
    const expanded = allExpanded(m);
    expanded[2] = 0;
    let rows = buildRows(m, baseStructure(m), expanded);
    expect(Array.from(rows.frame.subarray(0, rows.length))).toEqual([0, 0, 1, 2, 0, 4, 0]);
    expanded[0] = 0;
    rows = buildRows(m, baseStructure(m), expanded);
    expect(rows.length).toBe(1);
    expect(rows.rowOfFrame[3]).toBe(-1);
  });

  it("expands to a depth", () => {
    const m = flatten(sample());
    const s = baseStructure(m);
    const rows = (d: number) => {
      const r = buildRows(m, s, expandToDepth(m, s, d));
      return Array.from(r.frame.subarray(0, r.length)).filter((_, k) => r.log[k] === -1);
    };
    expect(rows(1)).toEqual([0]);
    expect(rows(2)).toEqual([0, 1, 2, 4]);
    expect(rows(3)).toEqual([0, 1, 2, 3, 4]);
  });

  it("expand all on 100,000 frames is a single pass", () => {
    const m = flatten(syntheticTrace(100_000, 4));
    const t = performance.now();
    const rows = buildRows(m, baseStructure(m), allExpanded(m));
    const ms = performance.now() - t;
    expect(rows.length).toBe(100_000);
    expect(ms).toBeLessThan(1000); // generous: a sanity bound, the benchmark measures the real figure
  });

  it("expands ancestors of a deep frame and siblings with *", () => {
    const m = flatten(sample());
    const s = baseStructure(m);
    const expanded = new Uint8Array(m.size);
    expandAncestors(m, expanded, 3);
    expect([...expanded]).toEqual([1, 0, 1, 0, 0]);
    const e2 = new Uint8Array(m.size);
    expandSiblings(m, s, e2, 1);
    expect([...e2]).toEqual([0, 1, 1, 0, 1]);
  });
});

describe("type filter", () => {
  it("hides frames of a type and lifts their children to the nearest shown ancestor", () => {
    const m = flatten(sample());
    const s = filteredStructure(m, new Set(["CALL"]));
    // The top frame always shows; the inner CALL hides, its DELEGATECALL moves up to level 2.
    const rows = buildRows(m, s, allExpanded(m));
    const frames = Array.from(rows.frame.subarray(0, rows.length)).filter(
      (_, k) => rows.log[k] === -1,
    );
    expect(frames).toEqual([0, 1, 3, 4]);
    expect(s.level[3]).toBe(2);
    expect([s.posInSet[1], s.posInSet[3], s.posInSet[4]]).toEqual([1, 2, 3]);
    expect(setSize(s, 3)).toBe(3);
    expect(s.hiddenCount).toBe(1);
  });
});

describe("search", () => {
  const names = {
    functionName: (sel: string) => (sel === "0xa9059cbb" ? "transfer(address,uint256)" : undefined),
    eventName: (t: string) => (t === "0x02" ? "Approval" : undefined),
    revertText: () => "Not enough tokens",
  };
  it("finds addresses, selectors, function names, event names and error texts", () => {
    const m = flatten(sample());
    const texts = buildSearchTexts(m, names);
    const s = baseStructure(m);
    expect([...searchFrames(texts, C.toUpperCase().replace("0X", "0x"), s)]).toEqual([1, 2, 3, 4]);
    expect([...searchFrames(texts, "0x70a08231", s)]).toEqual([1]);
    expect([...searchFrames(texts, "Transfer", s)]).toEqual([0]);
    expect([...searchFrames(texts, "approval", s)]).toEqual([0]);
    expect([...searchFrames(texts, "enough tokens", s)]).toEqual([2]);
    expect([...searchFrames(texts, "execution reverted", s)]).toEqual([2]);
    expect([...searchFrames(texts, "  ", s)]).toEqual([]);
    expect([
      ...searchFrames(texts, "delegatecall", filteredStructure(m, new Set(["DELEGATECALL"]))),
    ]).toEqual([]);
  });
  it("steps through matches with wrap-around", () => {
    const list = Int32Array.from([2, 5, 9]);
    expect(stepIn(list, -1, 1)).toBe(2);
    expect(stepIn(list, 5, 1)).toBe(9);
    expect(stepIn(list, 9, 1)).toBe(2);
    expect(stepIn(list, 2, -1)).toBe(9);
    expect(stepIn(new Int32Array(0), 0, 1)).toBe(-1);
  });
});
