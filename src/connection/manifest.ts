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
  /** A state override set that changes what the call does (simulation examples). */
  stateOverrides: z.record(z.string(), z.looseObject({})).optional(),
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
  /** The storage scenario: LedgerV1 behind LedgerProxy, its checker, and what `settle` was sent. */
  storage: z
    .looseObject({ proxy: hex, implementation: hex, checker: hex, reason: z.string() })
    .optional(),
  /**
   * The contracts only the devnet's decoding services know, and those services' base URLs: the
   * signature database (`sigdb`, OpenChain-compatible) and Sourcify v2 (`sourcify`).
   */
  decoding: z
    .looseObject({
      vault: hex,
      router: hex,
      proxy: hex,
      implementation: hex,
      mystery: hex,
      /** a contract whose selector the database answers with two signatures; `signature` is the real one */
      collision: z.looseObject({
        address: hex,
        selector: hex,
        signature: z.string(),
        other: z.string(),
      }),
      sigdb: z.string(),
      sourcify: z.string(),
      /** the compiler binaries, laid out as the official list (the debugger's variables) */
      solc: z.string().optional(),
      chainId: z.number(),
    })
    .optional(),
});
export type DevnetManifest = z.infer<typeof devnetManifestSchema>;
export type ExampleTransaction = z.infer<typeof exampleTransactionSchema>;
