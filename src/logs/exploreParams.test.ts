import { describe, expect, it } from "vitest";
import {
  defaultExplore,
  exploreFromSearch,
  exploreToSearch,
  withoutExplore,
  type Explore,
} from "./exploreParams";

describe("the exploration in the link", () => {
  it("round-trips filter text, group, sorts, hidden columns and min/max", () => {
    const e: Explore = {
      q: "to:0xab value>1000000",
      group: "arg:to",
      sort: { key: "arg:value", dir: "desc" },
      groupSort: { key: "sum:0", dir: "asc" },
      hide: ["time", "arg:from"],
      minMax: true,
    };
    const params = exploreToSearch(e);
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) sp.set(k, v);
    expect(exploreFromSearch(new URLSearchParams(sp.toString()))).toEqual(e);
  });

  it("leaves the defaults out, and reads a bad value as the default", () => {
    expect(Object.values(exploreToSearch(defaultExplore())).every((v) => v === undefined)).toBe(
      true,
    );
    const bad = exploreFromSearch(new URLSearchParams("sort=sideways&gsort=nope:up"));
    expect(bad.sort).toEqual(defaultExplore().sort);
    expect(bad.groupSort).toEqual(defaultExplore().groupSort);
  });

  it("keeps the request's params apart from the view's", () => {
    const sp = new URLSearchParams("fromBlock=1&toBlock=2&q=x&group=contract&rpc=http%3A%2F%2Fa");
    expect(withoutExplore(sp).toString()).toBe("fromBlock=1&toBlock=2&rpc=http%3A%2F%2Fa");
  });
});
