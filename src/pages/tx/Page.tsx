import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDecimal } from "../../chain/units";
import { Card, EndpointProblem, PageHeader, preloadJsonViewer, shortHex } from "../../ui";
import { useRpc } from "../../connection/context";
import { FoldingForm } from "../../forms/FoldingForm";
import type { DevnetManifest } from "../../connection/manifest";
import type { MethodPageProps } from "../../routing/page";
import { DeferredAbiPanel, loadAbiPanel } from "../../decoding/DeferredAbiPanel";
import { linkFieldErrors } from "../../forms/form";
import { txDecodingKeys } from "./decodingKeys";
import { TxForm, type Example } from "./Form";
import {
  fromSearch,
  isHashLookup,
  toParams,
  toSearch,
  type BlockLookup,
  type TxFormValues,
  type TxLookup,
} from "./params";
import {
  foundAt,
  METHOD,
  BY_HASH_METHOD,
  txByHashQueryKey,
  txByHashRequestOptions,
  txQueryKey,
  txRequestOptions,
} from "./request";
import type { TxResponse } from "../../transaction/txResponse";
import { ResultFrame } from "./ResultFrame";
import { receiptQueryOptions } from "./receiptQuery";
import { receiptLogs, type TxReceipt } from "../../transaction/receipt";
import { loadedTxResult, preloadTxResult, subscribeTxResult } from "./lazyResult";

const prefetchResult = () => void preloadTxResult().catch(() => undefined);

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

/** What was asked, in one line, for the folded form. */
function describeLookup(lookup: TxLookup, found: BlockLookup | null): string {
  if (!isHashLookup(lookup))
    return `block ${lookup.blockHash}, index ${formatDecimal(lookup.index)}`;
  return found
    ? `hash ${lookup.hash} · block ${found.blockHash}, index ${formatDecimal(found.index)}`
    : `hash ${lookup.hash}`;
}

/** The page's title, by what was looked up: the transaction's own hash once known. */
function pageHeading(lookup: TxLookup | null, txHash: string | null): string | null {
  if (!lookup) return null;
  if (isHashLookup(lookup)) return `Transaction ${shortHex(lookup.hash)}`;
  if (txHash) return `Transaction ${shortHex(txHash)}`;
  return `Transaction ${formatDecimal(lookup.index)} of block ${shortHex(lookup.blockHash)}`;
}

const sameLookup = (a: TxLookup, b: TxLookup) =>
  isHashLookup(a) === isHashLookup(b) &&
  JSON.stringify(toParams(a)) === JSON.stringify(toParams(b));

const rawTx = (r: TxResponse) => r.tx;

/** The services are asked about the receipt's events too (topic0 and emitting contracts). */
function withReceiptKeys(
  keys: ReturnType<typeof txDecodingKeys>,
  receipt: TxReceipt | null,
): ReturnType<typeof txDecodingKeys> {
  const logs = receipt ? receiptLogs(receipt) : null;
  if (!logs || logs.length === 0) return keys;
  const topics = new Set(keys.topics);
  const addresses = new Set(keys.addresses);
  for (const log of logs) {
    const t0 = log.topics[0];
    if (t0) topics.add(t0.toLowerCase());
    addresses.add(log.address.toLowerCase());
  }
  return { inputs: keys.inputs, topics: [...topics], addresses: [...addresses] };
}

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

  // The node's answer first (undecoded, shared with the decoded view of the lookup part); the
  // lookup part layers the shared registry (built-ins, the ABIs kept on this device) with what the
  // signature database and Sourcify say about the keys below (Result.tsx).
  // (only the raw transaction is selected here: no card model is built for it)
  const plainBlock = useQuery({
    ...txRequestOptions(client, endpoint, blockLookup),
    select: rawTx,
  });
  const plainHash = useQuery({
    ...txByHashRequestOptions(client, endpoint, hashLookup),
    select: rawTx,
  });
  const plain = hashLookup ? plainHash : plainBlock;
  const plainTx = plain.data ?? null;

  // The receipt, beside the transaction on the same endpoint, once the node has said it knows
  // the transaction (an unknown hash costs one request, not two). Only this observer looks again
  // while it is pending; the lookup part reads the same entry without an interval of its own.
  const receipt = useQuery(receiptQueryOptions(client, endpoint, plainTx?.hash ?? null));
  const receiptData = receipt.data ?? null;

  // Mined meanwhile: the transaction by hash is asked again (its block fields come in).
  const minedWhilePending = Boolean(hashLookup && receiptData && plainTx && !plainTx.blockHash);
  useEffect(() => {
    if (minedWhilePending && hashLookup)
      void queryClient.invalidateQueries({ queryKey: txByHashQueryKey(endpoint, hashLookup) });
  }, [minedWhilePending, hashLookup, endpoint, queryClient]);

  const decodingKeys = useMemo(
    () => (plainTx ? withReceiptKeys(txDecodingKeys(plainTx), receiptData) : null),
    [plainTx, receiptData],
  );
  // Where the node found a transaction asked by hash.
  const found = hashLookup && plainTx ? foundAt(plainTx) : null;

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

  // The raw JSON viewer loads beside the lookup, so it is in by the time the answer is.
  const looking = lookup !== null;
  // So is the ABI panel's parser: the registry the lookup part decodes with needs it too.
  useEffect(() => {
    if (!looking) return;
    void preloadJsonViewer().catch(() => undefined);
    void loadAbiPanel().catch(() => undefined);
  }, [looking]);

  // The lookup part (card, model, decoding, raw JSON) is its own chunk: until it is in, the
  // result shows only where the transaction sits and "Looking up…".
  const TxResult = useSyncExternalStore(subscribeTxResult, loadedTxResult, loadedTxResult)?.default;
  useEffect(() => {
    if (looking && !TxResult) prefetchResult();
  }, [looking, TxResult]);

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
        const mayChange = plain.isError || (hashLookup !== null && !plain.data?.blockHash);
        if (mayChange) void plain.refetch();
      } else go(next);
    },
    [go, hashLookup, lookup, plain],
  );

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        title="Transaction"
        method={endpoint ? (hashLookup ? BY_HASH_METHOD : endpoint.rpcMethod) : null}
        heading={pageHeading(lookup, plainTx?.hash ?? null)}
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
            onActive={prefetchResult}
          />
        </Card>
      </FoldingForm>

      {lookup && !resolved.ok ? <EndpointProblem problem={resolved} /> : null}

      {lookup && endpoint ? (
        TxResult ? (
          <TxResult
            endpoint={endpoint}
            blockLookup={blockLookup}
            hashLookup={hashLookup}
            found={found}
            decodingKeys={decodingKeys}
            go={go}
          />
        ) : (
          <ResultFrame
            endpoint={endpoint}
            blockLookup={blockLookup}
            hashLookup={hashLookup}
            position={blockLookup ?? found}
            shown={false}
            pending={plain.isPending}
            go={go}
          />
        )
      ) : null}

      {/* The decoding services' note is the lookup part's (Result.tsx), above this panel. */}
      <DeferredAbiPanel hint="Decodes the input of calls the built-in set does not know." />
    </div>
  );
}
