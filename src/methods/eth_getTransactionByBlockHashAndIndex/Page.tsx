import { useCallback, useEffect, useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  CopyButton,
  downloadText,
  LazyJsonViewer,
  PageHeader,
  preloadJsonViewer,
} from "../../ui";
import { useRpc } from "../../shared/context";
import { RpcErrorPanel } from "../../shared/RpcErrorPanel";
import { FoldingForm } from "../../shared/FoldingForm";
import type { DevnetManifest } from "../../shared/manifest";
import type { MethodPageProps } from "../../shared/page";
import { useDecodingRegistry } from "../../shared/decoding/useDecodingRegistry";
import { DecodingPanel } from "../../shared/decoding/DecodingNote";
import { txDecodingKeys } from "./decode";
import { linkFieldErrors } from "../../shared/form";
import { TxForm, type Example } from "./Form";
import {
  fromSearch,
  isHashLookup,
  positionOf,
  toParams,
  toSearch,
  type BlockLookup,
  type TxFormValues,
  type TxLookup,
} from "./params";
import {
  BY_HASH_METHOD,
  METHOD,
  txByHashQueryKey,
  txByHashQueryOptions,
  txQueryKey,
  txQueryOptions,
} from "./query";
import type { TxResponse } from "./result";
import { TxCard } from "./TxCard";
import { OnwardLinks } from "./OnwardLinks";

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

function examplesFrom(devnet: DevnetManifest | null): Example[] {
  if (!devnet) return [];
  const out: Example[] = [];
  const add = (label: string, blockHash: string | undefined, index: number | undefined) => {
    if (!blockHash || index === undefined || !HASH_RE.test(blockHash)) return;
    out.push({
      label,
      lookup: { blockHash: blockHash.toLowerCase() as `0x${string}`, index: BigInt(index) },
    });
  };
  const t = devnet.transactions;
  add("try: legacy transfer", t.legacyTransfer?.blockHash, t.legacyTransfer?.index);
  add("try: dynamic-fee transfer", t.dynamicFeeTransfer?.blockHash, t.dynamicFeeTransfer?.index);
  add("try: contract creation", t.contractCreation?.blockHash, t.contractCreation?.index);
  const busy = [...devnet.blocks].sort((a, b) => b.txCount - a.txCount).find((b) => b.txCount > 1);
  if (busy) add(`try: a block with ${busy.txCount} transactions`, busy.hash, 0);
  const byHash = t.tokenTransfer?.hash ?? t.legacyTransfer?.hash;
  if (byHash && HASH_RE.test(byHash))
    out.push({
      label: "try: by transaction hash",
      lookup: { hash: byHash.toLowerCase() as `0x${string}` },
    });
  return out;
}

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** What was asked, in one line, for the folded form. */
function describeLookup(lookup: TxLookup, found: BlockLookup | null): string {
  if (!isHashLookup(lookup)) return `block ${lookup.blockHash}, index ${lookup.index.toString()}`;
  return found
    ? `hash ${lookup.hash} · block ${found.blockHash}, index ${found.index.toString()}`
    : `hash ${lookup.hash}`;
}

const sameLookup = (a: TxLookup, b: TxLookup) =>
  isHashLookup(a) === isHashLookup(b) &&
  JSON.stringify(toParams(a)) === JSON.stringify(toParams(b));

const rawTx = (r: TxResponse) => r.tx;

