import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics, parseAbi, type Hex } from "viem";
import { AbiRegistry } from "../chain";
import { decodeLogRow } from "./decode";
import { facets } from "./facetCounts";
import { groupOptions, groupRows, sortGroups, bucketSize, type Group } from "./groups";
import { sortByArg } from "./sort";
import { KindIndex, singleKind } from "./kinds";
import { memoDecode } from "./model";
import { compileQuery, parseQuery, withTerm } from "./query";
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

  it("groups by an amount: one group per value, in any case of hex, its sum the count times it", () => {
    const upper = (v: bigint) => ({
      ...transfer(TOKEN_A, ALICE, BOB, v, 400),
      data: pad(v.toString(16)).toUpperCase().replace("0X", "0x"),
    });
    const amounts = parseLogs([
      transfer(TOKEN_A, ALICE, BOB, BIG, 400),
      upper(BIG),
      transfer(TOKEN_B, BOB, ALICE, 10n, 401),
      upper(10n),
      transfer(TOKEN_A, BOB, ALICE, 10n, 402),
    ]).map((r, i) => toLogRow(r, i));
    const g = groupRows(amounts, index, singleKind(amounts, index), "arg:value");
    expect(g.groups).toHaveLength(2);
    expect(g.groups.find((x) => x.key === String(BIG))).toMatchObject({
      count: 2,
      sums: [2n * BIG],
      mins: [BIG],
      maxs: [BIG],
      term: `value=${BIG}`,
      contract: TOKEN_A,
    });
    expect(g.groups.find((x) => x.key === "10")).toMatchObject({
      count: 3,
      sums: [30n],
      mins: [10n],
      maxs: [10n],
      contract: null,
    });
  });

  it("keeps groups in the order first seen, pending ones among numbered blocks and buckets", () => {
    const pending = { ...transfer(TOKEN_A, ALICE, BOB, 5n, 0), blockNumber: null, blockHash: null };
    const mixed = parseLogs([
      transfer(TOKEN_A, ALICE, BOB, 5n, 2_000),
      pending,
      transfer(TOKEN_A, BOB, ALICE, 2n ** 60n, 1_000),
      transfer(TOKEN_A, ALICE, BOB, 7n, 2_000),
    ]).map((r, i) => toLogRow(r, i));
    const k = singleKind(mixed, index);
    const by = (g: string) => groupRows(mixed, index, k, g).groups.map((x) => [x.key, x.count]);
    expect(by("block")).toEqual([
      ["2000", 2],
      ["pending", 1],
      ["1000", 1],
    ]);
    expect(by("blocks:500")).toEqual([
      ["2000..2499", 2],
      ["pending", 1],
      ["1000..1499", 1],
    ]);
    // amounts below 2^52 and past it, in the order seen
    expect(by("arg:value")).toEqual([
      ["5", 2],
      [String(2n ** 60n), 1],
      ["7", 1],
    ]);
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

  it("sorts groups of the same count by their key as a number where the keys are numbers", () => {
    const more: LogRow[] = parseLogs([
      transfer(TOKEN_A, ALICE, BOB, 100n, 99),
      transfer(TOKEN_A, ALICE, BOB, 9n, 1000),
      transfer(TOKEN_A, ALICE, BOB, 100n, 99),
      transfer(TOKEN_A, ALICE, BOB, 10n, 100),
    ]).map((r, i) => toLogRow(r, i));
    const count = { key: "count", dir: "desc" } as const;
    const keys = (by: string) =>
      sortGroups(groupRows(more, index, kind, by).groups, count).map((x) => x.key);
    // as text, "1000" and "100" would come before "99", "10" before "9"
    expect(keys("block")).toEqual(["99", "100", "1000"]);
    expect(keys("arg:value")).toEqual(["100", "9", "10"]);
    // addresses (not numbers) stay in text order
    expect(keys("arg:from")).toEqual([ALICE]);
  });

  it("orders thousands of number keys by count, then key, as a comparator would (both ways)", () => {
    // amounts across 2^32 and 2^48 (every 16-bit digit in play), counts of one to a few thousand
    let seed = 7;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const groups: Group[] = Array.from({ length: 5000 }, (_, i) => {
      const n = Math.floor(rand() * 2 ** (16 + 18 * (i % 3)));
      const count = 1 + Math.floor(rand() * rand() * 3000);
      return { key: String(n), term: "", count, sums: [], mins: [], maxs: [], contract: null, n };
    });
    for (const dir of ["asc", "desc"] as const) {
      const sign = dir === "asc" ? 1 : -1;
      const want = [...groups].sort(
        (a, b) => sign * (a.count - b.count) || (a.n ?? 0) - (b.n ?? 0),
      );
      const got = sortGroups(groups, { key: "count", dir });
      expect(got.map((g) => `${g.count}:${g.key}`)).toEqual(want.map((g) => `${g.count}:${g.key}`));
    }
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

  it("sorts addresses a node sends in mixed case as the same address, ties in their order", () => {
    const CAROL = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    const mixed = parseLogs([
      transfer(TOKEN_A, ALICE, BOB.toUpperCase().replace("0X", "0x"), 1n, 1),
      transfer(TOKEN_A, ALICE, CAROL, 2n, 2),
      transfer(TOKEN_A, ALICE, BOB, 3n, 3),
      transfer(TOKEN_A, ALICE, ALICE, 4n, 4),
      transfer(TOKEN_A, ALICE, CAROL.toUpperCase().replace("0X", "0x"), 5n, 5),
    ]).map((r, i) => toLogRow(r, i));
    // 0x3c44… < 0x7099… < 0xf39f…, whatever the case of their hex
    expect(sortByArg(mixed, index, "to", "asc").map((r) => r.blockNumber)).toEqual([2, 5, 1, 3, 4]);
    expect(sortByArg(mixed, index, "to", "desc").map((r) => r.blockNumber)).toEqual([
      4, 1, 3, 2, 5,
    ]);
  });

  it("sorts amounts below 2^52 (read from their words' last digits) as their exact values, with one at 2^52 and past it, ties in order, rows without one last", () => {
    // amounts with repeats, 2^52 − 1 (the largest read from the digits), 2^52 and 2^53 + 1
    // (exact values only as bigints), and logs of another event (no `value`) between them
    const amounts = [7n, 2n ** 52n - 1n, 0n, 7n, 2n ** 52n, 3n, 2n ** 53n + 1n, 0n, 7n, 40n];
    const logs = amounts.map((v, i) => transfer(TOKEN_A, ALICE, BOB, v, 300 + i));
    const other = (block: number) => ({
      ...transfer(TOKEN_B, ALICE, BOB, 1n, block),
      topics: [pad("ee")],
    });
    const list = parseLogs([...logs.slice(0, 4), other(400), ...logs.slice(4), other(401)]).map(
      (r, i) => toLogRow(r, i),
    );
    const smallOnly = list.filter((r) => r.blockNumber !== 304 && r.blockNumber !== 306);
    for (const set of [list, smallOnly])
      for (const dir of ["asc", "desc"] as const) {
        const sign = dir === "asc" ? 1 : -1;
        const valueOf = (r: LogRow) => (r.topics.length === 3 ? BigInt(r.data) : null);
        const want = set
          .map((r, i) => ({ r, i, v: valueOf(r) }))
          .sort((a, b) =>
            a.v === null || b.v === null
              ? a.v === b.v
                ? a.i - b.i
                : a.v === null
                  ? 1
                  : -1
              : sign * (a.v < b.v ? -1 : a.v > b.v ? 1 : 0) || a.i - b.i,
          )
          .map((e) => e.r.blockNumber);
        expect(sortByArg(set, index, "value", dir).map((r) => r.blockNumber)).toEqual(want);
      }
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

const MARK_ABI = parseAbi([
  "event Mark(address indexed who, bytes32 ref, uint256 amount, int64 delta, bool flag, string note, bytes blob)",
]);
const MARK = MARK_ABI[0];
const CAROL = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;

interface Mark {
  who: string;
  ref: Hex;
  amount: bigint;
  delta: bigint;
  flag: boolean;
  note: string;
  blob: Hex;
  block: number;
}

function markLog(m: Mark, i: number, address = TOKEN_A) {
  return {
    address,
    topics: encodeEventTopics({ abi: MARK_ABI, eventName: "Mark", args: { who: m.who as Hex } }),
    data: encodeAbiParameters(
      MARK.inputs.filter((p) => !("indexed" in p && p.indexed)),
      [m.ref, m.amount, m.delta, m.flag, m.note, m.blob],
    ),
    blockNumber: `0x${m.block.toString(16)}`,
    blockHash: hash(0xb000 + m.block),
    transactionHash: hash(0xa000 + i),
    transactionIndex: "0x0",
    logIndex: `0x${i.toString(16)}`,
    removed: false,
  };
}

const MARKS: Mark[] = [
  {
    who: ALICE,
    ref: hash(0xff),
    amount: 9n,
    delta: -5n,
    flag: true,
    note: "south side",
    blob: "0xdead",
    block: 900,
  },
  {
    who: BOB,
    ref: hash(0x1),
    amount: 10n,
    delta: 3n,
    flag: false,
    note: 'say "hi"',
    blob: "0xbeef",
    block: 1000,
  },
  {
    who: CAROL,
    ref: hash(0x1),
    amount: BIG,
    delta: -12n,
    flag: true,
    note: 'back\\slash \\"x"',
    blob: "0x",
    block: 1001,
  },
  {
    who: ALICE,
    ref: hash(0x20),
    amount: 2n ** 64n,
    delta: -5n,
    flag: false,
    note: "South Side",
    blob: "0xdead",
    block: 2500,
  },
  {
    who: BOB,
    ref: hash(0xff),
    amount: 1n,
    delta: 0n,
    flag: true,
    note: "",
    blob: "0xbeef",
    block: 2501,
  },
  {
    who: CAROL,
    ref: hash(0x20),
    amount: 7n,
    delta: 100n,
    flag: true,
    note: "north",
    blob: "0x00",
    block: 2501,
  },
];

function marks() {
  const registry = new AbiRegistry();
  registry.addAbi(MARK_ABI);
  const rows = parseLogs(MARKS.map((m, i) => markLog(m, i))).map((r, i) => toLogRow(r, i));
  const idx = new KindIndex(memoDecode((r) => decodeLogRow(r, registry)));
  return { rows, index: idx, kind: singleKind(rows, idx) };
}

describe("sorting groups by their key", () => {
  const m = marks();
  const keys = (by: string, dir: "asc" | "desc" = "asc") =>
    sortGroups(groupRows(m.rows, m.index, m.kind, by).groups, { key: "key", dir }).map(
      (g) => g.key,
    );

  it("orders addresses and hashes as numbers, whatever their first digits", () => {
    // first seen: ALICE (0xf39f…), BOB (0x7099…), CAROL (0xa0ee…)
    expect(keys("arg:who")).toEqual([BOB, CAROL, ALICE]);
    expect(keys("arg:who", "desc")).toEqual([ALICE, CAROL, BOB]);
    expect(keys("arg:ref")).toEqual([hash(0x1), hash(0x20), hash(0xff)]);
    expect(keys("contract")).toEqual([TOKEN_A]);
  });

  it("orders integers exactly, negative and past 2^53 included, and block buckets by their start", () => {
    expect(keys("arg:amount")).toEqual(["1", "7", "9", "10", String(2n ** 64n), String(BIG)]);
    expect(keys("arg:delta")).toEqual(["-12", "-5", "0", "3", "100"]);
    expect(keys("block", "desc")).toEqual(["2501", "2500", "1001", "1000", "900"]);
    expect(keys("blocks:1000")).toEqual(["0..999", "1000..1999", "2000..2999"]);
    expect(keys("arg:flag")).toEqual(["false", "true"]);
  });
});

describe("choosing a group writes a term the filter reads back exactly", () => {
  const m = marks();
  // a second event and contract beside the Marks: event, contract, tx and block keys
  const mixed = [...m.rows, ...rows.map((r, i) => ({ ...r, id: 1000 + i }))];
  const picked = (g: Group, from: readonly LogRow[], before = "") => {
    const query = withTerm(before, g.term);
    const test = compileQuery(parseQuery(query), m.index);
    return { query, ids: from.filter((r) => test(r, true)).map((r) => r.id) };
  };
  const members = (by: string, from: readonly LogRow[], g: Group) => {
    const kind = singleKind(from, m.index);
    const keyOf = new Map<number, string>();
    // each row alone: the group it falls in
    for (const r of from) {
      const one = groupRows([r], m.index, kind, by).groups[0];
      if (one) keyOf.set(r.id, one.key.toLowerCase());
    }
    return from.filter((r) => keyOf.get(r.id) === g.key.toLowerCase()).map((r) => r.id);
  };

  const cases: [string, string, readonly LogRow[]][] = [
    ["address (a topic)", "arg:who", m.rows],
    ["hash (bytes32)", "arg:ref", m.rows],
    ["integer", "arg:amount", m.rows],
    ["negative integer", "arg:delta", m.rows],
    ["bool", "arg:flag", m.rows],
    ["string with space, quote, backslash, empty", "arg:note", m.rows],
    ["bytes", "arg:blob", m.rows],
    ["event", "event", mixed],
    ["contract", "contract", mixed],
    ["transaction", "tx", mixed],
    ["block", "block", mixed],
    ["block bucket", "blocks:1000", mixed],
  ];
  for (const [label, by, from] of cases)
    it(`${label}: every group's term shows exactly that group's logs`, () => {
      const g = groupRows(from, m.index, singleKind(from, m.index), by);
      expect(g.groups.length).toBeGreaterThan(1);
      for (const group of g.groups) {
        const got = picked(group, from);
        expect(got.ids, got.query).toEqual(members(by, from, group));
        expect(got.ids.length, got.query).toBe(group.count);
        // picked again on top of another term: the same term, kept whole
        const again = picked(group, from, "block>=0");
        expect(again.ids, again.query).toEqual(got.ids);
        expect(withTerm(again.query, group.term)).toBe(again.query);
      }
    });

  it("quotes what needs quoting, and reads case as the filter does: one group for South/south", () => {
    const g = groupRows(m.rows, m.index, m.kind, "arg:note");
    const terms = g.groups.map((x) => x.term);
    expect(terms).toEqual(
      expect.arrayContaining([
        'note="south side"',
        'note="say \\"hi\\""',
        'note="back\\\\slash \\\\\\"x\\""',
        'note=""',
        "note=north",
      ]),
    );
    expect(g.groups.find((x) => x.key === "south side")?.count).toBe(2);
  });
});

describe("the grouped sums' units", () => {
  it("reads a token's Transfer amounts in its units, not a pair's Swap amounts", () => {
    expect(groupRows(rows, index, kind, "contract").tokenAmounts).toEqual([true]);
    // a Uniswap V2 pair emits Transfer (its LP token) and Swap (amounts of its two tokens)
    const SWAP_ABI = parseAbi([
      "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
    ]);
    const swap = (block: number) => ({
      address: TOKEN_A,
      topics: encodeEventTopics({
        abi: SWAP_ABI,
        eventName: "Swap",
        args: { sender: ALICE as Hex, to: BOB as Hex },
      }),
      data: encodeAbiParameters(
        [{ type: "uint256" }, { type: "uint256" }, { type: "uint256" }, { type: "uint256" }],
        [1_000_000n, 0n, 0n, 5n * 10n ** 17n],
      ),
      blockNumber: `0x${block.toString(16)}`,
      blockHash: pad(`c${block}`),
      transactionHash: pad(`d${block}`),
      transactionIndex: "0x0",
      logIndex: "0x0",
      removed: false,
    });
    const swaps = parseLogs([swap(300), swap(301)]).map((r, i) => toLogRow(r, i));
    const withSwap = new AbiRegistry();
    withSwap.addAbi(SWAP_ABI);
    const swapIndex = new KindIndex(memoDecode((r) => decodeLogRow(r, withSwap)));
    const swapKind = singleKind(swaps, swapIndex);
    expect(swapKind?.name).toBe("Swap");
    const g = groupRows(swaps, swapIndex, swapKind, "contract");
    expect(g.numeric.map((a) => a.name)).toEqual([
      "amount0In",
      "amount1In",
      "amount0Out",
      "amount1Out",
    ]);
    expect(g.tokenAmounts).toEqual([false, false, false, false]);
  });
});
