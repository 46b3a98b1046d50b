/**
 * The result of eth_getTransactionByBlockHashAndIndex, checked at the edge: the spec's transaction
 * response object (§2.4) plus what real nodes send (typed transactions, blobs, set-code,
 * OpenEthereum extras, Arbitrum and OP-stack fields). Unknown fields are kept, never a parse
 * failure; the spec's lower-case spellings (`publickey`, `chainid`, …) are accepted and renamed to
 * the canonical camelCase the card shows. `null` (no transaction at that index) is a result, not
 * an error.
 */
import { z } from "../platform/zod";
import { address, hash32, hexString, quantity } from "../chain/hexSchemas";
import { canonicalKeys } from "./fields";

export { canonicalKeys, KNOWN_FIELDS, type KnownField } from "./fields";

const accessListEntry = z.looseObject({
  address,
  storageKeys: z.array(hash32),
});

const authorization = z.looseObject({
  chainId: z.optional(quantity),
  address: z.optional(address),
  nonce: z.optional(quantity),
  yParity: z.optional(quantity),
  v: z.optional(quantity),
  r: z.optional(hexString),
  s: z.optional(hexString),
});

const nullableQuantity = z.optional(z.nullable(quantity));

export const txObjectShape = z.looseObject({
  hash: hash32,
  nonce: z.optional(quantity),
  blockHash: z.optional(z.nullable(hash32)),
  blockNumber: nullableQuantity,
  blockTimestamp: nullableQuantity,
  transactionIndex: nullableQuantity,
  from: address,
  to: z.optional(z.nullable(address)),
  creates: z.optional(z.nullable(address)),
  value: z.optional(quantity),
  gasPrice: nullableQuantity,
  gas: z.optional(quantity),
  maxFeePerGas: nullableQuantity,
  maxPriorityFeePerGas: nullableQuantity,
  maxFeePerBlobGas: nullableQuantity,
  input: z.optional(hexString),
  type: z.optional(quantity),
  chainId: nullableQuantity,
  accessList: z.optional(z.array(accessListEntry)),
  blobVersionedHashes: z.optional(z.nullable(z.array(hash32))),
  authorizationList: z.optional(z.nullable(z.array(authorization))),
  v: z.optional(z.nullable(hexString)),
  standardV: z.optional(z.nullable(hexString)),
  r: z.optional(z.nullable(hexString)),
  s: z.optional(z.nullable(hexString)),
  yParity: z.optional(z.nullable(hexString)),
  raw: z.optional(z.nullable(hexString)),
  publicKey: z.optional(z.nullable(hexString)),
  requestId: z.optional(z.nullable(hexString)),
  sourceHash: z.optional(z.nullable(hexString)),
  mint: nullableQuantity,
  isSystemTx: z.optional(z.boolean()),
});
export type TxObject = z.infer<typeof txObjectShape>;

/** The same, with `hash` and `from` as any string: what is left after wrong fields are set aside. */
const txReadShape = z.extend(txObjectShape, { hash: z.string(), from: z.string() });

export const txObjectSchema = z.pipe(z.transform(canonicalKeys), txObjectShape);

/** A field the node sent with a type the card cannot read: left out of `tx`, shown raw with a warning. */
export interface TxFieldIssue {
  field: string;
  message: string;
  raw: unknown;
}

/** What the query keeps: the node's own JSON (for the raw view and exports) and the checked object. */
export interface TxResponse {
  raw: unknown;
  tx: TxObject | null;
  /** Fields of the wrong type (e.g. `v: 27` as a number, `gasPrice: "n/a"`): none for a well-formed answer. */
  issues: TxFieldIssue[];
}

function quote(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

/**
 * Some nodes (old Parity-style answers, some indexers) send the calldata as `data` only: it is
 * the input. When both come, `input` is the input and `data` stays as an other field.
 */
function dataAsInput(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const r = raw as Record<string, unknown>;
  if (r.input !== undefined || typeof r.data !== "string") return raw;
  const { data, ...rest } = r;
  return { ...rest, input: data };
}

/**
 * Given to the RPC client as the response schema: validates, and keeps the node's JSON as sent.
 * A field of the wrong type does not refuse the transaction: it is left out of `tx` and kept in
 * `issues` with its raw value (the card shows it with a warning). Only an answer that is not an
 * object at all (nor null) is refused.
 */
export const txResponseSchema = z.transform((raw, ctx): TxResponse => {
  if (raw === null) return { raw, tx: null, issues: [] };
  if (typeof raw !== "object" || Array.isArray(raw)) {
    ctx.issues.push({
      code: "custom",
      path: [],
      message: `expected a transaction object or null, got ${quote(raw)}`,
      input: raw,
    });
    return z.NEVER;
  }
  const first = txObjectShape.safeParse(canonicalKeys(dataAsInput(raw)));
  if (first.success) return { raw, tx: first.data, issues: [] };
  const candidate = { ...(canonicalKeys(dataAsInput(raw)) as Record<string, unknown>) };
  const issues: TxFieldIssue[] = [];
  let error: z.core.$ZodError = first.error;
  // Each pass leaves out what could not be read (top-level fields: a few passes at most).
  for (let pass = 0; pass < 8; pass++) {
    for (const issue of error.issues) {
      const key = issue.path[0];
      if (typeof key !== "string" || issues.some((x) => x.field === key)) continue;
      const value = candidate[key];
      issues.push({
        field: key,
        message: value === undefined ? "missing" : `${issue.message}, got ${quote(value)}`,
        raw: value,
      });
      // hash and from are required: shown as missing (""), never invented.
      if (key === "hash" || key === "from") candidate[key] = "";
      else delete candidate[key];
    }
    const next = txReadShape.safeParse(candidate);
    // `hash`/`from` may now be "" (shown as missing): the only place the template type is loose.
    if (next.success) return { raw, tx: next.data as TxObject, issues };
    error = next.error;
  }
  ctx.issues.push({
    code: "custom",
    path: error.issues[0]?.path ?? [],
    message: error.issues[0]?.message ?? "the transaction could not be read",
    input: raw,
  });
  return z.NEVER;
});

export function parseTxResponse(raw: unknown): TxResponse {
  return txResponseSchema.parse(raw);
}
