import { describe, expect, it } from "vitest";
import { fromSearch, toSearch } from "./params";

const sp = (s: string) => new URLSearchParams(s);

describe("the address page's link", () => {
  it("reads an address at latest by default, checksummed", () => {
    const r = fromSearch(sp("address=0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"));
    expect(r.request).toEqual({
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      block: "latest",
    });
  });

  it("a decimal block becomes the node's hex number; a tag stays", () => {
    const a = "address=0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
    expect(fromSearch(sp(`${a}&block=12509`)).request?.block).toBe("0x30dd");
    expect(fromSearch(sp(`${a}&block=finalized`)).request?.block).toBe("finalized");
  });

  it("a bad address or block is a problem, not a request", () => {
    const bad = fromSearch(sp("address=0x1234"));
    expect(bad.request).toBeNull();
    expect(bad.problem).toMatch(/20 bytes|40 hex|address/i);
    const badBlock = fromSearch(
      sp("address=0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266&block=yesterday"),
    );
    expect(badBlock.request).toBeNull();
    expect(badBlock.problem).toMatch(/block number/);
  });

  it("writes latest as no block param", () => {
    expect(toSearch({ address: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", block: "" })).toEqual({
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      block: undefined,
    });
  });
});
