import { describe, expect, it } from "vitest";
import { flatten } from "./flatten";
import { buildSearchTexts, searchFrames, stepIn } from "./search";
import { C, sampleTrace } from "./testing";
import { baseStructure, filteredStructure } from "./tree";

describe("search", () => {
  const names = {
    functionName: (sel: string) => (sel === "0xa9059cbb" ? "transfer(address,uint256)" : undefined),
    eventName: (t: string) => (t === "0x02" ? "Approval" : undefined),
    revertText: () => "Not enough tokens",
  };
  it("finds addresses, selectors, function names, event names and error texts", () => {
    const m = flatten(sampleTrace());
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
