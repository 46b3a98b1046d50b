import { describe, expect, it } from "vitest";
import { splitRange } from "./ranges";

describe("splitRange", () => {
  it("uses a suggested range and keeps the rest", () => {
    expect(splitRange({ from: 0, to: 99 }, { kind: "suggested", from: 0, to: 9 })).toEqual([
      { from: 0, to: 9 },
      { from: 10, to: 99 },
    ]);
  });
  it("chunks to N", () => {
    expect(splitRange({ from: 10, to: 34 }, { kind: "max-range", n: 10 })).toEqual([
      { from: 10, to: 19 },
      { from: 20, to: 29 },
      { from: 30, to: 34 },
    ]);
  });
  it("halves when nothing better is known, or when the advice would not shrink the piece", () => {
    expect(splitRange({ from: 0, to: 9 }, { kind: "halve" })).toEqual([
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ]);
    expect(splitRange({ from: 0, to: 9 }, { kind: "max-range", n: 50 })).toEqual([
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ]);
    expect(splitRange({ from: 0, to: 9 }, { kind: "suggested", from: 0, to: 9 })).toEqual([
      { from: 0, to: 4 },
      { from: 5, to: 9 },
    ]);
  });
  it("gives up on a single block", () => {
    expect(splitRange({ from: 7, to: 7 }, { kind: "halve" })).toBeNull();
  });
});
