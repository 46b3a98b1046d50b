/**
 * The history's requests to a node: an account's nonce at a block (`eth_getTransactionCount`)
 * and a block with its transactions (`eth_getBlockByNumber`, full), each answer checked at the
 * edge (unknown fields kept). The client has no JSON-RPC batches, so the search bounds how many
 * are in flight instead. No React.
 */
import { z } from "../platform/zod";
import { address, hash32, hexString, quantity } from "../chain/hexSchemas";
import { requireQuantity } from "../chain/quantity";
import type { RpcClient, RpcEndpoint } from "../rpc";
import type { HistoryBlock, NonceReader } from "./nonceHistory";

const blockTx = z.looseObject({
  hash: hash32,
  from: address,
  to: z.optional(z.nullable(address)),
  nonce: quantity,
  value: z.optional(quantity),
  input: z.optional(hexString),
  transactionIndex: z.optional(z.nullable(quantity)),
});

export const fullBlockSchema = z.nullable(
  z.looseObject({
    number: quantity,
    timestamp: quantity,
    // A node may send hashes only where it was asked for full objects: such entries are skipped.
    transactions: z.array(z.union([blockTx, hash32])),
  }),
);

export const toHex = (n: number) => `0x${n.toString(16)}`;

/** The block read into the history's shape; null: the node has no such block. */
export function readBlock(raw: z.infer<typeof fullBlockSchema>): HistoryBlock | null {
  if (!raw) return null;
  const txs = raw.transactions.flatMap((t, i) =>
    typeof t === "string"
      ? []
      : [
          {
            hash: t.hash,
            from: t.from,
            to: t.to ?? null,
            nonce: Number(requireQuantity(t.nonce, "nonce")),
            value: t.value ? requireQuantity(t.value, "value") : 0n,
            input: t.input ?? "0x",
            index: t.transactionIndex ? Number(requireQuantity(t.transactionIndex)) : i,
          },
        ],
  );
  return {
    number: Number(requireQuantity(raw.number, "number")),
    timestamp: Number(requireQuantity(raw.timestamp, "timestamp")),
    txs,
  };
}

export async function fetchBlock(
  client: RpcClient,
  endpoint: RpcEndpoint,
  block: number,
  signal?: AbortSignal,
): Promise<HistoryBlock> {
  const raw = await client.request(endpoint, "eth_getBlockByNumber", [toHex(block), true], {
    signal,
    schema: fullBlockSchema,
  });
  const b = readBlock(raw);
  if (!b) throw new RangeError(`the node has no block ${block}`);
  return b;
}

export function nonceReader(
  client: RpcClient,
  endpoint: RpcEndpoint,
  account: string,
): NonceReader {
  return {
    async nonceAt(block, signal) {
      const n = await client.request(endpoint, "eth_getTransactionCount", [account, toHex(block)], {
        signal,
        schema: quantity,
      });
      return Number(requireQuantity(n, "nonce"));
    },
    block: (block, signal) => fetchBlock(client, endpoint, block, signal),
  };
}
