import { describe, expect, it } from "vitest";
import {
  checkBlockHash,
  checkValues,
  checkIndex,
  checkTxHash,
  emptyForm,
  hashWinsOverBlock,
  NOTHING_TO_LOOK_UP,
  toParams,
  toSearch,
  fromSearch,
  positionOf,
} from "./params";

const HASH = "0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e";

describe("block hash", () => {
  it("accepts 32 bytes of hex (any case, surrounding spaces)", () => {
    expect(checkBlockHash(HASH)).toBeNull();
    expect(checkBlockHash(`  ${HASH.toUpperCase().replace("0X", "0x")} `)).toBeNull();
  });
  it("says which problem: missing, prefix, digit, length", () => {
    expect(checkBlockHash("")).toMatch(/required/);
    expect(checkBlockHash(HASH.slice(2))).toMatch(/must start with 0x/);
    expect(checkBlockHash(`0y${HASH.slice(2)}`)).toMatch(/must start with 0x/);
    expect(checkBlockHash(`${HASH.slice(0, 20)}g${HASH.slice(21)}`)).toMatch(
      /non-hex character 'g' at position 21/,
    );
    expect(checkBlockHash(HASH.slice(0, -2))).toMatch(/32 bytes.*got 31 bytes/);
    expect(checkBlockHash(`${HASH}00`)).toMatch(/32 bytes.*got 33 bytes/);
    expect(checkBlockHash(HASH.slice(0, -1))).toMatch(/odd number/);
  });
});

describe("transaction index", () => {
  it("accepts decimal and hex and sends a hex quantity", () => {
    for (const input of ["5", "0x5", " 5 ", "0X5"]) {
      const r = checkValues({ ...emptyForm(), blockHash: HASH, index: input });
      expect(r.ok && toParams(r.lookup)).toEqual([HASH, "0x5"]);
    }
    const zero = checkValues({ ...emptyForm(), blockHash: HASH, index: "0" });
    expect(zero.ok && toParams(zero.lookup)).toEqual([HASH, "0x0"]);
  });
  it("refuses negative, non-numeric, fractional and empty input, saying which", () => {
    expect(checkIndex("-1")).toMatch(/must not be negative/);
    expect(checkIndex("abc")).toMatch(/is not a number/);
    expect(checkIndex("1.5")).toMatch(/whole number/);
    expect(checkIndex("0xzz")).toMatch(/non-hex character/);
    expect(checkIndex("")).toMatch(/required/);
    expect(checkIndex("0x10000000000000000")).toMatch(/too large/);
  });
});

describe("search params", () => {
  it("a link with both params runs; the block hash is lower-cased", () => {
    const s = fromSearch(
      new URLSearchParams({ blockHash: HASH.toUpperCase().replace("0X", "0x"), index: "0x2" }),
    );
    expect(s.kind).toBe("ok");
    if (s.kind === "ok") expect(toParams(s.lookup)).toEqual([HASH, "0x2"]);
  });
  it("a link with bad params reports both fields and runs nothing", () => {
    const s = fromSearch(new URLSearchParams({ blockHash: "0x1234", index: "-3" }));
    expect(s.kind).toBe("invalid");
    if (s.kind === "invalid") {
      expect(s.errors.blockHash).toMatch(/^Block hash .*32 bytes/);
      expect(s.errors.index).toMatch(/^Transaction index must not be negative/);
      expect(s.values).toEqual({ hash: "", blockHash: "0x1234", index: "-3" });
    }
  });
  it("no params: nothing to run", () => {
    expect(fromSearch(new URLSearchParams()).kind).toBe("empty");
  });
  it("a link with only a block hash means its first transaction; the form fills it in", () => {
    const s = fromSearch(new URLSearchParams({ blockHash: HASH }));
    expect(s.kind === "ok" && toParams(s.lookup)).toEqual([HASH, "0x0"]);
    expect(s.values).toEqual({ hash: "", blockHash: HASH, index: "0" });
  });
});

