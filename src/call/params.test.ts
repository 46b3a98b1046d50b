import { describe, expect, it } from "vitest";
import {
  describeCall,
  emptyForm,
  checkValues,
  parseAddress,
  parseBlock,
  parseHexData,
  parseQuantity,
  parseValueAmount,
  toParams,
  toSearch,
  fromSearch,
  valueForForm,
  type EstimateFormValues,
} from "./params";

const form = (v: Partial<EstimateFormValues>): EstimateFormValues => ({ ...emptyForm(), ...v });
const wei = (text: string, unit: "wei" | "gwei" | "ether") => {
  const r = parseValueAmount(text, unit);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
const problem = (text: string, unit: "wei" | "gwei" | "ether") => {
  const r = parseValueAmount(text, unit);
  return r.ok ? null : r.message;
};

describe("value units", () => {
  it("converts exactly to wei", () => {
    expect(wei("1.5", "ether")).toBe(1_500_000_000_000_000_000n);
    expect(`0x${(wei("1.5", "ether") ?? 0n).toString(16)}`).toBe("0x14d1120d7b160000");
    expect(wei("0.000000000000000001", "ether")).toBe(1n);
    expect(wei("2", "gwei")).toBe(2_000_000_000n);
    expect(wei("0.5", "gwei")).toBe(500_000_000n);
    expect(wei("12345", "wei")).toBe(12345n);
    expect(wei("0x3e8", "wei")).toBe(1000n);
    expect(wei(".5", "ether")).toBe(500_000_000_000_000_000n);
    expect(wei("1.", "ether")).toBe(10n ** 18n);
    // no floating point: 0.1 + 0.2 style values stay exact
    expect(wei("0.3", "ether")).toBe(300_000_000_000_000_000n);
    expect(wei("123456789.123456789123456789", "ether")).toBe(123456789123456789123456789n);
    expect(wei("", "ether")).toBeNull();
  });

  it("refuses too many decimals, naming the unit's limit", () => {
    expect(problem("0.0000000000000000001", "ether")).toMatch(
      /Too many decimals: ether has at most 18/,
    );
    expect(problem("1.0000000001", "gwei")).toMatch(/gwei has at most 9/);
    expect(problem("1.5", "wei")).toMatch(/wei is the smallest unit/);
    // trailing zeros are not extra precision
    expect(wei("1.500000000000000000000", "ether")).toBe(1_500_000_000_000_000_000n);
  });

  it("refuses negative, non-numeric and overflowing values", () => {
    expect(problem("-1", "ether")).toMatch(/negative/);
    expect(problem("1e18", "wei")).toMatch(/must be a number/);
    expect(problem("abc", "ether")).toMatch(/must be a number/);
    expect(problem(".", "ether")).toMatch(/must be a number/);
    expect(problem("0x10", "ether")).toMatch(/0x value is in wei/);
    const max = (2n ** 256n - 1n).toString();
    expect(wei(max, "wei")).toBe(2n ** 256n - 1n);
    expect(problem((2n ** 256n).toString(), "wei")).toMatch(/too large/);
    expect(
      problem("115792089237316195423570985008687907853269984665640564039458", "ether"),
    ).toMatch(/too large/);
  });

  it("shows a link's hex wei in the friendliest exact unit", () => {
    expect(valueForForm(1_500_000_000_000_000_000n)).toEqual({ amount: "1.5", unit: "ether" });
    expect(valueForForm(2_000_000_000n)).toEqual({ amount: "2", unit: "gwei" });
    expect(valueForForm(1n)).toEqual({ amount: "1", unit: "wei" });
    expect(valueForForm(0n)).toEqual({ amount: "0", unit: "wei" });
    // round trip is exact for any value
    for (const v of [1n, 999n, 10n ** 9n + 1n, 123456789123456789123n, 2n ** 256n - 1n]) {
      const shown = valueForForm(v);
      expect(wei(shown.amount, shown.unit)).toBe(v);
    }
  });
});

describe("field checks", () => {
  it("addresses", () => {
    expect(parseAddress("", "From")).toEqual({ ok: true, value: null });
    expect(parseAddress("0x0102030000000000000000000000000000000000", "From").ok).toBe(true);
    expect(parseAddress("0x1234", "To")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/40 hex digits.*has 4/),
    });
    expect(parseAddress("1234", "To")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/start with 0x/),
    });
    expect(parseAddress("0xZZ02030000000000000000000000000000000000", "To")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/"Z"/),
    });
    // checksum: the right one passes, a flipped letter is refused
    expect(parseAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "To").ok).toBe(true);
    expect(parseAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "To")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/checksum/),
    });
  });

  it("hex data", () => {
    expect(parseHexData("0xA9059CBB", "Data")).toEqual({ ok: true, value: "0xa9059cbb" });
    expect(parseHexData("0xabc", "Data")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/odd number/),
    });
    expect(parseHexData("a9059cbb", "Data")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/0x/),
    });
    expect(parseHexData("0xgg", "Data")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/"g" at position 2/),
    });
  });

  it("quantities: decimal or hex, never negative or fractional", () => {
    expect(parseQuantity("21000", "Gas")).toEqual({ ok: true, value: 21000n });
    expect(parseQuantity("0x5208", "Gas")).toEqual({ ok: true, value: 21000n });
    expect(parseQuantity("-1", "Nonce")).toMatchObject({
      ok: false,
      message: "Nonce cannot be negative.",
    });
    expect(parseQuantity("1.5", "Nonce")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/whole number/),
    });
    expect(parseQuantity((2n ** 64n).toString(), "Nonce", 2n ** 64n - 1n)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/too large/),
    });
  });

  it("block: omitted, a tag, or a number sent as hex", () => {
    expect(parseBlock("")).toEqual({ ok: true, value: null });
    expect(parseBlock("Latest")).toEqual({ ok: true, value: "latest" });
    for (const t of ["earliest", "pending", "safe", "finalized"])
      expect(parseBlock(t)).toEqual({ ok: true, value: t });
    expect(parseBlock("100")).toEqual({ ok: true, value: "0x64" });
    expect(parseBlock("0x64")).toEqual({ ok: true, value: "0x64" });
    expect(parseBlock("newest").ok).toBe(false);
    expect(parseBlock("-5").ok).toBe(false);
  });
});

