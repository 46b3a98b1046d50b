// Slot maths checked against the devnet's storage scenario as anvil recorded it
// (src/trace/source/fixtures/ledger.json: LedgerV1.settle through LedgerProxy, its
// prestateTracer diff and the layout the devnet's Sourcify stand-in serves; the project's own data).
import { describe, expect, it } from "vitest";
import type { StorageLayout } from "../../chain/solidity";
import fixture from "../../trace/source/fixtures/ledger.json";
import {
  manualArraySlot,
  manualMappingSlot,
  slotFromLayout,
  dynamicArraySlot,
  slotHex,
} from "./slotMath";

const c = fixture.contracts;
const impl = fixture.bundles[c.implementation.toLowerCase() as keyof typeof fixture.bundles];
const layout = impl.storageLayout as unknown as StorageLayout;
const proxyPost = (fixture.diff.post as Record<string, { storage?: Record<string, string> }>)[
  c.proxy.toLowerCase()
];
/** The slots settle wrote on the proxy, as the node's diff names them. */
const written = new Set(Object.keys(proxyPost?.storage ?? {}));

function computed(expression: string): string {
  const r = slotFromLayout(layout, expression);
  if (!r.ok) throw new Error(r.error);
  return r.value.slot;
}

describe("a slot from a variable name and keys (the layout the app reads)", () => {
  it("credit[to]: keccak256(abi.encode(to, 3)), a slot settle wrote", () => {
    const slot = computed(`credit[${c.to}]`);
    expect(slot).toHaveLength(66);
    expect(written.has(slot)).toBe(true);
    // Checksummed or lower-case, the same key.
    expect(computed(`credit[${c.to.toUpperCase().replace("0X", "0x")}]`)).toBe(slot);
  });

  it("a nested mapping: grants[owner][spender]", () => {
    expect(written.has(computed(`grants[${c.owner}][${c.spender}]`))).toBe(true);
    // The keys the other way round name a slot nobody wrote.
    expect(written.has(computed(`grants[${c.spender}][${c.owner}]`))).toBe(false);
  });

  it("a dynamic array element: marks[2] is keccak256(5) + 2", () => {
    const slot = computed("marks[2]");
    expect(slot).toBe(slotHex(dynamicArraySlot(5n, 2n)));
    expect(written.has(slot)).toBe(true);
  });

  it("a struct member inside a mapping: plans[2].keeper, one slot past plans[2]", () => {
    const r = slotFromLayout(layout, "plans[2].keeper");
    if (!r.ok) throw new Error(r.error);
    expect(written.has(r.value.slot)).toBe(true);
    expect(BigInt(r.value.slot) - BigInt(computed("plans[2]"))).toBe(1n);
    expect(r.value.type).toBe("address");
  });

  it('string and bytes32 keys: tagged["rent"] and modes[tag]', () => {
    expect(written.has(computed('tagged["rent"]'))).toBe(true);
    expect(written.has(computed(`modes[${c.values.tag}]`))).toBe(true);
  });

  it("a packed plain variable keeps its slot and byte offset", () => {
    const r = slotFromLayout(layout, "settled");
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toMatchObject({ slot: slotHex(9n), offset: 8, type: "bool" });
  });

  it("says what is wrong: an unknown name, a bad key, a member of a non-struct", () => {
    const unknown = slotFromLayout(layout, "balances[0x00]");
    expect(unknown.ok ? "" : unknown.error).toMatch(/No variable balances .*credit/);
    const badKey = slotFromLayout(layout, "credit[42x]");
    expect(badKey.ok ? "" : badKey.error).toMatch(/Not an address/);
    const member = slotFromLayout(layout, "credit.limit");
    expect(member.ok ? "" : member.error).toMatch(/not a struct/);
  });
});

describe("the manual helper: mapping at slot N with key K", () => {
  it("credit at slot 3 with the recipient's address: the slot the layout gives", () => {
    const r = manualMappingSlot("3", "address", c.to);
    expect(r).toEqual({ ok: true, slot: computed(`credit[${c.to}]`) });
  });
  it("0x hex slot numbers and uint keys", () => {
    const r = manualMappingSlot("0x8", "uint", "2");
    expect(r).toEqual({ ok: true, slot: computed("plans[2]") });
  });
  it("a dynamic array's element: array at slot 5, element 2 is marks[2]", () => {
    expect(manualArraySlot("5", "2")).toEqual({ ok: true, slot: computed("marks[2]") });
    expect(manualArraySlot("5", "-1").ok).toBe(false);
  });
  it("refuses a slot that is not a number", () => {
    expect(manualMappingSlot("three", "address", c.to).ok).toBe(false);
  });
});
