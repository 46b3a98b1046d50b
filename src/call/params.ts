/**
 * The estimate form ↔ URL params ↔ JSON-RPC params. Every value a person types is checked here
 * with a precise message; the request is built only from values that passed, so bad input never
 * reaches the node. Amounts are bigint all the way (no floating point anywhere); units are
 * chain/units' (viem's parseUnits/formatUnits). The house vocabulary: `fromSearch` (URL → form
 * values and the request a link asks for), `checkValues` (form values → the checked request),
 * `toSearch` (→ URL), `toParams` (→ JSON-RPC params).
 */
import { getAddress, parseUnits } from "viem";
import { z } from "../platform/zod";
import {
  BLOCK_TAGS,
  formatBlockParam,
  formatDecimal,
  formatWei,
  MAX_UINT256,
  MAX_UINT64,
  parseBlockInput,
  toQuantity,
  UNIT_DECIMALS,
  type CheckResult,
  type EtherUnit,
} from "../chain";

export type Parsed<T> = CheckResult<T>;
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** In the order the unit picker lists them. */
export const VALUE_UNITS = ["wei", "gwei", "ether"] as const satisfies readonly EtherUnit[];
export type ValueUnit = (typeof VALUE_UNITS)[number];

/**
 * A decimal amount in `unit` (or a 0x hex amount in wei) → wei, exactly. Empty → null (not sent).
 */
export function parseValueAmount(text: string, unit: ValueUnit): Parsed<bigint | null> {
  const t = text.trim().replace(/_/g, "");
  if (t === "") return ok(null);
  if (t.startsWith("-")) return fail("Value cannot be negative.");
  if (/^0x/i.test(t)) {
    if (!/^0x[0-9a-f]+$/i.test(t))
      return fail("A hex value has only the digits 0-9 and a-f after 0x.");
    if (unit !== "wei")
      return fail(
        `A 0x value is in wei: pick wei as the unit, or type a decimal number of ${unit}.`,
      );
    const v = BigInt(t);
    return v > MAX_UINT256 ? fail("Value is too large: at most 2^256 − 1 wei.") : ok(v);
  }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === "" && (m[2] ?? "") === ""))
    return fail(
      `Value must be a number of ${unit}, e.g. ${unit === "ether" ? "1.5" : "1000"}${unit === "wei" ? " or 0x3e8" : ""}.`,
    );
  const decimals = UNIT_DECIMALS[unit];
  // Trailing zeros are not extra precision; more digits than the unit has would be rounded by
  // parseUnits, so they are refused first.
  const frac = (m[2] ?? "").replace(/0+$/, "");
  if (frac.length > decimals)
    return fail(
      unit === "wei"
        ? "wei is the smallest unit: a value in wei has no decimals."
        : `Too many decimals: ${unit} has at most ${decimals} (1 wei = ${formatWei(1n, unit)} ${unit}).`,
    );
  const wei = parseUnits(t, decimals);
  if (wei > MAX_UINT256) return fail("Value is too large: at most 2^256 − 1 wei.");
  return ok(wei);
}

/** The friendliest exact way to show `wei` in the form: ether or gwei when short, else wei. */
export function valueForForm(wei: bigint): { amount: string; unit: ValueUnit } {
  if (wei === 0n) return { amount: "0", unit: "wei" };
  if (wei % 10n ** 12n === 0n) return { amount: formatWei(wei, "ether"), unit: "ether" };
  if (wei % 10n ** 3n === 0n && wei >= 10n ** 9n)
    return { amount: formatWei(wei, "gwei"), unit: "gwei" };
  return { amount: wei.toString(), unit: "wei" };
}

/** A non-negative quantity typed as decimal or 0x hex → bigint. Empty → null (not sent). */
export function parseQuantity(
  text: string,
  name: string,
  max: bigint = MAX_UINT256,
): Parsed<bigint | null> {
  const t = text.trim().replace(/_/g, "");
  if (t === "") return ok(null);
  if (t.startsWith("-")) return fail(`${name} cannot be negative.`);
  let v: bigint;
  if (/^0x[0-9a-f]+$/i.test(t)) v = BigInt(t);
  else if (/^\d+$/.test(t)) v = BigInt(t);
  else if (/^\d*\.\d*$/.test(t))
    return fail(`${name} is a whole number (decimal like 21000, or hex like 0x5208).`);
  else return fail(`${name} must be a decimal number (21000) or 0x hex (0x5208).`);
  if (v > max)
    return fail(`${name} is too large: at most ${max === MAX_UINT64 ? "2^64 − 1" : "2^256 − 1"}.`);
  return ok(v);
}

