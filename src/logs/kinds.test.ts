import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics, parseAbi, type Hex } from "viem";
import { AbiRegistry, decodeLog } from "../chain";
import { shownColumns } from "./columns";
import { sortRows } from "./sort";
import { decodeLogRow } from "./decode";
import { toCsv, toJson } from "./export";
import addLiquidity from "./fixtures/curve-add-liquidity.json";
import { groupRows } from "./groups";
import { KindIndex, singleKind, valueText } from "./kinds";
import { memoDecode } from "./model";
import { compileQuery, parseQuery } from "./query";
import { parseLogs, toLogRow, type LogRow } from "./result";

const POOL_ABI = parseAbi([
  "event AddLiquidity(address indexed provider, uint256[2] token_amounts, uint256[2] fees, uint256 invariant, uint256 token_supply)",
]);
/** Every shape whose head is not one word, then scalars and a string after them. */
const SHAPES_ABI = parseAbi([
  "struct Point { address at; uint64 z; }",
  "struct Nest { uint8 k; uint256[2] pair; }",
  "event Shapes(address indexed who, uint256[2] pair, Point point, bytes32[3] tags, Nest nest, uint256 amount, string note, int64 delta, bool flag, bytes blob)",
]);

const WHO = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const EMITTER = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const tag = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;

interface Sent {
  amount: bigint;
  note: string;
  delta: bigint;
  flag: boolean;
}

function shapesLog(s: Sent, i: number) {
  const event = SHAPES_ABI.find((x) => x.type === "event");
  if (event === undefined) throw new Error("no event");
  const topics = encodeEventTopics({ abi: SHAPES_ABI, eventName: "Shapes", args: { who: WHO } });
  const data = encodeAbiParameters(
    event.inputs.filter((p) => !("indexed" in p && p.indexed)),
    [
      [11n, 12n],
      { at: EMITTER, z: 13n },
      [tag(1), tag(2), tag(3)],
      { k: 7, pair: [21n, 22n] },
      s.amount,
      s.note,
      s.delta,
      s.flag,
      "0xdeadbeef",
    ],
  );
  return {
    address: EMITTER,
    topics,
    data,
    blockNumber: `0x${(100 + i).toString(16)}`,
    blockHash: tag(0xb0 + i),
    transactionHash: tag(0xa0 + i),
    transactionIndex: "0x0",
    logIndex: "0x0",
    removed: false,
  };
}

const SENT: Sent[] = [
  { amount: 700021n, note: "south side", delta: -5n, flag: true },
  { amount: 31337000n, note: 'say "hi" \\ bye', delta: 3n, flag: false },
  { amount: 2n ** 200n, note: "South Side", delta: -5n, flag: true },
  { amount: 5n, note: "north", delta: 0n, flag: false },
];

function setup(abi: Parameters<AbiRegistry["addAbi"]>[0], raw: unknown[]) {
  const registry = new AbiRegistry();
  registry.addAbi(abi);
  const rows = parseLogs(raw).map((r, i) => toLogRow(r, i));
  const decode = memoDecode((r) => decodeLogRow(r, registry));
  const index = new KindIndex(decode);
  return { registry, rows, decode, index, kind: singleKind(rows, index) };
}

/** Each argument as the log table reads it (in place) beside the decoder's own text. */
function bothReadings(s: ReturnType<typeof setup>, row: LogRow) {
  const decoded = decodeLog(row, s.registry).args ?? [];
  const kind = s.kind;
  if (kind === null) throw new Error("no kind");
  // addresses: the table keeps them lower case, the decoder checksums them
  const same = (a: { type: string }, v: string) => (a.type === "address" ? v.toLowerCase() : v);
  return kind.args.map((a, i) => ({
    name: a.name,
    table: same(a, valueText(s.index.value(row, kind, i))),
    decoder: same(a, decoded[i]?.value ?? ""),
  }));
}

