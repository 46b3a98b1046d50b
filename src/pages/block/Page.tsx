/**
 * The block page (`#/block?number=` — a number or a tag — or `#/block?hash=`): the block's header
 * fields, previous / next, and its transactions as a virtualised table with their status and fee
 * from the receipts (useBlockReceipts: one request for the block where the node serves it, else
 * one per transaction, bounded). A tag is named with the block it meant: "latest → 12,345".
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDecimal } from "../../chain";
import type { ResolvedEndpoint } from "../../endpoints";
import { Alert, Card, EndpointProblem, PageHeader } from "../../ui";
import { useRpc } from "../../connection/context";
import { DecodingPanel } from "../../decoding/DecodingNote";
import { useDecodingRegistry } from "../../decoding/useDecodingRegistry";
import { callDecodingKeys } from "../../decoding/methodText";
import { href } from "../../routing/links";
import type { MethodPageProps } from "../../routing/page";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import type { BlockModel } from "./block";
import { BlockFields } from "./BlockFields";
import { blockRequest, fromSearch, readBlockText, toSearch, type BlockLookup } from "./params";
import { blockQueryOptions, fileBlock, METHOD } from "./query";
import { RECEIPT_CONCURRENCY } from "./receipts";
import { ReceiptsNote } from "./ReceiptsNote";
import { TxTable } from "./TxTable";
import { useNativeSymbol } from "../../connection/nativeUnit";
import { useBlockReceipts } from "./useBlockReceipts";

/** The endpoint blocks are asked at: where transactions are (the provider's general endpoint). */
const ENDPOINT_OF = "eth_getTransactionByBlockHashAndIndex" as const;

/** What the decoding services are asked about a block: its calls' selectors, callees and fee recipient. */
const decodingKeys = (block: BlockModel) =>
  callDecodingKeys(block.txs, block.miner ? [block.miner] : []);

const endpointId = (e: ResolvedEndpoint | null) => (e ? `${e.cacheId} ${e.url}` : "");

/**
 * One object per endpoint: the resolver builds a new one on every call, and the receipts' effect
 * (keyed on it) would otherwise start over on every render.
 */
function useStableEndpoint(current: ResolvedEndpoint | null): ResolvedEndpoint | null {
  const [kept, setKept] = useState(current);
  if (endpointId(kept) !== endpointId(current)) {
    setKept(current);
    return current;
  }
  return kept;
}

function describe(lookup: BlockLookup, block: BlockModel | null): string {
  const n = block?.number ?? null;
  switch (lookup.kind) {
    case "tag":
      return n !== null ? `${lookup.tag} → ${formatDecimal(n)}` : lookup.tag;
    case "number":
      return `Block ${formatDecimal(lookup.number)}`;
    case "hash":
      return n !== null ? `Block ${formatDecimal(n)}` : `Block ${lookup.hash}`;
  }
}

