/**
 * Reading a token's `symbol()` and `decimals()` with eth_call: the call data, and lenient
 * decoding of the answers (old tokens such as MKR return `bytes32` symbols; some return nothing).
 */
import { decodeAbiParameters, hexToString, type Hex } from "viem";

// Written out (tokenMeta.test.ts checks them): no keccak while the page's modules load.
/** symbol() */
export const SYMBOL_CALL: Hex = "0x95d89b41";
/** decimals() */
export const DECIMALS_CALL: Hex = "0x313ce567";

/** A symbol from an ABI-encoded `string` or a `bytes32`; null when it is neither or not printable. */
export function decodeSymbol(data: string | null | undefined): string | null {
  if (typeof data !== "string" || !/^0x[0-9a-fA-F]*$/.test(data) || data.length < 66) return null;
  let text: string | null = null;
  if (data.length >= 130) {
    try {
      [text] = decodeAbiParameters([{ type: "string" }], data as Hex);
    } catch {
      text = null;
    }
  }
  if (text === null && data.length === 66) {
    text = hexToString(data as Hex).replace(/\0+$/, "");
  }
  if (text === null) return null;
  const clean = text.trim();
  return clean.length > 0 && clean.length <= 32 && /^[\x20-\x7e]+$/.test(clean) ? clean : null;
}

/** `decimals()` as a number when it is a sane one (0–77: 10^77 is the largest power in uint256). */
export function decodeDecimals(data: string | null | undefined): number | null {
  if (typeof data !== "string" || !/^0x[0-9a-fA-F]{64,}$/.test(data)) return null;
  const n = BigInt(data.slice(0, 66));
  return n <= 77n ? Number(n) : null;
}
