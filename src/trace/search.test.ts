import { describe, expect, it } from "vitest";
import { flatten } from "./flatten";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import { buildSearchTexts, searchFrames, stepIn } from "./search";
import type { CallFrame } from "./result";
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
  it("finds zero-padded addresses and words as a plain substring test would", () => {
    // Addresses with long zero runs (the bench's, precompiles) and calldata of padded words:
    // the anchored test must give exactly the frames a plain `includes` gives.
    const m = flatten(syntheticTrace(600, 4) as CallFrame);
    const texts = buildSearchTexts(m, names);
    const s = baseStructure(m);
    const decoded = { frames: m.frames, texts: [], covered: new Uint8Array(0), built: 0 };
    const queries = [
      "0x0000000000000000000000000000000000001257", // frame 599's address
      "0x0000000000000000000000000000000000001000",
      "0x00000000000000000000000000000000000010",
      "0000000000000000000000000000000000000000000000000000000000000257", // a padded word
      "0x0000000000",
      "0x000000000000000000000000000000000000000000000000000000000000000a",
      "0000",
      "a9059cbb0000000000000000000000000000000000000000000000000000000000000",
    ];
    for (const q of queries) {
      const hex = /^0x([0-9a-f]{8,})$/.exec(q)?.[1];
      const naive = m.frames.flatMap((f, i) => {
        const raw = [f.input, f.output].some(
          (d) => typeof d === "string" && hex && d.includes(hex),
        );
        return (texts[i] as string).includes(q) || raw ? [i] : [];
      });
      expect([...searchFrames(texts, q, s, decoded)], q).toEqual(naive);
    }
    const one = [...searchFrames(texts, "0x0000000000000000000000000000000000001257", s)];
    expect(one.map((i) => m.frames[i]?.to)).toEqual(["0x0000000000000000000000000000000000001257"]);
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
