/**
 * An address's transactions from standard methods, for a node that refuses `ots_*`: what it sent
 * (nonce bisection, then each picked from its block), what the token transfers name, and on
 * request what the last blocks hold. Each row says which method found it; what cannot be found
 * from this node is said.
 */
import { useMemo, useState } from "react";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { useRpc } from "../connection/context";
import { MethodCell } from "../decoding/MethodCell";
import { useCallDecoding } from "../decoding/useCallDecoding";
import { href } from "../routing/links";
import { RpcErrorPanel } from "../advice/RpcErrorPanel";
import { amountText, BlockLink, Button, groupedNumber, ShortAddress, shortHex, Time } from "../ui";
import { useNativeSymbol } from "../connection/nativeUnit";
import {
  FOUND_BY_TEXT,
  fillRows,
  historyRows,
  isTransferOnly,
  unreadHashes,
  type TransferRef,
} from "./rows";
import { TRANSFER_READ_LIMIT } from "./transferTxs";
import { RECENT_BLOCKS, useAddressHistory } from "./useAddressHistory";
import { useTransferTxs } from "./useTransferTxs";

export interface HistoryProps {
  client: RpcClient;
  endpoint: ResolvedEndpoint;
  address: string;
  /** The history reads up to this block; null: the chain head. */
  toBlock: number | null;
  /** The transactions the token transfers found so far name. */
  transfers: readonly TransferRef[];
  /**
   * The transfers' scan has stopped: the rows a page shows are final, and only then are its
   * transfer-only rows read (the scan runs oldest first, so the newest rows, page one, come last:
   * read earlier, most answers were for rows about to leave the page, and their renders slowed
   * the transfers' own first rows).
   */
  transfersSettled: boolean;
}

const fmt = (n: number) => groupedNumber(n);

/**
 * Rows shown at once, newest first, a page at a time as Etherscan pages an account: an address
 * with 10,000 token transfers names 10,000 transactions, and a table of them all took seconds to
 * lay out (the bench's activity view). A page's transfer-only rows are the ones read by hash.
 */
export const HISTORY_PAGE_ROWS = TRANSFER_READ_LIMIT;

/**
 * Where a transaction is read by hash: where the transaction page reads it, so the two share
 * one cache entry (on a provider the transaction endpoint may differ from the logs one).
 */
const TX_ENDPOINT_OF = "eth_getTransactionByBlockHashAndIndex" as const;

