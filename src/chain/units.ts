import { formatUnits } from "viem";
import { DEFAULT_NATIVE_SYMBOL } from "./nativeUnit";

export type EtherUnit = "ether" | "gwei" | "wei";

export const UNIT_DECIMALS: Record<EtherUnit, number> = { ether: 18, gwei: 9, wei: 0 };

export interface FormatOptions {
  /** Group the integer part in thousands with "," (default false). */
  thousands?: boolean;
}

/** Groups the digits of a non-negative decimal integer string in thousands. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The one way the app writes a count people read (blocks, gas, nonces, indexes, wei): decimal,
 * grouped in thousands: 1234567n → "1,234,567". A number is written whole (rounded); hex is
 * only ever the raw value shown beside it.
 */
export function formatDecimal(value: bigint | number): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return String(value);
    // any finite whole number is exactly a bigint (past 2^53 too)
    return formatDecimal(BigInt(Math.round(value)));
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  return `${negative ? "-" : ""}${groupThousands(digits)}`;
}

/**
 * A block as a link or form holds it, for people: a number in decimal with grouping, its hex form
 * kept beside it when that is how it was written ("0x30dd" → "12,509 (0x30dd)"); a tag
 * ("latest") or anything else as it stands.
 */
export function formatBlockParam(text: string): string {
  const t = text.trim();
  if (/^0x[0-9a-fA-F]+$/.test(t)) return `${formatDecimal(BigInt(t))} (${t})`;
  if (/^\d+$/.test(t)) return formatDecimal(BigInt(t));
  return t;
}

/**
 * Wei in the given unit, exactly (bigint arithmetic, no float), trailing zeros trimmed:
 * 1500000000000000000n, "ether" → "1.5"; 1n, "ether" → "0.000000000000000001".
 */
export function formatWei(
  wei: bigint,
  unit: EtherUnit = "ether",
  options: FormatOptions = {},
): string {
  const text = formatUnits(wei, UNIT_DECIMALS[unit]);
  if (!options.thousands) return text;
  const negative = text.startsWith("-");
  const body = negative ? text.slice(1) : text;
  const [int = "0", frac] = body.split(".");
  return `${negative ? "-" : ""}${groupThousands(int)}${frac === undefined ? "" : `.${frac}`}`;
}

/** The label of a unit: the chain's native symbol for "ether" (ETH, BNB, POL…), else gwei/wei. */
export function unitLabel(unit: EtherUnit, nativeSymbol = DEFAULT_NATIVE_SYMBOL): string {
  return unit === "ether" ? nativeSymbol : unit;
}

/** Wei with its unit label: formatNative(10n ** 18n) → "1 ETH"; ("gwei") → "1,000,000,000 gwei" with thousands. */
export function formatNative(
  wei: bigint,
  options: FormatOptions & { unit?: EtherUnit; nativeSymbol?: string } = {},
): string {
  const unit = options.unit ?? "ether";
  return `${formatWei(wei, unit, options)} ${unitLabel(unit, options.nativeSymbol)}`;
}
