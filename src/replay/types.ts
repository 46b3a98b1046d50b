/**
 * The contract between the in-browser replay engine (`./engine`) and the places that fall back
 * to it when a node cannot trace (`./fallback` and the pages). The engine answers a trace request
 * with exactly the JSON the node would have given for the same method and params, so every view
 * works unchanged; what it cannot match it says in `notes`.
 */
import type { ResolveResult, RoutedMethod } from "../endpoints";
import type { RpcClient } from "../rpc";

/** A trace request as it would have been sent to the node. */
export interface ReplayRequest {
  method: "debug_traceTransaction" | "debug_traceCall";
  /** `[hash, config]` for a mined transaction, `[tx, block, config]` for a call. */
  params: readonly unknown[];
}

/** What the engine has done so far, for a progress line with counts. */
export interface ReplayProgress {
  phase: "state" | "block" | "run";
  /** e.g. "replaying 3 of 41", "read 12 accounts, 30 slots" */
  text: string;
  done: number;
  total: number;
}

export interface ReplayOutcome {
  /** The node-shaped answer (a callTracer frame, a prestate diff, a JS tracer's answer …). */
  result: unknown;
  /** The block whose parent state the run started from. */
  blockNumber: bigint;
  /** The hardfork the run used, e.g. "prague". */
  hardfork: string;
  /** What the replay cannot vouch for on this chain (an L2's extra precompiles …). */
  notes: readonly string[];
  /** JSON-RPC requests the replay sent (state reads, block reads). */
  requests: number;
}

/**
 * Reads state through the connection's standard methods: `eth_*` reads go to the endpoint
 * `resolve("eth_getTransactionByBlockHashAndIndex")` gives (as the block and address pages do).
 */
export interface ReplaySource {
  client: RpcClient;
  resolve: (method: RoutedMethod) => ResolveResult;
}

export type ReplayFn = (
  source: ReplaySource,
  request: ReplayRequest,
  opts?: { signal?: AbortSignal; onProgress?: (p: ReplayProgress) => void },
) => Promise<ReplayOutcome>;
