import { describe, expect, it } from "vitest";
import { blockRequest, fromSearch, readBlockText, toSearch } from "./params";

const HASH = `0x${"ab".repeat(32)}`;

describe("block link params", () => {
  it("reads decimal, hex, grouped numbers, tags and hashes", () => {
    expect(readBlockText("12345")).toEqual({
      kind: "ok",
      lookup: { kind: "number", number: 12345n },
    });
    expect(readBlockText("0x3039")).toEqual({
      kind: "ok",
      lookup: { kind: "number", number: 12345n },
    });
    expect(readBlockText("12,345")).toEqual({
      kind: "ok",
      lookup: { kind: "number", number: 12345n },
    });
    expect(readBlockText(" Latest ")).toEqual({
      kind: "ok",
      lookup: { kind: "tag", tag: "latest" },
    });
    expect(readBlockText(HASH.toUpperCase().replace("0X", "0x"))).toEqual({
      kind: "ok",
      lookup: { kind: "hash", hash: HASH },
    });
  });

  it("refuses pending, nonsense and numbers past 2^64 − 1, saying why", () => {
    const pending = readBlockText("pending");
    expect(pending.kind === "invalid" && pending.message).toMatch(/Open latest instead/);
    const nope = readBlockText("twelve");
    expect(nope.kind === "invalid" && nope.message).toMatch(/"twelve" is not a block/);
    expect(readBlockText(`0x1${"0".repeat(16)}`).kind).toBe("invalid");
    expect(readBlockText("").kind).toBe("empty");
  });

  it("hash= takes only a block hash; it wins over number=", () => {
    expect(fromSearch(new URLSearchParams({ hash: "12" })).kind).toBe("invalid");
    expect(fromSearch(new URLSearchParams({ hash: HASH, number: "5" }))).toEqual({
      kind: "ok",
      lookup: { kind: "hash", hash: HASH },
    });
  });

  it("writes numbers in decimal to the link and in hex to the request", () => {
    expect(toSearch({ kind: "number", number: 255n })).toEqual({ number: "255" });
    expect(toSearch({ kind: "tag", tag: "safe" })).toEqual({ number: "safe" });
    expect(blockRequest({ kind: "number", number: 255n })).toEqual({
      method: "eth_getBlockByNumber",
      params: ["0xff", true],
    });
    expect(blockRequest({ kind: "hash", hash: HASH })).toEqual({
      method: "eth_getBlockByHash",
      params: [HASH, true],
    });
  });
});
