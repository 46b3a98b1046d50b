/**
 * The one reader of a JSON-RPC QUANTITY (a number as a node sends it) into a bigint. Every view
 * and model that turns a node's block number, gas, nonce, value or fee field into a number goes
 * through here, so `0x01`, `0x1` and `1` (a JSON number, as some tracers and clients send) read
 * the same everywhere. Fixed-size data words (storage slots, ABI words) are not quantities and do
 * not come here.
 */

const QUANTITY_RE = /^0x[0-9a-fA-F]+$/;

export interface ReadQuantityOptions {
  /**
   * Read `0x` (no digits) as zero. The spec forbids it, but some clients send it for an empty
   * balance or nonce in a prestate answer; only callers reading such answers ask for it.
   */
  emptyIsZero?: boolean;
}

/**
 * A quantity as a bigint, or null when `value` is not one: a hex string (`0x` and at least one
 * digit; leading zeros and upper case accepted, as nodes send them), a non-negative safe integer
 * number, or a non-negative bigint. Decimal strings, negatives and fractions are not quantities.
 */
export function readQuantity(value: unknown, options: ReadQuantityOptions = {}): bigint | null {
  if (typeof value === "string") {
    if (QUANTITY_RE.test(value)) return BigInt(value);
    return options.emptyIsZero && value === "0x" ? 0n : null;
  }
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  if (typeof value === "bigint") return value >= 0n ? value : null;
  return null;
}

/**
 * A quantity the caller has already validated (a response schema checked it): the bigint, or a
 * RangeError naming `what` when it is not one after all — a bug, not a node's answer to show.
 */
export function requireQuantity(value: unknown, what = "value"): bigint {
  const n = readQuantity(value);
  if (n === null) throw new RangeError(`${what} is not a hex quantity: ${String(value)}`);
  return n;
}
