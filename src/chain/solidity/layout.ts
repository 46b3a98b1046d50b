/**
 * Storage slots named from a Solidity storage layout (solc's `storageLayout`, as Sourcify serves
 * it): plain variables, each variable of a packed slot, struct members, static and dynamic arrays
 * (and their length), mappings by key (nested ones too) and short strings and bytes. Slots that
 * hash (mapping values, array elements) are found through KECCAK256 preimages seen during the
 * transaction (key ‖ slot, or an array's slot) and the bases the layout itself implies (solc
 * hashes a top-level array's slot at compile time). No React.
 */
import { bytesToHex, getAddress, hexToBytes, keccak256, padHex } from "viem";
import { z } from "../../platform/zod";

const itemSchema = z.looseObject({
  label: z.string(),
  slot: z.string().check(z.regex(/^\d+$/)),
  offset: z.int().check(z.gte(0)).check(z.lte(31)),
  type: z.string(),
});
const typeSchema = z.looseObject({
  encoding: z.string(),
  label: z.string(),
  numberOfBytes: z.string().check(z.regex(/^\d+$/)),
  key: z.optional(z.string()),
  value: z.optional(z.string()),
  base: z.optional(z.string()),
  members: z.optional(z.array(itemSchema)),
});
export const storageLayoutSchema = z.looseObject({
  storage: z.array(itemSchema),
  types: z.optional(z.nullable(z.record(z.string(), typeSchema))),
});
export type StorageLayout = z.infer<typeof storageLayoutSchema>;
type TypeInfo = z.infer<typeof typeSchema>;

/** The standard proxy slots (EIP-1967), named without a source. */
export const EIP1967_SLOTS: Record<string, string> = {
  "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc": "EIP-1967 implementation",
  "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103": "EIP-1967 admin",
  "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50": "EIP-1967 beacon",
};

/** How far past a hashed base an element may sit (array index × element slots). */
const MAX_SPAN = 2n ** 48n;
const MAX_NESTING = 12;

interface Preimage {
  /** Bytes hashed, as 0x hex. */
  bytes: string;
}

/** Hash → preimage, searchable by "the nearest hash at or below this slot". */
export class Preimages {
  private readonly map = new Map<bigint, Preimage>();
  private sorted: bigint[] | null = null;

  constructor(preimages: Iterable<string> = []) {
    for (const p of preimages) this.add(p);
  }

  add(bytes: string): void {
    if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(bytes)) return;
    const h = BigInt(keccak256(bytes as `0x${string}`));
    if (!this.map.has(h)) {
      this.map.set(h, { bytes: bytes.toLowerCase() });
      this.sorted = null;
    }
  }

  /** The preimage whose hash is the nearest at or below `slot`, within MAX_SPAN. */
  below(slot: bigint): { hash: bigint; bytes: string } | null {
    const sorted = (this.sorted ??= [...this.map.keys()].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    ));
    let lo = 0;
    let hi = sorted.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as bigint) <= slot) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (best < 0) return null;
    const hash = sorted[best] as bigint;
    if (slot - hash >= MAX_SPAN) return null;
    const p = this.map.get(hash);
    return p ? { hash, bytes: p.bytes } : null;
  }
}

/** A variable (or part of one) that occupies a slot. */
export interface Located {
  /** `owner`, `terms.limit`, `credit[0x…]`, `grants[0x…][0x…]`, `marks[2]`, `marks.length`… */
  name: string;
  typeId: string;
  /** The type as Solidity writes it (`uint64`, `address`, `string`…). */
  typeLabel: string;
  /** Byte offset from the right of the slot, and size. */
  offset: number;
  size: number;
  /** What the slot holds of it: the value, an array's length, a string's data, a mapping's (unused) slot. */
  part: "value" | "length" | "data" | "mapping";
}

function word(slot: bigint): `0x${string}` {
  return padHex(`0x${slot.toString(16)}`, { size: 32 });
}

export class LayoutNamer {
  private readonly types: Record<string, TypeInfo>;
  private readonly preimages: Preimages;

