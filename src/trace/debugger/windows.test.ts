import { describe, expect, it } from "vitest";
import { windowOf, windowsOf } from "./windows";

describe("pass 2 windows", () => {
  it("a step's window is the same whatever step of it asks (one query key)", () => {
    expect(windowOf(2, 0, 1000, 256)).toEqual({ frame: 2, from: 0, to: 255 });
    expect(windowOf(2, 255, 1000, 256)).toEqual({ frame: 2, from: 0, to: 255 });
    expect(windowOf(2, 256, 1000, 256)).toEqual({ frame: 2, from: 256, to: 511 });
    // the last window ends at the frame's last step
    expect(windowOf(0, 999, 1000, 256)).toEqual({ frame: 0, from: 768, to: 999 });
    expect(windowOf(0, 0, 1, 256)).toEqual({ frame: 0, from: 0, to: 0 });
  });

  it("the windows of the current step and the commands' targets, each once, the current first", () => {
    const ws = windowsOf(1, [300, 301, 900, 10, 299, -1, 5000], 1000, 256);
    expect(ws.map((w) => w.from)).toEqual([256, 768, 0]);
  });
});
