/**
 * Storage slots computed the way solc lays them out, for the override editor's "Compute slot":
 * a mapping's value at `keccak256(abi.encode(key, slot))` (a string or bytes key hashed as its
 * bytes followed by the slot), a dynamic array's element at `keccak256(slot) + index × size`,
 * a static array's and a struct member's at an offset from their base, nested as deep as the
 * expression goes. From a verified layout (`credit[0x…]`, `grants[a][b]`, `plans[2].keeper`) or
 * by hand ("mapping at slot N with key K"). No React.
 */
import {
  concat,
  encodeAbiParameters,
  isAddress,
  isHex,
  keccak256,
  numberToHex,
  padHex,
  stringToHex,
  type Hex,
} from "viem";
import type { StorageLayout } from "../../chain/solidity";

/** A slot as the override editor wants it: a full 32-byte word. */
export function slotHex(slot: bigint): Hex {
  return numberToHex(slot, { size: 32 });
}

/** The kinds of mapping key the manual helper offers (and a layout's key types fall into). */
export type KeyKind = "address" | "uint" | "int" | "bytes32" | "bool" | "string";

export const KEY_KINDS: readonly KeyKind[] = [
  "address",
  "uint",
  "int",
  "bytes32",
  "bool",
  "string",
];

function parseInteger(text: string): bigint | null {
  const t = text.trim();
  if (/^-?\d+$/.test(t)) return BigInt(t);
  if (/^0x[0-9a-fA-F]+$/.test(t)) return BigInt(t);
  return null;
}

/** A slot typed as decimal or 0x hex, or null when it is neither (or outside 256 bits). */
export function parseSlot(text: string): bigint | null {
  const n = parseInteger(text);
  return n !== null && n >= 0n && n < 2n ** 256n ? n : null;
}

/** The key's 32-byte ABI word (or, for a string key, its bytes), or an error to show. */
export function encodeKey(
  kind: KeyKind,
  text: string,
): { ok: true; bytes: Hex } | { ok: false; error: string } {
  const t = text.trim();
  switch (kind) {
    case "address":
      if (!isAddress(t, { strict: false }))
        return { ok: false, error: "Not an address (0x and 40 hex digits)." };
      // Any case is the same account: the word is the 20 bytes, left-padded.
      return { ok: true, bytes: padHex(`0x${t.slice(2).toLowerCase()}`, { size: 32 }) };
    case "uint": {
      const n = parseInteger(t);
      if (n === null || n < 0n || n >= 2n ** 256n)
        return { ok: false, error: "Not an unsigned integer (decimal or 0x hex)." };
      return { ok: true, bytes: encodeAbiParameters([{ type: "uint256" }], [n]) };
    }
    case "int": {
      const n = parseInteger(t);
      if (n === null || n < -(2n ** 255n) || n >= 2n ** 255n)
        return { ok: false, error: "Not a signed integer." };
      return { ok: true, bytes: encodeAbiParameters([{ type: "int256" }], [n]) };
    }
    case "bytes32":
      if (!isHex(t) || t.length > 66)
        return { ok: false, error: "Not 0x hex of at most 32 bytes." };
      // bytesN keys are left-aligned, as the ABI encodes them.
      return { ok: true, bytes: padHex(t, { size: 32, dir: "right" }) };
    case "bool":
      if (t !== "true" && t !== "false") return { ok: false, error: "true or false." };
      return { ok: true, bytes: encodeAbiParameters([{ type: "bool" }], [t === "true"]) };
    case "string":
      // A quoted key is read without its quotes; a string key is hashed as its UTF-8 bytes.
      return { ok: true, bytes: stringToHex(t.replace(/^"(.*)"$/s, "$1")) };
  }
}

/** The slot of `mapping[key]` for a mapping at `slot`: keccak256(key ‖ slot). */
export function mappingSlot(key: Hex, slot: bigint): bigint {
  return BigInt(keccak256(concat([key, slotHex(slot)])));
}

