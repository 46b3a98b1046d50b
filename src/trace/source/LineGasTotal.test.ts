import { describe, expect, it } from "vitest";
import { restWords } from "./LineGasTotal";

describe("what a frame's gas used holds beyond its steps", () => {
  it("names the gas an out-of-gas frame burnt at its failing step, not a refund", () => {
    expect(restWords(40_000, true, true)).toBe(
      "the other 40,000 is the gas left when it ran out, burnt at the failing step, and the transaction's intrinsic gas (21,000 and its calldata).",
    );
    expect(restWords(9_000, false, true)).toBe(
      "the other 9,000 is the gas left when it ran out, burnt at the failing step.",
    );
  });

  it("names the intrinsic gas less the refund on a top frame that did not run out", () => {
    expect(restWords(21_064, true, false)).toMatch(/intrinsic gas .* less its refund\.$/);
    expect(restWords(-120, false, false)).toMatch(/^120 less than its steps' sum/);
  });
});
