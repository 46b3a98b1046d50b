// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { untilQuiet } from "./activity";

describe("activity", () => {
  it("sees a list's own scrolling (a scroll event does not bubble), and a key only as input", () => {
    const list = document.createElement("div");
    document.body.append(list);
    expect(untilQuiet(400, "scroll")).toBe(0);
    list.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    expect(untilQuiet(400, "scroll")).toBe(0);
    expect(untilQuiet(400, "input")).toBeGreaterThan(300);
    list.dispatchEvent(new Event("scroll", { bubbles: false }));
    expect(untilQuiet(400, "scroll")).toBeGreaterThan(300);
    list.remove();
  });
});
