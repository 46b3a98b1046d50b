/**
 * An address's activity over a block range, self-contained (the address page mounts it, the log
 * explorer shows it for `#/logs?activity=<address>&fromBlock=&toBlock=`):
 *   - token transfers in and out (ERC-20, ERC-721, ERC-1155, WETH deposits and withdrawals), from
 *     three eth_getLogs filters run through the range scanner at once, merged, each log once, in
 *     the log table with a Direction column (in / out / self; the filter takes `direction=in`);
 *   - the transactions it sent or received, through ots_searchTransactionsBefore/After where the
 *     node serves them (said plainly where it does not);
 *   - the events it emitted, as a link into the log explorer over the same range.
 * Without fromBlock the range is the last ADDRESS_LOOKBACK blocks (the head asked once), so a
 * provider is never asked to scan the whole chain unasked.
 */
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { quantity, readQuantity } from "../../chain";
import { formatBlockParam } from "../../chain/units";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { useRpc } from "../../connection/context";
import { href } from "../../routing/links";
import { ADDRESS_LOOKBACK } from "../../routing/lookup";
import { rpcQueryKey } from "../../connection/query";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { Alert, EndpointProblem, groupedNumber } from "../../ui";
import type { ExtraColumn } from "../columns";
import { defaultExplore, type Explore } from "../exploreParams";
import { LogTable } from "../LogTable";
import { parseBlockRef } from "../params";
import type { BlockRef } from "../ranges";
import { describePiece } from "../ranges";
import { ScanBar } from "../ScanBar";
import { useLogDecoding } from "../useLogDecoding";
import { Transactions } from "./Transactions";
import { countDirections, directionReader, transferFilters, transferRefs } from "./transfers";
import { useActivityScan } from "./useActivityScan";

export interface AddressActivityProps {
  address: `0x${string}`;
  /** The link's fromBlock (decimal, 0x hex or a tag); absent: the last ADDRESS_LOOKBACK blocks. */
  fromBlock?: string;
  /** The link's toBlock; absent: latest. */
  toBlock?: string;
}

const LOOKBACK = Number(ADDRESS_LOOKBACK);
/** An address's transfers read newest first, as an account's history is (a click on Block reverses). */
const NEWEST_FIRST: Explore = { ...defaultExplore(), sort: { key: "block", dir: "desc" } };

/**
 * The chain head as the node sends it (hex): the key is the one the transaction summary's head
 * query uses, so the two share one answer rather than asking twice.
 */
function headQueryOptions(client: RpcClient, endpoint: ResolvedEndpoint | null, needed: boolean) {
  return queryOptions({
    queryKey: rpcQueryKey(endpoint, "eth_blockNumber", needed && endpoint ? [] : null),
    queryFn:
      endpoint && needed
        ? ({ signal }): Promise<string> =>
            client.request(endpoint, "eth_blockNumber", [], { signal, schema: quantity })
        : skipToken,
    staleTime: 15_000,
  });
}

/** The range a link asks for, checked; `from` null: the last LOOKBACK blocks, from the head. */
function readRange(
  fromBlock: string | undefined,
  toBlock: string | undefined,
): { ok: true; from: BlockRef | null; to: BlockRef | null } | { ok: false; problems: string[] } {
  const from = parseBlockRef("fromBlock", fromBlock ?? "");
  const to = parseBlockRef("toBlock", toBlock ?? "");
  const problems = [from, to].flatMap((r) => (r.ok ? [] : [r.message]));
  if (!from.ok || !to.ok) return { ok: false, problems };
  if (typeof from.value === "number" && typeof to.value === "number" && from.value > to.value)
    return {
      ok: false,
      problems: [`toBlock (${to.value}) is before fromBlock (${from.value})`],
    };
  return { ok: true, from: from.value, to: to.value };
}

