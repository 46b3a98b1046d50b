import { describe, expect, it } from "vitest";
import { formatDecimal } from "../chain";
import { isBlockNumber, pinnedAt, pinNote, pinRequest } from "./pin";

describe("the block a tag stands for", () => {
  it("latest and pending: eth_blockNumber (the head); safe, finalized, earliest: their block", () => {
    expect(pinRequest("latest")).toEqual({ tag: "latest", method: "eth_blockNumber", params: [] });
    expect(pinRequest("pending")).toEqual({
      tag: "pending",
      method: "eth_blockNumber",
      params: [],
    });
    for (const tag of ["safe", "finalized", "earliest"] as const)
      expect(pinRequest(tag)).toEqual({
        tag,
        method: "eth_getBlockByNumber",
        params: [tag, false],
      });
  });

  it("a number is not resolved again", () => {
    expect(pinRequest("0x3039")).toBeNull();
    expect(isBlockNumber("0x3039")).toBe(true);
    expect(isBlockNumber("latest")).toBe(false);
  });

  it("reads in decimal with digit grouping, the hex kept as sent", () => {
    const p = pinnedAt("0x00bc614e", "latest");
    expect(p).toEqual({ hex: "0xbc614e", number: 12_345_678n, tag: "latest" });
    expect(formatDecimal(p.number)).toBe("12,345,678");
    expect(formatDecimal(0n)).toBe("0");
    expect(pinNote(p)).toBe(", the latest block when asked");
    expect(pinNote(pinnedAt("0x1", null))).toBe("");
    expect(pinNote(pinnedAt("0x1", "pending"))).toMatch(/pending transactions left out/);
  });
});
