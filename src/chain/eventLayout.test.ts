import { describe, expect, it } from "vitest";
import { eventLayout, isHashedWhenIndexed, staticWords } from "./eventLayout";

const heads = (inputs: Parameters<typeof eventLayout>[0]) =>
  eventLayout(inputs).args.map((a) => (a.indexed ? `t${a.topic}` : `${a.head}+${a.headWords}`));

describe("eventLayout", () => {
  it("puts a uint after a uint256[2] two words in, not one", () => {
    expect(heads([{ type: "uint256[2]" }, { type: "uint256" }])).toEqual(["0+2", "2+1"]);
  });

  it("sizes static tuples, bytes32[3], and a tuple holding a static array, in either spelling", () => {
    const abi = [
      { type: "tuple", components: [{ type: "address" }, { type: "uint64" }] },
      { type: "bytes32[3]" },
      { type: "tuple", components: [{ type: "uint8" }, { type: "uint256[2]" }] },
      { type: "uint256" },
    ];
    expect(heads(abi)).toEqual(["0+2", "2+3", "5+3", "8+1"]);
    // the decoder names tuples by their components: `(uint8,uint256[2])`
    expect(
      heads([
        { type: "(address,uint64)" },
        { type: "bytes32[3]" },
        { type: "(uint8,uint256[2])" },
        { type: "uint256" },
      ]),
    ).toEqual(["0+2", "2+3", "5+3", "8+1"]);
    expect(staticWords({ type: "((uint256,bool)[2],address)[3]" })).toBe(15);
  });

  it("gives a dynamic value one head word (its offset), after the static ones", () => {
    const l = eventLayout([
      { type: "uint256[2]" },
      { type: "(uint256,string)" },
      { type: "string" },
      { type: "uint256[]" },
      { type: "bytes32[2][]" },
      { type: "uint256" },
    ]);
    expect(l.args.map((a) => [a.head, a.dynamic])).toEqual([
      [0, false],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, false],
    ]);
    expect(l.headWords).toBe(7);
  });

  it("takes topics in order for indexed arguments, hashed for dynamic values, arrays and tuples", () => {
    const l = eventLayout([
      { type: "address", indexed: true },
      { type: "uint256[2]" },
      { type: "string", indexed: true },
      { type: "uint256" },
      { type: "(uint256,uint256)", indexed: true },
    ]);
    expect(l.args.map((a) => [a.topic, a.hashed, a.head])).toEqual([
      [1, false, null],
      [null, false, 0],
      [2, true, null],
      [null, false, 2],
      [3, true, null],
    ]);
    expect(["bytes", "uint8[2]", "tuple", "(bool)"].every(isHashedWhenIndexed)).toBe(true);
    expect(["bytes32", "address", "int8", "bool"].some(isHashedWhenIndexed)).toBe(false);
  });
});
