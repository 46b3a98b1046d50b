/**
 * The receipt part of the transaction page: the summary above the card, why a failed one failed,
 * its events and token transfers, and the receipt's fields the app does not name. It reads the
 * receipt entry the page asks (the page's observer alone looks again while it is pending) and
 * asks what the summary adds: the head, the block's timestamp, a failed call's replay, and the
 * tokens' symbols and decimals.
 */
import { useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { readQuantity, transfersOfLog, type AbiRegistry } from "../../chain";
import type { ResolvedEndpoint } from "../../endpoints";
import { Button } from "../../ui";
import { useRpc } from "../../connection/context";
import { tokenMetaQueryOptions } from "../../decoding/tokenMeta";
import { Events } from "./Events";
import { FailureReason } from "./FailureReason";
import type { TxModel } from "./model";
import {
  blockQueryOptions,
  headQueryOptions,
  pendingLookupDelay,
  receiptQueryKey,
  receiptQueryOptions,
  replayQueryOptions,
  type ReplayCall,
} from "./receiptQuery";
import { Summary } from "./Summary";
import { buildSummary } from "./receiptSummary";
import { FieldRows } from "./TxCard";
import { Transfers } from "./Transfers";
import type { TxObject } from "../../transaction/txResponse";
import type { TraceModel } from "../../trace/model";

/**
 * Native value the inner calls of a transaction moved, read from a call-tree trace of it already
 * in the cache (the trace page's answer, whatever endpoint served it): a trace is paid for, so
 * none is asked just for this. Null when no such answer is at hand.
 */
export function cachedInnerValue(queryClient: QueryClient, hash: string): bigint | null {
  const wanted = hash.toLowerCase();
  const entries = queryClient.getQueriesData<{ model?: TraceModel | null }>({
    predicate: (q) => {
      const params = q.queryKey[2];
      return (
        Array.isArray(params) &&
        typeof params[0] === "string" &&
        params[0].toLowerCase() === wanted &&
        typeof q.queryKey[1] === "string" &&
        q.queryKey[1].includes("trace")
      );
    },
  });
  for (const [, data] of entries) {
    const model = data?.model;
    if (!model || model.size === 0) continue;
    let moved = 0n;
    // Frames below the top one that took effect (a reverted frame moved nothing).
    for (let i = 1; i < model.size; i++) {
      const value = model.frames[i]?.value;
      if (model.reverted[i] === 1 || !value) continue;
      try {
        moved += BigInt(value);
      } catch {
        // a value the node wrote oddly is left out rather than guessed
      }
    }
    return moved;
  }
  return null;
}

export interface ReceiptSectionProps {
  endpoint: ResolvedEndpoint;
  tx: TxObject;
  model: TxModel;
  registry: AbiRegistry;
  /** What to do next (trace, simulate, logs, estimate): right under the summary, on the first screen. */
  actions?: ReactNode;
}

export function ReceiptSection({ endpoint, tx, model, registry, actions }: ReceiptSectionProps) {
  const { client } = useRpc();
  const queryClient = useQueryClient();
  // The page's own observer of the receipt (Page.tsx) sends it, and asks again on a revisit; this
  // part mounts once the card's chunk is in and must not send it a second time because it failed
  // meanwhile (a 401 sent twice: the race Result.tsx's lookups had) — "Ask again" is below.
  const receipt = useQuery({
    ...receiptQueryOptions(client, endpoint, model.hash),
    refetchInterval: false,
    refetchOnMount: false,
    retryOnMount: false,
  });
  const data = receipt.data ?? null;
  const mined = data !== null || model.blockHash !== null;
  const head = useQuery({ ...headQueryOptions(client, endpoint), enabled: mined });
  const blockHash =
    (typeof data?.blockHash === "string" ? data.blockHash : null) ?? model.blockHash;
  const needBlock = blockHash !== null && tx.blockTimestamp === undefined;
  const block = useQuery(blockQueryOptions(client, endpoint, needBlock ? blockHash : null));

  const summary = useMemo(
    () =>
      buildSummary({
        tx: tx as Record<string, unknown>,
        receipt: data,
        head: readQuantity(head.data),
        blockTimestamp: readQuantity(block.data?.timestamp),
        symbol: model.symbol,
        chainId: model.chainId,
      }),
    [tx, data, head.data, block.data, model.symbol, model.chainId],
  );

  const logs = summary.logs;
  const moves = useMemo(() => (logs ? logs.flatMap((l) => transfersOfLog(l)) : []), [logs]);
  const tokens = useMemo(() => {
    const out = new Set<string>();
    for (const m of moves) if (m.asset.token) out.add(m.asset.token);
    for (const l of logs ?? []) if (l.topics.length === 3) out.add(l.address);
    return [...out];
  }, [moves, logs]);
  const tokenMeta = useQuery(tokenMetaQueryOptions(client, endpoint, tokens));

  const failed = summary.status.kind === "failed";
  const parent =
    summary.blockNumber !== null && summary.blockNumber > 0n ? summary.blockNumber - 1n : null;
  const replayCall: ReplayCall | null =
    failed && parent !== null
      ? {
          from: model.from,
          to: model.to,
          value: model.value,
          input: model.input,
          gas: typeof tx.gas === "string" ? tx.gas : null,
          block: `0x${parent.toString(16)}`,
        }
      : null;
  const replay = useQuery(replayQueryOptions(client, endpoint, replayCall));

  const inputRow = model.fields.find((f) => f.name === "input");
  const input = inputRow?.view.kind === "data" ? inputRow.view.input : null;

  // Lookups made so far (the pending back-off is counted in them).
  const lookups =
    queryClient.getQueryState(receiptQueryKey(endpoint, model.hash))?.dataUpdateCount ?? 0;
  const stopped = data === null && receipt.isSuccess && pendingLookupDelay(lookups) === false;
  const polling =
    data === null && receipt.isSuccess ? (
      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
        {stopped
          ? `Stopped looking after ${lookups} lookups (about ten minutes).`
          : receipt.isFetching
            ? "Looking for its receipt…"
            : "Looking again every few seconds (slower after a minute; paused while this tab is hidden)."}
        {stopped ? <Button onClick={() => void receipt.refetch()}>Check again</Button> : null}
      </span>
    ) : null;

  const receiptNote = receipt.isError ? (
    <>
      No receipt: this node did not give one for this transaction (eth_getTransactionReceipt failed:{" "}
      {receipt.error instanceof Error ? receipt.error.message : String(receipt.error)}). The fields
      below are the transaction as sent.{" "}
      <Button onClick={() => void receipt.refetch()}>Ask again</Button>
    </>
  ) : receipt.isPending ? (
    "Looking up its receipt…"
  ) : null;

  const usedAllGas =
    summary.gasUsed !== null && summary.gasLimit !== null && summary.gasUsed >= summary.gasLimit;

  return (
    <div className="flex flex-col gap-3">
      <Summary
        summary={summary}
        input={input}
        symbol={model.symbol}
        polling={polling}
        receiptNote={receiptNote}
        receiptPending={receipt.isPending}
        hash={model.hash}
        // The answer first: why it failed sits beside its status, in the first screen.
        why={
          failed && parent !== null ? (
            <FailureReason
              hash={model.hash}
              parent={parent}
              outcome={replay.data}
              error={replay.error}
              onRetry={() => void replay.refetch()}
              registry={registry}
              to={model.to}
              usedAllGas={usedAllGas}
            />
          ) : null
        }
        inner={
          // A call into code may move value inside; a plain transfer or a creation's init code
          // shows it only when a trace says so.
          summary.blockNumber === null
            ? undefined
            : (cachedInnerValue(queryClient, model.hash) ??
              (model.input !== "0x" ? null : undefined))
        }
      />
      {actions}
      {data && logs === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The node sent no logs with this receipt (logs: null): events and token transfers are
          unknown here; the log table can ask for them.
        </p>
      ) : null}
      {logs ? (
        <>
          <Events
            logs={logs}
            registry={registry}
            tokenMeta={tokenMeta.data}
            blockHash={blockHash}
          />
          <Transfers moves={moves} tokenMeta={tokenMeta.data} hash={model.hash} />
        </>
      ) : null}
      {summary.other.length > 0 ? (
        <section aria-label="Other receipt fields">
          <h3 className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
            Other fields of the receipt
          </h3>
          <p className="mb-1 text-xs text-slate-700 dark:text-slate-300">
            Sent by this node (L2 extras and others); shown raw, with what they are where known.
          </p>
          <dl aria-label="Other fields of the receipt" className="flex flex-col">
            <FieldRows rows={summary.other} />
          </dl>
        </section>
      ) : null}
    </div>
  );
}
