import { describe, expect, it } from "vitest";
import { minedSentence } from "./minedAgreement";

describe("the mined transaction beside its simulation", () => {
  it("the same outcome and gas: said to be the same", () => {
    expect(minedSentence(true, "0x5208", true, 21_000n)).toBe(
      "On chain it succeeded using 21,000 gas: the same as here.",
    );
  });
  it("the same outcome, other gas: how far apart", () => {
    expect(minedSentence(true, "0x5208", true, 21_500n)).toBe(
      "On chain it succeeded using 21,000 gas: the same outcome, with more gas here (500 apart).",
    );
  });
  it("another outcome: says so and why it can differ", () => {
    expect(minedSentence(false, "0x5208", true, 30_000n)).toMatch(
      /^On chain it reverted using 21,000 gas: this simulation succeeds instead — the state it ran on differs/,
    );
  });
});
