/**
 * What the header's search box was given: a 32-byte hash (a transaction's or a block's — only the
 * node can tell), a block number or tag, an address, or nothing it can look up. Pure; the app
 * asks the node.
 */
import { getAddress } from "viem";
import { isBlockTag } from "../chain";

export type LookupInput =
  | { kind: "hash"; hash: string }
  | { kind: "block"; block: string }
  | { kind: "address"; address: string }
  /**
   * A short 0x number (`0x1234`): a block number in hex, or the start of a hash or address still
   * being typed — the user is asked which, rather than taken to block 4,660 unasked.
   */
  | { kind: "shortHex"; block: string; text: string }
  | { kind: "invalid"; message: string };

export function classifyLookup(raw: string): LookupInput {
  const text = raw.trim();
  if (text === "")
    return {
      kind: "invalid",
      message: "Type a transaction hash, block hash, block number or address.",
    };
  const lower = text.toLowerCase();
  if (/^0x[0-9a-f]{64}$/.test(lower)) return { kind: "hash", hash: lower };
  if (/^0x[0-9a-f]{40}$/.test(lower)) return { kind: "address", address: getAddress(lower) };
  if (isBlockTag(lower)) return { kind: "block", block: lower };
  const digits = text.replace(/[_,]/g, "");
  if (/^\d+$/.test(digits)) return { kind: "block", block: `0x${BigInt(digits).toString(16)}` };
  if (/^0x[0-9a-f]{1,16}$/.test(lower))
    return { kind: "shortHex", block: `0x${BigInt(lower).toString(16)}`, text };
  if (/^0x[0-9a-f]*$/i.test(text))
    return {
      kind: "invalid",
      message: `${text.length - 2} hex digits: a hash has 64, an address 40, a block number at most 16.`,
    };
  return {
    kind: "invalid",
    message: "Not a transaction hash, block hash, block number, block tag or address.",
  };
}

/** How many blocks back an address search looks. */
export const ADDRESS_LOOKBACK = 5_000n;