/** An address, checksum checked when the letters are mixed case. Empty → null. */
export function parseAddress(text: string, name: string): Parsed<string | null> {
  const t = text.trim();
  if (t === "") return ok(null);
  if (!/^0x/i.test(t))
    return fail(`${name} must start with 0x (an address is 0x followed by 40 hex digits).`);
  const body = t.slice(2);
  const bad = /[^0-9a-fA-F]/.exec(body);
  if (bad) return fail(`${name} has a character that is not a hex digit: "${bad[0]}".`);
  if (body.length !== 40)
    return fail(`${name} must be 40 hex digits after 0x (this one has ${body.length}).`);
  const mixed = /[a-f]/.test(body) && /[A-F]/.test(body);
  if (mixed && getAddress(t) !== t)
    return fail(
      `${name} has a checksum that does not match: check it for a typo, or type it all in lower case.`,
    );
  return ok(t);
}

/** 0x-prefixed hex bytes. Empty → null. */
export function parseHexData(text: string, name: string): Parsed<string | null> {
  const t = text.trim();
  if (t === "") return ok(null);
  if (!/^0x/i.test(t)) return fail(`${name} must be hex bytes starting with 0x.`);
  const body = t.slice(2);
  const bad = /[^0-9a-fA-F]/.exec(body);
  if (bad)
    return fail(
      `${name} has a character that is not a hex digit: "${bad[0]}" at position ${bad.index + 2}.`,
    );
  if (body.length % 2 !== 0)
    return fail(
      `${name} has an odd number of hex digits (${body.length}): each byte is two digits.`,
    );
  return ok(`0x${body.toLowerCase()}`);
}

export { BLOCK_TAGS };

/** Empty → null (the block param is not sent); a tag; or a number (decimal or hex) → hex. */
export function parseBlock(text: string): Parsed<string | null> {
  const t = text.trim();
  // Digit-group underscores (1_000) are allowed in a number, as in the other quantity fields.
  const r = parseBlockInput(/^[0-9a-fx_]+$/i.test(t) ? t.replace(/_/g, "") : t);
  if (!r.ok)
    return fail(
      "Block must be empty (not sent), a tag (latest, earliest, pending, safe, finalized) or a block number.",
    );
  return ok(typeof r.value === "bigint" ? toQuantity(r.value) : r.value);
}

// ---------------------------------------------------------------------------------------------

export interface EstimateFormValues {
  from: string;
  to: string;
  value: string;
  valueUnit: ValueUnit;
  data: string;
  gas: string;
  gasPrice: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  nonce: string;
  block: string;
}

export const emptyForm = (): EstimateFormValues => ({
  from: "",
  to: "",
  value: "",
  valueUnit: "ether",
  data: "",
  gas: "",
  gasPrice: "",
  maxFeePerGas: "",
  maxPriorityFeePerGas: "",
  nonce: "",
  block: "",
});

/** The transaction object as sent (spec §2.1): only the fields the user gave, quantities in hex. */
export interface TxObject {
  from?: string;
  to?: string;
  value?: string;
  data?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
}

export interface EstimateRequest {
  tx: TxObject;
  /** null: the block param is omitted (not sent). */
  block: string | null;
}

type FieldName = keyof EstimateFormValues;
export type FieldProblems = Partial<Record<FieldName, string>>;

const QUANTITY_FIELDS = [
  ["gas", "Gas", MAX_UINT64],
  ["gasPrice", "Gas price", MAX_UINT256],
  ["maxFeePerGas", "Max fee per gas", MAX_UINT256],
  ["maxPriorityFeePerGas", "Max priority fee per gas", MAX_UINT256],
  ["nonce", "Nonce", MAX_UINT64],
] as const;

/** Checks every field; returns the request, or the message for each field that is wrong. */
export function checkValues(
  v: EstimateFormValues,
): { ok: true; request: EstimateRequest } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const tx: TxObject = {};
  const from = parseAddress(v.from, "From");
  if (!from.ok) problems.from = from.message;
  else if (from.value) tx.from = from.value;
  const to = parseAddress(v.to, "To");
  if (!to.ok) problems.to = to.message;
  else if (to.value) tx.to = to.value;
  const unit: ValueUnit = VALUE_UNITS.includes(v.valueUnit) ? v.valueUnit : "wei";
  const value = parseValueAmount(v.value, unit);
  if (!value.ok) problems.value = value.message;
  else if (value.value !== null) tx.value = toQuantity(value.value);
  const data = parseHexData(v.data, "Data");
  if (!data.ok) problems.data = data.message;
  else if (data.value && data.value !== "0x") tx.data = data.value;
  const quantities: Partial<Record<FieldName, bigint>> = {};
  for (const [key, label, max] of QUANTITY_FIELDS) {
    const q = parseQuantity(v[key], label, max);
    if (!q.ok) problems[key] = q.message;
    else if (q.value !== null) {
      tx[key] = toQuantity(q.value);
      quantities[key] = q.value;
    }
  }
  if (tx.gasPrice && (tx.maxFeePerGas || tx.maxPriorityFeePerGas) && !problems.gasPrice)
    problems.gasPrice =
      "Use either Gas price (legacy) or the max fee fields (EIP-1559), not both: nodes refuse a mix.";
  const maxFee = quantities.maxFeePerGas;
  const tip = quantities.maxPriorityFeePerGas;
  if (maxFee !== undefined && tip !== undefined && tip > maxFee && !problems.maxPriorityFeePerGas)
    problems.maxPriorityFeePerGas =
      "Max priority fee per gas cannot be higher than Max fee per gas.";
  if (!tx.to && !tx.data && !problems.to && !problems.data)
    problems.to =
      "Fill To (the account or contract called), or Data alone to estimate deploying it: an empty transaction has nothing to estimate.";
  const block = parseBlock(v.block);
  if (!block.ok) problems.block = block.message;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, request: { tx, block: block.ok ? block.value : null } };
}