export default function TxPage({ search, setSearch }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
  const queryClient = useQueryClient();
  const searchString = search.toString();
  const state = useMemo(() => fromSearch(new URLSearchParams(searchString)), [searchString]);
  const linkErrors = useMemo(() => linkFieldErrors<TxFormValues>(state.errors), [state]);
  // Both lookups go to the transaction endpoint: a provider that serves one serves the other.
  const resolved = resolve(METHOD);
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const lookup = state.kind === "ok" ? state.lookup : null;
  const blockLookup = lookup && !isHashLookup(lookup) ? lookup : null;
  const hashLookup = lookup && isHashLookup(lookup) ? lookup : null;

  // The node's answer first (undecoded, shared with the decoded view below), then the shared
  // registry (built-ins, the ABIs kept on this device) layered with what the signature database
  // and Sourcify say about its call.
  // (only the raw transaction is selected here: no card model is built for it)
  const plainBlock = useQuery({ ...txQueryOptions(client, endpoint, blockLookup), select: rawTx });
  const plainHash = useQuery({
    ...txByHashQueryOptions(client, endpoint, hashLookup),
    select: rawTx,
  });
  const plainTx = (hashLookup ? plainHash : plainBlock).data ?? null;
  const decodingKeys = useMemo(() => (plainTx ? txDecodingKeys(plainTx) : null), [plainTx]);
  const decoding = useDecodingRegistry(endpoint, decodingKeys);
  const { registry } = decoding;

  const byBlock = useQuery(txQueryOptions(client, endpoint, blockLookup, registry));
  const byHash = useQuery(txByHashQueryOptions(client, endpoint, hashLookup, registry));
  const query = hashLookup ? byHash : byBlock;
  const response = query.data;
  const model = response?.model ?? null;

  // Where the card's transaction sits: the asked position, or where the node found the hash.
  const found = hashLookup && model ? positionOf(model) : null;
  const position = blockLookup ?? found;

  // A resolved hash: the link also says where it was found (replacing the entry, so Back
  // leaves the page rather than undoing the resolution).
  const foundHash = found?.blockHash;
  const foundIndex = found?.index;
  useEffect(() => {
    if (!hashLookup || foundHash === undefined || foundIndex === undefined) return;
    const at = { blockHash: foundHash, index: foundIndex };
    // The node's answer by hash is its answer at that position too: stepping back to it from
    // the next transaction asks nothing.
    const answer = queryClient.getQueryData<TxResponse>(txByHashQueryKey(endpoint, hashLookup));
    const atKey = txQueryKey(endpoint, at);
    if (endpoint && answer && queryClient.getQueryData(atKey) === undefined)
      queryClient.setQueryData(atKey, answer);
    const next = toSearch(hashLookup, at);
    if (new URLSearchParams(next).toString() !== searchString) setSearch(next, { replace: true });
  }, [endpoint, hashLookup, foundHash, foundIndex, queryClient, searchString, setSearch]);

  // The index range hint for an empty answer: what the cache already knows about index N−1,
  // otherwise one look at index 0 (cached for good like every lookup) tells an existing block
  // from one this node does not know.
  const emptyAt = response && response.tx === null && blockLookup ? blockLookup : null;
  const unknownHash = response && response.tx === null && hashLookup ? hashLookup : null;
  const before =
    emptyAt && emptyAt.index > 0n && endpoint
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

  // The raw JSON viewer loads beside the lookup, so it is in by the time the answer is.
  const looking = lookup !== null;
  useEffect(() => {
    if (looking) void preloadJsonViewer().catch(() => undefined);
  }, [looking]);

  const examples = useMemo(() => examplesFrom(devnet), [devnet]);

  // Folded once a lookup runs; Edit opens the form in place until the next run.
  const [editing, setEditing] = useState(false);
  const go = useCallback(
    (next: TxLookup) => {
      setEditing(false);
      setSearch(toSearch(next));
    },
    [setSearch],
  );
  const onSubmit = useCallback(
    (next: TxLookup) => {
      // The same lookup again: ask again where the answer may have changed (a failure, or a
      // hash the node did not know or had not mined yet); a mined answer stays as it is.
      if (lookup && sameLookup(next, lookup)) {
        setEditing(false);
        const mayChange = query.isError || (hashLookup !== null && !query.data?.tx?.blockHash);
        if (mayChange) void query.refetch();
      } else go(next);
    },
    [go, hashLookup, lookup, query],
  );

  const rawJson = response ? JSON.stringify(response.raw, null, 2) : "";
  const asked = hashLookup
    ? `${BY_HASH_METHOD}(${JSON.stringify(toParams(hashLookup))})`
    : blockLookup && endpoint
      ? `${endpoint.rpcMethod}(${JSON.stringify(toParams(blockLookup))})`
      : "";

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        method="eth_getTransactionByBlockHashAndIndex"
        title="transaction lookup"
        target={endpoint?.maskedUrl}
      >
        One transaction, by its hash or by its block&apos;s hash and its position in the block.
      </PageHeader>

      <FoldingForm
        name="Transaction lookup"
        folded={lookup !== null && !editing}
        onUnfold={() => setEditing(true)}
        onFold={lookup ? () => setEditing(false) : undefined}
        summary={lookup ? describeLookup(lookup, found) : ""}
      >
        <Card>
          <TxForm
            values={state.values}
            linkErrors={linkErrors}
            onSubmit={onSubmit}
            examples={examples}
            onExample={go}
          />
        </Card>
      </FoldingForm>

      {lookup && !resolved.ok ? <Alert>{resolved.reason}</Alert> : null}

      {lookup && endpoint ? (
        <section aria-label="Result" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {position ? (
              <nav aria-label="Step through the block" className="flex items-center gap-2">
                <Button
                  disabled={position.index === 0n}
                  onClick={() => go({ ...position, index: position.index - 1n })}
                  aria-label="Previous transaction"
                >
                  ← Previous
                </Button>
                <span className="text-sm text-slate-800 dark:text-slate-200">
                  index <span className="font-mono">{position.index.toString()}</span>
                </span>
                <Button
                  disabled={!model}
                  onClick={() => go({ ...position, index: position.index + 1n })}
                  aria-label="Next transaction"
                >
                  Next →
                </Button>
              </nav>
            ) : null}
            <code className="break-all text-xs text-slate-600 dark:text-slate-400">{asked}</code>
          </div>

          {query.isPending ? (
            <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
              {hashLookup
                ? `Looking up transaction ${short(hashLookup.hash)}…`
                : blockLookup
                  ? `Looking up index ${blockLookup.index.toString()} in block ${short(blockLookup.blockHash)}…`
                  : null}
            </p>
          ) : null}

          {query.isError ? (
            <RpcErrorPanel
              error={query.error}
              title={
                hashLookup
                  ? `${BY_HASH_METHOD} failed for transaction ${short(hashLookup.hash)}`
                  : blockLookup
                    ? `${endpoint.rpcMethod} failed for index ${blockLookup.index.toString()} in block ${short(blockLookup.blockHash)}`
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
                transaction was sent on (Endpoints shows where this lookup goes) and that the hash
                is complete; a transaction sent moments ago may not have reached this node yet.
              </p>
            </div>
          ) : null}

          {emptyAt ? (
            <div role="status" className={NOTE}>
              <p className="break-all font-semibold">
                No transaction at index {emptyAt.index.toString()} in block {emptyAt.blockHash}
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

          {model ? (
            <>
              <Card
                title={
                  position
                    ? `Transaction ${position.index.toString()} of block ${model.blockNumber !== null ? model.blockNumber.toString() : short(position.blockHash)}`
                    : "Pending transaction"
                }
              >
                <TxCard model={model} />
              </Card>
              <OnwardLinks model={model} />
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
        </section>
      ) : null}

      <DecodingPanel
        decoding={decoding}
        hint="Decodes the input of calls the built-in set does not know."
      />
    </div>
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
  const n = index.toString();
  const plural = index === 1n ? "" : "s";
  if (index === 0n)
    return <>This block has no transactions, or this node does not know a block with this hash.</>;
  if (lastKnown)
    return (
      <>
        Index {(index - 1n).toString()} was the last transaction of this block: it holds {n}{" "}
        transaction{plural} (indexes 0–{(index - 1n).toString()}).
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
