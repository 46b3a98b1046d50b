/**
 * The one short form of a long hex value (an address, a hash, a topic) for dense rows and titles.
 * Apart from the address checksum (hexText.ts, viem's keccak), so the first paint's rows
 * (app/firstPaint: the logs' and the trace's light rows) load no hashing code.
 */

/** "0x123456…abcd": the first 6 and last 4 hex digits; short values (≤ 14 characters) whole. */
export function shortHex(value: string | null | undefined): string {
  if (!value) return "—";
  return value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-4)}` : value;
}
