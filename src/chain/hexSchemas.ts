/**
 * The zod schemas of hex text, for responses and forms (chain/hex.ts holds the checks they share,
 * without zod: a deep link's first request is built from those before zod loads, app/boot.ts).
 */
import { z } from "../platform/zod";
import type { Address, Hex } from "viem";
import {
  ADDRESS_RE,
  BLOCK_TAGS,
  HASH32_RE,
  HEX_DATA_RE,
  HEX_STRING_RE,
  QUANTITY_LENIENT_RE,
  QUANTITY_STRICT_RE,
} from "./hex";

/** A string schema checked by `re`, typed as hex text (`0x…`), with `error` as its message. */
function hexText<T extends Hex>(re: RegExp, error: string) {
  return z.custom<T>((v) => typeof v === "string" && re.test(v), { error });
}

/** `0x` followed by any number of hex digits (odd lengths allowed). */
export const hexString = hexText(HEX_STRING_RE, "expected a hex string starting with 0x");
/** `0x` followed by whole bytes (an even number of hex digits). */
export const hexData = hexText(
  HEX_DATA_RE,
  "expected hex data: 0x followed by an even number of hex digits",
);
/** A 32-byte hash: `0x` + 64 hex digits. */
export const hash32 = hexText(HASH32_RE, "expected a 32-byte hash (0x + 64 hex digits)");
/** A 20-byte address: `0x` + 40 hex digits (any case; checksum not enforced on responses). */
export const address = hexText<Address>(
  ADDRESS_RE,
  "expected a 20-byte address (0x + 40 hex digits)",
);
/**
 * A JSON-RPC QUANTITY as found in responses. The spec forbids leading zeros, but some nodes send
 * them (e.g. `0x01` transaction types), so this accepts them; use `strictQuantity` for requests.
 */
export const quantity = hexText(
  QUANTITY_LENIENT_RE,
  "expected a hex quantity (0x followed by at least one hex digit)",
);
/** A QUANTITY exactly as the spec writes it: no leading zeros, `0x0` for zero. */
export const strictQuantity = hexText(
  QUANTITY_STRICT_RE,
  "expected a hex quantity without leading zeros (e.g. 0x0, 0x1a)",
);

export const blockTag = z.enum(BLOCK_TAGS);
