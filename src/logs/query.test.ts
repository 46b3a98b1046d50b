import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../chain";
import { decodeLogRow } from "./decode";
import { KindIndex } from "./kinds";
import { memoDecode } from "./model";
import { compileQuery, parseNumber, parseQuery, quoteValue, splitTerms, withTerm } from "./query";
import { parseLogs, toLogRow, type LogRow } from "./result";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const APPROVAL = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ALICE = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const BOB = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const pad = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;

function log(topic0: string, from: string, to: string, value: bigint, block: number) {
  return {
    address: TOKEN,
    topics: [topic0, pad(from), pad(to)],
    data: pad(value.toString(16)),
    blockNumber: `0x${block.toString(16)}`,
    blockHash: pad(`b${block}`),
    transactionHash: pad(`a${block}`),
    transactionIndex: "0x0",
    logIndex: "0x0",
    removed: false,
  };
}

const rows: LogRow[] = parseLogs([
  log(TRANSFER, ALICE, BOB, 5n, 10),
  log(TRANSFER, BOB, ALICE, 2_000_000n, 11),
  log(APPROVAL, ALICE, BOB, 10n ** 30n, 12),
  log(TRANSFER, ALICE, ALICE, 7n, 13),
]).map((r, i) => toLogRow(r, i));

const registry = new AbiRegistry();
const index = new KindIndex(memoDecode((r) => decodeLogRow(r, registry)));
const find = (q: string) => {
  const test = compileQuery(parseQuery(q), index);
  return rows.filter((r) => test(r, true)).map((r) => r.blockNumber);
};

describe("parseQuery", () => {
  it("reads free text, quoted phrases, field terms, comparisons and exclusions", () => {
    expect(parseQuery('To:0xAB value>1000000 "two words" -event=Approval plain value!=5')).toEqual([
      { type: "field", field: "to", op: ":", value: "0xab", negate: false, source: "to:0xab" },
      {
        type: "field",
        field: "value",
        op: ">",
        value: "1000000",
        negate: false,
        source: "value>1000000",
      },
      { type: "text", text: "two words", negate: false },
      {
        type: "field",
        field: "event",
        op: "=",
        value: "approval",
        negate: true,
        source: "event=approval",
      },
      { type: "text", text: "plain", negate: false },
      { type: "field", field: "value", op: "=", value: "5", negate: true, source: "value!=5" },
    ]);
    expect(parseQuery("   ")).toEqual([]);
    expect(parseQuery("address:0x1 hash:0x2")).toMatchObject([
      { field: "contract" },
      { field: "tx" },
    ]);
  });

  it("reads numbers in decimal, with separators, in hex and with an exponent", () => {
    expect(parseNumber("1_000,000")).toBe(1_000_000n);
    expect(parseNumber("0x10")).toBe(16n);
    expect(parseNumber("1e18")).toBe(10n ** 18n);
    expect(parseNumber("1.5e3")).toBe(1500n);
    expect(parseNumber("1.2345e2")).toBeNull();
    expect(parseNumber("abc")).toBeNull();
  });
});

