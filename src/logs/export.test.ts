import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../chain";
import { shownColumns } from "./columns";
import { decodeLogRow } from "./decode";
import { groupsToCsv, groupsToJson, toCsv, toJson } from "./export";
import { groupRows, sortGroups } from "./groups";
import { KindIndex, singleKind } from "./kinds";
import { memoDecode } from "./model";
import { parseLogs, toLogRow } from "./result";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ALICE = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const BOB = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const pad = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;
const BIG = 10n ** 30n + 7n;

const rows = parseLogs(
  [BIG, 5n].map((value, i) => ({
    address: TOKEN,
    topics: [TRANSFER, pad(ALICE), pad(i === 0 ? BOB : ALICE)],
    data: pad(value.toString(16)),
    blockNumber: `0x${(16 + i).toString(16)}`,
    blockHash: pad("bb"),
    transactionHash: pad(`a${i}`),
    transactionIndex: "0x0",
    logIndex: "0x1",
    removed: false,
  })),
).map((r, i) => toLogRow(r, i));

const registry = new AbiRegistry();
const decode = memoDecode((r) => decodeLogRow(r, registry));
const index = new KindIndex(decode);
const kind = singleKind(rows, index);

describe("exports", () => {
  it("write the visible columns, each decoded argument a column of its own, exact", () => {
    const columns = shownColumns(kind, new Set(["time", "args", "removed"]), false);
    const [header, first, second, extra] = toCsv(rows, columns, decode, index).split("\r\n");
    expect(header).toBe(
      "blockNumber,transactionIndex,logIndex,transactionHash,address,event,signature,from,to,value",
    );
    expect(first).toBe(
      `16,0,1,${pad("a0")},${TOKEN},Transfer,"Transfer(address indexed from, address indexed to, uint256 value)",${ALICE},${BOB},${BIG}`,
    );
    expect(second?.endsWith(`,${ALICE},${ALICE},5`)).toBe(true);
    expect(extra).toBe("");
  });

  it("keep a token amount's exact integer, with its whole-token units beside it", () => {
    const columns = shownColumns(kind, new Set(["time", "args", "removed", "event"]), false);
    const unit = () => ({ decimals: 18, symbol: "NST" });
    const [header, first, second] = toCsv(rows, columns, decode, index, unit).split("\r\n");
    expect(header?.endsWith(",from,to,value,value_units")).toBe(true);
    expect(first?.endsWith(`,${BIG},1000000000000.000000000000000007 NST`)).toBe(true);
    expect(second?.endsWith(",5,0.000000000000000005 NST")).toBe(true);
  });

  it("write the rows given, in their order (the filtered, sorted rows)", () => {
    const columns = shownColumns(kind, new Set(["time", "args", "event", "txHash"]), false);
    const one = [rows[1]].filter((r) => r !== undefined);
    const csv = toCsv(one, columns, decode, index).trim().split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toBe(`17,0,1,${TOKEN},${ALICE},${ALICE},5,false`);
    const json = JSON.parse(toJson([...rows].reverse(), columns, decode, index)) as unknown[];
    expect(json).toEqual([
      {
        blockNumber: 17,
        transactionIndex: 0,
        logIndex: 1,
        address: TOKEN,
        from: ALICE,
        to: ALICE,
        value: "5",
        removed: false,
      },
      expect.objectContaining({ blockNumber: 16, to: BOB, value: BIG.toString() }),
    ]);
  });

  it("write the grouped table when grouped: key, count, exact sums (min and max on demand)", () => {
    const g = groupRows(rows, index, kind, "arg:to");
    const groups = sortGroups(g.groups, { key: "sum:0", dir: "desc" });
    expect(groupsToCsv(g, groups, "to", false)).toBe(
      `to,count,value_sum\r\n${BOB},1,${BIG}\r\n${ALICE},1,5\r\n`,
    );
    expect(JSON.parse(groupsToJson(g, groups, "to", true))).toEqual([
      {
        to: BOB,
        count: 1,
        value_sum: BIG.toString(),
        value_min: BIG.toString(),
        value_max: BIG.toString(),
      },
      { to: ALICE, count: 1, value_sum: "5", value_min: "5", value_max: "5" },
    ]);
  });
});
