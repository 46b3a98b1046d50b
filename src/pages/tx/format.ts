/**
 * Readings of raw values, exact: wei through bigint arithmetic only (no floating point), so
 * 1 wei reads as 0.000000000000000001 of the native unit and 2^256 − 1 wei keeps every digit.
 */
import { formatDecimal, formatWei } from "../../chain";
import { DEFAULT_NATIVE_SYMBOL } from "../../chain/nativeUnit";

/** "1.5 <unit> · 1,500,000,000 gwei" */
export function weiReading(wei: bigint, symbol = DEFAULT_NATIVE_SYMBOL): string {
  return `${formatWei(wei, "ether", { thousands: true })} ${symbol} · ${formatWei(wei, "gwei", { thousands: true })} gwei`;
}

/** A per-gas price reads best in gwei first: "1.000000001 gwei · 0.000000001000000001 <unit>". */
export function gasPriceReading(wei: bigint, symbol = DEFAULT_NATIVE_SYMBOL): string {
  return `${formatWei(wei, "gwei", { thousands: true })} gwei · ${formatWei(wei, "ether", { thousands: true })} ${symbol}`;
}

export function decimalReading(n: bigint): string {
  return formatDecimal(n);
}

/** A unix timestamp (seconds) as a UTC ISO date; null when it is beyond what a Date holds. */
export function timestampReading(seconds: bigint): string | null {
  const ms = seconds * 1000n;
  if (ms > 8_640_000_000_000_000n) return null;
  return new Date(Number(ms)).toISOString().replace(".000Z", "Z");
}

/** Byte length of 0x data (rounded up for an odd digit count). */
export function byteLength(hex: string): number {
  return Math.ceil((hex.length - 2) / 2);
}
