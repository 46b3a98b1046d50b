import { describe, expect, it } from "vitest";
import { AbiRegistry } from "../../chain";
import { decodeLogRow } from "./decode";
import { groupOptions, groupRows, sortByArg, sortGroups, facets, bucketSize } from "./groups";
import { KindIndex, singleKind } from "./kinds";
import { memoDecode } from "./model";
import { parseLogs, toLogRow, type LogRow } from "./result";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TOKEN_A = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const TOKEN_B = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
const ALICE = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const BOB = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const pad = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;
// beyond 2^53: a sum in floating point would lose the last digits
const BIG = 2n ** 200n + 1n;

function transfer(token: string, from: string, to: string, value: bigint, block: number) {
  return {
    address: token,
    topics: [TRANSFER, pad(from), pad(to)],
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
  transfer(TOKEN_A, ALICE, BOB, BIG, 100),
  transfer(TOKEN_A, ALICE, BOB, BIG, 101),
  transfer(TOKEN_B, BOB, ALICE, 3n, 150),
  transfer(TOKEN_A, BOB, ALICE, 10n, 199),
]).map((r, i) => toLogRow(r, i));

const registry = new AbiRegistry();
const index = new KindIndex(memoDecode((r) => decodeLogRow(r, registry)));
const kind = singleKind(rows, index);

describe("groupRows", () => {
  it("offers None first, the contract, each argument by its ABI name, transactions and blocks", () => {
    expect(kind?.name).toBe("Transfer");
    const labels = groupOptions(kind, bucketSize(rows)).map((o) => o.label);
    expect(labels[0]).toBe("None");
    expect(labels).toEqual(expect.arrayContaining(["Contract (address)", "from", "to", "value"]));
    expect(labels).toEqual(expect.arrayContaining(["Event", "Transaction", "Block"]));
  });

  it("counts and sums exactly per contract, with min and max", () => {
    const g = groupRows(rows, index, kind, "contract");
    expect(g.numeric.map((a) => a.name)).toEqual(["value"]);
    expect(g.keyIsAddress).toBe(true);
    const a = g.groups.find((x) => x.key === TOKEN_A);
    expect(a).toMatchObject({ count: 3, sums: [2n * BIG + 10n], mins: [10n], maxs: [BIG] });
    expect(a?.term).toBe(`contract=${TOKEN_A}`);
    expect(a?.contract).toBe(TOKEN_A);
    expect(g.groups.find((x) => x.key === TOKEN_B)).toMatchObject({ count: 1, sums: [3n] });
  });

  it("keeps sums of many amounts just below 2^52 exact past 2^53, and mixes them with big ones", () => {
    const near = 2n ** 52n - 1n;
    const many = parseLogs([
      ...Array.from({ length: 5 }, (_, i) => transfer(TOKEN_A, ALICE, BOB, near, 300 + i)),
      transfer(TOKEN_A, ALICE, BOB, BIG, 310),
      transfer(TOKEN_A, ALICE, BOB, 1n, 311),
    ]).map((r, i) => toLogRow(r, i));
    const g = groupRows(many, index, singleKind(many, index), "contract");
    expect(g.groups[0]).toMatchObject({
      count: 7,
      sums: [5n * near + BIG + 1n],
      mins: [1n],
      maxs: [BIG],
    });
  });

  it("groups by an address argument, whatever the contract (no single token then)", () => {
    const g = groupRows(rows, index, kind, "arg:to");
    const bob = g.groups.find((x) => x.key === BOB);
    const alice = g.groups.find((x) => x.key === ALICE);
    expect(bob).toMatchObject({ count: 2, sums: [2n * BIG], term: `to=${BOB}` });
    expect(alice).toMatchObject({ count: 2, sums: [13n], contract: null });
  });

  it("groups by event, transaction and block buckets", () => {
    expect(groupRows(rows, index, kind, "event").groups).toMatchObject([
      { key: "Transfer", count: 4, term: "event=transfer" },
    ]);
    expect(groupRows(rows, index, kind, "tx").groups).toHaveLength(4);
    const buckets = groupRows(rows, index, kind, "blocks:50").groups.map((g) => [g.key, g.count]);
    expect(buckets).toEqual([
      ["100..149", 2],
      ["150..199", 2],
    ]);
    expect(bucketSize(rows)).toBe(5); // 100 blocks over ~40 buckets
  });

  it("sorts groups by count, by sum as a number, and by key", () => {
    const g = groupRows(rows, index, kind, "arg:to");
    expect(sortGroups(g.groups, { key: "sum:0", dir: "desc" }).map((x) => x.key)).toEqual([
      BOB,
      ALICE,
    ]);
    expect(sortGroups(g.groups, { key: "sum:0", dir: "asc" }).map((x) => x.key)).toEqual([
      ALICE,
      BOB,
    ]);
    const blocks = groupRows(rows, index, kind, "block");
    expect(sortGroups(blocks.groups, { key: "key", dir: "desc" }).map((x) => x.key)).toEqual([
      "199",
      "150",
      "101",
      "100",
    ]);
  });
});

describe("sortByArg", () => {
  it("sorts uints as numbers (not as text), addresses as text, stable", () => {
    const byValue = sortByArg(rows, index, "value", "asc").map((r) => r.blockNumber);
    // as text "10" < "3" and 2^200+1 would sort first
    expect(byValue).toEqual([150, 199, 100, 101]);
    expect(sortByArg(rows, index, "value", "desc").map((r) => r.blockNumber)).toEqual([
      100, 101, 199, 150,
    ]);
    expect(sortByArg(rows, index, "from", "asc").map((r) => r.blockNumber)).toEqual([
      150, 199, 100, 101,
    ]);
  });

  it("puts rows without the argument last", () => {
    const withRaw = [...rows, { ...(rows[0] as LogRow), id: 99, topics: [pad("ff")] }];
    const sorted = sortByArg(withRaw, index, "value", "desc");
    expect(sorted[sorted.length - 1]?.id).toBe(99);
  });
});

describe("facets", () => {
  it("counts the top contracts, events and address arguments", () => {
    const f = facets(rows, index, kind);
    expect(f.map((x) => x.field)).toEqual(["contract", "event", "from", "to"]);
    expect(f[0]?.values[0]).toEqual({ value: TOKEN_A, count: 3 });
    expect(f[0]?.distinct).toBe(2);
    // a tie in count: by value
    expect(f[3]?.values).toEqual([
      { value: BOB, count: 2 },
      { value: ALICE, count: 2 },
    ]);
  });
});
