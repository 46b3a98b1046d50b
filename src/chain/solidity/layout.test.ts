import { encodeAbiParameters, keccak256, padHex, stringToHex, toHex, concatHex } from "viem";
import { describe, expect, it } from "vitest";
import { LayoutNamer, Preimages, type StorageLayout } from "./layout";
import { nameSlotChange } from "./storageNames";

// A layout as solc writes it for:
//   struct Pos { uint128 a; uint64 b; address who; }     (a, b packed; who in the next slot)
//   address owner; uint64 serial; bool live;           slot 0 (packed)
//   Pos pos;                                           slots 1-2
//   mapping(address => uint256) bal;                   slot 3
//   mapping(address => mapping(uint256 => Pos)) deep;  slot 4
//   uint64[] small;                                    slot 5 (four per slot)
//   Pos[] big;                                         slot 6 (two slots each)
//   string name;                                       slot 7
//   uint16[3] fixedArr;                                slot 8
//   mapping(string => bytes32) byName;                 slot 9
//   int32 delta;                                       slot 10
const layout: StorageLayout = {
  storage: [
    { label: "owner", slot: "0", offset: 0, type: "t_address" },
    { label: "serial", slot: "0", offset: 20, type: "t_uint64" },
    { label: "live", slot: "0", offset: 28, type: "t_bool" },
    { label: "pos", slot: "1", offset: 0, type: "t_struct(Pos)1_storage" },
    { label: "bal", slot: "3", offset: 0, type: "t_mapping(t_address,t_uint256)" },
    {
      label: "deep",
      slot: "4",
      offset: 0,
      type: "t_mapping(t_address,t_mapping(t_uint256,t_struct(Pos)1_storage))",
    },
    { label: "small", slot: "5", offset: 0, type: "t_array(t_uint64)dyn_storage" },
    { label: "big", slot: "6", offset: 0, type: "t_array(t_struct(Pos)1_storage)dyn_storage" },
    { label: "name", slot: "7", offset: 0, type: "t_string_storage" },
    { label: "fixedArr", slot: "8", offset: 0, type: "t_array(t_uint16)3_storage" },
    { label: "byName", slot: "9", offset: 0, type: "t_mapping(t_string_memory_ptr,t_bytes32)" },
    { label: "delta", slot: "10", offset: 0, type: "t_int32" },
  ],
  types: {
    t_address: { encoding: "inplace", label: "address", numberOfBytes: "20" },
    t_bool: { encoding: "inplace", label: "bool", numberOfBytes: "1" },
    t_uint16: { encoding: "inplace", label: "uint16", numberOfBytes: "2" },
    t_uint64: { encoding: "inplace", label: "uint64", numberOfBytes: "8" },
    t_uint128: { encoding: "inplace", label: "uint128", numberOfBytes: "16" },
    t_uint256: { encoding: "inplace", label: "uint256", numberOfBytes: "32" },
    t_int32: { encoding: "inplace", label: "int32", numberOfBytes: "4" },
    t_bytes32: { encoding: "inplace", label: "bytes32", numberOfBytes: "32" },
    t_string_storage: { encoding: "bytes", label: "string", numberOfBytes: "32" },
    t_string_memory_ptr: { encoding: "bytes", label: "string", numberOfBytes: "32" },
    "t_struct(Pos)1_storage": {
      encoding: "inplace",
      label: "struct C.Pos",
      numberOfBytes: "64",
      members: [
        { label: "a", slot: "0", offset: 0, type: "t_uint128" },
        { label: "b", slot: "0", offset: 16, type: "t_uint64" },
        { label: "who", slot: "1", offset: 0, type: "t_address" },
      ],
    },
    "t_mapping(t_address,t_uint256)": {
      encoding: "mapping",
      label: "mapping(address => uint256)",
      numberOfBytes: "32",
      key: "t_address",
      value: "t_uint256",
    },
    "t_mapping(t_uint256,t_struct(Pos)1_storage)": {
      encoding: "mapping",
      label: "mapping(uint256 => struct C.Pos)",
      numberOfBytes: "32",
      key: "t_uint256",
      value: "t_struct(Pos)1_storage",
    },
    "t_mapping(t_address,t_mapping(t_uint256,t_struct(Pos)1_storage))": {
      encoding: "mapping",
      label: "mapping(address => mapping(uint256 => struct C.Pos))",
      numberOfBytes: "32",
      key: "t_address",
      value: "t_mapping(t_uint256,t_struct(Pos)1_storage)",
    },
    "t_mapping(t_string_memory_ptr,t_bytes32)": {
      encoding: "mapping",
      label: "mapping(string => bytes32)",
      numberOfBytes: "32",
      key: "t_string_memory_ptr",
      value: "t_bytes32",
    },
    "t_array(t_uint64)dyn_storage": {
      encoding: "dynamic_array",
      label: "uint64[]",
      numberOfBytes: "32",
      base: "t_uint64",
    },
    "t_array(t_struct(Pos)1_storage)dyn_storage": {
      encoding: "dynamic_array",
      label: "struct C.Pos[]",
      numberOfBytes: "32",
      base: "t_struct(Pos)1_storage",
    },
    "t_array(t_uint16)3_storage": {
      encoding: "inplace",
      label: "uint16[3]",
      numberOfBytes: "32",
      base: "t_uint16",
    },
  },
};

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const word = (n: bigint) => padHex(toHex(n), { size: 32 });
const key = (address: string, slot: bigint) =>
  encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [address as `0x${string}`, slot]);
