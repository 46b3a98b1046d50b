import { useCallback, useMemo, useState } from "react";
import { isAddress } from "viem";
import { formatBlockParam } from "../../chain/units";
import { AddressActivity } from "../../logs/activity";
import { Alert, Card, EndpointProblem, groupedNumber, LinkProblems, PageHeader } from "../../ui";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import type { DevnetManifest } from "../../connection/manifest";
import { endpointTarget, type MethodPageProps } from "../../routing/page";
import { addToStore } from "../../decoding/abis";
import { DecodingPanel } from "../../decoding/DecodingNote";
import { linkFieldErrors } from "../../forms/form";
import { FoldingForm } from "../../forms/FoldingForm";
import { eventTopic0 } from "../../logs/decode";
import {
  EXPLORE_PARAMS,
  exploreFromSearch,
  exploreToSearch,
  withoutExplore,
  type Explore,
} from "../../logs/exploreParams";
import { LogsForm, type Example } from "./Form";
import { LogTable } from "../../logs/LogTable";
import {
  checkValues,
  emptyForm,
  fromSearch,
  toSearch,
  type LogsFormValues,
} from "../../logs/params";
import { describePiece } from "../../logs/ranges";
import { ScanBar } from "../../logs/ScanBar";
import { useLogDecoding } from "../../logs/useLogDecoding";
import { useLogScan } from "../../logs/useLogScan";

const TRANSFER = "Transfer(address indexed from, address indexed to, uint256 value)";

function examplesFrom(devnet: DevnetManifest | null): Example[] {
  if (!devnet) return [];
  const out: Example[] = [];
  const token = devnet.token;
  if (token) {
    const topic0 =
      devnet.events.find((e) => e.name === "Transfer")?.topic0 ?? eventTopic0(TRANSFER);
    const span = token.toBlock - token.fromBlock + 1;
    out.push({
      label: `try: token transfers over ${groupedNumber(span)} blocks`,
      values: {
        ...emptyForm(),
        fromBlock: String(token.fromBlock),
        toBlock: String(token.toBlock),
        addresses: [{ value: token.address }],
        topics: [topic0, "", "", ""],
      },
    });
  }
  const blockHash = devnet.transactions.tokenTransfer?.blockHash ?? devnet.blocks[0]?.hash;
  if (blockHash) out.push({ label: "try: a block's logs", values: { ...emptyForm(), blockHash } });
  return out;
}

/**
 * The log explorer, or an address's activity when the link names one (`activity=<address>`, with
 * the link's fromBlock/toBlock): the activity can be opened and tested before the address page
 * that mounts it.
 */
export default function LogsPage(props: MethodPageProps) {
  const activity = props.search.get("activity");
  if (activity === null) return <LogExplorer {...props} />;
  return (
    <ActivityPage
      address={activity.trim()}
      fromBlock={props.search.get("fromBlock") ?? undefined}
      toBlock={props.search.get("toBlock") ?? undefined}
    />
  );
}

function ActivityPage({
  address,
  fromBlock,
  toBlock,
}: {
  address: string;
  fromBlock?: string;
  toBlock?: string;
}) {
  const { resolve } = useRpc();
  const resolved = resolve("eth_getLogs");
  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Address activity" {...endpointTarget(resolved)}>
        Token transfers in and out of an address, its transactions where the node can list them, and
        a way to the events it emitted.
      </PageHeader>
      {isAddress(address, { strict: false }) ? (
        <AddressActivity
          key={address.toLowerCase()}
          address={address}
          fromBlock={fromBlock}
          toBlock={toBlock}
        />
      ) : (
        <Alert>
          The link&apos;s activity=&quot;{address}&quot; is not an address (0x followed by 40 hex
          digits).
        </Alert>
      )}
    </div>
  );
}