/** The zod resolver for react-hook-form: the same checks, as field errors. */
export const estimateFormSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    value: z.string(),
    valueUnit: z.enum(VALUE_UNITS),
    data: z.string(),
    gas: z.string(),
    gasPrice: z.string(),
    maxFeePerGas: z.string(),
    maxPriorityFeePerGas: z.string(),
    nonce: z.string(),
    block: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const r = checkValues(v);
      if (r.ok) return;
      for (const [path, message] of Object.entries(r.problems))
        ctx.addIssue({ code: "custom", path: [path], message });
    }),
  );

/** The exact JSON-RPC params: `[tx]`, or `[tx, block]` when a block was given. */
export function toParams(r: EstimateRequest): [TxObject] | [TxObject, string] {
  return r.block === null ? [r.tx] : [r.tx, r.block];
}

export const SEARCH_KEYS = [
  "from",
  "to",
  "value",
  "data",
  "block",
  "gas",
  "gasPrice",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "nonce",
] as const;

/** URL params of a checked request: value and quantities as hex, block as tag or hex. */
export function toSearch(r: EstimateRequest): Record<string, string | undefined> {
  return { ...r.tx, block: r.block ?? undefined };
}

export interface LinkState {
  values: EstimateFormValues;
  request: EstimateRequest | null;
  problems: FieldProblems;
  /** The link names the transaction (`to` or `data`): it runs on load. */
  complete: boolean;
  /** The link has any form param at all. */
  any: boolean;
}

/** A deep link's params → the form values, and the request when they are all valid. */
export function fromSearch(search: URLSearchParams): LinkState {
  const get = (k: string) => (search.get(k) ?? "").trim();
  const values = emptyForm();
  values.from = get("from");
  values.to = get("to");
  values.data = get("data") || get("input");
  values.block = get("block");
  for (const [key] of QUANTITY_FIELDS) values[key] = get(key);
  const rawValue = get("value");
  if (rawValue !== "") {
    const hex = /^0x[0-9a-f]+$/i.test(rawValue)
      ? BigInt(rawValue)
      : /^\d+$/.test(rawValue)
        ? BigInt(rawValue)
        : null;
    if (hex !== null && hex <= MAX_UINT256) {
      const shown = valueForForm(hex);
      values.value = shown.amount;
      values.valueUnit = shown.unit;
    } else {
      values.value = rawValue;
      values.valueUnit = "wei";
    }
  }
  const any = SEARCH_KEYS.some((k) => get(k) !== "") || get("input") !== "";
  const r = checkValues(values);
  return {
    values,
    request: r.ok ? r.request : null,
    problems: r.ok ? {} : r.problems,
    complete: values.to !== "" || values.data !== "",
    any,
  };
}

/**
 * A call in one line, for a folded form: who calls what, with how much and which input, where (a
 * block number in decimal, its hex beside it: "at block 12,509 (0x30dd)"; a tag as it stands).
 */
export function describeCall(tx: TxObject, block: string | null): string {
  const parts = [
    tx.from ? `from ${tx.from}` : null,
    tx.to ? `to ${tx.to}` : "contract creation",
    tx.value ? `value ${formatDecimal(BigInt(tx.value))} wei` : null,
    tx.data
      ? `data ${tx.data.length > 74 ? `${tx.data.slice(0, 74)}… (${(tx.data.length - 2) / 2} bytes)` : tx.data}`
      : null,
    block
      ? /^0x[0-9a-f]+$/i.test(block)
        ? `at block ${formatBlockParam(block)}`
        : `at ${block}`
      : null,
  ];
  return parts.filter((p) => p !== null).join(" · ");
}
