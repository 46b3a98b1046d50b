/**
 * The single values of the override editor, each checked with a message that names its field:
 * amounts of wei (with an optional unit), whole numbers, and 32-byte storage words.
 */
import { MAX_UINT256, toQuantity } from "../chain";
import { parseQuantity, parseValueAmount, type Parsed, type ValueUnit } from "../call/params";

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(message: string): Parsed<T> => ({ ok: false, message });

const UNIT_WORDS: Record<string, ValueUnit> = {
  ether: "ether",
  eth: "ether",
  gwei: "gwei",
  wei: "wei",
};

/**
 * An amount of wei as a person writes it: decimal or 0x hex wei, or a decimal with a unit
 * ("100 ether", "1.5 gwei"). Exact (bigint all the way). Empty → null.
 */
export function parseWei(text: string, name: string): Parsed<bigint | null> {
  const t = text.trim().replace(/_/g, "");
  if (t === "") return ok(null);
  if (t.startsWith("-")) return fail(`${name} cannot be negative.`);
  const withUnit = /^(.*?)\s*(ether|eth|gwei|wei)$/i.exec(t);
  if (withUnit) {
    const amount = withUnit[1] ?? "";
    const unit = UNIT_WORDS[(withUnit[2] ?? "").toLowerCase()] ?? "wei";
    if (amount === "") return fail(`${name} needs a number before "${unit}", e.g. 100 ${unit}.`);
    if (/^0x/i.test(amount) && unit !== "wei")
      return fail(
        `${name}: a 0x amount is in wei; write it without a unit, or a decimal number of ${unit}.`,
      );
    if (!/^0x/i.test(amount)) {
      const r = parseValueAmount(amount, unit);
      if (!r.ok)
        return fail(
          r.message.startsWith("Value ")
            ? `${name} ${r.message.slice("Value ".length)}`
            : `${name}: ${r.message}`,
        );
      return r;
    }
    return parseWei(amount, name);
  }
  if (/^\d*\.\d*$/.test(t) && t !== ".")
    return fail(
      `${name} without a unit is in wei, which has no decimals: add a unit (1.5 ether) or give a whole number of wei.`,
    );
  if (!/^(?:0x[0-9a-f]+|\d+)$/i.test(t))
    return fail(
      `${name} must be wei (decimal like 1000000 or 0x hex like 0xf4240), or an amount with a unit, e.g. 100 ether or 30 gwei.`,
    );
  return parseQuantity(t, name, MAX_UINT256);
}

/** A whole number, decimal or 0x hex, up to `max`; `example` is shown when the format is wrong. */
export function parseWhole(
  text: string,
  name: string,
  max: bigint,
  example: bigint,
): Parsed<bigint | null> {
  const t = text.trim().replace(/_/g, "");
  // parseQuantity's own examples are gas amounts; each field here gives its own.
  if (t !== "" && !t.startsWith("-") && !/^(?:0x[0-9a-f]+|\d+)$/i.test(t))
    return fail(
      `${name} must be a whole number: decimal (${example}) or 0x hex (${toQuantity(example)}).`,
    );
  return parseQuantity(t, name, max);
}

/**
 * A storage slot or value: 0x hex of at most 32 bytes, or a decimal number → exactly 32 bytes,
 * left-padded with zeros (geth decodes only full 32-byte hashes). Empty → null.
 */
export function parseWord(text: string, name: string): Parsed<string | null> {
  const t = text.trim().replace(/_/g, "");
  if (t === "") return ok(null);
  let digits: string;
  if (/^0x/i.test(t)) {
    const body = t.slice(2);
    const bad = /[^0-9a-fA-F]/.exec(body);
    if (bad) return fail(`${name} has a character that is not a hex digit: "${bad[0]}".`);
    if (body === "") return fail(`${name} needs hex digits after 0x, e.g. 0x0 or 0x1f.`);
    if (body.length > 64)
      return fail(
        `${name} has ${body.length} hex digits: a storage word is at most 32 bytes (64 hex digits).`,
      );
    digits = body.toLowerCase();
  } else if (/^\d+$/.test(t)) {
    const n = BigInt(t);
    if (n > MAX_UINT256)
      return fail(`${name} is too large: a storage word is at most 2^256 − 1 (32 bytes).`);
    digits = n.toString(16);
  } else if (t.startsWith("-")) {
    return fail(`${name} cannot be negative: a storage word is 32 bytes, written as 0x hex.`);
  } else {
    return fail(
      `${name} must be 0x hex of at most 32 bytes (e.g. 0x0 or 0x1f), or a decimal number.`,
    );
  }
  return ok(`0x${digits.padStart(64, "0")}`);
}
