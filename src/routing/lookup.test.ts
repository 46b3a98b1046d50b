import { describe, expect, it } from "vitest";
import { classifyLookup } from "./lookup";

describe("classifyLookup", () => {
  it("tells hashes, addresses, block numbers and tags apart", () => {
    const h = `0x${"Ab".repeat(32)}`;
    expect(classifyLookup(` ${h} `)).toEqual({ kind: "hash", hash: h.toLowerCase() });
    expect(classifyLookup("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266")).toEqual({
      kind: "address",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    });
    expect(classifyLookup("12,345")).toEqual({ kind: "block", block: "0x3039" });
    expect(classifyLookup("0x3039")).toEqual({ kind: "shortHex", block: "0x3039", text: "0x3039" });
    expect(classifyLookup("Latest")).toEqual({ kind: "block", block: "latest" });
  });

  it("says what is wrong with anything else", () => {
    expect(classifyLookup("")).toMatchObject({ kind: "invalid" });
    expect(classifyLookup("0x1234567890abcdef12")).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/18 hex digits/),
    });
    expect(classifyLookup("vitalik.eth")).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/Not a transaction hash/),
    });
  });

  it("asks about a short 0x number instead of opening a block unasked", () => {
    expect(classifyLookup(" 0x1234 ")).toEqual({
      kind: "shortHex",
      block: "0x1234",
      text: "0x1234",
    });
  });
});
