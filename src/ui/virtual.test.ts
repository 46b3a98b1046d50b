import { describe, expect, it } from "vitest";
import { FlingState, SETTLE_MS, SlotKeys } from "./virtual";

describe("SlotKeys", () => {
  it("keeps the slot of a row still in view and gives a new row the slot of one that left", () => {
    const s = new SlotKeys<number>();
    expect(s.assign([10, 11, 12, 13])).toEqual([0, 1, 2, 3]);
    // Scrolled by two rows: 12 and 13 keep theirs, 14 and 15 take those of 10 and 11.
    expect(s.assign([12, 13, 14, 15])).toEqual([2, 3, 0, 1]);
    // A jump: every row new, the same four slots reused.
    expect(s.assign([500, 501, 502, 503]).sort()).toEqual([0, 1, 2, 3]);
  });

  it("gives unique slots whatever the keys, repeated ones and a growing window included", () => {
    const s = new SlotKeys<string>();
    s.assign(["a", "b"]);
    const out = s.assign(["b", "a", "a", "c", "d"]);
    expect(new Set(out).size).toBe(out.length);
    expect(out[0]).toBe(1);
    expect(out[1]).toBe(0);
  });

  it("gives the same slots when the same keys are assigned twice (a render repeated)", () => {
    const s = new SlotKeys<number>();
    s.assign([1, 2, 3]);
    const a = s.assign([2, 3, 4]);
    expect(s.assign([2, 3, 4])).toEqual(a);
  });
});

describe("SlotKeys order", () => {
  it("hands the slots of rows that left to new rows in the elements' order, so a jump moves none", () => {
    const s = new SlotKeys<number>();
    s.assign([1, 2, 3, 4]);
    expect(s.assign([3, 4, 5, 6])).toEqual([2, 3, 0, 1]);
    // Every row new: the slots in the order the elements already have.
    expect(s.assign([90, 91, 92, 93])).toEqual([2, 3, 0, 1]);
    // A longer window: a slot never used before for the extra row.
    expect(s.assign([7, 8, 9, 10, 11])).toEqual([2, 3, 0, 1, 4]);
  });
});

describe("SlotKeys keep", () => {
  it("does not hand the element of a kept key (focus) to another row once it leaves", () => {
    const s = new SlotKeys<number>();
    s.assign([1, 2, 3]);
    // 1 holds focus and scrolls away: its slot (0) goes unused, the new row gets a fresh one.
    const out = s.assign([2, 3, 4], 1);
    expect(out.slice(0, 2)).toEqual([1, 2]);
    expect(out[2]).not.toBe(0);
    // While the kept key is in view, it keeps its slot like any other.
    const t = new SlotKeys<number>();
    t.assign([1, 2, 3]);
    expect(t.assign([1, 2, 3], 1)).toEqual([0, 1, 2]);
  });
});

describe("FlingState", () => {
  /** A FlingState on a clock the test moves. */
  function fling() {
    let t = 1_000;
    const s = new FlingState(() => t);
    return { s, at: (ms: number) => (t = ms) };
  }
  const VIEW = 600;

  it("draws a lone jump (a search result, a deep link) in full", () => {
    const { s, at } = fling();
    expect(s.update(0, VIEW)).toBe(false);
    at(5_000);
    expect(s.update(50_000, VIEW)).toBe(false);
  });

  it("draws rows light while jumps follow each other, and in full once the scrolling stops", () => {
    const { s, at } = fling();
    s.update(0, VIEW);
    at(2_000);
    expect(s.update(40_000, VIEW)).toBe(false);
    at(2_016);
    expect(s.update(90_000, VIEW)).toBe(true);
    // Smaller steps while still flinging keep the rows light (no switching back and forth).
    at(2_032);
    expect(s.update(90_100, VIEW)).toBe(true);
    expect(s.untilSettled()).toBe(SETTLE_MS);
    at(2_032 + SETTLE_MS - 1);
    expect(s.update(90_100, VIEW)).toBe(true);
    at(2_032 + SETTLE_MS);
    expect(s.untilSettled()).toBe(0);
    expect(s.update(90_100, VIEW)).toBe(false);
  });

  it("keeps rows in full while scrolling by less than a screenful (reading)", () => {
    const { s, at } = fling();
    s.update(0, VIEW);
    for (let i = 1; i <= 30; i++) {
      at(1_000 + 16 * i);
      expect(s.update(i * 280, VIEW)).toBe(false);
    }
  });

  it("gives the same answer for a render repeated with the same offset", () => {
    const { s, at } = fling();
    s.update(0, VIEW);
    at(1_010);
    s.update(10_000, VIEW);
    at(1_020);
    expect(s.update(30_000, VIEW)).toBe(true);
    expect(s.update(30_000, VIEW)).toBe(true);
  });

  it("never draws light before the list knows its height", () => {
    const { s, at } = fling();
    s.update(0, 0);
    at(1_010);
    s.update(10_000, 0);
    at(1_020);
    expect(s.update(30_000, 0)).toBe(false);
  });
});
