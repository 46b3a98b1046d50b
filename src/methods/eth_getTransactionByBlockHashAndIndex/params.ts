/**
 * The lookup in its three shapes: the form's strings, the URL's search params (`blockHash`,
 * `index` — decimal or 0x hex, as typed or linked) and the JSON-RPC params
 * `[blockHash, "0x<index>"]`. One checker serves the form and deep links, so a bad link shows the
 * same field messages as bad typing, and sends nothing. The house vocabulary: `fromSearch`
 * (URL → form values), `checkValues` (form values → the checked lookup), `toSearch` (→ URL),
 * `toParams` (→ JSON-RPC params).
 */
import { z } from "zod";
import { checkHash32, MAX_UINT64, parseQuantityInput, toQuantity } from "../../chain/hex";

export const BLOCK_HASH_LABEL = "Block hash";
export const INDEX_LABEL = "Transaction index";

export interface TxFormValues {
  blockHash: string;
  index: string;
}

/** A checked lookup: the block hash lower-cased, the index as a number of transactions. */
export interface TxLookup {
  blockHash: `0x${string}`;
  index: bigint;
}

export const emptyForm = (): TxFormValues => ({ blockHash: "", index: "" });

/** A message per field that is wrong. */
export type FieldProblems = Partial<Record<keyof TxFormValues, string>>;

/** Why the typed block hash is not a 32-byte hash, as a sentence naming the field; null if it is. */
export function checkBlockHash(input: string): string | null {
  const text = input.trim();
  if (text === "") return `${BLOCK_HASH_LABEL} is required: 0x followed by 64 hex digits`;
  const r = checkHash32(text);
  if (r.ok) return null;
  if (/^[0-9a-fA-F]{64}$/.test(text))
    return `${BLOCK_HASH_LABEL} must start with 0x (add 0x before the 64 hex digits)`;
  return `${BLOCK_HASH_LABEL} ${r.message}`;
}

/** Why the typed index is not a transaction index; null if it is. */
export function checkIndex(input: string): string | null {
  if (input.trim() === "") return `${INDEX_LABEL} is required: a number such as 0, 5 or 0x5`;
  const r = parseQuantityInput(input, MAX_UINT64, "2^64 − 1");
  return r.ok ? null : `${INDEX_LABEL} ${r.message}`;
}

export function checkValues(
  values: TxFormValues,
): { ok: true; lookup: TxLookup } | { ok: false; errors: FieldProblems } {
  const errors: FieldProblems = {};
  const hashProblem = checkBlockHash(values.blockHash);
  if (hashProblem) errors.blockHash = hashProblem;
  const idxProblem = checkIndex(values.index);
  if (idxProblem) errors.index = idxProblem;
  const hash = checkHash32(values.blockHash.trim());
  const idx = parseQuantityInput(values.index, MAX_UINT64);
  if (hashProblem || idxProblem || !hash.ok || !idx.ok) return { ok: false, errors };
  return { ok: true, lookup: { blockHash: hash.value, index: idx.value } };
}

const formShape = z.object({ blockHash: z.string(), index: z.string() });

/** The form's schema (react-hook-form via zodResolver): the strings in, the checked lookup out. */
export const txFormSchema = formShape.transform((values, ctx): TxLookup => {
  const r = checkValues(values);
  if (!r.ok) {
    for (const [path, message] of Object.entries(r.errors))
      ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  }
  return r.lookup;
});

/** What a route's search params ask for: nothing yet, a lookup to run, or a link with field errors. */
export type SearchState =
  | { kind: "empty"; values: TxFormValues; errors: FieldProblems }
  | { kind: "invalid"; values: TxFormValues; errors: FieldProblems }
  | { kind: "ok"; values: TxFormValues; errors: FieldProblems; lookup: TxLookup };

export function fromSearch(search: URLSearchParams): SearchState {
  const values: TxFormValues = {
    blockHash: search.get("blockHash") ?? "",
    index: search.get("index") ?? "",
  };
  if (values.blockHash === "" && values.index === "") return { kind: "empty", values, errors: {} };
  // A link with only the block hash means its first transaction.
  const withIndex =
    values.index === "" && values.blockHash !== "" ? { ...values, index: "0" } : values;
  const r = checkValues(withIndex);
  return r.ok
    ? { kind: "ok", values: withIndex, errors: {}, lookup: r.lookup }
    : { kind: "invalid", values, errors: r.errors };
}

/** The URL params for a lookup (the index in decimal, which reads best in a shared link). */
export function toSearch(lookup: TxLookup): Record<string, string> {
  return { blockHash: lookup.blockHash, index: lookup.index.toString(10) };
}

/** The exact JSON-RPC params: `[blockHash, index as a hex quantity]`. */
export function toParams(lookup: TxLookup): [string, string] {
  return [lookup.blockHash, toQuantity(lookup.index)];
}
