/**
 * What the trace page asks besides the trace and its workspace (src/trace/
 * useTraceWorkspace.tsx): where the transaction sits (its block and index, for the onward links;
 * its block number and gas limit, for the simulation's) and its receipt's gas used (for the
 * summary, beside the top frame's figure).
 */
import { useQuery } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { useMemo } from "react";
import { readQuantity } from "../../chain";
import type { ReceiptGas } from "../../trace/gasAgreement";
import { txLocationQueryOptions, txReceiptQueryOptions } from "./insight/query";
import type { TraceModel } from "../../trace/model";
import type { TraceRequest } from "./params";

export function useSideQueries(args: {
  client: RpcClient;
  endpoint: ResolvedEndpoint | null;
  /** The page's request; null for a trace opened from a file. */
  request: TraceRequest | null;
  model: TraceModel | null;
}) {
  const { client, endpoint, request, model } = args;
  const located = useQuery(
    txLocationQueryOptions(client, endpoint, model && request ? request.hash : null),
  );
  const receipt = useQuery(
    txReceiptQueryOptions(client, endpoint, model && request ? request.hash : null),
  );
  const receiptGasUsed = readQuantity(receipt.data?.gasUsed);
  const gasLimit = readQuantity(located.data?.gas);
  const receiptGas = useMemo<ReceiptGas | null>(
    () => (receiptGasUsed !== null ? { gasUsed: receiptGasUsed, limit: gasLimit } : null),
    [receiptGasUsed, gasLimit],
  );
  return {
    blockHash: located.data?.blockHash ?? null,
    txIndex: located.data?.transactionIndex ?? null,
    blockNumber: located.data?.blockNumber ?? null,
    gasLimit: located.data?.gas ?? null,
    /** The receipt's gas used and the limit, for the summary beside the top frame's figure. */
    receiptGas,
  };
}
