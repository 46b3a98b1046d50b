import { describe, expect, it } from "vitest";
import { anchorOf, includer, starter } from "./text";

describe("includer", () => {
  it("finds a term opening with zeros where it is, and only there", () => {
    const has = includer("00a1");
    expect(has("0x0000a1")).toBe(true);
    expect(has("0x000a1f")).toBe(true);
    expect(has("0x00a0a1")).toBe(false);
    expect(has("a1")).toBe(false);
    expect(has("00a100a1")).toBe(true);
    expect(includer("000")("0x1000")).toBe(true);
    expect(includer("abc")("0xabc")).toBe(true);
  });
  it("gives what includes gives, on zero-heavy terms and values", () => {
    const values = [
      "0x0000000000000000000000000000000000001257",
      "0x00000000000000000000000000000000000012570000",
      "0xa9059cbb00000000000000000000000000000000000000000000000000000000000000ff",
      "0x0000000000000000000000000000000000000001",
      "transfer\u00010x00000000000000000000000000000000000000aa",
      "",
    ];
    const terms = [
      "0x0000000000000000000000000000000000001257",
      "000000000000000000001257",
      "12570000",
      "0x00000000000000000000000000000000000000",
      "00000000000000000000000000000000000000ff",
      "a9059cbb0000",
      "0000",
      "0x0001",
      "aa",
      "transfer",
    ];
    for (const t of terms)
      for (const v of values) expect(includer(t)(v), `${t} in ${v}`).toBe(v.includes(t));
  });
  it("looks first for the longest stretch between runs of one character, past its zeros", () => {
    expect(anchorOf("0x0000000000000000000000000000000000001257")).toBe("1257");
    expect(anchorOf("0xa9059cbb000000000000000000000000000000000000000a")).toBe("xa9059cbb");
    expect(anchorOf("00a1")).toBe("a1");
    expect(anchorOf("transfer")).toBe("transfer");
    expect(anchorOf("0000")).toBe("0000");
    expect(anchorOf("0x000")).toBe("x000");
  });
  it("starter gives what startsWith gives", () => {
    const values = [
      "0x00000000000000000000000000000000000000000000000000000000beef0001",
      "0x00000000000000000000000000000000000000000000000000000000beef0011",
      "0x0",
      "",
    ];
    const terms = [
      "0x00000000000000000000000000000000000000000000000000000000beef0001",
      "0x0000000000000000000000000000000000000000000000000000000000beef",
      "0x000000000000000000000000000000000000000000000000000000000beef00",
      "0x0",
      "0",
      "0x00000000000000000000000000000000000000000000000000000000beef00011",
    ];
    for (const t of terms)
      for (const v of values)
        for (const at of [0, 1, 2, 60])
          expect(starter(t)(v, at), `${t} at ${at} of ${v}`).toBe(v.startsWith(t, at));
  });
});
