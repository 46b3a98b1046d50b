/**
 * The simulation's queries: the block a tag stands for (resolved once per simulation, pin.ts),
 * then, at that number, the call tree (callTracer with logs) and, on the user's word, the same
 * call's state changes (prestateTracer in diff mode) and the storage tracer
 * (src/trace/requests.ts builds those two for both trace pages). Their keys hold the
 * number, never the tag: an answer is kept for the block it ran on (KEPT_ANSWER); "Run again"
 * resolves the tag anew. Nothing is retried by itself, so a refused call costs one request.
 */
import { receiptQueryOptions } from "../transaction/queries";
import { queryOptions, skipToken } from "@tanstack/react-query";
import { z } from "../platform/zod";
import { quantity } from "../chain";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { rpcQueryKey } from "../connection/query";
import { KEPT_ANSWER } from "../connection/query-defaults";
import {
  callTreeQueryOptions,
  NotACallTreeError,
  stateDiffQueryOptions,
  storageTraceQueryOptions,
  type CallTreeResult,
} from "../trace/requests";
import { callTarget, type SimulateRequest } from "./params";
import { pinnedAt, type PinnedBlock, type PinRequest } from "./pin";

export const METHOD = "debug_traceCall";

/** One simulation: the call as asked, and the block it runs on (every request sends `at.hex`). */
export interface Simulation {
  request: SimulateRequest;
  at: PinnedBlock;
}

/** The call as sent: the asked request with the pinned number in place of its block. */
export function sentRequest(s: Simulation): SimulateRequest {
  return { ...s.request, block: s.at.hex };
}

export type SimulationResult = CallTreeResult;

export { NotACallTreeError };

/** The block's number, or null when the node knows no block for the tag (`safe` before the merge). */
const pinAnswerSchema = z.union([quantity, z.looseObject({ number: quantity }), z.null()]);

/**
 * The number a tag stands for, asked once per simulation: `simulation` (the link's request
 * params) is in the key, so a new simulation asks anew while switching views does not; "Run
 * again" resets it.
 */
export function blockPinQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  pin: { request: PinRequest; simulation: string } | null,
) {
  const method = pin?.request.method ?? "eth_blockNumber";
  const params = pin ? pin.request.params : null;
  return queryOptions({
    queryKey: [...rpcQueryKey(endpoint, method, params), { simulation: pin?.simulation ?? null }],
    queryFn:
      endpoint && pin
        ? async ({ signal }): Promise<PinnedBlock | null> => {
            const answer = await client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              pin.request.method,
              pin.request.params,
              { signal, retry: false, timeoutMs: 15_000, schema: pinAnswerSchema },
            );
            if (answer === null) return null;
            return pinnedAt(typeof answer === "string" ? answer : answer.number, pin.request.tag);
          }
        : skipToken,
    ...KEPT_ANSWER,
  });
}

/** The call tree of the simulation (requests.ts builds it for the dry run and the comparison). */
export function simulateQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  s: Simulation | null,
) {
  return callTreeQueryOptions(client, endpoint, METHOD, s ? callTarget(sentRequest(s)) : null);
}

/** The same call's state changes, at the same block with the same overrides. */
export function simulateStateQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  s: Simulation | null,
) {
  return stateDiffQueryOptions(client, endpoint, METHOD, s ? callTarget(sentRequest(s)) : null);
}

/**
 * The app's storage tracer on the same call (block and overrides): the slots it reads and writes,
 * named from the verified layouts, and the failing line of a revert (src/trace/source/).
 */
export function simulateStorageQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  s: Simulation | null,
) {
  return storageTraceQueryOptions(client, endpoint, METHOD, s ? callTarget(sentRequest(s)) : null);
}

const receiptLogSchema = z.looseObject({
  address: z.string(),
  topics: z.array(z.string()),
  data: z.string(),
});

const minedSchema = z.nullable(
  z.looseObject({
    status: z.nullish(z.string()),
    gasUsed: z.nullish(z.string()),
    contractAddress: z.nullish(z.string()),
    from: z.nullish(z.string()),
    blockNumber: z.nullish(z.string()),
    // The events the chain recorded, to set beside the simulation's (malformed ones are dropped).
    logs: z.pipe(
      z.nullish(z.array(z.unknown())),
      z.transform((list) =>
        (list ?? []).flatMap((l) => {
          const r = receiptLogSchema.safeParse(l);
          return r.success ? [r.data] : [];
        }),
      ),
    ),
  }),
);
export type MinedOutcome = z.output<typeof minedSchema>;

/**
 * How the mined transaction a simulation re-runs went on chain (its receipt's status and gas), to
 * set beside what the simulation says. A node that refuses leaves the comparison out.
 */
export function minedOutcomeQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  hash: string | null,
) {
  // The shared receipt entry (the transaction page's and the trace's), read narrower here.
  return { ...receiptQueryOptions(client, endpoint, hash), select: minedOutcomeOf };
}

/** The mined run as the comparison reads it; null when the receipt is missing or malformed. */
export function minedOutcomeOf(receipt: Record<string, unknown> | null): MinedOutcome {
  const read = minedSchema.safeParse(receipt);
  return read.success ? read.data : null;
}

/**
 * The sender's nonce at the simulation's block, for the address a creation would make when the
 * call tree does not name it (viem's getContractAddress from sender and nonce).
 */
export function creationNonceQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  ask: { from: string; block: string } | null,
) {
  const params = ask ? [ask.from, ask.block] : null;
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_getTransactionCount", params),
    queryFn:
      endpoint && params
        ? async ({ signal }): Promise<bigint> =>
            BigInt(
              await client.request(
                { url: endpoint.url, secrets: endpoint.secrets },
                "eth_getTransactionCount",
                params,
                { signal, retry: false, timeoutMs: 15_000, schema: quantity },
              ),
            )
        : skipToken,
    ...KEPT_ANSWER,
  });
}

const minerSchema = z.nullable(z.looseObject({ miner: z.nullish(z.string()) }));

/** Who received the mined block's fees (its `miner`): left out when the two states are compared. */
export function blockMinerQueryOptions(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  blockNumber: string | null,
) {
  const params = blockNumber ? [blockNumber, false] : null;
  return queryOptions({
    queryKey: [...rpcQueryKey(endpoint, "eth_getBlockByNumber", params), "miner"],
    queryFn:
      endpoint && params
        ? async ({ signal }): Promise<string | null> => {
            const block = await client.request(
              { url: endpoint.url, secrets: endpoint.secrets },
              "eth_getBlockByNumber",
              params,
              { signal, retry: false, timeoutMs: 15_000, schema: minerSchema },
            );
            return block?.miner ?? null;
          }
        : skipToken,
    ...KEPT_ANSWER,
  });
}