function BlockForm({ initial, onOpen }: { initial: string; onOpen: (l: BlockLookup) => void }) {
  const [text, setText] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (initial !== seen) {
    setSeen(initial);
    setText(initial);
  }
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readBlockText(text);
    if (read.kind === "ok") {
      setProblem(null);
      onOpen(read.lookup);
    } else
      setProblem(
        read.kind === "empty" ? "Give a block number, a tag or a block hash." : read.message,
      );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Open a block">
      <label htmlFor={id} className="flex min-w-0 flex-1 flex-col text-sm font-semibold">
        Block
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          placeholder="number (12345 or 0x3039), latest, safe, finalized, earliest, or block hash"
          spellCheck={false}
          autoComplete="off"
          className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm font-normal dark:border-slate-600 dark:bg-slate-900"
        />
      </label>
      <button
        type="submit"
        className="rounded bg-indigo-700 px-3 py-1 text-sm font-semibold text-white hover:bg-indigo-800"
      >
        Open block
      </button>
      {problem ? (
        <p id={`${id}-problem`} className="basis-full text-sm text-red-800 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

export default function BlockPage({ search, setSearch }: MethodPageProps) {
  const { client, resolve } = useRpc();
  const queryClient = useQueryClient();
  const searchString = search.toString();
  const state = useMemo(() => fromSearch(new URLSearchParams(searchString)), [searchString]);
  const lookup = state.kind === "ok" ? state.lookup : null;
  const resolved = resolve(ENDPOINT_OF);
  const endpoint = useStableEndpoint(resolved.ok ? resolved.endpoint : null);

  const query = useQuery(blockQueryOptions(client, endpoint, lookup));
  const block = query.data ?? null;
  // A block found by tag or hash is filed under its number too: previous / next and coming
  // back to it by number ask nothing.
  useEffect(() => {
    if (block && endpoint) fileBlock(queryClient, endpoint, block);
  }, [block, endpoint, queryClient]);

  const receipts = useBlockReceipts(client, endpoint, block);
  const keys = useMemo(() => (block ? decodingKeys(block) : null), [block]);
  const decoding = useDecodingRegistry(endpoint, keys);
  const symbol = useNativeSymbol(endpoint, block !== null);

  const open = (l: BlockLookup) => setSearch(toSearch(l));
  const initialText = new URLSearchParams(searchString).get("hash") ?? search.get("number") ?? "";
  const n = block?.number ?? null;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        title="Block"
        method={endpoint ? (lookup ? blockRequest(lookup).method : METHOD) : null}
        target={endpoint?.maskedUrl}
      >
        A block&apos;s header and its transactions with their status and fee, by number, tag or
        hash.
      </PageHeader>
      <Card>
        <BlockForm initial={initialText} onOpen={open} />
      </Card>

      {state.kind === "invalid" ? <Alert>{state.message}</Alert> : null}
      {lookup && !resolved.ok ? <EndpointProblem problem={resolved} /> : null}

      {lookup && endpoint ? (
        <section aria-labelledby="block-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="block-heading" className="text-lg font-semibold">
              {describe(lookup, block)}
            </h2>
            {n !== null ? (
              <nav aria-label="Neighbouring blocks" className="flex gap-3 text-sm">
                {n > 0n ? (
                  <a
                    className="text-indigo-700 underline dark:text-indigo-300"
                    href={href("block", { number: (n - 1n).toString() })}
                  >
                    ← Block {formatDecimal(n - 1n)}
                  </a>
                ) : null}
                <a
                  className="text-indigo-700 underline dark:text-indigo-300"
                  href={href("block", { number: (n + 1n).toString() })}
                >
                  Block {formatDecimal(n + 1n)} →
                </a>
              </nav>
            ) : null}
          </div>

          {query.isPending ? (
            <p role="status" className="text-sm">
              Asking {endpoint.host} for the block…
            </p>
          ) : null}
          {query.isError ? (
            <RpcErrorPanel
              error={query.error}
              title="The block could not be read"
              onRetry={() => void query.refetch()}
            />
          ) : null}
          {query.isSuccess && block === null ? (
            <Alert>
              {endpoint.host} has no block{" "}
              {lookup.kind === "hash" ? `with hash ${lookup.hash}` : describe(lookup, null)}: it may
              be past the chain head, on another chain, or pruned from this node.
            </Alert>
          ) : null}

          {block ? (
            <>
              <Card>
                <BlockFields block={block} />
              </Card>
              <Card title={`Transactions (${formatDecimal(block.txs.length)})`}>
                {block.txs.length === 0 ? (
                  <p className="text-sm">This block has no transactions.</p>
                ) : (
                  <div className="flex flex-col gap-2">
                    <ReceiptsNote
                      receipts={receipts}
                      total={block.txs.length}
                      concurrency={RECEIPT_CONCURRENCY}
                    />
                    {block.hashesOnly ? (
                      <p className="text-sm">
                        The node sent only the transactions&apos; hashes: open one for its details.
                      </p>
                    ) : null}
                    <TxTable
                      txs={block.txs}
                      receiptOf={receipts.get}
                      receiptsVersion={receipts.version}
                      registry={decoding.registry}
                      symbol={symbol}
                    />
                  </div>
                )}
              </Card>
            </>
          ) : null}
        </section>
      ) : null}

      <DecodingPanel
        decoding={decoding}
        hint="Names the methods the transactions call that the built-in set does not know."
      />
    </div>
  );
}
