import { describe, expect, it } from "vitest";
import { decodeSourceMap, instructionIndex, lineOf, locatePc, type SourceFile } from "./sourceMap";

describe("source maps", () => {
  it("decodes the compressed form: empty fields repeat, jump marks and modifier depth", () => {
    const entries = decodeSourceMap("1:2:0:-:0;;3:4;:9:1:i;5::::2;::-1:o");
    expect(entries.map((e) => [e.start, e.length, e.file, e.jump, e.modifierDepth])).toEqual([
      [1, 2, 0, "-", 0],
      [1, 2, 0, "-", 0],
      [3, 4, 0, "-", 0],
      [3, 9, 1, "i", 0],
      [5, 9, 1, "i", 2],
      [5, 9, -1, "o", 2],
    ]);
    expect(decodeSourceMap("")).toEqual([]);
  });

  it("counts instructions, skipping PUSH data", () => {
    // PUSH1 0x80, PUSH2 0x0102, JUMPDEST, PUSH32 …, REVERT
    const code = `0x6080610102` + "5b" + "7f" + "00".repeat(32) + "fd";
    const index = instructionIndex(code);
    expect([index[0], index[1], index[2], index[5], index[6], index[39]]).toEqual([
      0, -1, 1, 2, 3, 4,
    ]);
  });

  const content =
    '// é\ncontract C {\n    function f() external {\n        require(false, "no");\n    }\n}\n';
  const files = new Map<number, SourceFile>([[0, { id: 0, path: "C.sol", content }]]);
  const at = (s: string) => new TextEncoder().encode(content.slice(0, content.indexOf(s))).length;

  it("counts source offsets in UTF-8 bytes", () => {
    expect(lineOf(content, at("require"))).toEqual({
      line: 4,
      column: 9,
      text: '        require(false, "no");',
    });
  });

  it("locates a REVERT through the map, or through the last jump when it lands in generated code", () => {
    // instructions: 0 JUMPDEST (f), 1 JUMP (require), 2 JUMPDEST (generated), 3 REVERT (generated)
    const code = "0x5b565bfd";
    const req = at("require");
    const map = `${at("function")}:40:0:-;${req}:21:0:i;0:10:7:-;;`;
    const input = { entries: decodeSourceMap(map), index: instructionIndex(code), files };
    expect(locatePc({ ...input, pc: 3, jumps: [1] })).toMatchObject({
      path: "C.sol",
      line: 4,
      via: "jump",
    });
    expect(locatePc({ ...input, pc: 1, jumps: [] })).toMatchObject({
      line: 4,
      via: "revert",
      text: '        require(false, "no");',
    });
    expect(locatePc({ ...input, pc: 3, jumps: [] })).toBeNull();
    // a map entry without a place (-1) is skipped the same way
    const unmapped = {
      ...input,
      entries: decodeSourceMap(`${at("function")}:40:0:-;${req}:21:0:i;-1:-1:-1:-;;`),
    };
    expect(locatePc({ ...unmapped, pc: 2, jumps: [0, 1] })).toMatchObject({ line: 4, via: "jump" });
  });
});
