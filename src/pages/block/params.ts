/**
 * The block page's link: `#/block?number=` (decimal, 0x hex, or a tag) or `#/block?hash=`. Read
 * into one lookup, and back into the link and the request. No React.
 */
import { isBlockTag, MAX_UINT64, type BlockTag } from "../../chain/hex";

export type BlockLookup =
  | { kind: "number"; number: bigint }
  | { kind: "tag"; tag: Exclude<BlockTag, "pending"> }
  | { kind: "hash"; hash: string };

export type BlockLinkState =
  { kind: "empty" } | { kind: "ok"; lookup: BlockLookup } | { kind: "invalid"; message: string };

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

/** What the text of a `number=` or `hash=` says, or why it says nothing. */
export function readBlockText(raw: string): BlockLinkState {
  const text = raw.trim().replace(/[_,]/g, "");
  if (text === "") return { kind: "empty" };
  const lower = text.toLowerCase();
  if (HASH_RE.test(lower)) return { kind: "ok", lookup: { kind: "hash", hash: lower } };
  if (!isBlockTag(lower)) return readNumber(lower, raw);
  if (lower === "pending")
    return {
      kind: "invalid",
      message:
        "The pending block is not a block yet: its transactions have no receipts. Open latest instead.",
    };
  return { kind: "ok", lookup: { kind: "tag", tag: lower } };
}

function readNumber(lower: string, raw: string): BlockLinkState {
  const text = lower;
  if (/^(?:\d+|0x[0-9a-f]+)$/.test(lower)) {
    const n = BigInt(lower);
    if (n > MAX_UINT64)
      return { kind: "invalid", message: `Block ${text} is beyond any chain (at most 2^64 − 1).` };
    return { kind: "ok", lookup: { kind: "number", number: n } };
  }
  return {
    kind: "invalid",
    message: `"${raw.trim()}" is not a block: give a number (decimal or 0x hex), a tag (latest, safe, finalized, earliest) or a 32-byte block hash.`,
  };
}

/** The lookup a link asks for: `hash=` wins over `number=` when both are there. */
export function fromSearch(search: URLSearchParams): BlockLinkState {
  const hash = search.get("hash");
  if (hash !== null && hash.trim() !== "") {
    const read = readBlockText(hash);
    if (read.kind === "ok" && read.lookup.kind !== "hash")
      return { kind: "invalid", message: "hash= takes a 32-byte block hash (0x + 64 hex digits)." };
    return read;
  }
  return readBlockText(search.get("number") ?? "");
}

/** The link's params for a lookup: numbers in decimal, as people read them. */
export function toSearch(lookup: BlockLookup): { number?: string; hash?: string } {
  switch (lookup.kind) {
    case "number":
      return { number: lookup.number.toString() };
    case "tag":
      return { number: lookup.tag };
    case "hash":
      return { hash: lookup.hash };
  }
}

/** The request for a lookup: the method and its params (full transaction objects). */
export function blockRequest(lookup: BlockLookup): {
  method: "eth_getBlockByNumber" | "eth_getBlockByHash";
  params: [string, true];
} {
  switch (lookup.kind) {
    case "number":
      return { method: "eth_getBlockByNumber", params: [`0x${lookup.number.toString(16)}`, true] };
    case "tag":
      return { method: "eth_getBlockByNumber", params: [lookup.tag, true] };
    case "hash":
      return { method: "eth_getBlockByHash", params: [lookup.hash, true] };
  }
}
