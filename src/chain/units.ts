import { formatUnits, parseUnits } from "viem";
import { MAX_UINT256, type CheckResult } from "./hex";

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

/** A bigint in decimal, grouped in thousands: 1234567n → "1,234,567". */
export function formatDecimal(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  return `${negative ? "-" : ""}${groupThousands(digits)}`;
}

/** Gas amounts are whole numbers; shown grouped in thousands. */
export function formatGas(gas: bigint): string {
  return formatDecimal(gas);
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
export function unitLabel(unit: EtherUnit, nativeSymbol = "ETH"): string {
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

/**
 * Parses an amount typed by a user in `unit` to wei, exactly. Accepts `1.5`, `.5`, `1_000`;
 * hex (`0x…`) only when the unit is wei. Refuses negatives, more decimals than the unit has,
 * exponents, and values above 2^256 − 1 wei, saying which.
 */
export function parseValueInput(
  text: string,
  unit: EtherUnit = "ether",
  nativeSymbol = "ETH",
): CheckResult<bigint> {
  const label = unitLabel(unit, nativeSymbol);
  const raw = text.trim().replace(/_/g, "");
  if (raw === "") return { ok: false, message: "is empty" };
  if (raw.startsWith("-")) return { ok: false, message: "must not be negative" };
  let wei: bigint;
  if (/^0x/i.test(raw)) {
    if (unit !== "wei")
      return {
        ok: false,
        message: "hex values are in wei: switch the unit to wei, or type a decimal",
      };
    const digits = raw.slice(2);
    if (!/^[0-9a-fA-F]+$/.test(digits)) return { ok: false, message: "is not a valid hex number" };
    wei = BigInt(`0x${digits}`);
  } else {
    if (raw.includes(",")) {
      return {
        ok: false,
        message: "use . as the decimal point and no thousands separators (e.g. 1234.5)",
      };
    }
    if (/[eE]/.test(raw) && /^[\d.]+[eE][+-]?\d+$/.test(raw)) {
      return { ok: false, message: "must be written out in full (no exponent like 1e18)" };
    }
    if (!/^(\d+\.?\d*|\.\d+)$/.test(raw)) {
      return { ok: false, message: `is not a number: type an amount in ${label}, e.g. 1.5` };
    }
    const decimals = UNIT_DECIMALS[unit];
    const frac = raw.includes(".") ? (raw.split(".")[1] ?? "") : "";
    if (frac.length > decimals) {
      // "ether has at most 18 decimals" on Ethereum; the chain's own symbol elsewhere (BNB, POL…).
      const name = unit === "ether" && nativeSymbol !== "ETH" ? nativeSymbol : unit;
      const message =
        decimals === 0
          ? `${name} has no decimals: type a whole number`
          : `${name} has at most ${decimals} decimals`;
      return { ok: false, message };
    }
    wei = parseUnits(raw, decimals);
  }
  if (wei > MAX_UINT256)
    return { ok: false, message: "is too large: the maximum is 2^256 − 1 wei" };
  return { ok: true, value: wei };
}