describe("compileQuery", () => {
  it("finds an address typed in full in the arguments, though the topic holds it padded", () => {
    expect(find(BOB)).toEqual([10, 11, 12]);
    expect(find(`to:${BOB}`)).toEqual([10]);
    expect(find(`from:${BOB}`)).toEqual([11]);
    // the owner of the Approval is ALICE; `to` is not one of its arguments
    expect(find(`to:${ALICE}`)).toEqual([11, 13]);
  });

  it("finds an address typed short, as the table shows it", () => {
    const short = `${BOB.slice(0, 6)}…${BOB.slice(-4)}`;
    expect(find(short)).toEqual([10, 11, 12]);
    expect(find(`to:${BOB.slice(0, 6)}...${BOB.slice(-4)}`)).toEqual([10]);
  });

  it("compares numeric arguments as exact integers", () => {
    expect(find("value>1000000")).toEqual([11, 12]);
    expect(find("value>=1e30")).toEqual([12]);
    expect(find("value<=7")).toEqual([10, 13]);
    expect(find("value=5")).toEqual([10]);
    expect(find("value!=5")).toEqual([11, 12, 13]);
    expect(find("value:000")).toEqual([11, 12]);
  });

  it("reads a field term with spaces around its operator as the term without them", () => {
    for (const [spaced, tight] of [
      ["value > 1000000", "value>1000000"],
      ["value >= 1e30", "value>=1e30"],
      ["value <=7", "value<=7"],
      ["value= 5", "value=5"],
      ["value != 5", "value!=5"],
      [`event:transfer to: ${ALICE} value < 100`, `event:transfer to:${ALICE} value<100`],
      ["-value > 10", "-value>10"],
    ] as const) {
      expect(parseQuery(spaced)).toEqual(parseQuery(tight));
      expect(find(spaced)).toEqual(find(tight));
    }
    expect(find("value > 1000000")).toEqual([11, 12]);
    // a word before free text that opens with ":" stays two words
    expect(parseQuery("transfer :x")).toHaveLength(2);
  });

  it("reads a number with a point or the symbol in whole tokens where the amount is shown so", () => {
    // the token has 6 decimals: 2,000,000 is 2 tokens, 5 is 0.000005
    const unit = () => ({ decimals: 6, symbol: "NST" });
    const inTokens = (q: string) => {
      const test = compileQuery(parseQuery(q), index, undefined, unit);
      return rows.filter((r) => test(r, true)).map((r) => r.blockNumber);
    };
    expect(inTokens("value>0.5")).toEqual([11, 12]);
    expect(inTokens("value > 1.5")).toEqual([11, 12]);
    expect(inTokens("value>=2nst")).toEqual([11, 12]);
    expect(inTokens("value=2.0")).toEqual([11]);
    expect(inTokens("value<0.00001")).toEqual([10, 13]);
    // a plain integer stays the exact amount (links written before keep their meaning)
    expect(inTokens("value>1000000")).toEqual([11, 12]);
    // another symbol, or more fraction digits than the token has, matches nothing
    expect(inTokens("value>1weth")).toEqual([]);
    expect(inTokens("value>0.0000001")).toEqual([]);
    // without known decimals a fraction is no amount
    expect(find("value>0.5")).toEqual([]);
  });

  it("matches the event, the contract, the block and free text in decoded values", () => {
    expect(find("event:Transfer")).toEqual([10, 11, 13]);
    expect(find("event=approval")).toEqual([12]);
    expect(find("-event:Transfer")).toEqual([12]);
    expect(find(`contract=${TOKEN}`)).toEqual([10, 11, 12, 13]);
    expect(find("block:11..12")).toEqual([11, 12]);
    expect(find("block>12")).toEqual([13]);
    expect(find("2000000")).toEqual([11]);
    expect(find("value=2000000")).toEqual([11]);
    expect(find("approval(address")).toEqual([12]);
    expect(find(`event:transfer to:${ALICE} value<100`)).toEqual([13]);
  });

  it("compares amounts as exact unsigned words, from a node sending upper-case hex too", () => {
    const big = 2n ** 200n + 1n;
    const upper = parseLogs([
      {
        ...log(TRANSFER, ALICE, BOB, big, 20),
        data: pad(big.toString(16)).toUpperCase().replace("0X", "0x"),
      },
      log(TRANSFER, ALICE, BOB, big - 1n, 21),
      log(TRANSFER, ALICE, BOB, 0n, 22),
    ]).map((r, i) => toLogRow(r, i));
    const found = (q: string) => {
      const test = compileQuery(parseQuery(q), index);
      return upper.filter((r) => test(r, false)).map((r) => r.blockNumber);
    };
    expect(found(`value>${big - 1n}`)).toEqual([20]);
    expect(found(`value>=${big - 1n}`)).toEqual([20, 21]);
    expect(found(`value=${big}`)).toEqual([20]);
    expect(found("value<1")).toEqual([22]);
    // numbers no word holds: below zero, past 2^256 - 1
    expect(found("value>-1")).toEqual([20, 21, 22]);
    expect(found(`value<${2n ** 256n}`)).toEqual([20, 21, 22]);
    expect(found(`value<=${2n ** 256n - 1n}`)).toEqual([20, 21, 22]);
    expect(found(`value>${2n ** 256n}`)).toEqual([]);
  });

  it("finds hex digits typed without 0x in a topic's address", () => {
    // part of Bob's address: the sender of 11, the receiver of 10, the spender of 12
    expect(find(BOB.slice(10, 18))).toEqual([10, 11, 12]);
    expect(find(`-${BOB.slice(10, 18)}`)).toEqual([13]);
    // zeros typed before an address: the topic's padding holds them
    expect(find(`00${BOB.slice(2, 8)}`)).toEqual([10, 11, 12]);
    expect(find(`01${BOB.slice(2, 8)}`)).toEqual([]);
  });

  it("reads an unknown field as free text", () => {
    expect(find("nothing:here")).toEqual([]);
    expect(find("spender:0x")).toEqual([12]);
  });
});

