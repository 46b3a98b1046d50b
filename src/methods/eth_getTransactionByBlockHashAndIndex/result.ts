/**
 * The result of eth_getTransactionByBlockHashAndIndex, checked at the edge: the spec's transaction
 * response object (§2.4) plus what real nodes send (typed transactions, blobs, set-code,
 * OpenEthereum extras, Arbitrum and OP-stack fields). Unknown fields are kept, never a parse
 * failure; the spec's lower-case spellings (`publickey`, `chainid`, …) are accepted and renamed to
 * the canonical camelCase the card shows. `null` (no transaction at that index) is a result, not
 * an error.
 */
import { z } from "zod";
import { address, hash32, hexString, quantity } from "../../chain/hex";

const accessListEntry = z.looseObject({
  address,
  storageKeys: z.array(hash32),
});

const authorization = z.looseObject({
  chainId: quantity.optional(),
  address: address.optional(),
  nonce: quantity.optional(),
  yParity: quantity.optional(),
  v: quantity.optional(),
  r: hexString.optional(),
  s: hexString.optional(),
});

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

const nullableQuantity = quantity.nullable().optional();

export const txObjectShape = z.looseObject({
  hash: hash32,
  nonce: quantity.optional(),
  blockHash: hash32.nullable().optional(),
  blockNumber: nullableQuantity,
  blockTimestamp: nullableQuantity,
  transactionIndex: nullableQuantity,
  from: address,
  to: address.nullable().optional(),
  creates: address.nullable().optional(),
  value: quantity.optional(),
  gasPrice: nullableQuantity,
  gas: quantity.optional(),
  maxFeePerGas: nullableQuantity,
  maxPriorityFeePerGas: nullableQuantity,
  maxFeePerBlobGas: nullableQuantity,
  input: hexString.optional(),
  type: quantity.optional(),
  chainId: nullableQuantity,
  accessList: z.array(accessListEntry).optional(),
  blobVersionedHashes: z.array(hash32).nullable().optional(),
  authorizationList: z.array(authorization).nullable().optional(),
  v: hexString.nullable().optional(),
  standardV: hexString.nullable().optional(),
  r: hexString.nullable().optional(),
  s: hexString.nullable().optional(),
  yParity: hexString.nullable().optional(),
  raw: hexString.nullable().optional(),
  publicKey: hexString.nullable().optional(),
  requestId: hexString.nullable().optional(),
  sourceHash: hexString.nullable().optional(),
  mint: nullableQuantity,
  isSystemTx: z.boolean().optional(),
});
export type TxObject = z.infer<typeof txObjectShape>;

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

export const txObjectSchema = z.preprocess(canonicalKeys, txObjectShape);

/** What the query keeps: the node's own JSON (for the raw view and exports) and the checked object. */
export interface TxResponse {
  raw: unknown;
  tx: TxObject | null;
}

/** Given to the RPC client as the response schema: validates, and keeps the node's JSON as sent. */
export const txResponseSchema = z.unknown().transform((raw, ctx): TxResponse => {
  if (raw === null) return { raw, tx: null };
  const parsed = txObjectSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message, input: raw });
    return z.NEVER;
  }
  return { raw, tx: parsed.data };
});

export function parseTxResponse(raw: unknown): TxResponse {
  return txResponseSchema.parse(raw);
}
