import { describe, expect, it } from "vitest";
import { parseHash, routePage } from "./route";

describe("the comparison's route", () => {
  it("is read from a link and names the dry run folder's compare page", () => {
    const hash = `#/compare?a=0x${"aa".repeat(32)}&b=${encodeURIComponent("sim:to=0x01&data=0x02")}`;
    const loc = parseHash(hash);
    expect(loc.route).toBe("compare");
    expect(loc.search.get("b")).toBe("sim:to=0x01&data=0x02");
    expect(routePage("compare")).toEqual({ method: "debug_traceCall", page: "compare" });
    expect(routePage("simulate")).toEqual({ method: "debug_traceCall", page: "index" });
  });
});
