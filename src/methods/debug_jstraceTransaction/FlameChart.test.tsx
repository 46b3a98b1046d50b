// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import {
  FlameChart,
  flameBlocks,
  flameLayout,
  FULL_WINDOW,
  zoomWindow,
  type FlameBlock,
} from "./FlameChart";
import { flatten } from "./flatten";
import type { CallFrame } from "./result";

afterEach(cleanup);

/** One call fanning out to `n` equal subcalls, each with one subcall (like the devnet's large trace). */
function fanOut(n: number): CallFrame {
  const leaf = (i: number): CallFrame => ({
    type: "CALL",
    from: "0x00000000000000000000000000000000000000aa",
    to: `0x${(i + 1).toString(16).padStart(40, "0")}`,
    gas: "0x10000",
    gasUsed: "0x1000",
    input: "0x12345678",
    calls: [
      {
        type: "STATICCALL",
        from: "0x00000000000000000000000000000000000000aa",
        to: "0x00000000000000000000000000000000000000bb",
        gas: "0x100",
        gasUsed: "0x80",
      },
    ],
  });
  return {
    type: "CALL",
    from: "0x00000000000000000000000000000000000000cc",
    to: "0x00000000000000000000000000000000000000aa",
    gas: "0x10000000",
    gasUsed: `0x${(n * 0x1000 + 0x100).toString(16)}`,
    calls: Array.from({ length: n }, (_, i) => leaf(i)),
  };
}

const drawnFrames = (blocks: FlameBlock[]) => blocks.filter((b) => b.frame >= 0).length;
const mergedFrames = (blocks: FlameBlock[]) => blocks.reduce((n, b) => n + b.merged, 0);

describe("flameBlocks", () => {
  const model = flatten(fanOut(5_000));
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

describe("FlameChart", () => {
  it("zooms with buttons and keys, and zooms into a block it is clicked on", async () => {
    const onSelect = vi.fn();
    const model = flatten(fanOut(5_000));
    render(
      <FlameChart
        model={model}
        selected={-1}
        onSelect={onSelect}
        functionName={() => undefined}
        width={800}
      />,
    );
    const reset = await screen.findByRole("button", { name: "Reset zoom" });
    expect(reset).toHaveProperty("disabled", true);
    expect(screen.getByText(/5,000 frames too narrow to draw are merged/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(screen.getByText(/Showing 25\.0–75\.0%/)).toBeTruthy();
    const chart = screen.getByLabelText(/Flame chart: \+ and − zoom/);
    fireEvent.keyDown(chart, { key: "0" });
    expect(screen.getByText("Whole transaction.", { exact: false })).toBeTruthy();
    const merged = document.querySelector("[data-flame-merged]");
    expect(merged).not.toBeNull();
    fireEvent.click(merged as Element);
    expect(reset).toHaveProperty("disabled", false);
    const top = document.querySelector('[data-flame-frame="0"]');
    fireEvent.click(top as Element);
    expect(onSelect).toHaveBeenCalledWith(0);
  });
});