describe("request params", () => {
  it("omits the block param unless given, and sends only the fields typed", () => {
    const r = checkValues(
      form({
        from: "0xaa00000000000000000000000000000000000000",
        to: "0x0100000000000000000000000000000000000000",
      }),
    );
    if (!r.ok) throw new Error("expected ok");
    expect(toParams(r.request)).toEqual([
      {
        from: "0xaa00000000000000000000000000000000000000",
        to: "0x0100000000000000000000000000000000000000",
      },
    ]);
    const withBlock = checkValues(
      form({ to: "0x0100000000000000000000000000000000000000", block: "pending" }),
    );
    if (!withBlock.ok) throw new Error("expected ok");
    expect(toParams(withBlock.request)).toEqual([
      { to: "0x0100000000000000000000000000000000000000" },
      "pending",
    ]);
  });

  it("sends value and quantities as hex", () => {
    const r = checkValues(
      form({
        to: "0x0100000000000000000000000000000000000000",
        value: "1.5",
        valueUnit: "ether",
        gas: "100000",
        maxFeePerGas: "2000000000",
        maxPriorityFeePerGas: "0x1",
        nonce: "7",
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.request.tx).toEqual({
      to: "0x0100000000000000000000000000000000000000",
      value: "0x14d1120d7b160000",
      gas: "0x186a0",
      maxFeePerGas: "0x77359400",
      maxPriorityFeePerGas: "0x1",
      nonce: "0x7",
    });
  });

  it("reports every wrong field at once, and mixes of fee styles", () => {
    const r = checkValues(
      form({
        from: "0x12",
        value: "-1",
        data: "0x1",
        gasPrice: "1",
        maxFeePerGas: "2",
        block: "soon",
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.problems).sort()).toEqual(["block", "data", "from", "gasPrice", "value"]);
    const tip = checkValues(form({ maxFeePerGas: "1", maxPriorityFeePerGas: "2" }));
    expect(tip.ok ? null : tip.problems.maxPriorityFeePerGas).toMatch(/cannot be higher/);
  });

  it("a link round-trips to the same request, and tells when it is complete", () => {
    const search = new URLSearchParams({
      from: "0xaa00000000000000000000000000000000000000",
      to: "0x0100000000000000000000000000000000000000",
      value: "0x14d1120d7b160000",
      data: "0xff01",
      block: "0x10",
    });
    const link = fromSearch(search);
    expect(link.values.value).toBe("1.5");
    expect(link.values.valueUnit).toBe("ether");
    expect(link.complete).toBe(true);
    if (!link.request) throw new Error("expected a request");
    expect(toSearch(link.request)).toEqual({
      from: "0xaa00000000000000000000000000000000000000",
      to: "0x0100000000000000000000000000000000000000",
      value: "0x14d1120d7b160000",
      data: "0xff01",
      block: "0x10",
    });
    expect(
      fromSearch(new URLSearchParams({ from: "0xaa00000000000000000000000000000000000000" }))
        .complete,
    ).toBe(false);
    const bad = fromSearch(new URLSearchParams({ to: "0x12", value: "zz" }));
    expect(bad.request).toBeNull();
    expect(bad.problems.to).toBeTruthy();
    expect(bad.problems.value).toBeTruthy();
    expect(bad.values.value).toBe("zz");
  });
});

describe("describeCall", () => {
  const tx = {
    from: "0x00000000000000000000000000000000000000a1",
    to: "0x00000000000000000000000000000000000000b2",
    value: "0xde0b6b3a7640000",
  };
  it("reads a block number in decimal with its hex beside it, and the value grouped", () => {
    const line = describeCall(tx, "0x30dd");
    expect(line).toContain("at block 12,509 (0x30dd)");
    expect(line).toContain("value 1,000,000,000,000,000,000 wei");
  });
  it("keeps a tag as it stands", () => {
    expect(describeCall(tx, "latest")).toContain("at latest");
    expect(describeCall(tx, null)).not.toContain(" at ");
  });
});