export function AddressActivity({ address, fromBlock, toBlock }: AddressActivityProps) {
  const { client, resolve } = useRpc();
  const resolved = resolve("eth_getLogs");
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const range = useMemo(() => readRange(fromBlock, toBlock), [fromBlock, toBlock]);
  // "latest" (or no toBlock) is the head asked once, so the three scans run to one number.
  const toIsHead = range.ok && (range.to === null || range.to === "latest");
  const needsHead = range.ok && (range.from === null || toIsHead);
  const head = useQuery(headQueryOptions(client, endpoint, needsHead));
  const headQuantity = head.data === undefined ? null : readQuantity(head.data);
  const headNumber = headQuantity === null ? undefined : Number(headQuantity);

  // The numbers (or tags) the scan runs over, once known.
  const scanRange = useMemo((): { from: BlockRef; to: BlockRef } | null => {
    if (!range.ok) return null;
    const to = toIsHead ? headNumber : range.to;
    if (to === undefined || to === null) return null;
    if (range.from !== null) return { from: range.from, to };
    const end = typeof to === "number" ? to : headNumber;
    if (end === undefined) return null;
    return { from: Math.max(0, end - LOOKBACK + 1), to };
  }, [range, toIsHead, headNumber]);

  const filters = useMemo(
    () => (scanRange ? transferFilters(address, scanRange.from, scanRange.to) : null),
    [address, scanRange],
  );
  const [run, setRun] = useState(0);
  const request = filters && endpoint ? { client, endpoint, filters } : null;
  const runKey = JSON.stringify([endpoint?.cacheId ?? null, filters, run]);
  const scan = useActivityScan(request, runKey, 3);
  const { view } = scan;

  const settled = view.status !== "running" && view.status !== "idle";
  const { decode, shownDecode, tokenOf } = useLogDecoding(client, endpoint, view.logs, settled);
  const direction = useMemo(() => directionReader(address), [address]);
  const extraColumns = useMemo(
    (): readonly ExtraColumn[] => [
      { key: "x:direction", label: "Direction", width: "5.5rem", text: (r) => direction(r) ?? "" },
    ],
    [direction],
  );
  const counts = useMemo(() => countDirections(view.logs, direction), [view.logs, direction]);
  const transferTxs = useMemo(() => transferRefs(view.logs), [view.logs]);

  const rangeText = scanRange
    ? `blocks ${formatBlockParam(String(scanRange.from))} → ${formatBlockParam(String(scanRange.to))}${range.ok && range.from === null ? ` (the last ${groupedNumber(LOOKBACK)} blocks; a link's fromBlock and toBlock choose another range)` : ""}`
    : "";
  const eventsLink = href("logs", {
    address,
    fromBlock: scanRange ? String(scanRange.from) : fromBlock,
    toBlock: scanRange ? String(scanRange.to) : toBlock,
  });
  const txEnd = scanRange && typeof scanRange.to === "number" ? scanRange.to : null;

  return (
    <div className="flex flex-col gap-4">
      {!range.ok ? (
        <Alert>
          <p className="font-semibold">The activity&apos;s range cannot be read</p>
          <ul className="list-disc pl-5">
            {range.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {!resolved.ok ? <EndpointProblem problem={resolved} /> : null}
      {head.error ? (
        <RpcErrorPanel
          error={head.error}
          title="eth_blockNumber failed: the activity's range ends at the chain head"
          onRetry={() => void head.refetch()}
        />
      ) : null}

      <section
        aria-label="Token transfers"
        className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      >
        <h3 className="text-base font-semibold">Token transfers</h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          ERC-20, ERC-721 and ERC-1155 transfers and WETH deposits and withdrawals naming this
          address, over {rangeText || "…"}.
          {settled
            ? ` ${groupedNumber(view.logs.length)} found: ${groupedNumber(counts.in)} in, ${groupedNumber(counts.out)} out, ${groupedNumber(counts.self)} to itself.`
            : ""}
        </p>
        {view.status !== "idle" ? (
          <ScanBar view={view} onCancel={scan.cancel} onResume={scan.retry} />
        ) : null}
        {view.status === "error" ? (
          <RpcErrorPanel
            error={view.error}
            title={`eth_getLogs failed for ${view.failedRange ? describePiece(view.failedRange) : "the range"}${view.logs.length ? ` — the ${groupedNumber(view.logs.length)} transfers fetched before are kept below` : ""}`}
            onRetry={scan.retry}
          />
        ) : null}
        {view.status === "done" && view.logs.length === 0 ? (
          <p role="status" className="text-sm">
            No token transfers in or out over this range.
          </p>
        ) : null}
        {view.status !== "idle" && (view.logs.length > 0 || settled) ? (
          <LogTable
            rows={view.logs}
            decode={shownDecode}
            exactDecode={decode}
            initialRect={{ width: 1024, height: 480 }}
            maxHeight="60vh"
            tokenOf={tokenOf}
            extraColumns={extraColumns}
            label="Token transfers"
            explore={NEWEST_FIRST}
          />
        ) : null}
        {settled ? (
          <button
            type="button"
            className="self-start text-sm text-indigo-700 underline dark:text-indigo-300"
            onClick={() => setRun((n) => n + 1)}
          >
            Scan again
          </button>
        ) : null}
      </section>

      <section
        aria-label="Transactions"
        className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      >
        <h3 className="text-base font-semibold">Transactions</h3>
        {endpoint && scanRange ? (
          <Transactions
            key={`${address}:${txEnd ?? "head"}`}
            client={client}
            endpoint={endpoint}
            address={address}
            toBlock={txEnd}
            transfers={transferTxs}
            transfersSettled={settled}
          />
        ) : null}
      </section>

      <section
        aria-label="Events emitted"
        className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      >
        <h3 className="text-base font-semibold">Events emitted</h3>
        <p className="text-sm">
          <a className="text-indigo-700 underline dark:text-indigo-300" href={eventsLink}>
            Events this address emitted{rangeText ? ` over ${rangeText.replace(/ \(.*$/, "")}` : ""}
          </a>{" "}
          — in the log explorer (a contract&apos;s own logs; an account emits none).
        </p>
      </section>
    </div>
  );
}
