import { describe, expect, it } from "vitest";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import {
  clampWindow,
  flameBlocks,
  flameLayout,
  FULL_WINDOW,
  panWindow,
  zoomIntoBlock,
  zoomWindow,
  type FlameBlock,
} from "./flameLayout";
import { flatten } from "./flatten";
import type { CallFrame } from "./result";
import { fanOutTrace } from "./testing";

const drawnFrames = (blocks: FlameBlock[]) => blocks.filter((b) => b.frame >= 0).length;
const mergedFrames = (blocks: FlameBlock[]) => blocks.reduce((n, b) => n + b.merged, 0);

describe("flameBlocks", () => {
  const model = flatten(fanOutTrace(5_000));
  const layout = flameLayout(model);

  it("merges siblings too narrow to draw into one block instead of dropping them", () => {
    const blocks = flameBlocks(model, layout, FULL_WINDOW, 800, 60);
    expect(drawnFrames(blocks)).toBe(1); // the top frame
    expect(mergedFrames(blocks)).toBe(5_000);
    const merged = blocks.find((b) => b.frame < 0);
    expect(merged?.level).toBe(2);
    expect(merged?.w).toBeGreaterThan(0.99);
  });

  it("draws the frames themselves once zoomed in far enough", () => {
    let view = FULL_WINDOW;
    for (let k = 0; k < 12; k++) view = zoomWindow(view, 0.5, 0);
    const blocks = flameBlocks(model, layout, view, 800, 60);
    // 1/4096 of the width at 800 px: about 1.2 frames of 5,000 per 2 px → frames show with children
    expect(drawnFrames(blocks)).toBeGreaterThan(2);
    expect(blocks.some((b) => b.level === 3 && b.frame >= 0)).toBe(true);
  });

  it("stays small and quick at 100,000 frames", () => {
    const big = flatten(syntheticTrace(100_000) as CallFrame);
    const bigLayout = flameLayout(big);
    const blocks = flameBlocks(big, bigLayout, FULL_WINDOW, 1200, 60);
    expect(blocks.length).toBeLessThan(4_000);
    expect(drawnFrames(blocks) + mergedFrames(blocks)).toBeGreaterThan(10);
  });
});

describe("flameLayout", () => {
  it("gives each frame its share of its parent's gas, side by side", () => {
    const layout = flameLayout(flatten(fanOutTrace(4)));
    // the top frame spans [0, 1]; its four subcalls each used 0x1000 of 0x4100
    expect(layout.w[0]).toBe(1);
    const share = 0x1000 / 0x4100;
    expect(layout.w[1]).toBeCloseTo(share);
    expect(layout.x[1]).toBe(0);
    expect(layout.x[3]).toBeCloseTo(share);
    // a subcall's own subcall starts where it does
    expect(layout.x[2]).toBe(layout.x[1]);
  });
});

describe("the window on screen", () => {
  it("zooms around an anchor and never leaves [0, 1]", () => {
    expect(zoomWindow(FULL_WINDOW, 0.5)).toEqual({ x0: 0.25, x1: 0.75 });
    expect(zoomWindow(FULL_WINDOW, 0.5, 0)).toEqual({ x0: 0, x1: 0.5 });
    expect(zoomWindow({ x0: 0.25, x1: 0.75 }, 4)).toEqual(FULL_WINDOW);
    expect(clampWindow(0.99, 0.1)).toEqual({ x0: 0.9, x1: 1 });
  });

  it("pans by a share of its width, stopping at the edges", () => {
    expect(panWindow({ x0: 0.25, x1: 0.75 }, 0.25)).toEqual({ x0: 0.375, x1: 0.875 });
    expect(panWindow({ x0: 0.25, x1: 0.75 }, -1)).toEqual({ x0: 0, x1: 0.5 });
  });

  it("zooms into a clicked frame with room around it, and into a merged run around the click", () => {
    const frame = zoomIntoBlock({ x: 0.5, w: 0.1, merged: 0 }, NaN, 800);
    expect(frame.x0).toBeCloseTo(0.495);
    expect(frame.x1).toBeCloseTo(0.605);
    // 1,000 frames merged in 0.1 of the width: zoomed until each is about 8 px of 800
    const run = zoomIntoBlock({ x: 0.2, w: 0.1, merged: 1000 }, 0.22, 800);
    expect(run.x1 - run.x0).toBeCloseTo(0.01);
    expect((run.x0 + run.x1) / 2).toBeCloseTo(0.22);
    // a click outside the run (or unknown) centres on it
    const centred = zoomIntoBlock({ x: 0.2, w: 0.1, merged: 1000 }, NaN, 800);
    expect((centred.x0 + centred.x1) / 2).toBeCloseTo(0.25);
  });
});
