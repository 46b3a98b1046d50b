// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { linesOf, loadedTokenizer, loadTokenizer, plainLines, type Segment } from "./highlight";

const SOURCE = [
  "// SPDX-License-Identifier: MIT",
  "pragma solidity ^0.8.24;",
  "/* a block comment",
  '   over two lines with <img src=x onerror="alert(1)"> */',
  "contract Ledger {",
  "  uint256 public cap = 0x10;",
  "  function settle(uint64 amount) external returns (bool) {\r",
  '    require(amount <= cap, "over the cap");',
  "    return true;",
  "  }",
  "}",
].join("\n");

const kindOf = (line: Segment[] | undefined, text: string) =>
  line?.find((s) => s.text.includes(text))?.kind;

describe("Solidity highlighting", () => {
  it("cuts Prism's tokens into the file's lines, each segment a kind and its text", async () => {
    const tokenize = await loadTokenizer();
    expect(loadedTokenizer()).toBe(tokenize);
    const lines = linesOf(SOURCE, tokenize(SOURCE));
    expect(lines).toHaveLength(11);
    // every line's text is kept exactly (a trailing \r dropped)
    expect(lines.map((l) => l.map((s) => s.text).join(""))).toEqual(
      SOURCE.split("\n").map((l) => l.replace(/\r$/, "")),
    );
    expect(kindOf(lines[0], "SPDX")).toBe("comment");
    // a block comment keeps its kind on both of its lines; the markup inside is comment text
    expect(kindOf(lines[2], "block comment")).toBe("comment");
    expect(kindOf(lines[3], "<img")).toBe("comment");
    expect(kindOf(lines[4], "contract")).toBe("keyword");
    expect(kindOf(lines[4], "Ledger")).toBe("type");
    expect(kindOf(lines[5], "uint256")).toBe("type");
    expect(kindOf(lines[5], "0x10")).toBe("number");
    expect(kindOf(lines[6], "settle")).toBe("function");
    expect(kindOf(lines[7], '"over the cap"')).toBe("string");
    expect(kindOf(lines[8], "true")).toBe("number");
  });

  it("before the highlighter loads: the same lines, plain", () => {
    const lines = plainLines(SOURCE);
    expect(lines).toHaveLength(11);
    expect(lines[6]).toEqual([
      { text: "  function settle(uint64 amount) external returns (bool) {", kind: "plain" },
    ]);
    expect(plainLines("a\n\nb")[1]).toEqual([]);
  });

  it("a token stream that lost text falls back to plain lines rather than shifting them", () => {
    expect(linesOf("a\nb\nc", ["a\nb"])).toEqual(plainLines("a\nb\nc"));
  });
});
