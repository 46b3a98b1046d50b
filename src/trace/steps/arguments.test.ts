import { describe, expect, it } from "vitest";
import { encodeFunctionData, parseAbi } from "viem";
import { argumentValues } from "./frameInternalCalls";
import { readCalldata, readMemoryParam, slotCount, stackSlots, type Param } from "./functions";

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, "0");

describe("an internal call's arguments on the stack", () => {
  // _f(uint256 x, bytes calldata d) called from f(7, 0xdeadbeefcafe): the jump's words, top
  // first, are the target, d's length, d's offset (into the call's input), then x
  const params: Param[] = [
    { type: "uint256", location: null, name: "x" },
    { type: "bytes", location: "calldata", name: "d" },
  ];
  const input = encodeFunctionData({
    abi: parseAbi(["function f(uint256 x, bytes d)"]),
    args: [7n, "0xdeadbeefcafe"],
  });
  // the bytes' head: selector (4) + x (32) + offset word (32) + length word (32)
  const dataAt = 4 + 32 * 3;
  const words = [word(0x1a2), word(6), word(dataAt), word(7)];

  it("takes two slots for a dynamic calldata value, one for the rest", () => {
    expect(params.map(stackSlots)).toEqual([1, 2]);
    expect(slotCount(params)).toBe(3);
    expect(stackSlots({ type: "uint256[3]", location: "calldata", name: null })).toBe(1);
    expect(stackSlots({ type: "uint256[]", location: "calldata", name: null })).toBe(2);
    expect(stackSlots({ type: "bytes", location: "memory", name: null })).toBe(1);
  });

  it("reads x as 7 and d as its bytes from the call's input", () => {
    expect(argumentValues(params, words, input)).toEqual([
      { name: "x", type: "uint256", value: "7" },
      { name: "d", type: "bytes", slots: 2, value: "0xdeadbeefcafe" },
    ]);
  });

  it("says where a value lies when the input is not known, and reads a string as text", () => {
    expect(argumentValues(params, words, null)[1]?.value).toBe(
      `calldata at 0x${dataAt.toString(16)}, length 6`,
    );
    const hi = `0x${"00".repeat(4)}${Buffer.from("hé").toString("hex")}`;
    expect(
      readCalldata({ type: "string", location: "calldata", name: "s" }, word(4), word(3), hi),
    ).toBe('"hé"');
  });

  it("lists a calldata array of a value type by its elements", () => {
    const input = encodeFunctionData({
      abi: parseAbi(["function sum(uint256[] xs)"]),
      args: [[10n, 20n, 30n, 45n]],
    });
    // the elements start after the selector, the offset word and the length word
    const xs: Param = { type: "uint256[]", location: "calldata", name: "xs" };
    expect(readCalldata(xs, word(4 + 64), word(4), input)).toBe("[10, 20, 30, 45]");
    expect(readCalldata(xs, word(4 + 64), word(4), null)).toBe(
      "uint256[] of 4 (calldata at 0x44, length 4)",
    );
  });
});

describe("an internal call's memory values, read in the memory kept at its jump", () => {
  // a string "first order" at 0x80 and a uint256[] [10, 20] at 0xc0
  const text = Buffer.from("first order").toString("hex").padEnd(64, "0");
  const memory = `0x${"0".repeat(0x80 * 2)}${word(11)}${text}${word(2)}${word(10)}${word(20)}`;

  it("reads a memory string as text and an array's elements, where today only the pointer was said", () => {
    const ret: Param = { type: "string", location: "memory", name: "text" };
    expect(argumentValues([ret], [word(0x1b), word(0x80)], null, memory)).toEqual([
      { name: "text", type: "string", value: '"first order"' },
    ]);
    expect(argumentValues([ret], [word(0x1b), word(0x80)], null)[0]?.value).toBe("memory 0x80");
    expect(
      readMemoryParam({ type: "uint256[]", location: "memory", name: null }, word(0xc0), memory),
    ).toBe("[10, 20]");
  });

  it("says nothing from memory past what was kept", () => {
    const p: Param = { type: "bytes", location: "memory", name: null };
    expect(readMemoryParam(p, word(0x2000), memory)).toBeNull();
  });
});
