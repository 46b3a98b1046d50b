import { describe, expect, it } from "vitest";
import { windowDetails } from "./windowDetails";

/** A pass-2 answer: frame 1's steps 4 and 5 in detail. */
function answer() {
  const frame = (x?: unknown[]) => ({ t: "CALL", a: null, at: -1, n: 9, p: [], g: [], w: [], x });
  return {
    nodescope: "debug",
    v: 1,
    frames: [
      frame(),
      frame([
        { k: 4, o: 0x54, s: ["1", "2"], m: "0x00", mo: 0, ml: 1, sl: ["3", "7"] },
        { k: 5, o: 0x01, s: ["7"], m: "0x", mo: 0, ml: 1 },
      ]),
    ],
    max: 100,
    kept: 0,
    cut: 0,
    window: { f: 1, from: 4, to: 5 },
  };
}

describe("a pass-2 window read once", () => {
  it("the window's frame's steps by step; the same object read again is not read anew", () => {
    const a = answer();
    const first = windowDetails(a);
    if (first.kind !== "details") throw new Error(first.reason);
    expect([...first.steps.keys()]).toEqual([4, 5]);
    expect(first.steps.get(4)?.storage).toEqual({ slot: "3", value: "7", write: false });
    expect(windowDetails(a)).toBe(first);
  });

  it("an answer it cannot read says why", () => {
    expect(windowDetails({ nodescope: "other" }).kind).toBe("unreadable");
    expect(windowDetails({ ...answer(), window: null })).toEqual({
      kind: "unreadable",
      reason: "the answer describes no window of steps",
    });
  });
});
