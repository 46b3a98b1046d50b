/**
 * State changes from the prestateTracer in diff mode (`{diffMode: true}`): `{pre, post}` where
 * `pre` holds each touched account's changed fields before the transaction and `post` the same
 * fields after. The reference client leaves out of `post` a storage slot that became zero, and out
 * of `pre` a slot that was zero before; an account missing from `post` was deleted. Balance, nonce
 * and code absent from `post` did not change.
 */
import { getAddress, isAddress } from "viem";
import { z } from "../../platform/zod";
import { readQuantity } from "../../chain";

/** Prestate answers of some clients carry `0x` for a zero balance or nonce. */
const EMPTY_IS_ZERO = { emptyIsZero: true };

const quantity = z.union([z.string(), z.number()]);

const accountSchema = z.looseObject({
  balance: z.optional(z.nullable(quantity)),
  nonce: z.optional(z.nullable(quantity)),
  code: z.optional(z.nullable(z.string())),
  codeHash: z.optional(z.nullable(z.string())),
  storage: z.optional(z.nullable(z.record(z.string(), z.string()))),
});
export type PrestateAccount = z.infer<typeof accountSchema>;

const accountsSchema = z.record(z.string(), accountSchema);

/** The diff-mode answer, unknown fields kept. */
export const prestateDiffSchema = z.looseObject({
  pre: accountsSchema,
  post: accountsSchema,
});

export type StateDiffResult =
  | { kind: "diff"; accounts: AccountChange[] }
  /** The node ignored `diffMode` and sent the plain prestate (accounts as they were before). */
  | { kind: "prestate"; accounts: number }
  | { kind: "unreadable"; reason: string };

export interface SlotChange {
  slot: string;
  before: string;
  after: string;
}

export interface AccountChange {
  address: string;
  balance: { before: bigint; after: bigint } | null;
  nonce: { before: bigint; after: bigint } | null;
  code: "created" | "removed" | "changed" | null;
  /** Deleted by the transaction (absent from `post`). */
  deleted: boolean;
  storage: SlotChange[];
}

export const ZERO_WORD = `0x${"0".repeat(64)}`;

/** A 32-byte word in canonical form (0x + 64 lower-case hex digits), or the input when it is not one. */
export function normWord(v: string): string {
  if (!/^0x[0-9a-fA-F]{0,64}$/.test(v)) return v;
  return `0x${v.slice(2).toLowerCase().padStart(64, "0")}`;
}

/** Slot → value, both as canonical words (nodes differ in padding and case). */
function normStorage(m: Record<string, string> | null | undefined): Map<string, string> {
  return new Map(Object.entries(m ?? {}).map(([k, v]) => [normWord(k), normWord(v)]));
}

function hasCode(code: string | null | undefined): boolean {
  return typeof code === "string" && code !== "" && code !== "0x";
}

function isAccountMap(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => isAddress(k, { strict: false }));
}

function checksum(a: string): string {
  return isAddress(a, { strict: false }) ? getAddress(a) : a;
}

/** Reads the tracer's answer: a diff, a plain prestate (the node ignored diffMode), or neither. */
export function readStateDiff(value: unknown): StateDiffResult {
  const parsed = prestateDiffSchema.safeParse(value);
  if (!parsed.success) {
    if (isAccountMap(value)) return { kind: "prestate", accounts: Object.keys(value).length };
    const issue = parsed.error.issues[0];
    return {
      kind: "unreadable",
      reason: issue ? `${issue.path.join(".") || "result"}: ${issue.message}` : "not a diff",
    };
  }
  const { pre, post } = parsed.data;
  const byAddress = new Map<string, { pre?: PrestateAccount; post?: PrestateAccount }>();
  for (const [a, acc] of Object.entries(pre)) byAddress.set(checksum(a), { pre: acc });
  for (const [a, acc] of Object.entries(post)) {
    const key = checksum(a);
    byAddress.set(key, { ...byAddress.get(key), post: acc });
  }
  const accounts: AccountChange[] = [];
  for (const [addr, { pre: before, post: after }] of byAddress) {
    const deleted = after === undefined;
    const b0 = readQuantity(before?.balance, EMPTY_IS_ZERO);
    const b1 = deleted ? 0n : readQuantity(after?.balance, EMPTY_IS_ZERO);
    const balance =
      b1 !== null || (deleted && b0 !== null) ? { before: b0 ?? 0n, after: b1 ?? b0 ?? 0n } : null;
    const n0 = readQuantity(before?.nonce, EMPTY_IS_ZERO);
    const n1 = readQuantity(after?.nonce, EMPTY_IS_ZERO);
    const nonce = n1 !== null ? { before: n0 ?? 0n, after: n1 } : null;
    let code: AccountChange["code"] = null;
    if (deleted && hasCode(before?.code)) code = "removed";
    else if (after && after.code !== undefined && after.code !== null) {
      if (!hasCode(before?.code) && hasCode(after.code)) code = "created";
      else if (hasCode(before?.code) && !hasCode(after.code)) code = "removed";
      else if (before?.code !== after.code) code = "changed";
    }
    const pre = normStorage(before?.storage);
    const post = normStorage(after?.storage);
    const storage: SlotChange[] = [];
    for (const slot of [...new Set([...pre.keys(), ...post.keys()])].sort()) {
      const s0 = pre.get(slot) ?? ZERO_WORD;
      const s1 = post.get(slot) ?? ZERO_WORD;
      if (s0 !== s1) storage.push({ slot, before: s0, after: s1 });
    }
    accounts.push({
      address: addr,
      balance: balance && balance.before !== balance.after ? balance : null,
      nonce: nonce && nonce.before !== nonce.after ? nonce : null,
      code,
      deleted,
      storage,
    });
  }
  // by address: hex of one length sorts the same by code unit, with no collator to load (ICU's
  // first comparison in a page costs ~15 ms)
  accounts.sort((x, y) => {
    const a = x.address.toLowerCase();
    const b = y.address.toLowerCase();
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return { kind: "diff", accounts: accounts.filter(isChange) };
}

function isChange(a: AccountChange): boolean {
  return (
    a.balance !== null || a.nonce !== null || a.code !== null || a.deleted || a.storage.length > 0
  );
}

/** A reading of a storage word where it is plain: an address, or a small integer. */
export function readWord(word: string): string | null {
  const w = normWord(word);
  if (!/^0x[0-9a-f]{64}$/.test(w)) return null;
  const n = BigInt(w);
  if (n === 0n) return "0";
  if (n < 2n ** 64n) return n.toString();
  if (/^0x0{24}/.test(w) && n >= 2n ** 120n) return getAddress(`0x${w.slice(26)}`);
  return null;
}
