import { describe, expect, it } from "vitest";
import type { AccountChange } from "../insight/stateDiff";
import type { NamedSlot } from "../source/namedState";
import { compareBalances, compareState, stateEntries } from "./state";

const L = "0x00000000000000000000000000000000000000Aa";
const TO = "0x00000000000000000000000000000000000000bB";

function account(storage: { slot: string; before: string; after: string }[]): AccountChange {
  return { address: L, balance: null, nonce: null, code: null, deleted: false, storage };
}

function slot(slotHex: string, name: string, before: string, after: string): NamedSlot {
  return {
    address: L,
    slot: slotHex,
    before: "0x",
    after: "0x",
    rows: [
      { name, type: name === "unnamed" ? "" : "uint256", before, after, named: name !== "unnamed" },
    ],
    writers: [],
    layoutOf: "LedgerV1",
  };
}

describe("compareState", () => {
  it("sets both runs' values of a variable side by side, the differing rows first", () => {
    const a = stateEntries(
      [account([])],
      [slot("0x01", "serial", "1", "2"), slot("0x02", `credit[${TO}]`, "0", "750")],
      "ETH",
    );
    const b = stateEntries(
      [account([])],
      [slot("0x01", "serial", "1", "2"), slot("0x02", `credit[${TO}]`, "750", "1000")],
      "ETH",
    );
    const rows = compareState(a, b);
    expect(rows.map((r) => r.name)).toEqual([`credit[${TO}]`, "serial"]);
    expect(rows[0]).toMatchObject({
      a: { before: "0", after: "750" },
      b: { before: "750", after: "1000" },
      differs: true,
    });
    expect(rows[1]?.differs).toBe(false);
  });

  it("keeps a variable only one run changed, and tells unnamed slots apart by slot", () => {
    const a = stateEntries([account([])], [slot("0x05", "unnamed", "0x1", "0x2")], "ETH");
    const b = stateEntries(
      [{ ...account([]), balance: { before: 10n ** 18n, after: 0n } }],
      [slot("0x06", "unnamed", "0x1", "0x2")],
      "BNB",
    );
    const rows = compareState(a, b);
    expect(rows.map((r) => [r.name, r.a !== null, r.b !== null])).toEqual([
      ["slot 0x05", true, false],
      ["balance", false, true],
      ["slot 0x06", false, true],
    ]);
    expect(rows[1]?.b).toEqual({ before: "1 BNB", after: "0 BNB" });
  });
});

describe("compareBalances", () => {
  it("pairs each address and asset's net change, differing first", () => {
    const native = { kind: "native" as const, token: null };
    const rows = compareBalances(
      [
        { address: L, asset: native, delta: -5n, transfers: 1 },
        { address: TO, asset: native, delta: 5n, transfers: 1 },
      ],
      [{ address: TO, asset: native, delta: 5n, transfers: 1 }],
    );
    expect(rows.map((r) => [r.address, r.a, r.b, r.differs])).toEqual([
      [L, -5n, null, true],
      [TO, 5n, 5n, false],
    ]);
  });
});
