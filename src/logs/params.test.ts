import { describe, expect, it } from "vitest";
import {
  checkValues,
  emptyForm,
  fromSearch,
  toParams,
  toSearch,
  type LogsFormValues,
} from "./params";
import { csvCell } from "./export";
import { addressToTopic, eventTopic0 } from "./decode";
import { parseLogs, toLogRow } from "./result";

const A = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const B = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const T0 = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const T1 = `0x${"0".repeat(24)}${B.slice(2)}`;
const H = `0x${"ab".repeat(32)}`;

const form = (patch: Partial<LogsFormValues>): LogsFormValues => ({ ...emptyForm(), ...patch });
const messages = (v: LogsFormValues) => {
  const r = checkValues(v);
  return r.ok ? [] : r.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("checkValues", () => {
  it("accepts decimal, hex and tags and builds the filter", () => {
    const r = checkValues(
      form({
        fromBlock: "1200",
        toBlock: "0x4b1",
        addresses: [{ value: A }, { value: B }],
        topics: [T0, "", `${T1}\n${T0}`, ""],
      }),
    );
    expect(r).toEqual({
      ok: true,
      filter: {
        fromBlock: 1200,
        toBlock: 0x4b1,
        blockHash: null,
        addresses: [A, B],
        topics: [[T0], null, [T1, T0]],
      },
    });
    expect(checkValues(form({ fromBlock: "Earliest", toBlock: "finalized" }))).toMatchObject({
      ok: true,
      filter: { fromBlock: "earliest", toBlock: "finalized" },
    });
  });

  it("names the field and what is wrong with it", () => {
    expect(messages(form({ fromBlock: "abc" }))[0]).toMatch(
      /^fromBlock: From block: enter a block number/,
    );
    expect(messages(form({ toBlock: "-5" }))[0]).toMatch(
      /To block: a block number cannot be negative/,
    );
    expect(messages(form({ addresses: [{ value: A.slice(0, 40) }] }))[0]).toMatch(
      /addresses\.0\.value: Address: has 38 hex digits; a address has 40|Address: has 38 hex digits/,
    );
    expect(messages(form({ addresses: [{ value: A }, { value: "5fbd" }] }))[0]).toMatch(
      /Address 2: .* must start with 0x/,
    );
    expect(messages(form({ topics: ["", B, "", ""] }))[0]).toMatch(
      /Topic 1: has 40 hex digits; a topic has 64 .*Address to topic/,
    );
    expect(messages(form({ topics: ["", "", `${T0}, 0xzz`, ""] }))[0]).toMatch(
      /Topic 2, value 2: "z" is not a hex digit/,
    );
    expect(messages(form({ blockHash: "0x1234" }))[0]).toMatch(/Block hash: has 4 hex digits/);
  });

  it("enforces the spec's blockHash rule and fromBlock ≤ toBlock", () => {
    expect(messages(form({ blockHash: H, fromBlock: "1" }))).toEqual([
      "blockHash: Block hash excludes From block / To block: the spec allows a block hash or a block range, not both — clear one of them",
    ]);
    expect(messages(form({ fromBlock: "20", toBlock: "10" }))[0]).toMatch(
      /toBlock: To block \(10\) is before From block \(20\)/,
    );
    expect(messages(form({ fromBlock: "20", toBlock: "latest" }))).toEqual([]);
  });
});

describe("URL params", () => {
  it("round-trips through the search params (null = any, nested = OR)", () => {
    const v = form({
      fromBlock: "100",
      toBlock: "latest",
      addresses: [{ value: A }, { value: B }],
      topics: [T0, "", `${T1}, ${T0}`, ""],
    });
    const search = toSearch(v);
    expect(search).toEqual({
      fromBlock: "100",
      toBlock: "latest",
      blockHash: undefined,
      address: `${A},${B}`,
      topics: JSON.stringify([T0, null, [T1, T0]]),
    });
    const back = fromSearch(
      new URLSearchParams(
        Object.entries(search).filter((e): e is [string, string] => e[1] !== undefined),
      ),
    );
    expect(back.problems).toEqual([]);
    expect(checkValues(back.values)).toEqual(checkValues(v));
  });

  it("reports topics it cannot hold", () => {
    expect(fromSearch(new URLSearchParams({ topics: "[" })).problems[0]).toMatch(/not valid JSON/);
    expect(
      fromSearch(new URLSearchParams({ topics: JSON.stringify([null, null, null, null, T0]) }))
        .problems[0],
    ).toMatch(/at most 4/);
  });

  it("builds the eth_getLogs filter object for a piece", () => {
    const r = checkValues(form({ addresses: [{ value: A }], topics: ["", T1, "", ""] }));
    if (!r.ok) throw new Error("expected valid");
    expect(toParams(r.filter, 16, 31)[0]).toEqual({
      fromBlock: "0x10",
      toBlock: "0x1f",
      address: A,
      topics: [null, T1],
    });
    const h = checkValues(form({ blockHash: H }));
    if (!h.ok) throw new Error("expected valid");
    expect(toParams(h.filter, null, null)[0]).toEqual({ blockHash: H });
  });
});

describe("result keys", () => {
  it("accepts the spec's lower-case keys, shows camelCase, keeps unknown fields", () => {
    const [log] = parseLogs([
      {
        address: A,
        topics: [],
        data: "0x",
        blocknumber: "0x5",
        blockhash: H,
        transactionhash: H,
        transactionindex: 2,
        logindex: "0x3",
        removed: false,
        l1BatchNumber: "0x9",
      },
    ]);
    if (!log) throw new Error("expected a log");
    const row = toLogRow(log, 0);
    expect(row).toMatchObject({
      blockNumber: 5,
      blockHash: H,
      transactionHash: H,
      transactionIndex: 2,
      logIndex: 3,
      pending: false,
    });
    expect(Object.keys(log)).toContain("l1BatchNumber");
    expect(Object.keys(log)).not.toContain("logindex");
  });
  it("rejects a malformed log", () => {
    expect(() => parseLogs([{ address: "0x12", topics: [], data: "0x" }])).toThrow();
  });
});

describe("decoding helpers and export", () => {
  it("turns an event signature into topic0 and an address into a topic", () => {
    expect(eventTopic0("Transfer(address indexed from, address indexed to, uint256 value)")).toBe(
      T0,
    );
    expect(addressToTopic(B)).toBe(T1);
  });

  it("escapes CSV cells and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  });
});