function LogExplorer({ search, setSearch }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
  const searchString = search.toString();
  // The request follows the filter's params only: the exploration's (exploreParams.ts) change
  // the view, never the request or the form.
  const filterSearch = withoutExplore(search).toString();
  const link = useMemo(() => fromSearch(new URLSearchParams(filterSearch)), [filterSearch]);
  // The exploration the link holds: the table starts from it, follows a link opened later (back,
  // a pasted link) and writes its own changes to it.
  const exploreKey = EXPLORE_PARAMS.map((k) => search.get(k) ?? "").join("\n");
  const explore = useMemo(
    () => exploreFromSearch(new URLSearchParams(searchString)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the exploration's params matter
    [exploreKey],
  );
  const onExplore = useCallback(
    (e: Explore) => {
      const next: Record<string, string | undefined> = {};
      new URLSearchParams(searchString).forEach((v, k) => {
        next[k] = v;
      });
      // a step of its own in the history: Back returns to the view before (LogTable says when)
      setSearch({ ...next, ...exploreToSearch(e) });
    },
    [searchString, setSearch],
  );
  const hasFilter = link.hasFilter;
  const checked = useMemo(() => checkValues(link.values), [link]);
  const filter = hasFilter && link.problems.length === 0 && checked.ok ? checked.filter : null;
  // A link with filter params shows its field errors at once, as a submit would.
  const linkErrors = useMemo(
    () => linkFieldErrors<LogsFormValues>(hasFilter && !checked.ok ? checked.issues : []),
    [hasFilter, checked],
  );

  const resolved = resolve("eth_getLogs");
  const [run, setRun] = useState(0);
  const [concurrency, setConcurrency] = useState(3);
  const request = filter && resolved.ok ? { client, endpoint: resolved.endpoint, filter } : null;
  const runKey = JSON.stringify([
    resolved.ok ? [resolved.endpoint.cacheId, resolved.endpoint.rpcMethod] : null,
    filter,
    run,
  ]);
  const scan = useLogScan(request, runKey, concurrency);

  /** Keeps the event signature for decoding (a bare signature is an event here); its topic0. */
  const registerSignature = useCallback((signature: string) => {
    const topic0 = eventTopic0(signature);
    addToStore(signature, "event");
    return topic0;
  }, []);

  const examples = useMemo(() => examplesFrom(devnet), [devnet]);

  const [editing, setEditing] = useState(false);

  const onSubmit = useCallback(
    (values: LogsFormValues) => {
      setEditing(false);
      const next = toSearch(values);
      if (Object.values(next).every((v) => v === undefined)) {
        next.fromBlock = "latest";
        next.toBlock = "latest";
      }
      const current = new URLSearchParams(filterSearch);
      const same =
        Object.entries(next).every(([k, v]) => (current.get(k) ?? undefined) === v) &&
        [...current.keys()].every((k) => next[k] !== undefined);
      if (same) setRun((n) => n + 1);
      // the exploration stays: a new range seen the same way
      else
        setSearch({
          ...next,
          ...exploreToSearch(exploreFromSearch(new URLSearchParams(searchString))),
        });
    },
    [searchString, filterSearch, setSearch, setRun, setEditing],
  );

  const { view } = scan;
  const settled = view.status !== "running" && view.status !== "idle";
  const { decoding, decode, shownDecode, tokenOf } = useLogDecoding(
    client,
    resolved.ok ? resolved.endpoint : null,
    view.logs,
    settled,
  );
  const rangeForChart = view.progress?.range ?? null;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Logs" {...endpointTarget(resolved)}>
        Logs matching a filter, fetched range by range when the endpoint limits block ranges or
        result counts.
      </PageHeader>

      <div>
        <FoldingForm
          name="Log filter"
          folded={filter !== null && !editing}
          onUnfold={() => setEditing(true)}
          onFold={filter !== null ? () => setEditing(false) : undefined}
          summary={describeSearch(searchString)}
        >
          <Card>
            <LogsForm
              values={link.values}
              linkErrors={linkErrors}
              onSubmit={onSubmit}
              registerSignature={registerSignature}
              examples={examples}
              onClear={() => {
                // an empty link: no filter, so no scan and no results
                setSearch({});
              }}
            />
            <div className="mt-3">
              <ConcurrencyInput value={concurrency} onChange={setConcurrency} />
            </div>
          </Card>
        </FoldingForm>
      </div>

      <LinkProblems problems={link.problems} />
      {filter && !resolved.ok ? <EndpointProblem problem={resolved} /> : null}

      {view.status !== "idle" ? (
        <ScanBar view={view} onCancel={scan.cancel} onResume={scan.retry} />
      ) : null}

      {view.status === "error" ? (
        <RpcErrorPanel
          error={view.error}
          title={`eth_getLogs failed for ${view.failedRange ? describePiece(view.failedRange) : "the range"}${view.logs.length ? ` — the ${groupedNumber(view.logs.length)} logs fetched before are kept below` : ""}`}
          onRetry={scan.retry}
        />
      ) : null}

      {view.status !== "idle" && (view.logs.length > 0 || view.status !== "running") ? (
        <Card title="Results">
          {view.logs.length === 0 ? (
            <p role="status" className="text-sm text-slate-800 dark:text-slate-200">
              {view.status === "done"
                ? "No logs match this filter"
                : "No logs arrived before the scan stopped."}
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              <LogTable
                rows={view.logs}
                decode={shownDecode}
                exactDecode={decode}
                initialRect={{ width: 1024, height: 640 }}
                explore={explore}
                onExplore={onExplore}
                tokenOf={tokenOf}
                chartRange={rangeForChart}
              />
            </div>
          )}
        </Card>
      ) : null}
      <DecodingPanel decoding={decoding} hint="Names and decodes the events of the logs found." />
    </div>
  );
}

/** The filter a link holds, in one line for the folded form. */
function describeSearch(searchString: string): string {
  const sp = new URLSearchParams(searchString);
  const parts: string[] = [];
  const blockHash = sp.get("blockHash");
  if (blockHash) parts.push(`block ${blockHash}`);
  else
    parts.push(
      `blocks ${formatBlockParam(sp.get("fromBlock") ?? "latest")} → ${formatBlockParam(sp.get("toBlock") ?? "latest")}`,
    );
  const address = sp.get("address");
  if (address) parts.push(`address ${address}`);
  const topics = sp.get("topics");
  if (topics) parts.push(`topics ${topics}`);
  return parts.join(" · ");
}

function ConcurrencyInput({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      Parallel requests
      <input
        type="number"
        min={1}
        max={8}
        value={value}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (Number.isInteger(n) && n >= 1 && n <= 8) onChange(n);
        }}
        className="w-14 rounded border border-slate-300 px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
      />
      <span className="text-xs text-slate-700 dark:text-slate-300">
        (at most this many eth_getLogs calls at once; changes apply to a running scan)
      </span>
    </label>
  );
}