/** Where a dynamic array's data starts: keccak256(slot). */
export function arrayBase(slot: bigint): bigint {
  return BigInt(keccak256(slotHex(slot)));
}

const WORD_SPACE = 2n ** 256n;

/** The slot of element `index` of a dynamic array at `slot`, each element `slotsPer` slots long. */
export function dynamicArraySlot(slot: bigint, index: bigint, slotsPer = 1n): bigint {
  return (arrayBase(slot) + index * slotsPer) % WORD_SPACE;
}

/** The manual helper: "mapping at slot N with key K". */
export function manualMappingSlot(
  slotText: string,
  kind: KeyKind,
  keyText: string,
): { ok: true; slot: Hex } | { ok: false; error: string } {
  const slot = parseSlot(slotText);
  if (slot === null)
    return { ok: false, error: "The mapping's slot is a number (decimal or 0x hex)." };
  const key = encodeKey(kind, keyText);
  if (!key.ok) return key;
  return { ok: true, slot: slotHex(mappingSlot(key.bytes, slot)) };
}

/** The manual helper for arrays: "dynamic array at slot N, element I" (one slot per element). */
export function manualArraySlot(
  slotText: string,
  indexText: string,
): { ok: true; slot: Hex } | { ok: false; error: string } {
  const slot = parseSlot(slotText);
  if (slot === null)
    return { ok: false, error: "The array's slot is a number (decimal or 0x hex)." };
  const index = parseInteger(indexText);
  if (index === null || index < 0n)
    return { ok: false, error: "The index is a whole number (decimal or 0x hex)." };
  return { ok: true, slot: slotHex(dynamicArraySlot(slot, index)) };
}

type Types = NonNullable<StorageLayout["types"]>;
type TypeInfo = Types[string];

/** What a layout's key type hashes as. */
function keyKindOf(t: TypeInfo | undefined): KeyKind | null {
  if (!t) return null;
  const l = t.label;
  if (t.encoding === "bytes") return "string";
  if (l === "address" || l.startsWith("contract ") || l.startsWith("address ")) return "address";
  if (l.startsWith("uint") || l.startsWith("enum ")) return "uint";
  if (l.startsWith("int")) return "int";
  if (l === "bool") return "bool";
  if (/^bytes\d+$/.test(l)) return "bytes32";
  return null;
}

/** One step of an expression: `.name` or `[key]`. */
type Step = { kind: "member"; name: string } | { kind: "index"; text: string };

function parseExpression(text: string): { root: string; steps: Step[] } | null {
  const t = text.trim();
  const head = /^[A-Za-z_$][\w$]*/.exec(t);
  if (!head) return null;
  const steps: Step[] = [];
  let rest = t.slice(head[0].length);
  while (rest.length > 0) {
    rest = rest.trimStart();
    if (rest.startsWith(".")) {
      const m = /^\.\s*([A-Za-z_$][\w$]*)/.exec(rest);
      if (!m?.[1]) return null;
      steps.push({ kind: "member", name: m[1] });
      rest = rest.slice(m[0].length);
    } else if (rest.startsWith("[")) {
      // A quoted string key may hold "]": read to the closing quote first.
      const m = /^\[\s*("(?:[^"\\]|\\.)*"|[^\]]*?)\s*\]/.exec(rest);
      if (!m || m[1] === undefined) return null;
      steps.push({ kind: "index", text: m[1] });
      rest = rest.slice(m[0].length);
    } else return null;
  }
  return { root: head[0], steps };
}

export interface ComputedSlot {
  slot: Hex;
  /** Byte offset inside the slot (packed values), from the right, as solc counts it. */
  offset: number;
  /** The value's type there, as the layout labels it. */
  type: string;
  /** The steps taken, for the user to check: "credit (slot 3) → [0x70…] → keccak". */
  path: string;
}

/** The variable names of a layout, for the helper's suggestions. */
export function layoutVariables(layout: StorageLayout): { label: string; type: string }[] {
  return layout.storage.map((s) => ({
    label: s.label,
    type: layout.types?.[s.type]?.label ?? s.type,
  }));
}

