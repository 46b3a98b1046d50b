import { describe, expect, it } from "vitest";
import { stepOfKey, stillReason } from "./keys";

const press = (
  key: string,
  mods: Partial<Record<"shiftKey" | "ctrlKey" | "metaKey" | "altKey", boolean>> = {},
) => stepOfKey({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe("step keys", () => {
  it("a debugger's function keys and the letters", () => {
    expect(press("F11")).toBe("into");
    expect(press("F10")).toBe("over");
    expect(press("F11", { shiftKey: true })).toBe("out");
    expect(press("F10", { shiftKey: true })).toBe("back");
    expect(["i", "o", "u", "b"].map((k) => press(k))).toEqual(["into", "over", "out", "back"]);
  });

  it("leaves the browser's and other keys alone", () => {
    expect(press("i", { ctrlKey: true })).toBeNull();
    expect(press("b", { metaKey: true })).toBeNull();
    expect(press("F10", { altKey: true })).toBeNull();
    expect(press("I", { shiftKey: true })).toBeNull();
    expect(press("x")).toBeNull();
    expect(press("Enter")).toBeNull();
  });
});

describe("why a step command cannot move", () => {
  it("says it for the first step, the last step, and while the steps load; nothing when it can move", () => {
    expect(stillReason("back", 0, 10, 0, false)).toMatch(/first step/);
    expect(stillReason("into", 9, 10, 9, false)).toMatch(/last step .*where it stopped/);
    expect(stillReason("over", 9, 10, 9, false)).toMatch(/last step/);
    expect(stillReason("out", 4, 10, 4, false)).toMatch(/outside the current function/);
    expect(stillReason("into", 4, 10, 5, true)).toMatch(/still loading/);
    expect(stillReason("into", 4, 10, 5, false)).toBeNull();
  });
});
