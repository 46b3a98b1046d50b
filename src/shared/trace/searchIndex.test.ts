import { describe, expect, it } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import { FrameDecodeCache, TraceDecoder } from "./decode";
import { flatten } from "./flatten";
import type { CallFrame } from "./result";
import { buildTextSlice, searchTexts } from "./searchIndex";

function trace(frames: number) {
  const model = flatten(syntheticTrace(frames) as CallFrame);
  return { model, decode: new FrameDecodeCache(model.frames, new TraceDecoder()) };
}

describe("the trace's search index", () => {
  it("built slice by slice, holds what a build at the first search makes", () => {
    const a = trace(2_000);
    let slices = 0;
    // A slice with no time left still builds one piece, so the build always advances.
    while (buildTextSlice(a.model, a.decode, { more: () => false })) slices++;
    expect(slices).toBeGreaterThan(1);
    const b = trace(2_000);
    expect(searchTexts(a.model, a.decode)).toEqual(searchTexts(b.model, b.decode));
  });

  it("a search before the idle build ends makes the rest at once, keeping what was built", () => {
    const { model, decode } = trace(2_000);
    buildTextSlice(model, decode, { more: () => false });
    const texts = searchTexts(model, decode);
    expect(texts.filter((t) => typeof t === "string")).toHaveLength(model.size);
    expect(buildTextSlice(model, decode, { more: () => true })).toBe(false);
  });
});
