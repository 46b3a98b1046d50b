import { z } from "../platform/zod";
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
  to: z.nullable(hex),
  type: z.optional(z.string()),
  status: z.optional(z.string()),
  frames: z.optional(z.number()),
});
/** A labelled call (an eth_estimateGas example). */
export const exampleCallSchema = z.looseObject({
  from: z.optional(hex),
  to: z.optional(hex),
  data: z.optional(hex),
  value: z.optional(hex),
  estimate: z.optional(hex),
  reason: z.optional(z.string()),
  /** A state override set that changes what the call does (simulation examples). */
  stateOverrides: z.optional(z.record(z.string(), z.looseObject({}))),
});

/** The devnet manifest: its endpoints plus labelled examples the forms offer as one-click fills. */
export const devnetManifestSchema = z.extend(devnetInfoSchema, {
  transactions: z._default(z.record(z.string(), exampleTransactionSchema), {}),
  blocks: z._default(
    z.array(
      z.looseObject({ label: z.string(), hash: hex, number: z.number(), txCount: z.number() }),
    ),
    [],
  ),
  contracts: z._default(
    z.record(z.string(), z.looseObject({ address: hex, abi: z.optional(z.array(z.unknown())) })),
    {},
  ),
  events: z._default(
    z.array(z.looseObject({ name: z.string(), signature: z.string(), topic0: hex })),
    [],
  ),
  token: z.optional(
    z.looseObject({
      address: hex,
      fromBlock: z.number(),
      toBlock: z.number(),
      logCount: z.number(),
    }),
  ),
  calls: z._default(z.record(z.string(), exampleCallSchema), {}),
  /** The insight transaction's recipients, the value it was sent with, and its ERC-721 id. */
  insight: z.optional(
    z.looseObject({ recipients: z.array(hex), value: z.string(), nftId: z.string() }),
  ),
  /** The storage scenario: LedgerV1 behind LedgerProxy, its checker, and what `settle` was sent. */
  storage: z.optional(
    z.looseObject({ proxy: hex, implementation: hex, checker: hex, reason: z.string() }),
  ),
  /**
   * The contracts only the devnet's decoding services know, and those services' base URLs: the
   * signature database (`sigdb`, OpenChain-compatible) and Sourcify v2 (`sourcify`).
   */
  decoding: z.optional(
    z.looseObject({
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
      solc: z.optional(z.string()),
      chainId: z.number(),
    }),
  ),
});
export type DevnetManifest = z.infer<typeof devnetManifestSchema>;
export type ExampleTransaction = z.infer<typeof exampleTransactionSchema>;
