import { describe, expect, it } from "vitest";
import { readStateDiff } from "../../trace/insight/stateDiff";
import { ignoredOverrides } from "./ignored";

const A = "0x000000000000000000000000000000000000dEaD";
const T = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const SLOT = `0x${"1c".repeat(32)}`;
const word = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

function diff(balanceBefore: string, slotBefore: string) {
  return readStateDiff({
    pre: { [A]: { balance: balanceBefore }, [T]: { storage: { [SLOT]: slotBefore } } },
    post: { [A]: { balance: "0x1" }, [T]: { storage: { [SLOT]: word(9) } } },
  });
}

describe("overrides the node ignored", () => {
  const set = { [A]: { balance: "0x64" }, [T]: { stateDiff: { [SLOT]: word(5) } } };
  it("none when the state before the call is the overridden one", () => {
    expect(ignoredOverrides(set, diff("0x64", word(5)))).toEqual([]);
  });
  it("a balance and a slot the node did not apply, each named", () => {
    const out = ignoredOverrides(set, diff("0x0", word(0)));
    expect(out.map((o) => o.address)).toEqual([A, T]);
    expect(out[0]?.what).toMatch(/held 0 wei, not the 100 wei/);
    expect(out[1]?.what).toContain(SLOT);
  });
  it("nothing to say without a diff, or without overrides", () => {
    expect(ignoredOverrides(set, undefined)).toEqual([]);
    expect(ignoredOverrides(null, diff("0x0", word(0)))).toEqual([]);
    expect(ignoredOverrides(set, { kind: "prestate", accounts: 2 })).toEqual([]);
  });
});
