/**
 * The lookup part of the page, loaded on demand (lazyResult.ts): the decoded answer (card, onward
 * links, raw JSON), the node's failure, or what an empty answer means, and the decoding services
 * (the registry and what they say about this transaction: a first visit's empty form loads none of
 * it). The page keeps the form and the raw request; this part reads the same cache entries.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDecimal } from "../../chain";
import type { ResolvedEndpoint } from "../../endpoints";
import { Button, Card, CopyButton, downloadText, LazyJsonViewer } from "../../ui";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { useDecodingRegistry, type DecodingKeys } from "../../decoding/useDecodingRegistry";
import { DecodingNote } from "../../decoding/DecodingNote";
import type { BlockLookup, HashLookup, TxLookup } from "./params";
import { BY_HASH_METHOD, txByHashQueryOptions, txQueryKey, txQueryOptions } from "./query";
import type { TxResponse } from "../../transaction/txResponse";
import { ResultFrame, short } from "./ResultFrame";
import { TxCard } from "./TxCard";
import { OnwardLinks } from "./OnwardLinks";
import { ReceiptSection } from "./ReceiptSection";

export interface TxResultProps {
  endpoint: ResolvedEndpoint;
  blockLookup: BlockLookup | null;
  hashLookup: HashLookup | null;
  /** Where the node found the transaction asked by hash (null for a lookup by position). */
  found: BlockLookup | null;
  /** What the decoding services are asked about (null until the node's answer is in). */
  decodingKeys: DecodingKeys | null;
  go: (next: TxLookup) => void;
}

export default function TxResult({
  endpoint,
  blockLookup,
  hashLookup,
  found,
  decodingKeys,
  go,
}: TxResultProps) {
  const { client } = useRpc();
  // Built-ins, the user's ABIs and what the services say about this transaction.
  const decoding = useDecodingRegistry(endpoint, decodingKeys);
  const { registry } = decoding;
  const queryClient = useQueryClient();
  // The page's own observers of these entries (the raw answer) fetch them, on mount as always;
  // this part mounts later, once its chunk is in, and must not ask again for an answer that may
  // change (an unknown hash) just because it came in meanwhile — nor for one that failed meanwhile
  // (a second request after a 401, where the user has a Retry button).
  const byBlock = useQuery({
    ...txQueryOptions(client, endpoint, blockLookup, registry),
    refetchOnMount: false,
    retryOnMount: false,
  });
  const byHash = useQuery({
    ...txByHashQueryOptions(client, endpoint, hashLookup, registry),
    refetchOnMount: false,
    retryOnMount: false,
  });
  const query = hashLookup ? byHash : byBlock;
  const response = query.data;
  const model = response?.model ?? null;
  const position = blockLookup ?? found;

  // The index range hint for an empty answer: what the cache already knows about index N−1,
  // otherwise one look at index 0 (cached for good like every lookup) tells an existing block
  // from one this node does not know.
  const emptyAt = response && response.tx === null && blockLookup ? blockLookup : null;
  const unknownHash = response && response.tx === null && hashLookup ? hashLookup : null;
  const before =
    emptyAt && emptyAt.index > 0n
      ? queryClient.getQueryData<TxResponse>(
          txQueryKey(endpoint, { ...emptyAt, index: emptyAt.index - 1n }),
        )
      : undefined;
  const lastKnown = before?.tx != null;
  const probeLookup =
    emptyAt && emptyAt.index > 0n && !lastKnown
      ? { blockHash: emptyAt.blockHash, index: 0n }
      : null;
  const probe = useQuery(txQueryOptions(client, endpoint, probeLookup));

  const rawJson = response ? JSON.stringify(response.raw, null, 2) : "";

  return (
    <ResultFrame
      endpoint={endpoint}
      blockLookup={blockLookup}
      hashLookup={hashLookup}
      position={position}
      shown={model !== null}
      pending={query.isPending}
      go={go}
    >
      {query.isError ? (
        <RpcErrorPanel
          error={query.error}
          title={
            hashLookup
              ? `${BY_HASH_METHOD} failed for transaction ${short(hashLookup.hash)}`
              : blockLookup
                ? `${endpoint.rpcMethod} failed for index ${formatDecimal(blockLookup.index)} in block ${short(blockLookup.blockHash)}`
                : endpoint.rpcMethod
          }
          onRetry={() => void query.refetch()}
        />
      ) : null}

      {unknownHash ? (
        <div role="status" className={NOTE}>
          <p className="break-all font-semibold">
            No transaction with hash {unknownHash.hash} on {endpoint.host}
          </p>
          <p className="mt-1">
            This node does not know it. Check that the connection points at the network the
            transaction was sent on (Endpoints shows where this lookup goes) and that the hash is
            complete; a transaction sent moments ago may not have reached this node yet.
          </p>
        </div>
      ) : null}

      {emptyAt ? (
        <div role="status" className={NOTE}>
          <p className="break-all font-semibold">
            No transaction at index {formatDecimal(emptyAt.index)} in block {emptyAt.blockHash}
          </p>
          <p className="mt-1">
            <EmptyHint
              index={emptyAt.index}
              lastKnown={lastKnown}
              probe={probe.data}
              probeFailed={probe.isError}
            />
          </p>
        </div>
      ) : null}

      {model && response?.tx ? (
        <>
          <Card title="Summary">
            <ReceiptSection
              endpoint={endpoint}
              tx={response.tx}
              model={model}
              registry={registry}
              actions={<OnwardLinks model={model} />}
            />
          </Card>
          <Card
            title={
              position
                ? `Transaction ${formatDecimal(position.index)} of block ${model.blockNumber !== null ? formatDecimal(model.blockNumber) : short(position.blockHash)}`
                : "Pending transaction"
            }
          >
            <TxCard model={model} />
          </Card>
          <Card
            title="Raw JSON"
            actions={
              <>
                <CopyButton text={rawJson} label="Copy JSON" />
                <Button onClick={() => downloadText(`${model.hash}.json`, rawJson)}>
                  Download JSON
                </Button>
              </>
            }
          >
            <LazyJsonViewer
              value={response?.raw}
              label="Raw JSON of the result"
              initialLevels={2}
              height={360}
            />
          </Card>
        </>
      ) : null}
      <DecodingNote decoding={decoding} />
    </ResultFrame>
  );
}

const NOTE =
  "rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

function EmptyHint({
  index,
  lastKnown,
  probe,
  probeFailed,
}: {
  index: bigint;
  lastKnown: boolean;
  probe: TxResponse | undefined;
  probeFailed: boolean;
}) {
  const n = formatDecimal(index);
  const plural = index === 1n ? "" : "s";
  if (index === 0n)
    return <>This block has no transactions, or this node does not know a block with this hash.</>;
  if (lastKnown)
    return (
      <>
        Index {formatDecimal(index - 1n)} was the last transaction of this block: it holds {n}{" "}
        transaction{plural} (indexes 0–{formatDecimal(index - 1n)}).
      </>
    );
  if (probe?.tx)
    return (
      <>
        The block has at most {n} transaction{plural}: try a lower index.
      </>
    );
  if (probe && probe.tx === null)
    return (
      <>
        There is no transaction at index 0 either: this block has no transactions, or this node does
        not know a block with this hash.
      </>
    );
  if (probeFailed)
    return (
      <>
        The block has at most {n} transaction{plural}, or this node does not know a block with this
        hash.
      </>
    );
  return (
    <>
      The block has at most {n} transaction{plural}; checking index 0…
    </>
  );
}
