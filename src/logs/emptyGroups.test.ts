import { describe, expect, it } from "vitest";
import { emptyGroupsText } from "./emptyGroups";

const base = { filterText: "", matched: 0, group: "arg:to", kind: null, keyLabel: "to" };

describe("why the grouped table is empty", () => {
  it("says what is wrong with a malformed term, not that the logs are of several events", () => {
    expect(emptyGroupsText({ ...base, query: "value>>", filterText: "value>>" })).toMatch(
      /^Nothing to group: “value>>”: one operator per term/,
    );
    expect(emptyGroupsText({ ...base, query: "to:0xzz", filterText: "to:0xzz" })).toMatch(
      /0xzz is not hex/,
    );
  });

  it("says a well-formed filter matched nothing", () => {
    expect(emptyGroupsText({ ...base, query: "value>1e30", filterText: " value>1e30 " })).toBe(
      "Nothing to group: no log in this result matches “value>1e30”.",
    );
  });

  it("keeps the several-events hint and the plain empty case where they are true", () => {
    expect(emptyGroupsText({ ...base, query: "", matched: 12 })).toMatch(/several events/);
    expect(emptyGroupsText({ ...base, query: "", group: "contract", keyLabel: "contract" })).toBe(
      "No logs to group by contract.",
    );
  });
});
