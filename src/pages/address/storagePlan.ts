/**
 * Storage by name, the other way round from the trace's naming: from a verified contract's
 * storage layout, which slots to read to show every variable — plain and packed ones, struct
 * members, static arrays, dynamic arrays' lengths and (once the length is read) their first
 * elements, short strings, mapping entries at the keys this session's traces hashed — and each
 * slot word read back as named rows (the layout namer and readers of chain/solidity). Bounded: a
 * contract's storage is not walked past these caps. No React.
 */
import { keccak256, padHex, type Hex } from "viem";
import {
  EIP1967_SLOTS,
  LayoutNamer,
  Preimages,
  readLocated,
  type StorageLayout,
} from "../../chain/solidity";

/** Slots read per variable laid out in place (a large struct or static array shows its start). */
export const MAX_INPLACE_SLOTS = 16;
/** Elements of a dynamic array read after its length. */
export const MAX_ARRAY_ELEMENTS = 16;
/** Mapping entries (from this session's keys) read per page. */
export const MAX_MAPPING_ENTRIES = 64;
/** Slots read in all, per page and block. */
export const MAX_SLOTS = 400;

export function slotWord(slot: bigint): Hex {
  return padHex(`0x${slot.toString(16)}`, { size: 32 });
}

type Types = NonNullable<StorageLayout["types"]>;

function slotsOf(types: Types, typeId: string): bigint {
  const t = types[typeId];
  return t ? BigInt(Math.max(1, Math.ceil(Number(t.numberOfBytes) / 32))) : 1n;
}

/** The first read: every top-level variable's own slots, and mapping entries at known keys. */
export function firstSlots(layout: StorageLayout, preimages: readonly string[]): bigint[] {
  const types = layout.types ?? {};
  const out = new Set<bigint>();
  for (const item of layout.storage) {
    const t = types[item.type];
    if (!t || t.encoding === "mapping") continue;
    const base = BigInt(item.slot);
    const n = t.encoding === "inplace" ? slotsOf(types, item.type) : 1n;
    const capped = n > BigInt(MAX_INPLACE_SLOTS) ? BigInt(MAX_INPLACE_SLOTS) : n;
    for (let i = 0n; i < capped; i++) out.add(base + i);
  }
  for (const s of mappingSlots(layout, preimages)) out.add(s);
  return [...out];
}

/**
 * Slots of mapping entries whose keys were hashed this session (key ‖ slot preimages), named by
 * the layout: a preimage that names nothing here (another contract's key) is not read.
 */
export function mappingSlots(layout: StorageLayout, preimages: readonly string[]): bigint[] {
  const namer = new LayoutNamer(layout, new Preimages(preimages));
  const out: bigint[] = [];
  for (const p of preimages) {
    if (p.length <= 2 + 64) continue; // a key ‖ slot preimage is longer than one word
    const hash = BigInt(keccak256(p as Hex));
    // A struct value spans a few slots; the namer says where the entry ends.
    for (let j = 0n; j < 8n; j++) {
      const named = safeLocate(namer, hash + j).filter((l) => l.part !== "mapping");
      if (named.length === 0) break;
      out.push(hash + j);
    }
    if (out.length >= MAX_MAPPING_ENTRIES) break;
  }
  return out;
}

function safeLocate(namer: LayoutNamer, slot: bigint) {
  try {
    return namer.locate(slot);
  } catch {
    return [];
  }
}

/** The second read: the first elements of each top-level dynamic array, from its length read. */
export function elementSlots(layout: StorageLayout, words: ReadonlyMap<bigint, string>): bigint[] {
  const types = layout.types ?? {};
  const out: bigint[] = [];
  for (const item of layout.storage) {
    const t = types[item.type];
    if (!t || t.encoding !== "dynamic_array" || !t.base) continue;
    const base = BigInt(item.slot);
    const word = words.get(base);
    if (word === undefined) continue;
    const length = BigInt(word);
    const shown = length > BigInt(MAX_ARRAY_ELEMENTS) ? BigInt(MAX_ARRAY_ELEMENTS) : length;
    const elem = types[t.base];
    if (!elem) continue;
    const size = Number(elem.numberOfBytes);
    const data = BigInt(keccak256(slotWord(base)));
    const packed = size < 32 && elem.encoding === "inplace" && !elem.members && !elem.base;
    const slots = packed
      ? (shown + BigInt(Math.floor(32 / size)) - 1n) / BigInt(Math.floor(32 / size))
      : shown * slotsOf(types, t.base);
    for (let i = 0n; i < slots && i < BigInt(MAX_INPLACE_SLOTS) * 4n; i++) out.push(data + i);
  }
  return out;
}

export interface StorageRow {
  /** `owner`, `terms.limit`, `credit[0x…]`, `marks.length`, `marks[1]`, `EIP-1967 implementation`… */
  name: string;
  /** The Solidity type as written (`address`, `uint64`…). */
  type: string;
  value: string;
  /** The slot (32-byte hex) and the variable's byte offset in it. */
  slot: Hex;
  offset: number;
  /** The layout's variable it belongs to (its index), for the order rows are shown in. */
  order: number;
}

function topName(name: string): string {
  return /^[^.[\s]+/.exec(name)?.[0] ?? name;
}

/** Every slot read, named and read by type, in the layout's order (entries after their variable). */
export function storageRows(
  layout: StorageLayout,
  preimages: readonly string[],
  words: ReadonlyMap<bigint, string>,
): StorageRow[] {
  const namer = new LayoutNamer(layout, new Preimages(preimages));
  const order = new Map(layout.storage.map((item, i) => [item.label, i]));
  const rows: StorageRow[] = [];
  for (const [slot, word] of words) {
    for (const loc of safeLocate(namer, slot)) {
      if (loc.part === "mapping") continue;
      rows.push({
        name: loc.name,
        type: loc.typeLabel,
        value: readLocated(loc, word),
        slot: slotWord(slot),
        offset: loc.offset,
        order: order.get(topName(loc.name)) ?? layout.storage.length,
      });
    }
  }
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(r.name) ? false : (seen.add(r.name), true)))
    .sort((a, b) => a.order - b.order || compareSlots(a, b) || a.offset - b.offset);
}

function compareSlots(a: StorageRow, b: StorageRow): number {
  const x = BigInt(a.slot);
  const y = BigInt(b.slot);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The EIP-1967 slots (implementation, admin, beacon), read on any contract. */
export const EIP1967_SLOT_LIST: readonly Hex[] = Object.keys(EIP1967_SLOTS) as Hex[];

export function eip1967Rows(words: ReadonlyMap<bigint, string>): StorageRow[] {
  return EIP1967_SLOT_LIST.flatMap((slot) => {
    const word = words.get(BigInt(slot));
    const name = EIP1967_SLOTS[slot];
    if (word === undefined || name === undefined) return [];
    const loc = {
      name,
      typeId: "t_address",
      typeLabel: "address",
      offset: 0,
      size: 20,
      part: "value",
    } as const;
    return [
      {
        name,
        type: "address",
        value: BigInt(word) === 0n ? "not set" : readLocated(loc, word),
        slot,
        offset: 0,
        order: Number.MAX_SAFE_INTEGER,
      },
    ];
  });
}
