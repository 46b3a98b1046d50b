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

  const content = [
    "// é",
    "contract C {",
    "    function f() external {",
    '        require(false, "no");',
    "    }",
    "    function g(uint x) external {",
    "        if (x > 1) { revert(); }",
    "        require(x > 0);",
    "    }",
    "}",
    "",
  ].join("\n");
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
    expect(locatePc({ ...input, pc: 3, jumps: [{ from: 1, to: 2 }] })).toMatchObject({
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
    expect(
      locatePc({
        ...unmapped,
        pc: 2,
        jumps: [
          { from: 0, to: 9 },
          { from: 1, to: 2 },
        ],
      }),
    ).toMatchObject({ line: 4, via: "jump" });
  });

  it("a revert block the optimizer shares is located by the jump into it, unless that jump encloses it", () => {
    // 0 JUMPDEST, 1 JUMP → 2, 2 JUMPDEST, 3 PUSH1 0, 5 REVERT: the block at 2 keeps f's require
    const code = "0x5b565b6000fd";
    const shared = `${at("require(false")}:21:0:-`;
    const jumpAt = (s: string, len: number) =>
      decodeSourceMap(`${at("function g")}:60:0:-;${at(s)}:${len}:0:-;${shared};;`);
    const base = { index: instructionIndex(code), files, code, pc: 5 };
    // jumped into from g's `require(x > 0)`: that line, not f's
    expect(
      locatePc({ ...base, entries: jumpAt("require(x > 0)", 14), jumps: [{ from: 1, to: 2 }] }),
    ).toMatchObject({ line: 8, via: "jump", text: "        require(x > 0);" });
    // jumped into from an `if` whose range encloses the revert's own place: the revert's place
    const enclosing = decodeSourceMap(`0:40:0:-;${at("contract")}:200:0:-;${shared};;`);
    expect(locatePc({ ...base, entries: enclosing, jumps: [{ from: 1, to: 2 }] })).toMatchObject({
      line: 4,
      via: "revert",
    });
    // reached without a jump into its block (an inline revert): its own place
    expect(
      locatePc({ ...base, entries: jumpAt("require(x > 0)", 14), jumps: [{ from: 1, to: 0 }] }),
    ).toMatchObject({ line: 4, via: "revert" });
  });
});
