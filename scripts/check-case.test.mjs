import { describe, expect, it } from "vitest";
import { caseCollisions } from "./check-case.mjs";

describe("caseCollisions", () => {
  it("finds a component and a module that differ only in case", () => {
    expect(caseCollisions(["src/a/Outcome.tsx", "src/a/outcome.ts", "src/a/index.ts"])).toEqual([
      ["src/a/Outcome", "src/a/outcome"],
    ]);
  });
  it("finds folders that differ only in case", () => {
    expect(caseCollisions(["src/Trace/a.ts", "src/trace/b.ts"])).toEqual([
      ["src/Trace", "src/trace"],
    ]);
  });
  it("lets a test and its module, or same names in other folders, be", () => {
    expect(
      caseCollisions(["src/a/Summary.tsx", "src/b/summary.ts", "src/a/x.ts", "src/a/x.test.ts"]),
    ).toEqual([]);
  });
});
