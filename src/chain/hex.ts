import type { Hex } from "viem";

/** Result of checking text typed into a form: the parsed value, or one sentence saying what is wrong. */
export type CheckResult<T> = { ok: true; value: T } | { ok: false; message: string };

export const MAX_UINT256 = (1n << 256n) - 1n;
export const MAX_UINT64 = (1n << 64n) - 1n;

export const HEX_STRING_RE = /^0x[0-9a-fA-F]*$/;
export const HEX_DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
export const HASH32_RE = /^0x[0-9a-fA-F]{64}$/;
export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const QUANTITY_LENIENT_RE = /^0x[0-9a-fA-F]+$/;
export const QUANTITY_STRICT_RE = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;

export const BLOCK_TAGS = ["latest", "earliest", "pending", "safe", "finalized"] as const;
export type BlockTag = (typeof BLOCK_TAGS)[number];

export function isBlockTag(value: string): value is BlockTag {
  return (BLOCK_TAGS as readonly string[]).includes(value);
}

/** `0x` + lower-case hex, no leading zeros. Throws RangeError on negatives (not representable). */
export function toQuantity(value: bigint | number): Hex {
  const n = typeof value === "number" ? BigInt(value) : value;
  if (n < 0n) throw new RangeError(`a quantity cannot be negative (got ${n})`);
  return `0x${n.toString(16)}`;
}

/** Finds the first character that is not a hex digit in `digits`; `offset` is added to the 1-based position. */
function firstNonHex(digits: string, offset: number): string | null {
  for (let i = 0; i < digits.length; i++) {
    const ch = digits.charAt(i);
    if (!/[0-9a-fA-F]/.test(ch)) {
      const shown = /\s/.test(ch) ? "a space" : `'${ch}'`;
      return `contains a non-hex character ${shown} at position ${i + 1 + offset}`;
    }
  }
  return null;
}

/** Shared first steps: empty, prefix, non-hex characters. Positions are 1-based over the trimmed input. */
function checkHexCommon(input: string): CheckResult<string> {
  const text = input.trim();
  if (text === "") return { ok: false, message: "is empty" };
  if (!text.startsWith("0x")) {
    if (text.startsWith("0X"))
      return { ok: false, message: "must start with a lower-case 0x (found 0X)" };
    return { ok: false, message: "must start with 0x" };
  }
  const digits = text.slice(2);
  const bad = firstNonHex(digits, 2);
  if (bad !== null) return { ok: false, message: bad };
  return { ok: true, value: digits };
}

export function checkFixedBytes(input: string, size: number): CheckResult<string> {
  const common = checkHexCommon(input);
  if (!common.ok) return common;
  const digits = common.value;
  const expected = `must be ${size} bytes (${size * 2} hex digits)`;
  if (digits.length === 0) return { ok: false, message: `${expected} — got none after 0x` };
  if (digits.length % 2 !== 0) {
    return { ok: false, message: `${expected} — got ${digits.length} hex digits (an odd number)` };
  }
  if (digits.length !== size * 2) {
    const got = digits.length / 2;
    return { ok: false, message: `${expected} — got ${got} byte${got === 1 ? "" : "s"}` };
  }
  return { ok: true, value: digits };
}

/** Checks a 32-byte hash typed by a user; the value is lower-cased. */
export function checkHash32(input: string): CheckResult<Hex> {
  const r = checkFixedBytes(input, 32);
  if (!r.ok) return r;
  return { ok: true, value: `0x${r.value.toLowerCase()}` };
}

/** Checks hex data typed by a user (whole bytes); `0x` alone is valid (empty data). Value is lower-cased. */
export function checkHexData(input: string): CheckResult<Hex> {
  const common = checkHexCommon(input);
  if (!common.ok) return common;
  if (common.value.length % 2 !== 0) {
    return {
      ok: false,
      message: `must be whole bytes (an even number of hex digits) — got ${common.value.length} hex digits`,
    };
  }
  return { ok: true, value: `0x${common.value.toLowerCase()}` };
}

/**
 * Parses a non-negative integer typed by a user: decimal (`42`) or hex (`0x2a`), up to 2^256 − 1.
 * Refuses negatives, fractions, exponents and anything non-numeric, saying which.
 */
export function parseQuantityInput(
  input: string,
  max: bigint = MAX_UINT256,
  maxLabel = "2^256 − 1",
): CheckResult<bigint> {
  const text = input.trim();
  if (text === "") return { ok: false, message: "is empty" };
  if (text.startsWith("-")) return { ok: false, message: "must not be negative" };
  let value: bigint;
  if (text.startsWith("0x") || text.startsWith("0X")) {
    const digits = text.slice(2);
    if (digits === "") return { ok: false, message: "has no digits after 0x" };
    const bad = firstNonHex(digits, 2);
    if (bad !== null) return { ok: false, message: bad };
    value = BigInt(`0x${digits}`);
  } else {
    if (/^\d*\.\d*$/.test(text) && text !== ".") {
      return { ok: false, message: "must be a whole number (no decimal point)" };
    }
    if (/^\d+(\.\d*)?[eE][+-]?\d+$/.test(text)) {
      return { ok: false, message: "must be written out in full (no exponent like 1e18)" };
    }
    if (!/^\d+$/.test(text)) {
      return {
        ok: false,
        message:
          "is not a number: use decimal digits (e.g. 42) or hex starting with 0x (e.g. 0x2a)",
      };
    }
    value = BigInt(text);
  }
  if (value > max) return { ok: false, message: `is too large: the maximum is ${maxLabel}` };
  return { ok: true, value };
}

/** Why typed text is not a block; each form words it for its own field. */
export type BlockProblem = "negative" | "not-a-block" | "too-large";

/**
 * Parses a block typed by a user: empty (null: no block given), a tag in any case, or a number in
 * decimal or 0x hex up to `max`. The one block parser every form uses; the refusal comes back as
 * a kind, not a sentence, so each form keeps the wording its users already see.
 */
export function parseBlockInput(
  input: string,
  max: bigint = MAX_UINT64,
): { ok: true; value: BlockTag | bigint | null } | { ok: false; problem: BlockProblem } {
  const text = input.trim();
  if (text === "") return { ok: true, value: null };
  const lower = text.toLowerCase();
  if (isBlockTag(lower)) return { ok: true, value: lower };
  if (text.startsWith("-")) return { ok: false, problem: "negative" };
  if (!/^(?:0x[0-9a-f]+|\d+)$/i.test(text)) return { ok: false, problem: "not-a-block" };
  const n = BigInt(text);
  return n > max ? { ok: false, problem: "too-large" } : { ok: true, value: n };
}