describe("what was filled decides the lookup (no mode to choose)", () => {
  it("nothing filled: one message, on the hash field", () => {
    expect(checkValues(emptyForm())).toEqual({
      ok: false,
      errors: { hash: NOTHING_TO_LOOK_UP },
    });
    expect(checkValues({ hash: " ", blockHash: "  ", index: "" })).toEqual({
      ok: false,
      errors: { hash: "Enter a transaction hash, or a block hash and index" },
    });
  });
  it("a block hash alone asks for the index, an index alone for the block hash", () => {
    expect(checkValues({ ...emptyForm(), blockHash: HASH })).toEqual({
      ok: false,
      errors: { index: expect.stringMatching(/^Transaction index is required/) },
    });
    expect(checkValues({ ...emptyForm(), index: "2" })).toEqual({
      ok: false,
      errors: { blockHash: expect.stringMatching(/^Block hash is required/) },
    });
  });
  it("both filled: the hash wins, and the form can say so", () => {
    const both = { hash: TX, blockHash: HASH, index: "3" };
    expect(checkValues(both)).toEqual({ ok: true, lookup: { hash: TX } });
    expect(hashWinsOverBlock(both)).toBe(true);
    expect(hashWinsOverBlock({ ...both, index: "" })).toBe(true);
    expect(hashWinsOverBlock({ ...both, blockHash: "", index: " " })).toBe(false);
    expect(hashWinsOverBlock({ ...both, hash: "" })).toBe(false);
  });
});

const TX = "0x3fbac8b19b59077cd29bbacc3815d73577b45a4d976cae80b04c98c793684c07";

describe("lookup by transaction hash", () => {
  it("checks only the hash; the block fields may hold anything", () => {
    const r = checkValues({
      hash: ` ${TX.toUpperCase().replace("0X", "0x")} `,
      blockHash: "junk",
      index: "-1",
    });
    expect(r).toEqual({ ok: true, lookup: { hash: TX } });
    expect(r.ok && toParams(r.lookup)).toEqual([TX]);
  });
  it("says which problem, naming the field", () => {
    expect(checkTxHash("")).toMatch(/^Transaction hash is required/);
    expect(checkTxHash(TX.slice(2))).toMatch(/^Transaction hash must start with 0x/);
    expect(checkTxHash(TX.slice(0, -2))).toMatch(/^Transaction hash .*32 bytes.*got 31 bytes/);
    const r = checkValues({ ...emptyForm(), hash: "0x12" });
    expect(r.ok ? null : r.errors).toEqual({ hash: expect.stringMatching(/32 bytes/) });
  });
  it("a link's hash wins over its block position; a bad hash runs nothing", () => {
    const s = fromSearch(new URLSearchParams({ hash: TX, blockHash: HASH, index: "3" }));
    expect(s.kind === "ok" && s.lookup).toEqual({ hash: TX });
    expect(s.values).toEqual({ hash: TX, blockHash: HASH, index: "3" });
    const bad = fromSearch(new URLSearchParams({ hash: "0xabc", blockHash: HASH, index: "0" }));
    expect(bad.kind).toBe("invalid");
    expect(bad.errors).toEqual({ hash: expect.stringMatching(/^Transaction hash /) });
  });
  it("the URL of a resolved hash carries where it was found, index in decimal", () => {
    expect(toSearch({ hash: TX })).toEqual({ hash: TX });
    expect(toSearch({ hash: TX }, { blockHash: HASH, index: 26n })).toEqual({
      hash: TX,
      blockHash: HASH,
      index: "26",
    });
    // A block lookup is its own position.
    expect(toSearch({ blockHash: HASH, index: 2n }, { blockHash: TX, index: 9n })).toEqual({
      blockHash: HASH,
      index: "2",
    });
  });
  it("a pending transaction has no position", () => {
    expect(positionOf({ blockHash: null, transactionIndex: null })).toBeNull();
    expect(
      positionOf({ blockHash: HASH.toUpperCase().replace("0X", "0x"), transactionIndex: 4n }),
    ).toEqual({
      blockHash: HASH,
      index: 4n,
    });
  });
});
