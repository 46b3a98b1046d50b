/**
 * A simulation runs on one block. Asked at a tag (`latest`, `pending`, `safe`, `finalized`,
 * `earliest`), it is resolved to a number once, and every request of that simulation (the call
 * tree, the state changes, the storage tracer, the links onward) carries that number: a tag sent
 * three times can mean three blocks. No React.
 *
 * Which request is exact for each tag:
 * - `latest`: `eth_blockNumber`, the head itself (the smallest answer).
 * - `safe`, `finalized`, `earliest`: `eth_getBlockByNumber(tag)`, the only call that knows where
 *   they stand (a node that prunes its history may not start at 0).
 * - `pending`: not a block yet: its number is the head's + 1, which no node can trace at
 *   ("block height is N but requested was N+1"). It is pinned to the head it builds on
 *   (`eth_blockNumber`), and the page says that transactions still waiting are left out.
 */
import { isBlockTag, toQuantity, type BlockTag } from "../chain";

/** The request that names a tag's block, and how its answer is read. */
export type PinRequest =
  | { tag: BlockTag; method: "eth_blockNumber"; params: [] }
  | { tag: BlockTag; method: "eth_getBlockByNumber"; params: [BlockTag, false] };

/** A block number given as such (`0x…`); tags and anything else are not. */
const BLOCK_NUMBER_RE = /^0x[0-9a-f]+$/i;

export function isBlockNumber(block: string): boolean {
  return BLOCK_NUMBER_RE.test(block);
}

/** The request that resolves `block`; null when it is a number already (nothing to resolve). */
export function pinRequest(block: string): PinRequest | null {
  if (!isBlockTag(block)) return null;
  return block === "latest" || block === "pending"
    ? { tag: block, method: "eth_blockNumber", params: [] }
    : { tag: block, method: "eth_getBlockByNumber", params: [block, false] };
}

/** The block a simulation runs on. */
export interface PinnedBlock {
  /** The number as sent: a 0x quantity. */
  hex: string;
  number: bigint;
  /** The tag it was asked at; null when the link named the number. */
  tag: BlockTag | null;
}

export function pinnedAt(hex: string, tag: BlockTag | null): PinnedBlock {
  const number = BigInt(hex);
  return { hex: toQuantity(number), number, tag };
}

/** What the tag meant, after the number: ", the latest block when asked"; "" for a number. */
export function pinNote(p: PinnedBlock): string {
  if (p.tag === null) return "";
  if (p.tag === "pending") return ", the latest block when asked (pending transactions left out)";
  return `, the ${p.tag} block when asked`;
}
