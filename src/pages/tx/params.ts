/**
 * The lookup in its three shapes: the form's strings, the URL's search params and the JSON-RPC
 * params. A transaction is found either by its own hash (`hash` → `eth_getTransactionByHash
 * [hash]`) or by its block's hash and its position there (`blockHash`, `index` — decimal or 0x
 * hex, as typed or linked → `[blockHash, "0x<index>"]`). A resolved hash lookup keeps `hash` in
 * the URL and adds where it was found (`blockHash`, `index`), so the link says both; `hash` wins
 * when a link or the form carries all three. One checker serves the form and deep links, so a bad link shows
 * the same field messages as bad typing, and sends nothing. The house vocabulary: `fromSearch`
 * (URL → form values), `checkValues` (form values → the checked lookup), `toSearch` (→ URL),
 * `toParams` (→ JSON-RPC params).
 */
import { checkHash32, MAX_UINT64, parseQuantityInput, toQuantity } from "../../chain/hex";

import { BLOCK_HASH_LABEL, INDEX_LABEL, TX_HASH_LABEL } from "./labels";

export { BLOCK_HASH_LABEL, INDEX_LABEL, TX_HASH_LABEL };

/**
 * The form's strings. Both ways of finding a transaction are on the form at once; which one runs
 * follows what is filled (see `checkValues`), so there is no mode to choose first.
 */
export interface TxFormValues {
  hash: string;
  blockHash: string;
  index: string;
}

/** A checked position: the block hash lower-cased, the index as a number of transactions. */
export interface BlockLookup {
  blockHash: `0x${string}`;
  index: bigint;
}

/** A checked transaction hash, lower-cased. */
export interface HashLookup {
  hash: `0x${string}`;
}

export type TxLookup = BlockLookup | HashLookup;

/** Sent to the same endpoint as the folder's method: the provider's transaction endpoint answers both. */
export const BY_HASH_METHOD = "eth_getTransactionByHash";

export const isHashLookup = (lookup: TxLookup): lookup is HashLookup => "hash" in lookup;

export const emptyForm = (): TxFormValues => ({ hash: "", blockHash: "", index: "" });

/** The message of a submit with every field empty, shown on the transaction hash field. */
export const NOTHING_TO_LOOK_UP = "Enter a transaction hash, or a block hash and index";

const filled = (text: string) => text.trim() !== "";

/**
 * The form holds a transaction hash and something in the block fields too: the hash is what runs
 * (a resolved hash lookup fills all three, so refusing would stop every edit of its hash).
 */
export const hashWinsOverBlock = (values: TxFormValues): boolean =>
  filled(values.hash) && (filled(values.blockHash) || filled(values.index));

/** A message per field that is wrong. */
export type FieldProblems = Partial<Record<keyof TxFormValues, string>>;

/** Why the typed text is not a 32-byte hash, as a sentence naming the field; null if it is. */
function checkHashField(label: string, input: string): string | null {
  const text = input.trim();
  if (text === "") return `${label} is required: 0x followed by 64 hex digits`;
  const r = checkHash32(text);
  if (r.ok) return null;
  if (/^[0-9a-fA-F]{64}$/.test(text))
    return `${label} must start with 0x (add 0x before the 64 hex digits)`;
  return `${label} ${r.message}`;
}

/** Why the typed block hash is not a 32-byte hash, as a sentence naming the field; null if it is. */
export function checkBlockHash(input: string): string | null {
  return checkHashField(BLOCK_HASH_LABEL, input);
}

/** Why the typed transaction hash is not a 32-byte hash; null if it is. */
export function checkTxHash(input: string): string | null {
  return checkHashField(TX_HASH_LABEL, input);
}

/** Why the typed index is not a transaction index; null if it is. */
export function checkIndex(input: string): string | null {
  if (input.trim() === "") return `${INDEX_LABEL} is required: a number such as 0, 5 or 0x5`;
  const r = parseQuantityInput(input, MAX_UINT64, "2^64 − 1");
  return r.ok ? null : `${INDEX_LABEL} ${r.message}`;
}

/**
 * Checks what was filled, and only that: a transaction hash runs by hash (the block fields are then
 * ignored, as typed); otherwise a block hash or an index asks for both, by position; nothing
 * filled is a message on the hash field.
 */
export function checkValues(
  values: TxFormValues,
): { ok: true; lookup: TxLookup } | { ok: false; errors: FieldProblems } {
  if (filled(values.hash)) {
    const hash = checkHash32(values.hash.trim());
    if (!hash.ok)
      return {
        ok: false,
        errors: { hash: checkTxHash(values.hash) ?? `${TX_HASH_LABEL} ${hash.message}` },
      };
    return { ok: true, lookup: { hash: hash.value } };
  }
  if (!filled(values.blockHash) && !filled(values.index))
    return { ok: false, errors: { hash: NOTHING_TO_LOOK_UP } };
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

/** What a route's search params ask for: nothing yet, a lookup to run, or a link with field errors. */
export type SearchState =
  | { kind: "empty"; values: TxFormValues; errors: FieldProblems }
  | { kind: "invalid"; values: TxFormValues; errors: FieldProblems }
  | { kind: "ok"; values: TxFormValues; errors: FieldProblems; lookup: TxLookup };

export function fromSearch(search: URLSearchParams): SearchState {
  const values: TxFormValues = {
    hash: search.get("hash") ?? "",
    blockHash: search.get("blockHash") ?? "",
    index: search.get("index") ?? "",
  };
  if (values.hash === "" && values.blockHash === "" && values.index === "")
    return { kind: "empty", values, errors: {} };
  // A link with only the block hash means its first transaction (typing one asks for the index).
  const withIndex =
    values.hash === "" && values.index === "" && values.blockHash !== ""
      ? { ...values, index: "0" }
      : values;
  const r = checkValues(withIndex);
  return r.ok
    ? { kind: "ok", values: withIndex, errors: {}, lookup: r.lookup }
    : { kind: "invalid", values, errors: r.errors };
}

/**
 * The URL params for a lookup (an index in decimal, which reads best in a shared link). A hash
 * lookup found in a block (`at`) carries that position too.
 */
export function toSearch(lookup: TxLookup, at?: BlockLookup | null): Record<string, string> {
  const position = isHashLookup(lookup) ? at : lookup;
  return {
    ...(isHashLookup(lookup) ? { hash: lookup.hash } : {}),
    ...(position ? { blockHash: position.blockHash, index: position.index.toString(10) } : {}),
  };
}

/**
 * The exact JSON-RPC params: `[hash]` for eth_getTransactionByHash, `[blockHash, index as a hex
 * quantity]` for eth_getTransactionByBlockHashAndIndex.
 */
export function toParams(lookup: HashLookup): [string];
export function toParams(lookup: BlockLookup): [string, string];
export function toParams(lookup: TxLookup): [string] | [string, string];
export function toParams(lookup: TxLookup): [string] | [string, string] {
  return isHashLookup(lookup) ? [lookup.hash] : [lookup.blockHash, toQuantity(lookup.index)];
}

/** Where a found transaction sits (its block hash and index), when the node says so. */
export function positionOf(tx: {
  blockHash: string | null;
  transactionIndex: bigint | null;
}): BlockLookup | null {
  if (tx.blockHash === null || tx.transactionIndex === null) return null;
  const hash = checkHash32(tx.blockHash);
  return hash.ok ? { blockHash: hash.value, index: tx.transactionIndex } : null;
}
