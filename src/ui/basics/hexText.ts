/**
 * The one short form of a long hex value (an address, a hash, a topic) for dense rows and titles,
 * and the one written form of an address (EIP-55 checksum). Pure; the views show the whole value
 * in the title or the detail beside it.
 */
import { getAddress } from "viem";

/** "0x123456…abcd": the first 6 and last 4 hex digits; short values (≤ 14 characters) whole. */
export function shortHex(value: string | null | undefined): string {
  if (!value) return "—";
  return value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-4)}` : value;
}

/** An address in its EIP-55 checksummed form; anything that is not one, as it stands. */
export function checksumOf(value: string): string {
  try {
    // viem keeps the checksums it computed (an LRU), so a row drawn again costs a lookup.
    return getAddress(value.toLowerCase());
  } catch {
    return value;
  }
}

/** An address short and checksummed: "0xAbCd12…9fE1". */
export function shortAddress(value: string | null | undefined): string {
  return value ? shortHex(checksumOf(value)) : "—";
}
