import { describe, expect, it } from "vitest";
import { addressToTopic } from "../../chain";
import { toParams } from "../params";
import { toLogRow, type LogRow } from "../result";
import {
  countDirections,
  DEPOSIT,
  directionReader,
  mergeLogs,
  TRANSFER,
  TRANSFER_BATCH,
  TRANSFER_SINGLE,
  transferFilters,
  WITHDRAWAL,
} from "./transfers";

const ME = "0x00000000000000000000000000000000000000aA";
const OTHER = "0x00000000000000000000000000000000000000bb";
const me = addressToTopic(ME);
const other = addressToTopic(OTHER);
const word = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

let id = 0;
function log(topics: string[], block: number, logIndex: number, tx = word(block)): LogRow {
  return toLogRow(
    {
      address: "0x00000000000000000000000000000000000000c0",
      topics,
      data: word(1),
      blockNumber: `0x${block.toString(16)}`,
      blockHash: word(block + 1000),
      transactionHash: tx,
      transactionIndex: "0x0",
      logIndex: `0x${logIndex.toString(16)}`,
      removed: false,
    },
    id++,
  );
}

describe("transferFilters", () => {
  it("asks for the six places an address stands in a transfer with three filters", () => {
    const filters = transferFilters(ME, 10, "latest");
    expect(filters.map((f) => toParams(f, 10, "latest")[0])).toEqual([
      { fromBlock: "0xa", toBlock: "latest", topics: [[TRANSFER, DEPOSIT, WITHDRAWAL], me] },
      {
        fromBlock: "0xa",
        toBlock: "latest",
        topics: [[TRANSFER, TRANSFER_SINGLE, TRANSFER_BATCH], null, me],
      },
      {
        fromBlock: "0xa",
        toBlock: "latest",
        topics: [[TRANSFER_SINGLE, TRANSFER_BATCH], null, null, me],
      },
    ]);
    // the address goes in lower case whatever its checksum
    expect(me).toBe(me.toLowerCase());
  });
});

describe("directionOf", () => {
  const direction = directionReader(ME);
  it("reads ERC-20 / ERC-721 Transfer from topics 1 and 2", () => {
    expect(direction(log([TRANSFER, me, other], 1, 0))).toBe("out");
    expect(direction(log([TRANSFER, other, me], 1, 1))).toBe("in");
    expect(direction(log([TRANSFER, me, me], 1, 2))).toBe("self");
    expect(direction(log([TRANSFER, me, other, word(42)], 1, 3))).toBe("out");
  });
  it("reads ERC-1155 from topics 2 and 3, not the operator in topic 1", () => {
    expect(direction(log([TRANSFER_SINGLE, me, other, me], 1, 0))).toBe("in");
    expect(direction(log([TRANSFER_BATCH, other, me, other], 1, 1))).toBe("out");
    expect(direction(log([TRANSFER_SINGLE, me, other, other], 1, 2))).toBeNull();
  });
  it("reads a WETH deposit as in and a withdrawal as out", () => {
    expect(direction(log([DEPOSIT, me], 1, 0))).toBe("in");
    expect(direction(log([WITHDRAWAL, me], 1, 1))).toBe("out");
  });
  it("gives no direction to another event or another address", () => {
    expect(direction(log([word(7), me, other], 1, 0))).toBeNull();
    expect(direction(log([TRANSFER, other, other], 1, 1))).toBeNull();
  });
});

describe("mergeLogs", () => {
  it("merges sorted answers in block and log order, a log found by two filters once", () => {
    const self = log([TRANSFER, me, me], 5, 3);
    const selfAgain = { ...self, id: 999 };
    const outs = [log([TRANSFER, me, other], 2, 0), self, log([TRANSFER, me, other], 9, 1)];
    const ins = [log([TRANSFER, other, me], 2, 1), selfAgain, log([TRANSFER, other, me], 7, 0)];
    const merged = mergeLogs([outs, ins, []]);
    expect(merged.map((r) => [r.blockNumber, r.logIndex])).toEqual([
      [2, 0],
      [2, 1],
      [5, 3],
      [7, 0],
      [9, 1],
    ]);
    expect(countDirections(merged, directionReader(ME))).toEqual({ in: 2, out: 2, self: 1 });
  });
  it("keeps two logs of one block and index when they are of different transactions (pending)", () => {
    const a = log([TRANSFER, me, other], 3, 0, word(1));
    const b = log([TRANSFER, other, me], 3, 0, word(2));
    expect(mergeLogs([[a], [b]])).toHaveLength(2);
  });
  it("keeps each identity once among three logs found at one place", () => {
    const a = log([TRANSFER, me, other], 3, 0, word(1));
    const b = log([TRANSFER, other, me], 3, 0, word(2));
    const aAgain = { ...a, id: 998 };
    expect(mergeLogs([[a], [b], [aAgain]]).map((r) => r.transactionHash)).toEqual([
      word(1),
      word(2),
    ]);
  });
  it("hands back nothing for no answers", () => {
    expect(mergeLogs([[], []])).toEqual([]);
  });
});
