import { describe, expect, it } from "vitest";
import { queryProblem } from "./termCheck";

describe("a filter term that can match nothing as typed", () => {
  it("says what is wrong with a doubled operator, a non-number after a comparison, bad hex", () => {
    expect(queryProblem("value>>")).toMatch(/value>>.*one operator per term/);
    expect(queryProblem("value>abc")).toMatch(/compares with a number/);
    expect(queryProblem("to:0xzz")).toMatch(/0xzz is not hex/);
    expect(queryProblem("to=0xzz")).toMatch(/0xzz is not hex/);
    expect(queryProblem("event>5")).toMatch(/event is matched with =/);
    expect(queryProblem("block=abc")).toMatch(/a block is a number or a range/);
    expect(queryProblem("transfer value>")).toMatch(/a value comes after >/);
    expect(queryProblem("-value!=>3")).toMatch(/value!=>3.*one operator/);
  });

  it("finds nothing wrong with terms the matcher reads", () => {
    for (const q of [
      "",
      "transfer",
      "to=0xab",
      "to:0xab",
      "to:0xabcd…1234",
      "value>1000000",
      "value >= 5",
      "value>0.5",
      "value>2nst",
      "value>1e18",
      "block:100..200",
      "block>100",
      'note="two words"',
      "-event=Transfer",
      "foo:bar",
    ])
      expect(queryProblem(q), q).toBeNull();
  });
});
