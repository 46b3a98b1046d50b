/**
 * The written form of numbers and moments every view shows (grouped digits, a UTC time), React-free
 * so the first paint (app/firstPaint) writes them the same way as the views (Values.tsx).
 */

/** Digits of a decimal string grouped in thousands, its fraction kept whole. */
export function groupDecimal(text: string): string {
  const negative = text.startsWith("-");
  const [int = "0", frac] = (negative ? text.slice(1) : text).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${frac === undefined ? "" : `.${frac}`}`;
}

// `ui` takes no data layer (lint): the grouping rule is chain/units.ts formatDecimal's, for bigints.
export const formatDecimal = (n: bigint) => groupDecimal(n.toString());

/** A count or an amount of gas, whole and grouped: "34,386" (no Intl: its first use in a page costs ~15 ms). */
export function groupedNumber(n: number | bigint): string {
  if (typeof n === "bigint") return formatDecimal(n);
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(n);
  // any finite whole number is exactly a bigint (past 2^53 too)
  return groupDecimal(Number.isSafeInteger(whole) ? String(whole) : BigInt(whole).toString());
}

/** "2026-11-26 16:05:00 UTC"; null past the range a Date holds. */
export function utcText(seconds: bigint): string | null {
  const ms = seconds * 1000n;
  if (ms > 8_640_000_000_000_000n || ms < -8_640_000_000_000_000n) return null;
  return new Date(Number(ms))
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, " UTC");
}