/**
 * The slot of an expression over a layout's variables: `owner`, `credit[0x…]`,
 * `grants[0x…][0x…]`, `marks[2]`, `plans[2].keeper`, `tagged["rent"]`.
 */
export function slotFromLayout(
  layout: StorageLayout,
  expression: string,
): { ok: true; value: ComputedSlot } | { ok: false; error: string } {
  const parsed = parseExpression(expression);
  if (!parsed)
    return {
      ok: false,
      error: "Write a variable with its keys, e.g. balances[0x…] or plans[2].keeper.",
    };
  const item = layout.storage.find((s) => s.label === parsed.root);
  if (!item) {
    const names = layout.storage.map((s) => s.label).join(", ");
    return { ok: false, error: `No variable ${parsed.root} in this layout (it has ${names}).` };
  }
  const types: Types = layout.types ?? {};
  let slot = BigInt(item.slot);
  let offset = item.offset;
  let typeId = item.type;
  const path: string[] = [`${item.label} (slot ${slot})`];
  for (const step of parsed.steps) {
    const t = types[typeId];
    if (!t) return { ok: false, error: `The layout does not describe the type ${typeId}.` };
    if (step.kind === "member") {
      const m = t.members?.find((x) => x.label === step.name);
      if (!m) {
        const names = (t.members ?? []).map((x) => x.label).join(", ");
        return {
          ok: false,
          error: names
            ? `${t.label} has no member ${step.name} (it has ${names}).`
            : `${t.label} is not a struct: .${step.name} does not apply.`,
        };
      }
      slot += BigInt(m.slot);
      offset = m.offset;
      typeId = m.type;
      path.push(`.${m.label} (+${m.slot})`);
      continue;
    }
    if (t.encoding === "mapping") {
      const kind = keyKindOf(t.key ? types[t.key] : undefined);
      if (!kind || !t.value)
        return { ok: false, error: `Keys of ${t.label} cannot be computed here.` };
      const key = encodeKey(kind, step.text);
      if (!key.ok) return { ok: false, error: `[${step.text}]: ${key.error}` };
      slot = mappingSlot(key.bytes, slot);
      offset = 0;
      typeId = t.value;
      path.push(`[${step.text}] → keccak256(key ‖ slot)`);
      continue;
    }
    const index = parseInteger(step.text);
    if (index === null || index < 0n)
      return { ok: false, error: `[${step.text}]: an array index is a whole number.` };
    const base = t.base ? types[t.base] : undefined;
    if (!t.base || !base) return { ok: false, error: `${t.label} cannot be indexed.` };
    const size = BigInt(base.numberOfBytes);
    // Elements of 16 bytes or less share slots (several per word); larger ones take whole slots.
    const perSlot = size <= 16n ? 32n / size : 1n;
    const slotsPer = size <= 16n ? 1n : (size + 31n) / 32n;
    const slotStep = size <= 16n ? index / perSlot : index * slotsPer;
    const byteOffset = size <= 16n ? Number((index % perSlot) * size) : 0;
    if (t.encoding === "dynamic_array") {
      slot = (arrayBase(slot) + slotStep) % WORD_SPACE;
      path.push(`[${index}] → keccak256(slot) + ${slotStep}`);
    } else if (t.encoding === "inplace" && /\[\d+\]$/.test(t.label)) {
      const length = BigInt(/\[(\d+)\]$/.exec(t.label)?.[1] ?? "0");
      if (index >= length)
        return { ok: false, error: `[${index}]: ${t.label} has ${length} elements.` };
      slot += slotStep;
      path.push(`[${index}] (+${slotStep})`);
    } else return { ok: false, error: `${t.label} cannot be indexed.` };
    offset = byteOffset;
    typeId = t.base;
  }
  const final = types[typeId];
  return {
    ok: true,
    value: { slot: slotHex(slot), offset, type: final?.label ?? typeId, path: path.join(" ") },
  };
}
