/**
 * The transactions an address sent or received (or touched inside a call), a page at a time,
 * through `ots_searchTransactionsBefore/After` where the node serves them. A node that refuses
 * them is said to, plainly, with what it does offer instead.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ResolvedEndpoint } from "../../endpoints";
import { MethodUnsupportedError, type RpcClient } from "../../rpc";
import { href } from "../../routing/links";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { amountText, BlockLink, Button, ShortAddress, shortHex, Time } from "../../ui";
import { useNativeSymbol } from "../../connection/nativeUnit";
import { History } from "../../address/History";
import { MethodCell } from "../../decoding/MethodCell";
import { useCallDecoding } from "../../decoding/useCallDecoding";
import type { TransferRef } from "../../address/rows";
import { otsMethod, otsPageQueryOptions, type ActivityTx, type OtsCursor } from "./ots";

export interface TransactionsProps {
  client: RpcClient;
  endpoint: ResolvedEndpoint;
  address: string;
  /** The first page ends with this block (the range's end); null: at the chain head. */
  toBlock: number | null;
  /** The transactions the token transfers name (the standard history's received side). */
  transfers: readonly TransferRef[];
  /** The transfers' scan has stopped (done, failed or cancelled): their list no longer grows. */
  transfersSettled: boolean;
}

/** Which way a transaction went for the address: sent, received, to itself, or touched inside. */
export function txDirection(tx: ActivityTx, address: string): "out" | "in" | "self" | "inside" {
  const a = address.toLowerCase();
  const out = tx.from.toLowerCase() === a;
  const inn = tx.to?.toLowerCase() === a;
  return out && inn ? "self" : out ? "out" : inn ? "in" : "inside";
}

export function Transactions({
  client,
  endpoint,
  address,
  toBlock,
  transfers,
  transfersSettled,
}: TransactionsProps) {
  const start: OtsCursor = { dir: "before", block: toBlock === null ? 0 : toBlock + 1 };
  const [cursor, setCursor] = useState<OtsCursor>(start);
  const page = useQuery(otsPageQueryOptions(client, endpoint, { address, cursor }));
  const method = otsMethod(cursor);
  const symbol = useNativeSymbol(endpoint, page.data !== undefined);
  const registry = useCallDecoding(endpoint, page.data?.txs ?? null);

  if (page.error instanceof MethodUnsupportedError)
    return (
      <div className="flex flex-col gap-2">
        <p role="note" className="text-sm text-slate-800 dark:text-slate-200">
          <strong>
            {endpoint.host} does not serve {method}
          </strong>{" "}
          ({page.error.rpcMessage}): the list below is built from standard methods instead
          (Otterscan&apos;s <code>ots_</code> methods, served by Erigon and anvil, list every
          transaction at once). The token transfers in and out, found with eth_getLogs, are above.
        </p>
        <History
          client={client}
          endpoint={endpoint}
          address={address}
          toBlock={toBlock}
          transfers={transfers}
          transfersSettled={transfersSettled}
        />
      </div>
    );
  if (page.error)
    return (
      <RpcErrorPanel
        error={page.error}
        title={`${method} failed`}
        onRetry={() => void page.refetch()}
      />
    );
  if (!page.data)
    return (
      <p role="status" className="text-sm">
        Asking {method}…
      </p>
    );
  const { txs, newest, oldest } = page.data;
  const first = txs[0];
  const last = txs[txs.length - 1];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={newest || !first?.blockNumber}
          onClick={() =>
            first?.blockNumber && setCursor({ dir: "after", block: first.blockNumber })
          }
        >
          Newer
        </Button>
        <Button
          disabled={oldest || !last?.blockNumber}
          onClick={() => last?.blockNumber && setCursor({ dir: "before", block: last.blockNumber })}
        >
          Older
        </Button>
        <Button
          disabled={cursor.dir === start.dir && cursor.block === start.block}
          onClick={() => setCursor(start)}
        >
          {toBlock === null ? "Newest" : "Back to the range's end"}
        </Button>
        <span role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {txs.length === 0
            ? "No transactions on this page."
            : `${txs.length} transaction${txs.length === 1 ? "" : "s"}, blocks ${last?.blockNumber ?? "?"}–${first?.blockNumber ?? "?"}${oldest ? " · the oldest" : ""}${newest ? " · the newest" : ""}`}
          {page.isFetching ? " · loading…" : ""}
        </span>
      </div>
      {txs.length > 0 ? (
        <div className="overflow-x-auto rounded border border-slate-200 dark:border-slate-700">
          <table aria-label="Transactions" className="min-w-[56rem] text-left font-mono text-xs">
            <thead className="bg-slate-100 font-sans font-semibold dark:bg-slate-800">
              <tr>
                <th className="px-2 py-2">Block</th>
                <th className="px-2 py-2">Time</th>
                <th className="px-2 py-2">Transaction hash</th>
                <th className="px-2 py-2">Direction</th>
                <th className="px-2 py-2">From</th>
                <th className="px-2 py-2">To</th>
                <th className="px-2 py-2">Value ({symbol})</th>
                <th className="px-2 py-2">Method</th>
                <th className="px-2 py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {txs.map((tx) => (
                <tr
                  key={tx.hash}
                  className="border-t border-slate-100 odd:bg-white even:bg-slate-50 dark:border-slate-800 dark:odd:bg-slate-950 dark:even:bg-slate-900"
                >
                  <td className="px-2 py-1.5">
                    {tx.blockNumber === null ? (
                      "pending"
                    ) : (
                      <BlockLink number={tx.blockNumber} small />
                    )}
                  </td>
                  <td className="px-2 py-1.5">
                    {tx.timestamp === null ? "" : <Time seconds={BigInt(tx.timestamp)} />}
                  </td>
                  <td className="px-2 py-1.5" title={tx.hash}>
                    <a
                      className="text-indigo-700 underline dark:text-indigo-300"
                      href={href("tx", { hash: tx.hash })}
                    >
                      {shortHex(tx.hash)}
                    </a>
                  </td>
                  <td className="px-2 py-1.5 font-sans">{txDirection(tx, address)}</td>
                  <td className="px-2 py-1.5">
                    <ShortAddress value={tx.from} link />
                  </td>
                  <td className="px-2 py-1.5">
                    {tx.to ? <ShortAddress value={tx.to} link /> : "(creation)"}
                  </td>
                  <td className="px-2 py-1.5" title={`${tx.value.toString()} wei`}>
                    {amountText(tx.value, 18, symbol)}
                  </td>
                  <MethodCell tx={tx} registry={registry} />
                  <td className="px-2 py-1.5 font-sans">
                    {tx.status === "success" ? "Success" : tx.status === "failed" ? "Failed" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