  constructor(
    private readonly layout: StorageLayout,
    preimages: Preimages,
  ) {
    this.types = layout.types ?? {};
    this.preimages = preimages;
    // solc hashes the slot of a top-level dynamic array, string or bytes at compile time: the
    // transaction never shows that preimage, so the layout adds it.
    for (const item of layout.storage) this.addBases(item.type, BigInt(item.slot), 0);
  }

  private addBases(typeId: string, base: bigint, depth: number): void {
    const t = this.types[typeId];
    if (!t || depth > 4) return;
    if (t.encoding === "dynamic_array" || t.encoding === "bytes") this.preimages.add(word(base));
    else if (t.encoding === "inplace" && t.members)
      for (const m of t.members) this.addBases(m.type, base + BigInt(m.slot), depth + 1);
  }

  /** Everything that occupies `slot`, named; [] when the layout does not say. */
  locate(slot: bigint, depth = 0): Located[] {
    const out: Located[] = [];
    for (const item of this.layout.storage)
      this.expand(item.type, BigInt(item.slot), item.label, slot, item.offset, out, depth);
    if (out.length > 0 || depth > MAX_NESTING) return out;
    const pre = this.preimages.below(slot);
    if (!pre) return out;
    const bytes = hexToBytes(pre.bytes as `0x${string}`);
    const d = slot - pre.hash;
    if (bytes.length === 32) {
      const parentSlot = BigInt(pre.bytes);
      for (const c of this.locate(parentSlot, depth + 1)) {
        const t = this.types[c.typeId];
        if (!t) continue;
        if (t.encoding === "bytes" && c.part === "value")
          out.push({
            ...c,
            name: `${c.name} (data, part ${d})`,
            offset: 0,
            size: 32,
            part: "data",
          });
        else if (t.encoding === "dynamic_array" && t.base && c.part === "length")
          this.element(
            t.base,
            pre.hash,
            c.name.replace(/\.length$/, ""),
            slot,
            null,
            out,
            depth + 1,
          );
      }
      return out;
    }
    if (bytes.length > 32) {
      const parentSlot = BigInt(bytesToHex(bytes.slice(bytes.length - 32)));
      const key = bytes.slice(0, bytes.length - 32);
      for (const c of this.locate(parentSlot, depth + 1)) {
        const t = this.types[c.typeId];
        if (!t || t.encoding !== "mapping" || !t.value || c.part !== "mapping") continue;
        const keyText = this.keyText(t.key, key);
        if (keyText === null) continue;
        this.expand(t.value, pre.hash, `${c.name}[${keyText}]`, slot, 0, out, depth + 1);
      }
    }
    return out;
  }

  private expand(
    typeId: string,
    base: bigint,
    name: string,
    target: bigint,
    offset: number,
    out: Located[],
    depth: number,
  ): void {
    const t = this.types[typeId];
    if (!t || depth > MAX_NESTING + 4) return;
    const size = Number(t.numberOfBytes);
    const slots = BigInt(Math.max(1, Math.ceil(size / 32)));
    if (target < base || target >= base + slots) return;
    const label = t.label;
    if (t.encoding === "mapping") {
      if (target === base)
        out.push({ name, typeId, typeLabel: label, offset: 0, size: 32, part: "mapping" });
      return;
    }
    if (t.encoding === "dynamic_array") {
      if (target === base)
        out.push({
          name: `${name}.length`,
          typeId,
          typeLabel: "uint256",
          offset: 0,
          size: 32,
          part: "length",
        });
      return;
    }
    if (t.encoding === "bytes") {
      if (target === base)
        out.push({ name, typeId, typeLabel: label, offset: 0, size: 32, part: "value" });
      return;
    }
    if (t.members) {
      for (const m of t.members)
        this.expand(
          m.type,
          base + BigInt(m.slot),
          `${name}.${m.label}`,
          target,
          m.offset,
          out,
          depth + 1,
        );
      return;
    }
    if (t.base) {
      const length = /\[(\d+)\]$/.exec(label);
      this.element(
        t.base,
        base,
        name,
        target,
        length ? BigInt(length[1] as string) : null,
        out,
        depth + 1,
      );
      return;
    }
    if (target === base) out.push({ name, typeId, typeLabel: label, offset, size, part: "value" });
  }