const uintKey = (k: bigint, slot: bigint) =>
  encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [k, slot]);

function names(namer: LayoutNamer, slot: bigint | string, before: bigint, after: bigint) {
  const s = typeof slot === "string" ? slot : word(slot);
  return nameSlotChange(namer, s, word(before), word(after)).map((r) => `${r.name}=${r.after}`);
}

describe("layout decoding", () => {
  it("names each variable of a packed slot on its own row, only those that changed", () => {
    const namer = new LayoutNamer(layout, new Preimages());
    const before = (5n << 160n) | BigInt(ALICE);
    const after = (1n << 224n) | (6n << 160n) | BigInt(ALICE);
    expect(names(namer, 0n, before, after)).toEqual(["serial=6", "live=true"]);
    const rows = nameSlotChange(namer, word(0n), word(before), word(after));
    expect(rows[0]).toMatchObject({ name: "serial", type: "uint64", before: "5", after: "6" });
  });

  it("names struct members, signed ints and addresses", () => {
    const namer = new LayoutNamer(layout, new Preimages());
    expect(names(namer, 1n, 0n, (9n << 128n) | 1000n)).toEqual(["pos.a=1000", "pos.b=9"]);
    expect(names(namer, 2n, 0n, BigInt(BOB))).toEqual([`pos.who=${BOB}`]);
    expect(names(namer, 10n, 0n, 2n ** 32n - 5n)).toEqual(["delta=-5"]);
  });

  it("names mapping values by key, nested mappings through the preimages", () => {
    const outer = key(ALICE, 4n);
    const inner = uintKey(7n, BigInt(keccak256(outer)));
    const namer = new LayoutNamer(layout, new Preimages([key(BOB, 3n), outer, inner]));
    expect(names(namer, keccak256(key(BOB, 3n)), 0n, 42n)).toEqual([`bal[${BOB}]=42`]);
    const base = BigInt(keccak256(inner));
    expect(names(namer, base, 0n, 3n)).toEqual([`deep[${ALICE}][7].a=3`]);
    expect(names(namer, base + 1n, 0n, BigInt(BOB))).toEqual([`deep[${ALICE}][7].who=${BOB}`]);
  });

  it("decodes string keys from the preimage", () => {
    const pre = concatHex([stringToHex("rent"), word(9n)]);
    const namer = new LayoutNamer(layout, new Preimages([pre]));
    const v = BigInt(stringToHex("x", { size: 32 }));
    expect(names(namer, keccak256(pre), 0n, v)).toEqual([
      `byName["rent"]=${stringToHex("x", { size: 32 })}`,
    ]);
  });

  it("names dynamic arrays (their length, packed and multi-slot elements) without a preimage", () => {
    const namer = new LayoutNamer(layout, new Preimages());
    expect(names(namer, 5n, 2n, 5n)).toEqual(["small.length=5"]);
    const smallBase = BigInt(keccak256(word(5n)));
    // elements 4..7 share the second slot; element 5 changed
    expect(names(namer, smallBase + 1n, 0n, 77n << 64n)).toEqual(["small[5]=77"]);
    const bigBase = BigInt(keccak256(word(6n)));
    expect(names(namer, bigBase + 5n, 0n, BigInt(ALICE))).toEqual([`big[2].who=${ALICE}`]);
  });

  it("names static arrays element by element", () => {
    const namer = new LayoutNamer(layout, new Preimages());
    expect(names(namer, 8n, 0n, 3n << 32n)).toEqual(["fixedArr[2]=3"]);
  });

  it("reads short strings and says how long a long one is", () => {
    const namer = new LayoutNamer(layout, new Preimages());
    const short = BigInt(stringToHex("settled", { size: 32 })) | 14n;
    expect(names(namer, 7n, 0n, short)).toEqual(['name="settled"']);
    expect(names(namer, 7n, 0n, 2n * 40n + 1n)).toEqual(["name=(long: 40 bytes)"]);
    const data = BigInt(keccak256(word(7n)));
    expect(names(namer, data + 1n, 0n, 1n)[0]).toMatch(/^name \(data, part 1\)=/);
  });

  it("names EIP-1967 slots without a layout and says unnamed otherwise", () => {
    const impl = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
    expect(nameSlotChange(null, impl, word(0n), word(BigInt(BOB)))).toEqual([
      {
        name: "EIP-1967 implementation",
        type: "address",
        before: "0x0000000000000000000000000000000000000000",
        after: BOB,
        named: true,
      },
    ]);
    const namer = new LayoutNamer(layout, new Preimages());
    expect(names(namer, 999n, 0n, 1n)).toEqual([`unnamed=${word(1n)}`]);
    expect(names(namer, keccak256("0x1234"), 0n, 1n)).toEqual([`unnamed=${word(1n)}`]);
  });
});
