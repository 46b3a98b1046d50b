/**
 * The one short form of a long hex value (shortHex.ts, re-exported) for dense rows and titles,
 * and the one written form of an address (EIP-55 checksum). Pure; the views show the whole value
 * in the title or the detail beside it.
 */
import { getAddress } from "viem";
import { shortHex } from "./shortHex";

export { shortHex };

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