  /** The element(s) of an array at `base` that occupy `target`. */
  private element(
    elemId: string,
    base: bigint,
    name: string,
    target: bigint,
    length: bigint | null,
    out: Located[],
    depth: number,
  ): void {
    const e = this.types[elemId];
    if (!e) return;
    const size = Number(e.numberOfBytes);
    const d = target - base;
    if (d < 0n) return;
    if (size < 32 && e.encoding === "inplace" && !e.members && !e.base) {
      const per = BigInt(Math.floor(32 / size));
      for (let k = 0n; k < per; k++) {
        const i = d * per + k;
        if (length !== null && i >= length) break;
        out.push({
          name: `${name}[${i}]`,
          typeId: elemId,
          typeLabel: e.label,
          offset: Number(k) * size,
          size,
          part: "value",
        });
      }
      return;
    }
    const per = BigInt(Math.max(1, Math.ceil(size / 32)));
    const i = d / per;
    if (length !== null && i >= length) return;
    this.expand(elemId, base + i * per, `${name}[${i}]`, target, 0, out, depth);
  }

  private keyText(keyType: string | undefined, key: Uint8Array): string | null {
    const t = keyType ? this.types[keyType] : undefined;
    const label = t?.label ?? "";
    if (t?.encoding === "bytes" || label === "string" || label === "bytes") {
      if (label === "string") {
        const s = new TextDecoder("utf-8", { fatal: false }).decode(key);
        return JSON.stringify(s);
      }
      return bytesToHex(key);
    }
    if (key.length !== 32) return null;
    return readValue(label, BigInt(bytesToHex(key)), 32, true);
  }
}

/** A value of `size` bytes as Solidity shows it: decimal ints, checksummed addresses, bool, bytesN. */
export function readValue(label: string, v: bigint, size: number, isKey = false): string {
  const bits = size * 8;
  if (label === "bool") return v === 0n ? "false" : "true";
  if (label.startsWith("address") || label.startsWith("contract "))
    return getAddress(padHex(`0x${(v & (2n ** 160n - 1n)).toString(16)}`, { size: 20 }));
  if (/^int\d*$/.test(label)) {
    const n = Number(label.slice(3) || "256");
    return BigInt.asIntN(isKey ? 256 : n || bits, v).toString();
  }
  if (/^bytes\d+$/.test(label)) {
    const n = Number(label.slice(5));
    if (isKey) return padHex(`0x${v.toString(16)}`, { size: 32 }).slice(0, 2 + n * 2);
    return padHex(`0x${v.toString(16)}`, { size: n });
  }
  if (label.startsWith("enum ")) return v.toString();
  // uint, and anything else one word wide, reads as an unsigned integer
  return v.toString();
}

/** The part of a slot word that belongs to a located variable, read by its type. */
export function readLocated(loc: Located, wordHex: string): string {
  const w = BigInt(wordHex);
  const part = (w >> BigInt(loc.offset * 8)) & (2n ** BigInt(loc.size * 8) - 1n);
  if (loc.part === "length") return part.toString();
  if (loc.part === "data" || loc.part === "mapping")
    return padHex(`0x${part.toString(16)}`, { size: 32 });
  if (loc.typeLabel === "string" || loc.typeLabel === "bytes")
    return readShortBytes(loc.typeLabel, w);
  return readValue(loc.typeLabel, part, loc.size);
}

/** A string/bytes slot: the text of a short one (up to 31 bytes, in the slot), else its length. */
export function readShortBytes(label: string, w: bigint): string {
  const hex = padHex(`0x${w.toString(16)}`, { size: 32 });
  const bytes = hexToBytes(hex);
  const last = bytes[31] ?? 0;
  if (last % 2 === 1) return `(long: ${((w - 1n) / 2n).toString()} bytes)`;
  const data = bytes.slice(0, Math.min(31, last / 2));
  return label === "string" ? JSON.stringify(new TextDecoder().decode(data)) : bytesToHex(data);
}