describe("withTerm", () => {
  it("adds a term once and swaps include for exclude", () => {
    expect(withTerm("", "to=0xab")).toBe("to=0xab");
    expect(withTerm("value>1 to=0xab", "-to=0xab")).toBe("value>1 -to=0xab");
    expect(withTerm("to=0xab", "to=0xab")).toBe("to=0xab");
  });
});

describe("quoted values", () => {
  it("keep spaces, quotes and backslashes in one term, read back exactly", () => {
    const values = ["south side", 'say "hi"', "back\\slash", ' lead\ttab \\"', "", "plain", "-5"];
    for (const v of values) {
      const [t] = parseQuery(`note=${quoteValue(v)}`);
      expect(t).toMatchObject({ type: "field", field: "note", op: "=", value: v.toLowerCase() });
    }
    expect(quoteValue("plain")).toBe("plain");
    expect(quoteValue("south side")).toBe('"south side"');
    expect(splitTerms('a note="south side" -"two words" b')).toEqual([
      "a",
      'note="south side"',
      '-"two words"',
      "b",
    ]);
    // an escape being typed: nothing yet, then the quote it escapes
    expect(parseQuery('"a\\')).toEqual([{ type: "text", text: "a", negate: false }]);
    expect(parseQuery('"a\\"')).toEqual([{ type: "text", text: 'a"', negate: false }]);
    expect(parseQuery('-note="south side"')).toMatchObject([
      { field: "note", value: "south side", negate: true },
    ]);
  });

  it("are kept whole when a term is added", () => {
    expect(withTerm('note="south side" value>1', "to=0xab")).toBe(
      'note="south side" value>1 to=0xab',
    );
    expect(withTerm('note="south side"', '-note="south side"')).toBe('-note="south side"');
  });
});

describe("a page's own columns as field terms", () => {
  // The address activity's Direction column, seen from ALICE.
  const direction = (r: LogRow) => {
    const from = r.topics[1] === pad(ALICE);
    const to = r.topics[2] === pad(ALICE);
    return from && to ? "self" : from ? "out" : to ? "in" : "";
  };
  const extra = new Map([["direction", direction]]);
  const blocks = (q: string) => {
    const test = compileQuery(parseQuery(q), index, extra);
    return rows.filter((r) => test(r, true)).map((r) => r.blockNumber);
  };
  it("matches its text exactly (=), as a part (:), and excludes with -", () => {
    expect(blocks("direction=in")).toEqual([11]);
    expect(blocks("direction=out")).toEqual([10, 12]);
    expect(blocks("direction:s")).toEqual([13]);
    expect(blocks("-direction=out event=transfer")).toEqual([11, 13]);
  });
  it("is an unknown field, read as free text, on a table without it", () => {
    expect(find("direction=in")).toEqual([]);
  });
});
