/**
 * Sorting by an address argument: the rows by the address (case folded), rows of another event
 * last, ties in the table's order — in both directions, as one comparison of every pair says.
 */
import { encodeAbiParameters, encodeEventTopics, parseAbi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../chain";
import { decodeLogRow } from "./decode";
import { KindIndex } from "./kinds";
import { memoDecode } from "./model";
import { parseLogs, toLogRow, type LogRow } from "./result";
import { sortRows } from "./sort";

const ABI = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Ping(uint256 n)",
]);
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";

/** Distinct receivers (some rows carry theirs in upper case: one address, folded). */
const RECEIVERS: Hex[] = [
  "0x00000000000000000000000000000000000000ff",
  "0xabcdef0000000000000000000000000000000001",
  "0x1000000000000000000000000000000000000000",
  "0x0000000000000000000000000000000000000001",
];

function log(i: number) {
  const base = {
    address: TOKEN,
    blockNumber: `0x${(100 + i).toString(16)}`,
    blockHash: `0x${(100 + i).toString(16).padStart(64, "0")}`,
    transactionHash: `0x${(5000 + i).toString(16).padStart(64, "0")}`,
    transactionIndex: "0x0",
    logIndex: "0x0",
    removed: false,
  };
  if (i % 7 === 3)
    return {
      ...base,
      topics: encodeEventTopics({ abi: ABI, eventName: "Ping" }),
      data: encodeAbiParameters([{ type: "uint256" }], [BigInt(i)]),
    };
  const to = RECEIVERS[(i * 3) % RECEIVERS.length] as Hex;
  // the node's case for a topic is lower case; one receiver is also sent upper case
  const topics = encodeEventTopics({ abi: ABI, eventName: "Transfer", args: { from: TOKEN, to } });
  const shown =
    i % 5 === 1
      ? (topics as Hex[]).map((t, k) => (k === 2 ? t.toUpperCase().replace("0X", "0x") : t))
      : topics;
  return { ...base, topics: shown, data: encodeAbiParameters([{ type: "uint256" }], [BigInt(i)]) };
}

function setup(n: number) {
  const registry = new AbiRegistry();
  registry.addAbi(ABI);
  const rows = parseLogs(Array.from({ length: n }, (_, i) => log(i))).map((r, i) => toLogRow(r, i));
  const index = new KindIndex(memoDecode((r) => decodeLogRow(r, registry)));
  return { rows, index };
}

/** The `to` of a row as the sort reads it (lower case), or null for another event. */
function toOf(row: LogRow): string | null {
  return row.topics.length === 3 ? (row.topics[2] ?? "").toLowerCase() : null;
}

/** The order by comparing every pair: `to` in `dir`, rows without one last, ties by position. */
function reference(rows: readonly LogRow[], dir: "asc" | "desc"): LogRow[] {
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, key: toOf(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null)
        return a.key === b.key ? a.i - b.i : a.key === null ? 1 : -1;
      return sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.i - b.i;
    })
    .map((e) => e.row);
}

describe("sorting by an address argument", () => {
  it("orders by the address in both directions, another event's rows last, ties in place", () => {
    const { rows, index } = setup(240);
    for (const dir of ["asc", "desc"] as const) {
      const sorted = sortRows(rows, { key: "arg:to", dir }, index);
      expect(sorted.map((r) => r.blockNumber)).toEqual(
        reference(rows, dir).map((r) => r.blockNumber),
      );
    }
    const asc = sortRows(rows, { key: "arg:to", dir: "asc" }, index);
    // the address sent in two cases sorts as one (folded), and Ping's rows come last
    expect(toOf(asc[0] as LogRow)).toBe(`0x${"0".repeat(24)}${RECEIVERS[3]?.slice(2)}`);
    expect(asc.slice(-10).every((r) => toOf(r) === null)).toBe(true);
  });

  it("leaves rows of no such argument as they were", () => {
    const { rows, index } = setup(10);
    const only = rows.filter((r) => toOf(r) === null);
    expect(sortRows(only, { key: "arg:to", dir: "desc" }, index)).toEqual(only);
  });
});
