/**
 * A `storage` variable read through the contract's storage layout (solc's `storageLayout`, as
 * Sourcify serves it): its stack word is the slot it starts at; struct members, arrays, short
 * strings and mappings are followed from there. A slot's value is known only where the steps read
 * or wrote it (`seen`: the last value up to the step); a mapping's entries are the keys the
 * transaction hashed (KECCAK256 preimages key ‖ slot). No React.
 */
import { bytesToHex, hexToBytes, keccak256, padHex } from "viem";
import { readShortBytes, readValue, type StorageLayout } from "../chain/solidity";
import type { Shown } from "./decode";
import { MAX_ELEMENTS } from "./decode";

export interface StorageView {
  layout: StorageLayout;
  /** Slot → its 32-byte value (hex) as the steps up to this one read or wrote it. */
  seen: ReadonlyMap<bigint, string>;
  /** KECCAK256 preimages the transaction hashed (0x hex). */
  preimages: readonly string[];
}

const text = (t: string): Shown => ({ kind: "text", text: t });
const MASK = (1n << 256n) - 1n;
const slotHex = (s: bigint) => padHex(`0x${s.toString(16)}`, { size: 32 });
const hashOf = (s: bigint) => BigInt(keccak256(slotHex(s)));

/** The compiler's type text of a storage reference, as the layout labels it (no `storage ref`). */
export function layoutLabel(typeString: string): string {
  return typeString.replace(/ storage (?:ref|pointer)/g, "").trim();
}

/** The layout's id of the type labelled `label`, or null. */
export function layoutTypeId(layout: StorageLayout, label: string): string | null {
  for (const [id, t] of Object.entries(layout.types ?? {})) if (t.label === label) return id;
  return null;
}

function unseen(slot: bigint): Shown {
  return text(`(slot 0x${slot.toString(16)} not read or written by the steps up to here)`);
}

/** The value of type `typeId` stored from `slot` (at byte `offset` of it, for a packed value). */
export function readStorage(
  v: StorageView,
  typeId: string,
  slot: bigint,
  offset = 0,
  depth = 0,
): Shown {
  const t = v.layout.types?.[typeId];
  if (!t) return text(`storage slot 0x${slot.toString(16)}`);
  if (depth > 6) return text("…");
  const size = Number(t.numberOfBytes);
  if (t.encoding === "inplace" && t.members) {
    return {
      kind: "items",
      summary: t.label.replace(/^struct /, ""),
      items: t.members.map((m) => ({
        name: m.label,
        value: readStorage(v, m.type, slot + BigInt(m.slot), m.offset, depth + 1),
      })),
    };
  }
  if (t.encoding === "inplace" && t.base) {
    const base = v.layout.types?.[t.base];
    const each = Number(base?.numberOfBytes ?? 32);
    const perSlot = each >= 32 ? 1 : Math.floor(32 / each);
    const slotsEach = each >= 32 ? Math.ceil(each / 32) : 1;
    const count = each >= 32 ? Math.floor(size / 32 / slotsEach) : Math.floor(size / 32) * perSlot;
    return elements(v, t.label, t.base, count, slot, each, perSlot, slotsEach, depth);
  }
  if (t.encoding === "inplace") {
    const w = v.seen.get(slot);
    if (w === undefined) return unseen(slot);
    const part = (BigInt(w) >> BigInt(offset * 8)) & ((1n << BigInt(size * 8)) - 1n);
    return text(readValue(t.label, part, size));
  }
  if (t.encoding === "bytes") {
    const w = v.seen.get(slot);
    if (w === undefined) return unseen(slot);
    return text(readShortBytes(t.label === "string" ? "string" : "bytes", BigInt(w)));
  }
  if (t.encoding === "dynamic_array" && t.base) {
    const w = v.seen.get(slot);
    if (w === undefined) return unseen(slot);
    const length = BigInt(w);
    const base = v.layout.types?.[t.base];
    const each = Number(base?.numberOfBytes ?? 32);
    const perSlot = each >= 32 ? 1 : Math.floor(32 / each);
    const slotsEach = each >= 32 ? Math.ceil(each / 32) : 1;
    const count = length > 1_000_000n ? 1_000_000 : Number(length);
    return elements(v, t.label, t.base, count, hashOf(slot), each, perSlot, slotsEach, depth);
  }
  if (t.encoding === "mapping" && t.key && t.value) return mapping(v, t, slot, depth);
  return text(`storage slot 0x${slot.toString(16)}`);
}

