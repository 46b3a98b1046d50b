import { describe, expect, it } from "vitest";
import { earlyRequest } from "./early";
import { blockQueryKey } from "./query";
import { fromSearch } from "./params";

describe("the block page's early request", () => {
  it("is the page's own request for a deep link's block, and nothing for a bad link", () => {
    const search = new URLSearchParams({ number: "12345" });
    expect(earlyRequest(search)).toEqual({
      method: "eth_getBlockByNumber",
      params: ["0x3039", true],
    });
    const state = fromSearch(search);
    if (state.kind !== "ok") throw new Error("the link reads");
    const [, method, params] = blockQueryKey({ cacheId: "x" }, state.lookup);
    expect({ method, params }).toEqual(earlyRequest(search));
    expect(earlyRequest(new URLSearchParams({ number: "pending" }))).toBeNull();
    expect(earlyRequest(new URLSearchParams())).toBeNull();
  });
});
