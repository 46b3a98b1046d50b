import { describe, expect, it } from "vitest";
import { formatArg, shownArg, toArgs } from "./decodedArgs";

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

describe("decoded integers as people read them", () => {
  it("groups integers in thousands in the read form only; hex, addresses and the exact text stay bare", () => {
    const [amount, who, word, list] = toArgs(
      [
        { name: "available", type: "uint256" },
        { name: "who", type: "address" },
        { name: "tag", type: "bytes32" },
        { name: "ids", type: "int64[]" },
      ],
      [
        5_000_000_000_000_000_000n,
        "0x14dc79964da2c08b23698b3d3cc7ca32193d9955",
        `0x${"12".repeat(32)}`,
        [1234n, -5678n],
      ],
    );
    expect(amount).toMatchObject({
      value: "5000000000000000000",
      shown: "5,000,000,000,000,000,000",
    });
    expect(who?.shown).toBe("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955");
    expect(word?.shown).toBe(`0x${"12".repeat(32)}`);
    expect(list).toMatchObject({ value: "[1234, -5678]", shown: "[1,234, -5,678]" });
    expect(shownArg({ value: "7" })).toBe("7");
  });
});
