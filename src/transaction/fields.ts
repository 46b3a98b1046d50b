/**
 * The transaction object's known fields, in the order the card shows them, their canonical
 * spelling, and a field's raw text as sent. No zod and no React: the first paint
 * (app/firstPaint/tx.ts) lists a link's fields with these, as the card's model (model.ts) and the
 * schema (txResponse.ts) do.
 */

/** Every field the card knows, in the order it shows them. */
export const KNOWN_FIELDS = [
  "hash",
  "type",
  "blockHash",
  "blockNumber",
  "blockTimestamp",
  "transactionIndex",
  "from",
  "nonce",
  "to",
  "creates",
  "value",
  "gas",
  "gasPrice",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "maxFeePerBlobGas",
  "input",
  "chainId",
  "accessList",
  "blobVersionedHashes",
  "authorizationList",
  "v",
  "standardV",
  "r",
  "s",
  "yParity",
  "raw",
  "publicKey",
  "requestId",
  "sourceHash",
  "mint",
  "isSystemTx",
] as const;
export type KnownField = (typeof KNOWN_FIELDS)[number];

const CANONICAL = new Map<string, string>(KNOWN_FIELDS.map((k) => [k.toLowerCase(), k]));

/**
 * Renames a known field spelled in another case (the spec's `publickey`, `chainid`) to its
 * canonical camelCase name. When a node sends both spellings, the canonical one wins and the
 * other stays as an unknown field, so nothing is lost.
 */
export function canonicalKeys(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  const entries = Object.entries(raw as Record<string, unknown>);
  const present = new Set(entries.map(([k]) => k));
  for (const [key, value] of entries) {
    const canonical = CANONICAL.get(key.toLowerCase());
    if (canonical && canonical !== key && !present.has(canonical) && !(canonical in out))
      out[canonical] = value;
    else out[key] = value;
  }
  return out;
}

/** A field's value as the node sent it, as text (a string as it stands, anything else as JSON). */
export function rawTextOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value);
}
