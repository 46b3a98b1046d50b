import { describe, expect, it } from "vitest";
import { fillRows, historyRows, unreadHashes, type TransferRef } from "./rows";
import type { SentTx } from "./nonceHistory";

const ME = `0x${"a1".repeat(20)}`;
const TOKEN = `0x${"c0".repeat(20)}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

const sent = (n: number, input: string): SentTx => ({
  hash: hash(n),
  from: ME,
  to: TOKEN,
  nonce: n,
  value: 0n,
  input,
  index: 0,
  blockNumber: n,
  timestamp: 1_700_000_000 + n,
});
const transfer = (n: number): TransferRef => ({
  hash: hash(n),
  blockNumber: n,
  index: 1,
  timestamp: null,
});

describe("the history's rows", () => {
  it("keep each sent transaction's selector and input size, and leave a log's rows empty", () => {
    const rows = historyRows(
      [sent(5, `0xa9059cbb${"0".repeat(128)}`), sent(4, "0x")],
      [transfer(3)],
      [],
    );
    expect(rows.map((r) => [r.selector, r.inputBytes, r.from])).toEqual([
      ["0xa9059cbb", 68, ME],
      [null, 0, ME],
      [null, 0, null],
    ]);
    expect(unreadHashes(rows)).toEqual([hash(3)]);
  });

  it("fill a transfer-only row from its transaction, keeping how it was found", () => {
    const rows = historyRows([sent(5, "0x")], [transfer(3), transfer(2)], []);
    const other = `0x${"b2".repeat(20)}`;
    const read = new Map([
      [hash(3), { from: other, to: TOKEN, value: 7n, input: `0x23b872dd${"0".repeat(192)}` }],
      [hash(2), null],
    ]);
    const filled = fillRows(rows, read);
    expect(filled[0]).toBe(rows[0]);
    expect(filled[1]).toMatchObject({
      hash: hash(3),
      from: other,
      to: TOKEN,
      value: 7n,
      selector: "0x23b872dd",
      inputBytes: 100,
      foundBy: ["transfer"],
    });
    // unknown to the node: stays as the log named it
    expect(filled[2]).toBe(rows[2]);
    expect(unreadHashes(rows)).toEqual([hash(3), hash(2)]);
  });
});
