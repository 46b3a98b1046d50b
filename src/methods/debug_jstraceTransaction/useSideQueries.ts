/**
 * What the trace page asks besides the trace: the state changes (another paid trace, asked on a
 * click — or on load for a link that says `view=state`), the tokens' names for the balance and
 * flow views, where the transaction sits (its block and index, for the onward links; its block
 * number and gas limit, for the simulation's) and its receipt's gas used (for the summary).
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { tokenMetaQueryOptions } from "../../shared/tokenMeta";
import { readQuantity } from "../../chain";
import type { ReceiptGas } from "../../shared/trace/gasAgreement";
import {
  stateDiffQueryOptions,
  txLocationQueryOptions,
  txReceiptQueryOptions,
} from "./insight/query";
import { tokensOf, transfersOf } from "../../shared/trace/insight/transfers";
import type { TraceModel } from "../../shared/trace/model";
import { isCallTracer, type TraceRequest } from "./params";
import type { TraceTab } from "../../shared/trace/TraceView";

export function useSideQueries(args: {
  client: RpcClient;
  endpoint: ResolvedEndpoint | null;
  /** The link's form params: a new link asks anew. */
  formSearch: string;
  /** The link's own view (`view=`), read when the link changes. */
  linkView: string | null;
  /** The page's request; null for a trace opened from a file. */
  request: TraceRequest | null;
  model: TraceModel | null;
  framesComplete: boolean;
  tab: TraceTab;
}) {
  const { client, endpoint, formSearch, linkView, request, model, framesComplete, tab } = args;
  const [stateAsk, setStateAsk] = useState(() => ({
    link: formSearch,
    asked: linkView === "state",
  }));
  if (stateAsk.link !== formSearch) setStateAsk({ link: formSearch, asked: linkView === "state" });
  const stateHash = stateAsk.asked && request && isCallTracer(request) ? request.hash : null;
  const state = useQuery(stateDiffQueryOptions(client, endpoint, stateHash));
  const tokens = useMemo(
    () =>
      model && framesComplete && (tab === "balances" || tab === "flow")
        ? tokensOf(transfersOf(model))
        : [],
    [model, tab, framesComplete],
  );
  const tokenMeta = useQuery(tokenMetaQueryOptions(client, endpoint, tokens));
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
    stateAsked: stateAsk.asked,
    askState: () => setStateAsk((s) => ({ ...s, asked: true })),
    state,
    tokenMeta: tokenMeta.data,
    blockHash: located.data?.blockHash ?? null,
    txIndex: located.data?.transactionIndex ?? null,
    blockNumber: located.data?.blockNumber ?? null,
    gasLimit: located.data?.gas ?? null,
    /** The receipt's gas used and the limit, for the summary beside the top frame's figure. */
    receiptGas,
  };
}
