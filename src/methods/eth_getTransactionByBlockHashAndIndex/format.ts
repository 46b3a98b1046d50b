/**
 * Readings of raw values, exact: wei through bigint arithmetic only (no floating point), so
 * 1 wei reads as 0.000000000000000001 ETH and 2^256 − 1 wei keeps every digit.
 */
import { formatDecimal, formatWei } from "../../chain";

/** "1.5 ETH · 1,500,000,000 gwei" */
export function weiReading(wei: bigint, symbol = "ETH"): string {
  return `${formatWei(wei, "ether", { thousands: true })} ${symbol} · ${formatWei(wei, "gwei", { thousands: true })} gwei`;
}

/** A per-gas price reads best in gwei first: "1.000000001 gwei · 0.000000001000000001 ETH". */
export function gasPriceReading(wei: bigint, symbol = "ETH"): string {
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

const CHAINS: Record<string, { name: string; symbol: string }> = {
  "1": { name: "Ethereum", symbol: "ETH" },
  "10": { name: "OP Mainnet", symbol: "ETH" },
  "56": { name: "BNB Smart Chain", symbol: "BNB" },
  "97": { name: "BNB Smart Chain testnet", symbol: "tBNB" },
  "137": { name: "Polygon", symbol: "POL" },
  "204": { name: "opBNB", symbol: "BNB" },
  "5611": { name: "opBNB testnet", symbol: "tBNB" },
  "8453": { name: "Base", symbol: "ETH" },
  "31337": { name: "Anvil (local)", symbol: "ETH" },
  "42161": { name: "Arbitrum One", symbol: "ETH" },
  "42170": { name: "Arbitrum Nova", symbol: "ETH" },
  "11155111": { name: "Sepolia", symbol: "ETH" },
};

export function chainName(chainId: bigint): string | null {
  return CHAINS[chainId.toString(10)]?.name ?? null;
}

/** The native unit's symbol for a chain id; ETH when the chain is not one this app knows. */
export function nativeSymbol(chainId: bigint | null): string {
  if (chainId === null) return "ETH";
  return CHAINS[chainId.toString(10)]?.symbol ?? "ETH";
}

/** Byte length of 0x data (rounded up for an odd digit count). */
export function byteLength(hex: string): number {
  return Math.ceil((hex.length - 2) / 2);
}