export function History({
  client,
  endpoint,
  address,
  toBlock,
  transfers,
  transfersSettled,
}: HistoryProps) {
  const { sent, more, scan, startScan, cancelScan } = useAddressHistory(
    client,
    endpoint,
    address,
    toBlock,
  );
  const symbol = useNativeSymbol(endpoint, true);
  const state = sent.state;
  const found = useMemo(
    () => historyRows(state?.txs ?? [], transfers, scan.progress?.found ?? []),
    [state, transfers, scan.progress],
  );
  const { resolve } = useRpc();
  const txEndpoint = resolve(TX_ENDPOINT_OF);
  const [page, setPage] = useState(0);
  // A page past the end shows the last one.
  const lastPage = Math.max(0, Math.ceil(found.length / HISTORY_PAGE_ROWS) - 1);
  const current = Math.min(page, lastPage);
  const pageStart = current * HISTORY_PAGE_ROWS;
  const shown = useMemo(
    () => found.slice(pageStart, pageStart + HISTORY_PAGE_ROWS),
    [found, pageStart],
  );
  const unread = useMemo(
    () => (transfersSettled ? unreadHashes(shown) : []),
    [shown, transfersSettled],
  );
  const read = useTransferTxs(client, txEndpoint.ok ? txEndpoint.endpoint : endpoint, unread);
  const rows = useMemo(() => fillRows(shown, read), [shown, read]);
  const transferOnly = useMemo(() => found.filter(isTransferOnly).length, [found]);
  const registry = useCallDecoding(endpoint, rows);
  const a = address.toLowerCase();
  const sentFound = state?.txs.length ?? 0;

  return (
    <div className="flex flex-col gap-2 text-sm">
      <p role="status" aria-label="Sent transactions">
        {sent.status === "starting"
          ? "Reading the account's nonce…"
          : state
            ? `Sent: ${fmt(sentFound)} of the ${fmt(state.sent)} transaction${state.sent === 1 ? "" : "s"} this account sent up to block ${fmt(sent.head ?? 0)}, found by bisection over eth_getTransactionCount and picked from their blocks · ${fmt(sent.requests)} requests${sent.status === "running" ? " · searching…" : ""}`
            : "Searching…"}
      </p>
      {state?.pruned ? (
        <p role="note">
          {fmt(state.pruned.olderCount)} older sent transaction
          {state.pruned.olderCount === 1 ? " lies" : "s lie"} before block {fmt(state.pruned.below)}
          : this node no longer holds the state there (it answered &ldquo;{state.pruned.said}
          &rdquo;), so the bisection stops at that block. An archive node finds them.
        </p>
      ) : null}
      {state && state.unmatched.length > 0 ? (
        <p role="note">
          {fmt(state.unmatched.reduce((n, u) => n + u.count, 0))} nonce change
          {state.unmatched.length === 1 ? "" : "s"} (block{" "}
          {state.unmatched.map((u) => fmt(u.block)).join(", ")}) had no transaction this address
          sent: a contract's own creation (its nonce starts at 1), contracts it created from inside
          a call, or EIP-7702 authorizations.
        </p>
      ) : null}
      {sent.status === "error" ? (
        <RpcErrorPanel
          error={sent.error}
          title="The sent-transaction search stopped"
          onRetry={more}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={sent.status !== "idle" || !state || state.done} onClick={more}>
          Older sent transactions
        </Button>
        {scan.status === "running" ? (
          <Button variant="danger" onClick={cancelScan}>
            Cancel
          </Button>
        ) : (
          <Button disabled={sent.head === null && toBlock === null} onClick={startScan}>
            Scan recent blocks
          </Button>
        )}
        {scan.status !== "idle" ? (
          <span role="status" aria-label="Block scan">
            {scan.status === "running"
              ? "Scanning"
              : scan.status === "done"
                ? "Scanned"
                : scan.status === "cancelled"
                  ? "Cancelled"
                  : "Stopped"}{" "}
            · {fmt(scan.progress?.blocks ?? 0)} of {fmt(scan.progress?.total ?? RECENT_BLOCKS)}{" "}
            blocks · {fmt(scan.progress?.found.length ?? 0)} transactions naming this address ·{" "}
            {fmt(scan.progress?.requests ?? 0)} requests
          </span>
        ) : null}
      </div>
      {scan.status === "error" ? (
        <RpcErrorPanel error={scan.error} title="The block scan stopped" onRetry={startScan} />
      ) : null}
      <p className="text-slate-700 dark:text-slate-300">
        Received value and calls: the transactions the token transfers above name, and with{" "}
        <em>Scan recent blocks</em> those of the last {fmt(RECENT_BLOCKS)} blocks that name this
        address. Plain {symbol} transfers and calls to it that emit no event, older than that, need
        an ots-capable node or an indexer.
        {transferOnly > 0
          ? ` The ${fmt(transferOnly)} transaction${transferOnly === 1 ? "" : "s"} only a token transfer names ${transferOnly === 1 ? "is" : "are"} read for sender, callee and value a page at a time, as the page shows them.`
          : ""}
      </p>
      {found.length > HISTORY_PAGE_ROWS ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button disabled={pageStart === 0} onClick={() => setPage(current - 1)}>
            Newer rows
          </Button>
          <Button
            disabled={pageStart + HISTORY_PAGE_ROWS >= found.length}
            onClick={() => setPage(current + 1)}
          >
            Older rows
          </Button>
          <span role="status" aria-label="Rows shown">
            Rows {fmt(pageStart + 1)}–{fmt(pageStart + rows.length)} of {fmt(found.length)}, newest
            first
          </span>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="overflow-x-auto rounded border border-slate-200 dark:border-slate-700">
          <table aria-label="Transactions" className="min-w-[60rem] text-left font-mono text-xs">
            <thead className="bg-slate-100 font-sans font-semibold dark:bg-slate-800">
              <tr>
                <th className="px-2 py-2">Block</th>
                <th className="px-2 py-2">Time</th>
                <th className="px-2 py-2">Transaction hash</th>
                <th className="px-2 py-2">Direction</th>
                {/* Widths kept for the cells a transfer-only row fills in later (nothing moves). */}
                <th className="min-w-[8rem] px-2 py-2">From</th>
                <th className="min-w-[8rem] px-2 py-2">To</th>
                <th className="min-w-[7rem] px-2 py-2">Value ({symbol})</th>
                <th className="min-w-[9rem] px-2 py-2">Method</th>
                <th className="px-2 py-2">Found by</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((tx) => {
                const out = tx.from?.toLowerCase() === a;
                const inn = tx.to?.toLowerCase() === a;
                const onlyTransfer = tx.foundBy.length === 1 && tx.foundBy[0] === "transfer";
                return (
                  <tr
                    key={tx.hash}
                    className="border-t border-slate-100 odd:bg-white even:bg-slate-50 dark:border-slate-800 dark:odd:bg-slate-950 dark:even:bg-slate-900"
                  >
                    <td className="px-2 py-1.5">
                      <BlockLink number={tx.blockNumber} small />
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
                    <td className="px-2 py-1.5 font-sans">
                      {out && inn
                        ? "self"
                        : out
                          ? "out"
                          : inn
                            ? "in"
                            : tx.from === null || onlyTransfer
                              ? "token transfer"
                              : "inside"}
                    </td>
                    <td className="px-2 py-1.5">
                      {tx.from ? <ShortAddress value={tx.from} link /> : ""}
                    </td>
                    <td className="px-2 py-1.5">
                      {tx.from === null ? (
                        ""
                      ) : tx.to ? (
                        <ShortAddress value={tx.to} link />
                      ) : (
                        "(creation)"
                      )}
                    </td>
                    <td
                      className="px-2 py-1.5"
                      title={tx.value === null ? undefined : `${tx.value.toString()} wei`}
                    >
                      {tx.value === null ? "" : amountText(tx.value, 18, symbol)}
                    </td>
                    {tx.from === null ? (
                      <td className="px-2 py-1.5" />
                    ) : (
                      <MethodCell tx={tx} registry={registry} />
                    )}
                    <td className="px-2 py-1.5 font-sans">
                      {tx.foundBy.map((f) => FOUND_BY_TEXT[f]).join(", ")}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : sent.status === "idle" && state ? (
        <p role="status">No transactions found yet from this node&apos;s standard methods.</p>
      ) : null}
    </div>
  );
}
