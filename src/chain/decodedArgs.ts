/**
 * Decoded ABI values as display text (no React): what calldata, return data, log and revert
 * decoding share. Values are plain strings, never markup.
 */
import { getAddress, isAddress, type AbiParameter } from "viem";
import { isRecord } from "../rpc";
import { formatDecimal } from "./units";

/** Hex data: 0x and whole bytes. */
export const HEX_DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;

/** One decoded argument: `value` is for display (a plain string, never markup), `raw` is what viem decoded. */
export interface DecodedArg {
  /** The ABI param name, or "" when the ABI leaves it unnamed. */
  name: string;
  type: string;
  /** The exact text: what is copied, exported and filtered on (integers as bare digits). */
  value: string;
  /** The text people read: integers grouped in thousands (`5,000,000`); `value` when absent. */
  shown?: string;
  raw: unknown;
}

/** How a decoded argument reads: its grouped text where it has one, else its exact text. */
export function shownArg(a: Pick<DecodedArg, "value" | "shown">): string {
  return a.shown ?? a.value;
}

export function fallbackText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (value === null || value === undefined) return String(value);
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}

function formatValue(
  value: unknown,
  param: AbiParameter,
  nested: boolean,
  grouped = false,
): string {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array !== null) {
    const inner = { ...param, type: array[1] ?? "" } as AbiParameter;
    if (!Array.isArray(value)) return fallbackText(value);
    return `[${value.map((v) => formatValue(v, inner, true, grouped)).join(", ")}]`;
  }
  if (param.type === "tuple") {
    const components: readonly AbiParameter[] = "components" in param ? param.components : [];
    if (Array.isArray(value)) {
      return `(${value.map((v, i) => formatValue(v, components[i] ?? { type: "" }, true, grouped)).join(", ")})`;
    }
    if (isRecord(value)) {
      const parts = components.map((c, i) => {
        const key = c.name ?? String(i);
        return `${key}: ${formatValue(value[key], c, true, grouped)}`;
      });
      return `{${parts.join(", ")}}`;
    }
    return fallbackText(value);
  }
  if (
    param.type === "address" &&
    typeof value === "string" &&
    isAddress(value, { strict: false })
  ) {
    return getAddress(value);
  }
  if (param.type === "string" && typeof value === "string")
    return nested ? JSON.stringify(value) : value;
  if (param.type.startsWith("bytes") && typeof value === "string") return value.toLowerCase();
  if (
    grouped &&
    /^u?int\d*$/.test(param.type) &&
    (typeof value === "bigint" || typeof value === "number")
  )
    return formatDecimal(value);
  return fallbackText(value);
}

/**
 * A decoded value as display text: integers in decimal, addresses checksummed, bytes as hex,
 * arrays as `[a, b]`, tuples as `{name: v, …}` (or `(a, b)` when unnamed), strings as-is
 * (quoted when inside an array or tuple). Pass the ABI param to get tuple component names.
 */
export function formatArg(
  value: unknown,
  type: string | AbiParameter,
  options: { grouped?: boolean } = {},
): string {
  return formatValue(value, typeof type === "string" ? { type } : type, false, options.grouped);
}

export function toArgs(params: readonly AbiParameter[], values: readonly unknown[]): DecodedArg[] {
  return params.map((p, i) => ({
    name: p.name ?? "",
    type: p.type === "tuple" || p.type.startsWith("tuple[") ? tupleTypeName(p) : p.type,
    value: formatArg(values[i], p),
    shown: formatArg(values[i], p, { grouped: true }),
    raw: values[i],
  }));
}

/** `tuple` shown as its component types, e.g. `(address,uint256)[]`. */
export function tupleTypeName(p: AbiParameter): string {
  const components: readonly AbiParameter[] = "components" in p ? p.components : [];
  return `(${components.map((c) => (c.type.startsWith("tuple") ? tupleTypeName(c) : c.type)).join(",")})${p.type.slice(5)}`;
}
