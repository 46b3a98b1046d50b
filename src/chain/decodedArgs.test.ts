import { describe, expect, it } from "vitest";
import { formatArg } from "./decodedArgs";

const ALICE = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

describe("formatArg", () => {
  it("formats values for text display", () => {
    expect(formatArg(10n ** 30n, "uint256")).toBe("1000000000000000000000000000000");
    expect(formatArg(-5n, "int24")).toBe("-5");
    expect(formatArg(ALICE.toLowerCase(), "address")).toBe(ALICE);
    expect(formatArg("<b>hi</b>", "string")).toBe("<b>hi</b>");
    expect(formatArg(["a", "b"], "string[]")).toBe('["a", "b"]');
    expect(formatArg([1n, 2n], "uint256[2]")).toBe("[1, 2]");
    expect(formatArg("0xABCD", "bytes")).toBe("0xabcd");
    expect(formatArg(true, "bool")).toBe("true");
    expect(
      formatArg([1n, ALICE.toLowerCase()], {
        type: "tuple",
        components: [{ type: "uint8" }, { type: "address" }],
      }),
    ).toBe(`(1, ${ALICE})`);
  });
});
