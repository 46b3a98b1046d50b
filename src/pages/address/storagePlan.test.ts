import { concatHex, encodeAbiParameters, keccak256, padHex, toHex } from "viem";
import { describe, expect, it } from "vitest";
import type { StorageLayout } from "../../chain/solidity";
import {
  MAX_ARRAY_ELEMENTS,
  eip1967Rows,
  elementSlots,
  firstSlots,
  mappingSlots,
  storageRows,
} from "./storagePlan";

// As solc lays out:
//   address owner; uint64 serial;            slot 0 (packed)
//   struct T { uint128 limit; bool open; address keeper; } terms;   slots 1-2
//   mapping(address => uint256) credit;      slot 3
//   uint256[] marks;                         slot 4
//   string note;                             slot 5
const layout: StorageLayout = {
  storage: [
    { label: "owner", slot: "0", offset: 0, type: "t_address" },
    { label: "serial", slot: "0", offset: 20, type: "t_uint64" },
    { label: "terms", slot: "1", offset: 0, type: "t_struct(T)" },
    { label: "credit", slot: "3", offset: 0, type: "t_mapping(t_address,t_uint256)" },
    { label: "marks", slot: "4", offset: 0, type: "t_array(t_uint256)dyn_storage" },
    { label: "note", slot: "5", offset: 0, type: "t_string_storage" },
  ],
  types: {
    t_address: { encoding: "inplace", label: "address", numberOfBytes: "20" },
    t_bool: { encoding: "inplace", label: "bool", numberOfBytes: "1" },
    t_uint64: { encoding: "inplace", label: "uint64", numberOfBytes: "8" },
    t_uint128: { encoding: "inplace", label: "uint128", numberOfBytes: "16" },
    t_uint256: { encoding: "inplace", label: "uint256", numberOfBytes: "32" },
    t_string_storage: { encoding: "bytes", label: "string", numberOfBytes: "32" },
    "t_struct(T)": {
      encoding: "inplace",
      label: "struct C.T",
      numberOfBytes: "64",
      members: [
        { label: "limit", slot: "0", offset: 0, type: "t_uint128" },
        { label: "open", slot: "0", offset: 16, type: "t_bool" },
        { label: "keeper", slot: "1", offset: 0, type: "t_address" },
      ],
    },
    "t_mapping(t_address,t_uint256)": {
      encoding: "mapping",
      label: "mapping(address => uint256)",
      numberOfBytes: "32",
      key: "t_address",
      value: "t_uint256",
    },
    "t_array(t_uint256)dyn_storage": {
      encoding: "dynamic_array",
      label: "uint256[]",
      numberOfBytes: "32",
      base: "t_uint256",
    },
  },
};

const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const HOLDER = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
const word = (n: bigint) => padHex(toHex(n), { size: 32 });
const creditKey = concatHex([encodeAbiParameters([{ type: "address" }], [HOLDER]), word(3n)]);
const marksData = BigInt(keccak256(word(4n)));

describe("storage by name: what to read", () => {
  it("reads each variable's own slots, no mapping slot, and the entries of keys seen", () => {
    expect(firstSlots(layout, []).sort((a, b) => Number(a - b))).toEqual([0n, 1n, 2n, 4n, 5n]);
    const withKey = firstSlots(layout, [creditKey]);
    expect(withKey).toContain(BigInt(keccak256(creditKey)));
    expect(withKey).toHaveLength(6);
  });

  it("ignores a preimage that names nothing in this layout (another contract's key)", () => {
    const other = concatHex([encodeAbiParameters([{ type: "address" }], [HOLDER]), word(9n)]);
    expect(mappingSlots(layout, [other, word(4n)])).toEqual([]);
  });

  it("reads a dynamic array's elements once its length is known, capped", () => {
    expect(elementSlots(layout, new Map([[4n, "0x3"]]))).toEqual([
      marksData,
      marksData + 1n,
      marksData + 2n,
    ]);
    expect(elementSlots(layout, new Map([[4n, word(1000n)]]))).toHaveLength(MAX_ARRAY_ELEMENTS);
  });
});

describe("storage by name: the rows", () => {
  it("names plain, packed, struct, array and mapping values read by type, in layout order", () => {
    const slot0 = (7n << 160n) | BigInt(OWNER);
    const words = new Map<bigint, string>([
      [0n, word(slot0)],
      [1n, word((1n << 128n) | 500n)],
      [2n, word(BigInt(HOLDER))],
      [4n, word(2n)],
      [5n, concatHex([toHex("hi"), padHex("0x", { size: 29 }), "0x04"])],
      [marksData, word(10n)],
      [marksData + 1n, word(20n)],
      [BigInt(keccak256(creditKey)), word(750n)],
    ]);
    const rows = storageRows(layout, [creditKey], words);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    expect(byName).toEqual({
      owner: OWNER,
      serial: "7",
      "terms.limit": "500",
      "terms.open": "true",
      "terms.keeper": HOLDER,
      [`credit[${HOLDER}]`]: "750",
      "marks.length": "2",
      "marks[0]": "10",
      "marks[1]": "20",
      note: '"hi"',
    });
    expect(rows.map((r) => r.name).slice(0, 2)).toEqual(["owner", "serial"]);
  });

  it("reads the EIP-1967 implementation slot as an address, an empty one as not set", () => {
    const impl = "0xD5ac451B0c50B9476107823Af206eD814a2e2580";
    const rows = eip1967Rows(
      new Map([
        [
          BigInt("0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc"),
          word(BigInt(impl)),
        ],
        [BigInt("0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103"), "0x0"],
      ]),
    );
    expect(rows.map((r) => [r.name, r.value])).toEqual([
      ["EIP-1967 implementation", impl],
      ["EIP-1967 admin", "not set"],
    ]);
  });
});
