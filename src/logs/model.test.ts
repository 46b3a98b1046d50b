import { describe, expect, it } from "vitest";
import { dataWords } from "./model";

const word = (n: bigint) => n.toString(16).padStart(64, "0");
// "user error" exactly as the reference client returns it from eth_estimateGas (no tail padding).
const USER_ERROR =
  "0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000a75736572206572726f72";

describe("dataWords", () => {
  it("splits data into 32-byte words and keeps a short tail as it is", () => {
    // 78 bytes: two whole words and a 14-byte tail
    const words = dataWords(USER_ERROR);
    expect(words).toHaveLength(3);
    expect(words[0]).toBe("0x08c379a000000000000000000000000000000000000000000000000000000000");
    expect(words[2]).toBe("0x0000000a75736572206572726f72");
    expect(dataWords(`0x${word(1n)}${word(2n)}`)).toEqual([`0x${word(1n)}`, `0x${word(2n)}`]);
    expect(dataWords("0x")).toEqual([]);
  });
});