function elements(
  v: StorageView,
  label: string,
  baseId: string,
  count: number,
  first: bigint,
  each: number,
  perSlot: number,
  slotsEach: number,
  depth: number,
): Shown {
  const items: { name: string; value: Shown }[] = [];
  for (let i = 0; i < Math.min(count, MAX_ELEMENTS); i++) {
    const slot = first + BigInt(perSlot > 1 ? Math.floor(i / perSlot) : i * slotsEach);
    const offset = perSlot > 1 ? (i % perSlot) * each : 0;
    items.push({ name: `[${i}]`, value: readStorage(v, baseId, slot & MASK, offset, depth + 1) });
  }
  if (count > MAX_ELEMENTS) items.push({ name: "…", value: text(`${count - MAX_ELEMENTS} more`) });
  return { kind: "items", summary: `${label} (${count} element${count === 1 ? "" : "s"})`, items };
}

/** A mapping's entries at the keys the transaction hashed with its slot. */
function mapping(
  v: StorageView,
  t: { label: string; key?: string; value?: string },
  slot: bigint,
  depth: number,
): Shown {
  const keyType = v.layout.types?.[t.key ?? ""];
  const tail = slotHex(slot).slice(2);
  const items: { name: string; value: Shown }[] = [];
  const done = new Set<string>();
  for (const p of v.preimages) {
    const hex = p.toLowerCase();
    if (hex.length < 2 + 64 + 2 || !hex.endsWith(tail) || done.has(hex)) continue;
    done.add(hex);
    const keyHex = `0x${hex.slice(2, hex.length - 64)}` as `0x${string}`;
    const label = keyType?.label ?? "bytes32";
    const name =
      keyType?.encoding === "bytes"
        ? label === "string"
          ? JSON.stringify(new TextDecoder().decode(hexToBytes(keyHex)))
          : keyHex
        : keyHex.length === 66
          ? readValue(label, BigInt(keyHex), 32, true)
          : bytesToHex(hexToBytes(keyHex));
    items.push({
      name: `[${name}]`,
      value: readStorage(v, t.value ?? "", BigInt(keccak256(hex as `0x${string}`)), 0, depth + 1),
    });
    if (items.length >= MAX_ELEMENTS) break;
  }
  if (items.length === 0) return text(`${t.label}: no key of it used by this transaction`);
  return {
    kind: "items",
    summary: `${t.label} (${items.length} key${items.length === 1 ? "" : "s"} used by this transaction)`,
    items,
  };
}

/** The slots' values the steps up to `k` read or wrote (the last one of each). */
export function storageSeen(
  steps: Iterable<{
    step: number;
    storage: { slot: string; value: string | null; write: boolean } | null;
  }>,
  k: number,
): Map<bigint, string> {
  const list = [...steps].filter((s) => s.step < k || (s.step === k && !s.storage?.write));
  list.sort((a, b) => a.step - b.step);
  const out = new Map<bigint, string>();
  for (const s of list) {
    const a = s.storage;
    if (!a || a.value === null) continue;
    try {
      out.set(
        BigInt(`0x${a.slot.replace(/^0x/, "") || "0"}`),
        slotHex(BigInt(`0x${a.value.replace(/^0x/, "") || "0"}`)),
      );
    } catch {
      // a word that is not hex names nothing
    }
  }
  return out;
}
