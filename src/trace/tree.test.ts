import { describe, expect, it } from "vitest";
import { flatten } from "./flatten";
import {
  allExpanded,
  buildRows,
  baseStructure,
  expandAncestors,
  expandSiblings,
  expandToDepth,
  filteredStructure,
  indexOfPath,
  pathOf,
  setSize,
} from "./tree";
import { sampleTrace } from "./testing";
import { syntheticTrace } from "../../bench/synthetic.mjs";

describe("paths", () => {
  it("round-trips every frame's path", () => {
    const m = flatten(sampleTrace());
    expect([0, 1, 2, 3, 4].map((i) => pathOf(m, i))).toEqual(["0", "0.0", "0.1", "0.1.0", "0.2"]);
    for (let i = 0; i < m.size; i++) expect(indexOfPath(m, pathOf(m, i))).toBe(i);
  });
  it("rejects paths the trace does not have", () => {
    const m = flatten(sampleTrace());
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
    const m = flatten(sampleTrace());
    const rows = buildRows(m, baseStructure(m), allExpanded(m));
    const desc = Array.from({ length: rows.length }, (_, r) =>
      rows.log[r] === -1 ? `f${rows.frame[r]}` : `l${rows.frame[r]}.${rows.log[r]}`,
    );
    // log 0 (position 0) before the first subcall, log 1 (position 2) before the third, log 2 after all.
    expect(desc).toEqual(["f0", "l0.0", "f1", "f2", "f3", "l0.1", "f4", "l0.2"]);
    expect([...rows.rowOfFrame]).toEqual([0, 2, 3, 4, 6]);
  });

  it("collapsing hides a subtree, and the logs of a collapsed frame", () => {
    const m = flatten(sampleTrace());
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
    const m = flatten(sampleTrace());
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
    const m = flatten(sampleTrace());
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
    const m = flatten(sampleTrace());
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
