import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { getAddress } from "viem";
import { formatBlockParam } from "../../chain/units";
import { Alert, Button, Card, LinkProblems, PageHeader } from "../../ui";
import { useRpc } from "../../shared/context";
import { RpcErrorPanel } from "../../shared/RpcErrorPanel";
import type { DevnetManifest } from "../../shared/manifest";
import type { MethodPageProps } from "../../shared/page";
import { addToStore } from "../../shared/abis";
import { useDecodingRegistry } from "../../shared/decoding/useDecodingRegistry";
import { DecodingPanel } from "../../shared/decoding/DecodingNote";
import { linkFieldErrors } from "../../shared/form";
import { FoldingForm } from "../../shared/FoldingForm";
import {
  decodeLogRow,
  erc20Contracts,
  eventTopic0,
  logsDecodingKeys,
  withTokenUnits,
} from "./decode";
import { tokenMetaQueryOptions, type TokenMeta } from "../../shared/tokenMeta";
import { useQuery } from "@tanstack/react-query";
import {
  EXPLORE_PARAMS,
  exploreFromSearch,
  exploreToSearch,
  withoutExplore,
  type Explore,
} from "./exploreParams";
import { LogsForm, type Example } from "./Form";
import { LogsChart } from "./LogsChart";
import { LogTable } from "./LogTable";
import { memoDecode } from "./model";
import { checkValues, emptyForm, fromSearch, toSearch, type LogsFormValues } from "./params";
import { describePiece } from "./ranges";
import type { ScanProgress } from "./scanState";
import { useLogScan, type ScanView } from "./useLogScan";

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
      label: `try: token transfers over ${span.toLocaleString("en-US")} blocks`,
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

