/**
 * The eth_getLogs result at the edge: an array of log objects. Real nodes send camelCase keys, the
 * spec's table prints some in lower case (logindex, transactionhash, …): both are accepted and
 * normalised to camelCase. Unknown fields are kept. Block fields are null while pending.
 */
import { z } from "../platform/zod";
import { LOWERCASE_KEYS, type RawLog } from "./row";

export { LOWERCASE_KEYS, toLogRow, type LogRow, type RawLog } from "./row";

const hexData = z
  .string()
  .check(z.regex(/^0x([0-9a-fA-F]{2})*$/, "expected 0x-prefixed hex bytes"));
const hash32 = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, "expected a 32-byte hash"));
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, "expected a 20-byte address"));
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, "expected a hex quantity"));
/** transactionIndex is documented as "integer": accept a JSON number too. */
const quantityOrNumber = z.union([quantity, z.int().check(z.nonnegative())]);

function canonicalKeys(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const rec = input as Record<string, unknown>;
  let needs = false;
  for (const k in rec) if (k in LOWERCASE_KEYS) needs = true;
  if (!needs) return input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) {
    const canon = LOWERCASE_KEYS[k];
    if (canon !== undefined) {
      if (!(canon in rec)) out[canon] = v;
    } else out[k] = v;
  }
  return out;
}

export const logSchema = z.pipe(
  z.transform(canonicalKeys),
  z.looseObject({
    address,
    topics: z.array(hash32).check(z.maxLength(4)),
    data: hexData,
    blockNumber: z.optional(z.nullable(quantity)),
    blockHash: z.optional(z.nullable(hash32)),
    transactionHash: z.optional(z.nullable(hash32)),
    transactionIndex: z.optional(z.nullable(quantityOrNumber)),
    logIndex: z.optional(z.nullable(quantityOrNumber)),
    removed: z.optional(z.boolean()),
    blockTimestamp: z.optional(z.nullable(quantity)),
  }),
);
// The schema's output is the log the views read (row.ts writes it out without zod).
const _fits: (log: z.infer<typeof logSchema>) => RawLog = (log) => log;
void _fits;

/** An empty match is `[]`, or `null` from some nodes (Erigon): both read as no logs. */
export const logsResultSchema = z.pipe(
  z.transform((v) => (v === null ? [] : v)),
  z.array(logSchema),
);

/** Parses one response (throws a ZodError with the path on a malformed log). */
export function parseLogs(result: unknown): RawLog[] {
  return logsResultSchema.parse(result);
}