describe("arguments read where the ABI places them", () => {
  it("a real Curve AddLiquidity: invariant and token_supply after two uint256[2], as the decoder reads them", () => {
    const s = setup(POOL_ABI, [{ ...addLiquidity, blockNumber: "0xdee997", removed: false }]);
    const row = s.rows[0] as LogRow;
    const kind = s.kind;
    expect(kind?.name).toBe("AddLiquidity");
    expect(kind?.minWords).toBe(6);
    const read = Object.fromEntries(
      (kind?.args ?? []).map((a, i) => [a.name, kind ? s.index.value(row, kind, i) : null]),
    );
    // the old reading gave word 3 (fees[1], 97336395395) as the invariant
    expect(read).toEqual({
      provider: "0x767b35b9f06f6e28e5ed05ee7c27bdf992eba5d2",
      token_amounts: "[200000000000000000, 199937860000000000]",
      fees: "[97327699150, 97336395395]",
      invariant: 0x156e4db21d9cf6a6d4f3fn,
      token_supply: 0x14a4959a6fb2bf53a7108n,
    });
    for (const r of bothReadings(s, row)) expect(r.table, r.name).toBe(r.decoder);
    const find = (q: string) => s.rows.filter((x) => compileQuery(parseQuery(q), s.index)(x, true));
    expect(find(`invariant=${0x156e4db21d9cf6a6d4f3fn}`)).toHaveLength(1);
    expect(find("invariant=97336395395")).toHaveLength(0);
  });

  it("uint256[2], a static tuple, bytes32[3], a tuple holding a static array, then scalars and a string", () => {
    const s = setup(SHAPES_ABI, SENT.map(shapesLog));
    const kind = s.kind;
    expect(kind?.args.map((a) => [a.name, a.head ?? `t${a.topic}`, a.word])).toEqual([
      ["who", "t1", null],
      ["pair", 0, null],
      ["point", 2, null],
      ["tags", 4, null],
      ["nest", 7, null],
      ["amount", 10, 10],
      ["note", 11, null],
      ["delta", 12, 12],
      ["flag", 13, 13],
      ["blob", 14, null],
    ]);
    s.rows.forEach((row, i) => {
      const sent = SENT[i] as Sent;
      const at = (name: string) => kind?.args.findIndex((a) => a.name === name) ?? -1;
      const value = (name: string) => (kind ? s.index.value(row, kind, at(name)) : null);
      expect(value("amount")).toBe(sent.amount);
      expect(value("note")).toBe(sent.note);
      expect(value("delta")).toBe(sent.delta);
      expect(value("flag")).toBe(sent.flag);
      expect(value("who")).toBe(WHO);
      expect(value("nest")).toBe("{k: 7, pair: [21, 22]}");
      for (const r of bothReadings(s, row)) expect(r.table, r.name).toBe(r.decoder);
    });
  });

  it("feeds filters, Group by sums, sorts and exports the right words", () => {
    const s = setup(SHAPES_ABI, SENT.map(shapesLog));
    const blocks = (q: string) =>
      s.rows.filter((x) => compileQuery(parseQuery(q), s.index)(x, true)).map((r) => r.blockNumber);
    expect(blocks("amount=700021")).toEqual([100]);
    expect(blocks("amount>=31337000")).toEqual([101, 102]);
    expect(blocks("delta<0")).toEqual([100, 102]);
    expect(blocks("flag=true")).toEqual([100, 102]);
    expect(blocks('note="south side"')).toEqual([100, 102]);
    expect(blocks("amount=11")).toEqual([]); // pair[0], the word the old reading gave

    const g = groupRows(s.rows, s.index, s.kind, "arg:who");
    expect(g.numeric.map((a) => a.name)).toEqual(["amount", "delta"]);
    expect(g.groups).toMatchObject([
      { key: WHO, count: 4, sums: [700021n + 31337000n + 2n ** 200n + 5n, -7n] },
    ]);

    const sorted = sortRows(s.rows, { key: "arg:amount", dir: "desc" }, s.index);
    expect(sorted.map((r) => r.blockNumber)).toEqual([102, 101, 100, 103]);

    const columns = shownColumns(s.kind, new Set(["time", "args", "removed"]), false);
    const [first, second] = JSON.parse(toJson(s.rows, columns, s.decode, s.index)) as Record<
      string,
      unknown
    >[];
    expect(first).toMatchObject({
      amount: "700021",
      delta: "-5",
      note: "south side",
      flag: "true",
    });
    expect(second).toMatchObject({ amount: "31337000", note: 'say "hi" \\ bye' });
    expect(first?.nest).toBe("{k: 7, pair: [21, 22]}");
    const [, csvFirst] = toCsv(s.rows, columns, s.decode, s.index).split("\r\n");
    expect(csvFirst).toContain(",700021,south side,'-5,true,");
  });
});

describe("an indexed bytesN shorter than a word", () => {
  const SEL_ABI = parseAbi(["event Picked(bytes4 indexed sel, bytes32 indexed id, uint256 x)"]);
  const pickedLog = (sel: Hex, i: number) => ({
    address: EMITTER,
    topics: encodeEventTopics({
      abi: SEL_ABI,
      eventName: "Picked",
      args: { sel, id: tag(0x77) },
    }),
    data: encodeAbiParameters([{ type: "uint256" }], [BigInt(i)]),
    blockNumber: `0x${(200 + i).toString(16)}`,
    blockHash: tag(0xc0 + i),
    transactionHash: tag(0xd0 + i),
    transactionIndex: "0x0",
    logIndex: "0x0",
    removed: false,
  });

  it("reads as its N bytes in cells, group keys and exports, and the filter finds it by them", () => {
    const s = setup(SEL_ABI, [pickedLog("0x12345678", 0), pickedLog("0xdeadbeef", 1)]);
    const kind = s.kind;
    if (kind === null) throw new Error("no kind");
    const row = s.rows[0] as LogRow;
    // the topic holds the value left-aligned (0x12345678 then 28 zero bytes): the value is 4 bytes
    expect(s.index.value(row, kind, 0)).toBe("0x12345678");
    // a bytes32 is its whole topic
    expect(s.index.value(row, kind, 1)).toBe(tag(0x77));
    for (const r of bothReadings(s, row)) expect(r.table, r.name).toBe(r.decoder);
    const find = (q: string) => s.rows.filter((x) => compileQuery(parseQuery(q), s.index)(x, true));
    expect(find("sel=0x12345678")).toEqual([row]);
    expect(find("sel=0xdeadbeef")).toEqual([s.rows[1]]);
    const groups = groupRows(s.rows, s.index, kind, "arg:sel");
    expect(groups.groups.map((g) => g.key).sort()).toEqual(["0x12345678", "0xdeadbeef"]);
    const columns = shownColumns(kind, new Set(["time", "args", "removed"]), false);
    const [, csvFirst] = toCsv(s.rows, columns, s.decode, s.index).split("\r\n");
    expect(csvFirst).toContain("0x12345678");
    expect(csvFirst).not.toContain("0x1234567800");
  });
});
