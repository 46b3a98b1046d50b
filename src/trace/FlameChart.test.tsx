// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FlameChart } from "./FlameChart";
import { flatten } from "./flatten";
import { fanOutTrace } from "./testing";

afterEach(cleanup);

describe("FlameChart", () => {
  it("zooms with buttons and keys, and zooms into a block it is clicked on", async () => {
    const onSelect = vi.fn();
    const model = flatten(fanOutTrace(5_000));
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