export default function LogsPage({ search, setSearch }: MethodPageProps) {
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
      setSearch({ ...next, ...exploreToSearch(e) }, { replace: true });
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

  const [fillRange, setFillRange] = useState<{ from: number; to: number; nonce: number } | null>(
    null,
  );
  const examples = useMemo(() => examplesFrom(devnet), [devnet]);

  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const formBox = useRef<HTMLDivElement>(null);
  // A bar chosen in the chart fills From/To in the form: open it and bring it into view.
  useEffect(() => {
    if (!fillRange) return;
    formBox.current?.scrollIntoView({ block: "nearest" });
    formBox.current?.querySelector<HTMLInputElement>("input[name=fromBlock]")?.focus();
  }, [fillRange]);

  const onSubmit = useCallback(
    (values: LogsFormValues) => {
      setEditing(false);
      setPicked(null);
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
    [searchString, filterSearch, setSearch, setRun, setEditing, setPicked],
  );

  const { view } = scan;
  // ERC-20 amounts in whole tokens where the token answers decimals() (asked once the scan
  // stopped, for the tokens it found, at the logs endpoint).
  const settled = view.status !== "running" && view.status !== "idle";
  const tokens = useMemo(() => (settled ? erc20Contracts(view.logs) : []), [settled, view.logs]);
  // The shared registry (built-ins, the ABIs kept on this device) layered with what the signature
  // database and Sourcify say about the events and contracts found (asked once the scan stopped);
  // a new registry means a new decode cache.
  const decodingKeys = useMemo(
    () => (settled ? logsDecodingKeys(view.logs) : null),
    [settled, view.logs],
  );
  const decoding = useDecodingRegistry(resolved.ok ? resolved.endpoint : null, decodingKeys);
  const { registry } = decoding;
  const decode = useMemo(() => memoDecode((row) => decodeLogRow(row, registry)), [registry]);
  const tokenMeta = useQuery(
    tokenMetaQueryOptions(client, resolved.ok ? resolved.endpoint : null, tokens),
  ).data;
  const shownDecode = useMemo(
    () =>
      tokenMeta && tokenMeta.size > 0
        ? memoDecode((row) => {
            const ev = decode(row);
            return ev ? withTokenUnits(ev, tokenMeta.get(getAddress(row.address))) : ev;
          })
        : decode,
    [decode, tokenMeta],
  );
  const tokenOf = useMemo(() => {
    const byLower = new Map<string, TokenMeta>();
    for (const [a, m] of tokenMeta ?? []) byLower.set(a.toLowerCase(), m);
    return (address: string) => byLower.get(address.toLowerCase());
  }, [tokenMeta]);
  const rangeForChart = view.progress?.range ?? null;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        method="eth_getLogs"
        title="logs explorer"
        target={resolved.ok ? resolved.endpoint.maskedUrl : null}
      >
        Logs matching a filter, fetched range by range when the endpoint limits block ranges or
        result counts.
      </PageHeader>

      <div ref={formBox}>
        <FoldingForm
          name="Log filter"
          folded={filter !== null && !editing}
          onUnfold={() => setEditing(true)}
          onFold={filter !== null ? () => setEditing(false) : undefined}
          summary={describeSearch(searchString)}
        >
          {picked ? (
            <p role="status" className="mb-2 text-sm">
              {picked}
            </p>
          ) : null}
          <Card>
            <LogsForm
              values={link.values}
              linkErrors={linkErrors}
              onSubmit={onSubmit}
              registerSignature={registerSignature}
              fillRange={fillRange}
              examples={examples}
              onClear={() => {
                setPicked(null);
                setFillRange(null);
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
      {filter && !resolved.ok ? <Alert>{resolved.reason}</Alert> : null}

      {view.status !== "idle" ? (
        <ScanBar view={view} onCancel={scan.cancel} onResume={scan.retry} />
      ) : null}

      {view.status === "error" ? (
        <RpcErrorPanel
          error={view.error}
          title={`eth_getLogs failed for ${view.failedRange ? describePiece(view.failedRange) : "the range"}${view.logs.length ? ` — the ${view.logs.length.toLocaleString("en-US")} logs fetched before are kept below` : ""}`}
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
              <LogsChart
                rows={view.logs}
                range={rangeForChart}
                onPick={(from, to) => {
                  setEditing(true);
                  setPicked(
                    `From block and To block are set to ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")} from the chart: press Find logs to narrow the search to them.`,
                  );
                  setFillRange((f) => ({ from, to, nonce: (f?.nonce ?? 0) + 1 }));
                }}
              />
              <LogTable
                rows={view.logs}
                decode={shownDecode}
                exactDecode={decode}
                initialRect={{ width: 1024, height: 640 }}
                explore={explore}
                onExplore={onExplore}
                tokenOf={tokenOf}
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

function fmt(n: number): string {
  return n.toLocaleString("en-US");
}

function progressText(p: ScanProgress | null): string {
  if (!p) return "Starting…";
  const blocks =
    p.totalBlocks === null
      ? `${fmt(p.blocksCovered)} blocks`
      : `${fmt(p.blocksCovered)} of ${fmt(p.totalBlocks)} blocks`;
  const capped = p.capped
    ? ` · To block ${fmt(p.capped.asked)} is past the chain head (${fmt(p.capped.head)}): scanned up to the head`
    : "";
  return `${blocks} · ${fmt(p.logs)} logs · ${fmt(p.requests)} requests${p.retries ? ` · ${fmt(p.retries)} ${p.retries === 1 ? "retry" : "retries"}` : ""}${p.splits ? ` · ${fmt(p.splits)} splits` : ""}${capped}`;
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

function ScanBar({
  view,
  onCancel,
  onResume,
}: {
  view: ScanView;
  onCancel: () => void;
  onResume: () => void;
}) {
  const p = view.progress;
  const total = p?.totalBlocks ?? null;
  const covered = p?.blocksCovered ?? 0;
  const label = {
    idle: "",
    running: "Scanning",
    done: "Done",
    cancelled: "Cancelled",
    error: "Stopped",
  }[view.status];
  return (
    <section
      aria-label="Scan progress"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm">
          <strong>{label}</strong> · {progressText(p)}
        </p>
        {view.status === "running" ? (
          <Button variant="danger" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {view.status === "cancelled" ? <Button onClick={onResume}>Resume</Button> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Blocks covered"
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total !== null ? covered : undefined}
        className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full ${view.status === "error" ? "bg-red-600" : "bg-indigo-600"} ${total === null && view.status === "running" ? "animate-pulse" : ""}`}
          style={{
            width: `${total ? Math.min(100, (covered / total) * 100) : view.status === "done" ? 100 : 30}%`,
          }}
        />
      </div>
    </section>
  );
}
