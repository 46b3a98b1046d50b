import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../../chain";
import { decodeLogRow } from "./decode";
import { memoDecode, searchText } from "./model";
import { parseLogs, toLogRow, type LogRow } from "./result";
import { matches, prepareText, rawMatch, type EventTexts } from "./search";
import { syntheticLogs } from "../../../bench/synthetic.mjs";

const registry = new AbiRegistry();
const decode = memoDecode((row) => decodeLogRow(row, registry));

function rows(): LogRow[] {
  const raw: unknown[] = syntheticLogs(60, 10);
  // A log no ABI names, a removed one, a pending one and one with a checksummed address.
  raw.push(
    {
      address: "0x00000000000000000000000000000000000000aa",
      topics: [`0x${"ab".repeat(32)}`],
      data: "0x1234",
      blockNumber: "0x5",
      transactionHash: `0x${"cd".repeat(32)}`,
      logIndex: "0x0",
      removed: true,
    },
    {
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      topics: [],
      data: "0x",
      blockNumber: null,
      blockHash: null,
      transactionHash: null,
    },
  );
  return parseLogs(raw).map((r, i) => toLogRow(r, i));
}

describe("filter matching in parts", () => {
  const all = rows();
  const events: EventTexts = new Map();
  const texts = all.map((r) => prepareText(r, decode, events));
  const queries = [
    "transfer",
    "approval",
    "transfer(address",
    "value=",
    "value=30000001",
    "from=0x",
    "0xc0ffee",
    "0x5fbdb",
    "removed",
    "pending",
    "ending",
    "d",
    "0x000000000000000000000000000000000000000000000000000000000000a00",
    // with spaces: across parts
    "transfer transfer(",
    "indexed from, address",
    "value) from=",
    " removed",
    `${"cd".repeat(32)} 0x`,
    "removed pending",
  ];

  it("finds exactly the rows whose search text holds the query", () => {
    for (const q of queries) {
      const expected = all.filter((r) => searchText(r, decode).includes(q)).map((r) => r.id);
      const got = all.filter((r, i) => {
        const t = texts[i];
        return t !== undefined && matches(r, t, q);
      });
      expect(
        got.map((r) => r.id),
        q,
      ).toEqual(expected);
    }
  });

  it("shares one event text between the rows of an event", () => {
    expect(events.size).toBe(2); // Transfer and Approval
    const transfers = texts.filter((t) => t.ev?.startsWith("transfer "));
    expect(transfers.length).toBeGreaterThan(1);
    expect(new Set(transfers.map((t) => t.ev)).size).toBe(1);
  });

  it("finds hashes, addresses and topics without decoding", () => {
    const row = all[7] as LogRow;
    expect(rawMatch(row, (row.transactionHash ?? "").slice(10, 40))).toBe(true);
    expect(rawMatch(row, row.address.toLowerCase())).toBe(true);
    expect(rawMatch(row, "transfer")).toBe(false);
  });
});
