/**
 * What a variable's type is, read from the compiler's AST (its `typeName`), in the few shapes the
 * decoders know: value types, `bytes`/`string`, arrays, structs with their members, mappings.
 * No React.
 */

export type VarType =
  | { kind: "uint" | "int"; bits: number; label: string }
  | { kind: "address" | "bool"; label: string }
  | { kind: "fixedBytes"; size: number; label: string }
  | { kind: "enum"; members: string[]; label: string }
  | { kind: "bytes" | "string"; label: string }
  | { kind: "array"; base: VarType; length: number | null; label: string }
  | { kind: "struct"; members: { name: string; type: VarType }[]; label: string }
  | { kind: "mapping"; label: string }
  | { kind: "other"; label: string };

/** Where a variable's value lives: on the stack itself, or what its stack word points into. */
export type DataLocation = "stack" | "memory" | "calldata" | "storage";

/** True for a type whose value is a reference (its stack word points into memory, calldata or storage). */
export function isReference(t: VarType): boolean {
  return (
    t.kind === "bytes" ||
    t.kind === "string" ||
    t.kind === "array" ||
    t.kind === "struct" ||
    t.kind === "mapping"
  );
}

/** True when a value of the type has a dynamic size (an ABI head holds an offset to it). */
export function isDynamic(t: VarType): boolean {
  if (t.kind === "bytes" || t.kind === "string") return true;
  if (t.kind === "array") return t.length === null || isDynamic(t.base);
  if (t.kind === "struct") return t.members.some((m) => isDynamic(m.type));
  return false;
}

/**
 * Stack slots a variable takes in the legacy pipeline: a dynamic calldata array, `bytes` or
 * `string` is two words (its offset in the input, then its length); anything else one.
 */
export function stackSlots(t: VarType, location: DataLocation): number {
  if (location !== "calldata") return 1;
  return t.kind === "bytes" || t.kind === "string" || (t.kind === "array" && t.length === null)
    ? 2
    : 1;
}

/** The ABI head size in calldata of a value of the type (static types inline, dynamic ones a word). */
export function calldataHeadSize(t: VarType): number {
  if (isDynamic(t)) return 32;
  if (t.kind === "array" && t.length !== null) return t.length * calldataHeadSize(t.base);
  if (t.kind === "struct") return t.members.reduce((n, m) => n + calldataHeadSize(m.type), 0);
  return 32;
}
