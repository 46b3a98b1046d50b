/**
 * An address typed by a user, checked (EIP-55) and checksummed with viem: apart from hex.ts so a
 * deep link's first request (app/boot.ts, the pages' early modules) loads without viem's hashing.
 */
import { getAddress, isAddress, type Address } from "viem";
import { checkFixedBytes, type CheckResult } from "./hex";

/**
 * Checks an address typed by a user. All-lower or all-upper case is accepted as is; mixed case
 * must carry a valid EIP-55 checksum (a wrong one usually means a mistyped character).
 * The value is the checksummed address.
 */
export function checkAddress(input: string): CheckResult<Address> {
  const r = checkFixedBytes(input, 20);
  if (!r.ok) return r;
  const digits = r.value;
  const candidate: Address = `0x${digits}`;
  const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixed && !isAddress(candidate, { strict: true })) {
    return {
      ok: false,
      message: `has an invalid EIP-55 checksum (mixed case); check for a typo, or type it all in lower case`,
    };
  }
  return { ok: true, value: getAddress(candidate.toLowerCase()) };
}
