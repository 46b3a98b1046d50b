import { z } from "zod";
import { devnetInfoSchema } from "../endpoints";

const hex = z.string();
/** A labelled transaction of the devnet. */
export const exampleTransactionSchema = z.looseObject({
  label: z.string(),
  hash: hex,
  blockHash: hex,
  blockNumber: z.number(),
  index: z.number(),
  from: hex,
  to: hex.nullable(),
  type: z.string().optional(),
  status: z.string().optional(),
  frames: z.number().optional(),
});
/** A labelled call (an eth_estimateGas example). */
export const exampleCallSchema = z.looseObject({
  from: hex.optional(),
  to: hex.optional(),
  data: hex.optional(),
  value: hex.optional(),
  estimate: hex.optional(),
  reason: z.string().optional(),
});

/** The devnet manifest: its endpoints plus labelled examples the forms offer as one-click fills. */
export const devnetManifestSchema = devnetInfoSchema.extend({
  transactions: z.record(z.string(), exampleTransactionSchema).default({}),
  blocks: z
    .array(z.looseObject({ label: z.string(), hash: hex, number: z.number(), txCount: z.number() }))
    .default([]),
  contracts: z
    .record(z.string(), z.looseObject({ address: hex, abi: z.array(z.unknown()).optional() }))
    .default({}),
  events: z
    .array(z.looseObject({ name: z.string(), signature: z.string(), topic0: hex }))
    .default([]),
  token: z
    .looseObject({
      address: hex,
      fromBlock: z.number(),
      toBlock: z.number(),
      logCount: z.number(),
    })
    .optional(),
  calls: z.record(z.string(), exampleCallSchema).default({}),
  /** The insight transaction's recipients, the value it was sent with, and its ERC-721 id. */
  insight: z
    .looseObject({ recipients: z.array(hex), value: z.string(), nftId: z.string() })
    .optional(),
});
export type DevnetManifest = z.infer<typeof devnetManifestSchema>;
export type ExampleTransaction = z.infer<typeof exampleTransactionSchema>;
