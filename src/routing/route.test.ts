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

describe("a link's page", () => {
  it("names a page that does not exist, and shows none of another's in its place", () => {
    expect(parseHash("#/no-such-page?x=1").unknown).toBe("no-such-page");
    expect(parseHash("#/trace?hash=0x01").unknown).toBeNull();
    expect(parseHash("").unknown).toBeNull();
    expect(parseHash("#/").route).toBe("tx");
  });
});
