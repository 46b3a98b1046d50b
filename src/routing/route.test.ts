import { describe, expect, it } from "vitest";
import { parseHash, routePage } from "./route";

describe("the comparison's route", () => {
  it("is read from a link and names its own page folder", () => {
    const hash = `#/compare?a=0x${"aa".repeat(32)}&b=${encodeURIComponent("sim:to=0x01&data=0x02")}`;
    const loc = parseHash(hash);
    expect(loc.route).toBe("compare");
    expect(loc.search.get("b")).toBe("sim:to=0x01&data=0x02");
    expect(routePage("compare")).toEqual({ folder: "compare", method: "debug_traceCall" });
    expect(routePage("simulate")).toEqual({ folder: "simulate", method: "debug_traceCall" });
  });
});
