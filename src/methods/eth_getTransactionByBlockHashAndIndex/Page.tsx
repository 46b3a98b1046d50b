import { useCallback, useMemo } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  CopyButton,
  ErrorPanel,
  JsonViewer,
  downloadText,
  PageHeader,
} from "../../ui";
import { useRpc } from "../../shared/context";
import { href } from "../../shared/links";
import type { DevnetManifest } from "../../shared/manifest";
import type { MethodPageProps } from "../../shared/page";
import { AbiPanel } from "../../shared/AbiPanel";
import { useAbiRegistry } from "../../shared/useAbiRegistry";
import { linkFieldErrors } from "../../shared/form";
import { TxForm, type Example } from "./Form";
import { fromSearch, toParams, toSearch, type TxFormValues, type TxLookup } from "./params";
import { METHOD, txQueryKey, txQueryOptions } from "./query";
import type { TxResponse } from "./result";
import { TxCard } from "./TxCard";

function examplesFrom(devnet: DevnetManifest | null): Example[] {
  if (!devnet) return [];
  const out: Example[] = [];
  const add = (label: string, blockHash: string | undefined, index: number | undefined) => {
    if (!blockHash || index === undefined || !/^0x[0-9a-fA-F]{64}$/.test(blockHash)) return;
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
  return out;
}

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

export default function TxPage({ search, setSearch }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
  const queryClient = useQueryClient();
  const searchString = search.toString();
  const state = useMemo(() => fromSearch(new URLSearchParams(searchString)), [searchString]);
  const linkErrors = useMemo(() => linkFieldErrors<TxFormValues>(state.errors), [state]);
  const resolved = resolve(METHOD);
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const lookup = state.kind === "ok" ? state.lookup : null;

  // The shared ABI registry: built-ins, the devnet's contract ABIs, the ABIs kept on this device.
  const { registry, stored } = useAbiRegistry();

  const query = useQuery(txQueryOptions(client, endpoint, lookup, registry));
  const response = query.data;
  const model = response?.model ?? null;

  // The index range hint for an empty answer: what the cache already knows about index N−1,
  // otherwise one look at index 0 (cached for good like every lookup) tells an existing block
  // from one this node does not know.
  const emptyAt = response && response.tx === null && lookup ? lookup : null;
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

  const examples = useMemo(() => examplesFrom(devnet), [devnet]);

  const go = useCallback((next: TxLookup) => setSearch(toSearch(next)), [setSearch]);
  const onSubmit = useCallback(
    (next: TxLookup) => {
      const params = new URLSearchParams(toSearch(next)).toString();
      if (params === searchString && query.isError) void query.refetch();
      else go(next);
    },
    [go, query, searchString],
  );

  const rawJson = response ? JSON.stringify(response.raw, null, 2) : "";

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        method="eth_getTransactionByBlockHashAndIndex"
        title="transaction lookup"
        target={endpoint?.maskedUrl}
      >
        One transaction, located by its block&apos;s hash and its position in the block.
      </PageHeader>

      <Card>
        <TxForm
          values={state.values}
          linkErrors={linkErrors}
          onSubmit={onSubmit}
          examples={examples}
          onExample={go}
        />
      </Card>

      {lookup && !resolved.ok ? <Alert>{resolved.reason}</Alert> : null}

      {lookup && endpoint ? (
        <section aria-label="Result" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <nav aria-label="Step through the block" className="flex items-center gap-2">
              <Button
                disabled={lookup.index === 0n}
                onClick={() => go({ ...lookup, index: lookup.index - 1n })}
                aria-label="Previous transaction"
              >
                ← Previous
              </Button>
              <span className="text-sm text-slate-800 dark:text-slate-200">
                index <span className="font-mono">{lookup.index.toString()}</span>
              </span>
              <Button
                disabled={!model}
                onClick={() => go({ ...lookup, index: lookup.index + 1n })}
                aria-label="Next transaction"
              >
                Next →
              </Button>
            </nav>
            <code className="break-all text-xs text-slate-600 dark:text-slate-400">
              {endpoint.rpcMethod}({JSON.stringify(toParams(lookup))})
            </code>
          </div>

          {query.isPending ? (
            <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
              Looking up index {lookup.index.toString()} in block {short(lookup.blockHash)}…
            </p>
          ) : null}

          {query.isError ? (
            <ErrorPanel
              error={query.error}
              title={`${endpoint.rpcMethod} failed for index ${lookup.index.toString()} in block ${short(lookup.blockHash)}`}
              onRetry={() => void query.refetch()}
            />
          ) : null}

          {emptyAt ? (
            <div
              role="status"
              className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            >
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
                title={`Transaction ${lookup.index.toString()} of block ${model.blockNumber !== null ? model.blockNumber.toString() : short(lookup.blockHash)}`}
              >
                <TxCard model={model} />
              </Card>
              <nav aria-label="Onward" className="flex flex-wrap gap-2 text-sm">
                <OnwardLink href={href("trace", { hash: model.hash })}>
                  Trace this transaction
                </OnwardLink>
                {model.blockHash ? (
                  <OnwardLink href={href("logs", { blockHash: model.blockHash })}>
                    Logs of this block
                  </OnwardLink>
                ) : null}
                <OnwardLink
                  href={href("estimate", {
                    from: model.from,
                    ...(model.to ? { to: model.to } : {}),
                    value: model.value,
                    data: model.input,
                  })}
                >
                  Estimate again
                </OnwardLink>
              </nav>
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
                <JsonViewer
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

      <AbiPanel stored={stored} hint="Decodes the input of calls the built-in set does not know." />
    </div>
  );
}

function OnwardLink({ href: to, children }: { href: string; children: string }) {
  return (
    <a
      href={to}
      className="rounded border border-indigo-300 px-2 py-1 font-medium text-indigo-800 hover:bg-indigo-50 dark:border-indigo-700 dark:text-indigo-200 dark:hover:bg-indigo-950"
    >
      {children}
    </a>
  );
}

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
