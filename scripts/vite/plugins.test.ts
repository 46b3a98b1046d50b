import { describe, expect, it } from "vitest";
import { warmUpSample } from "./plugins";

const CSS =
  ".font-mono{font-family:ui-monospace}.font-medium{font-weight:500}.font-semibold{font-weight:600}" +
  ".text-xs{font-size:.75rem}.text-\\[10px\\]{font-size:10px}.text-sm{font-size:.875rem}" +
  ".text-slate-700{color:red}.font-medium:hover{x:y}";

describe("the style warm-up made from the built CSS", () => {
  it("has a part per family and weight the CSS defines, a line per text size", () => {
    const html = warmUpSample(CSS);
    const parts = [...html.matchAll(/<div hidden class="([^"]+)">/g)].map((m) => m[1]);
    expect(parts).toEqual([
      "font-sans font-medium",
      "font-sans font-semibold",
      "font-mono font-medium",
      "font-mono font-semibold",
    ]);
    const sizes = new Set([...html.matchAll(/<span class="([^"]+)">/g)].map((m) => m[1]));
    expect([...sizes]).toEqual(["text-xs", "text-[10px]", "text-sm"]);
    expect(html).toContain('id="warm-up" aria-hidden="true"');
  });

  it("is left out when the CSS defines no text styles", () => {
    expect(warmUpSample(".flex{display:flex}")).toBe("");
  });
});
