import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Alert, Button, Card, downloadText, ErrorPanel, lazyView, PageHeader } from "../../ui";
import { useRpc } from "../../shared/context";
import { RpcErrorPanel } from "../../shared/RpcErrorPanel";
import { href } from "../../shared/links";
import { searchStringOf, withSearchParam } from "../../shared/route";
import { endpointTarget, type MethodPageProps } from "../../shared/page";
import { linkFieldErrors } from "../../shared/form";
import { FoldingForm } from "../../shared/FoldingForm";
import { EstimateForm } from "../../shared/call/Form";
import type { EstimateFormValues } from "../../shared/call/params";
import { useCallBuilder } from "../../shared/call/useCallBuilder";
import { useDecodingRegistry } from "../../shared/decoding/useDecodingRegistry";
import { DecodingPanel } from "../../shared/decoding/DecodingNote";
import { tokenMetaQueryOptions } from "../../shared/tokenMeta";
import { FrameDecodeCache, TraceDecoder } from "../../shared/trace/decode";
import { traceDecodingKeys } from "../../shared/trace/decodingKeys";
import { tokensOf, transfersOf } from "../../shared/trace/insight/transfers";
import { SourceInsightContext } from "../../shared/trace/source/context";
import { useSourceInsightHost } from "../../shared/trace/source/useSourceInsightHost";
import { TraceView, isTraceTab, type TraceTab } from "../../shared/trace/TraceView";
import { explainRefusal } from "./explain";
import { ignoredOverrides } from "./ignored";
import { examplesFrom } from "./examples";
import { onwardLinks } from "./onward";
import { Outcome } from "./Outcome";
import { OverridesEditor } from "./OverridesEditor";
import {
  checkSimulate,
  describeRequest,
  fromSearch,
  REQUEST_PARAMS,
  toSearch,
  type SimulateRequest,
} from "./params";
import {
  METHOD,
  minedOutcomeQueryOptions,
  simulateQueryOptions,
  simulateStateQueryOptions,
  simulateStorageQueryOptions,
} from "./query";

// The state view's names load with it (as on the trace page): a first visit does not need them.
const NamedStatePanel = lazyView(() =>
  import("../../shared/trace/insight/NamedStatePanel").then((m) => m.NamedStatePanel),
);

/** The link's request params alone, in the link's order: what makes (and names) the request. */
function requestSearchOf(search: URLSearchParams): string {
  const out = new URLSearchParams();
  search.forEach((v, k) => {
    if (REQUEST_PARAMS.includes(k) && v !== "") out.append(k, v);
  });
  return out.toString();
}

export default function SimulatePage({ search, setSearch }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
  const searchString = search.toString();
  const requestKey = useMemo(
    () => requestSearchOf(new URLSearchParams(searchString)),
    [searchString],
  );
  const link = useMemo(() => fromSearch(new URLSearchParams(requestKey)), [requestKey]);
  const resolved = resolve(METHOD);
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const viewParam = search.get("view");
  const tab: TraceTab = isTraceTab(viewParam) ? viewParam : "tree";
  const frameParam = search.get("frame");

  // The form shows a link's values when it arrives from outside, and the values as typed when its
  // own submit wrote the URL; the overrides editor's rows follow the same rule.
  const [seen, setSeen] = useState(requestKey);
  const [pendingOwn, setPendingOwn] = useState<string | null>(null);
  const linkForm = () => ({
    call: link.values.call,
    errors: linkFieldErrors<EstimateFormValues>(link.any ? link.problems : {}),
  });
  const [form, setForm] = useState(linkForm);
  const [accounts, setAccounts] = useState(link.values.accounts);
  const [blockValues, setBlockValues] = useState(link.values.block);
  const [showAll, setShowAll] = useState(link.any);
  const [submitted, setSubmitted] = useState<string | null>(null);
  if (requestKey !== seen) {
    setSeen(requestKey);
    if (requestKey === pendingOwn) setPendingOwn(null);
    else {
      setForm(linkForm());
      setAccounts(link.values.accounts);
      setBlockValues(link.values.block);
      setShowAll(link.any);
    }
  }

  const builder = useCallBuilder();
  // A link runs once on load when it names the call (to or data); a form runs once submitted.
  const request: SimulateRequest | null =
    link.request && (link.complete || submitted === requestKey) ? link.request : null;
  const query = useQuery(simulateQueryOptions(client, endpoint, request));
  const queryClient = useQueryClient();
  const data = query.isError ? undefined : query.data;
  const model = data?.model ?? null;

  // `latest` moves on: running the same call again asks anew, for its state changes too.
  const runAgain = (r: SimulateRequest) => {
    void queryClient.resetQueries({ queryKey: simulateQueryOptions(client, endpoint, r).queryKey });
    void queryClient.resetQueries({
      queryKey: simulateStateQueryOptions(client, endpoint, r).queryKey,
    });
    void queryClient.resetQueries({
      queryKey: simulateStorageQueryOptions(client, endpoint, r).queryKey,
    });
  };

  const [editing, setEditing] = useState(false);
  const onSubmit = (call: EstimateFormValues) => {
    const r = checkSimulate({ call, accounts, block: blockValues });
    if (!r.ok) {
      // The call's fields show their messages already; the editor shows every override's now.
      setShowAll(true);
      return;
    }
    setEditing(false);
    // Still the mined transaction's call (same target and input, perhaps new overrides): the link
    // keeps saying so; another call is not that transaction any more.
    const same =
      r.request.tx.to === link.request?.tx.to && r.request.tx.data === link.request?.tx.data;
    const next = toSearch(r.request, { tx: same ? (link.minedTx ?? undefined) : undefined });
    const nextString = searchStringOf(next);
    setSubmitted(nextString);
    if (nextString === requestKey) {
      // The same call again: `latest` may have moved on, so ask the node again.
      if (request && endpoint) runAgain(request);
      return;
    }
    setPendingOwn(nextString);
    setForm({ call, errors: {} });
    setSearch({ ...next, view: viewParam ?? undefined });
  };

  const withParam = (k: string, v: string | undefined) =>
    setSearch(withSearchParam(searchString, k, v), { replace: true });
  const onTabChange = (t: TraceTab) => withParam("view", t === "tree" ? undefined : t);
  const onFrameChange = (path: string) => withParam("frame", path);
  const frameLink = (path: string) =>
    href("simulate", withSearchParam(searchString, "frame", path));

  // Names for the call tree: the shared registry and the pasted ABI, then the signature database
  // and Sourcify for what this call touched.
  const decodingKeys = useMemo(() => (model ? traceDecodingKeys(model.frames) : null), [model]);
  const decoding = useDecodingRegistry(endpoint, decodingKeys, {
    extra: builder.pastedAbis,
    withDevnet: true,
  });
  const decoder = useMemo(() => new TraceDecoder(decoding.registry), [decoding.registry]);
  const decode = useMemo(
    () => (model ? new FrameDecodeCache(model.frames, decoder) : null),
    [model, decoder],
  );
  const tokenTab = tab === "balances" || tab === "flow";
  const tokens = useMemo(
    () => (model && tokenTab ? tokensOf(transfersOf(model)) : []),
    [model, tokenTab],
  );
  const tokenMeta = useQuery(tokenMetaQueryOptions(client, endpoint, tokens));

  // State changes are another run of the call (prestateTracer, diffMode): on a click, or on load
  // for a link that says view=state.
  const [stateAsk, setStateAsk] = useState(() => ({
    key: requestKey,
    asked: viewParam === "state",
  }));
  if (stateAsk.key !== requestKey) setStateAsk({ key: requestKey, asked: viewParam === "state" });
  const state = useQuery(
    simulateStateQueryOptions(client, endpoint, stateAsk.asked && model ? request : null),
  );

  // The storage tracer on the same call: the slots named in the state view, the failing line in
  // the Source view (asked on a click there, or on load for view=state / view=source).
  const sourceInsight = useSourceInsightHost({
    endpoint,
    storageQuery: (run) => simulateStorageQueryOptions(client, endpoint, run ? request : null),
    canAsk: request !== null,
    hintFor: (error) => (request ? explainRefusal(error, request).hint : null),
    model,
    view: tab,
    costNote: null,
    frameLink,
  });
  const ignored = useMemo(
    () => ignoredOverrides(request?.overrides ?? null, state.data),
    [request, state.data],
  );
  const mined = useQuery(minedOutcomeQueryOptions(client, endpoint, data ? link.minedTx : null));
  const refusal = useMemo(
    () =>
      query.isError && request ? explainRefusal(query.error, request, decoding.registry) : null,
    [query.isError, query.error, request, decoding.registry],
  );
  const examples = useMemo(() => examplesFrom(devnet), [devnet]);
  return (
    <div className="flex flex-col gap-3">
      <PageHeader method={METHOD} title="simulation" target={endpointTarget(resolved)}>
        Runs a call that was never sent on a block&apos;s state, with the state you choose
        (balances, nonces, code, storage), and shows what it would do: its call tree, balance
        changes, token flow and state changes.
      </PageHeader>

      {link.minedTx ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100">
          Re-running transaction{" "}
          <a className="break-all font-mono underline" href={href("trace", { hash: link.minedTx })}>
            {link.minedTx}
          </a>{" "}
          as a call on the state before its block. The transactions before it in the same block are
          not replayed, so the result can differ from what happened on chain.
        </p>
      ) : null}

      <FoldingForm
        name="Simulation request"
        folded={request !== null && !editing}
        onUnfold={() => setEditing(true)}
        onFold={request ? () => setEditing(false) : undefined}
        summary={request ? describeRequest(request) : ""}
      >
        <Card>
          <EstimateForm
            values={form.call}
            linkErrors={form.errors}
            onSubmit={onSubmit}
            examples={[]}
            busy={query.isFetching}
            {...builder.formProps}
            submitLabel="Simulate"
            formLabel="Simulation request"
            busyLabel="Simulating…"
            blockHint="Empty: latest. Or a tag (latest, earliest, pending, safe, finalized) or a block number: the call runs on the state at the end of that block."
          >
            <OverridesEditor
              accounts={accounts}
              onAccounts={setAccounts}
              block={blockValues}
              onBlock={setBlockValues}
              showAll={showAll}
            />
          </EstimateForm>
          {examples.length > 0 ? (
            <nav
              aria-label="Devnet examples"
              className="mt-3 flex flex-wrap items-center gap-2 text-sm"
            >
              <span className="text-slate-700 dark:text-slate-300">Devnet examples:</span>
              {examples.map((ex) => (
                <a
                  key={ex.label}
                  href={ex.href}
                  className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  {ex.label}
                </a>
              ))}
            </nav>
          ) : null}
        </Card>
      </FoldingForm>
      <DecodingPanel
        decoding={decoding}
        hint="Names calls, custom errors and events in the call tree."
      />

      {link.overridesError ? <Alert>{link.overridesError}</Alert> : null}
      {!resolved.ok ? (
        <ErrorPanel title={`No endpoint for ${METHOD}`} headline={resolved.reason} />
      ) : null}
      {request?.blockOverrides ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Block overrides are sent as <code>blockOverrides</code>. Not every node applies them in
          debug_traceCall, and some ignore them without an error: a call that reads the block number
          or time shows whether this one did.
        </p>
      ) : null}
      {query.isFetching && request ? (
        <p role="status" className="text-sm">
          Simulating… (the node runs the call on the state at {request.block})
        </p>
      ) : null}
      {query.isError && request ? (
        <div className="flex flex-col gap-2">
          <RpcErrorPanel
            error={query.error}
            title={refusal?.title ?? "The simulation failed"}
            onRetry={() => void query.refetch()}
          />
          {refusal?.hint ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <p>{refusal.hint}</p>
              {refusal.retryWith ? (
                <a
                  className="mt-2 inline-block font-medium underline"
                  href={href("simulate", {
                    ...toSearch(refusal.retryWith, { tx: link.minedTx ?? undefined }),
                    view: viewParam ?? undefined,
                  })}
                >
                  Give From a balance of 100 ether and simulate again
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {data && request && decode ? (
        <>
          <Outcome top={data.top} decode={decode} request={request} mined={mined.data} />
          <Card
            title="Call tree"
            actions={
              <>
                <Button
                  onClick={() => downloadText("simulation.json", JSON.stringify(data.raw, null, 2))}
                >
                  Download JSON
                </Button>
                <Button onClick={() => runAgain(request)}>Run again</Button>
              </>
            }
          >
            <SourceInsightContext.Provider value={sourceInsight}>
              <TraceView
                key={`${requestKey}@${query.dataUpdatedAt}`}
                model={data.model}
                decode={decode}
                frame={frameParam}
                onFrameChange={onFrameChange}
                frameLink={frameLink}
                tab={tab}
                onTabChange={onTabChange}
                onwardLinks={(f) => onwardLinks(f, f === data.model.frames[0], request)}
                raw={data.raw}
                tokenMeta={tokenMeta.data}
                stateView={
                  <>
                    {ignored.length > 0 ? (
                      <div
                        role="alert"
                        className="mb-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
                      >
                        <p className="font-semibold">The node did not apply every state override</p>
                        <ul className="mt-1 list-disc pl-5">
                          {ignored.map((x) => (
                            <li key={`${x.address}:${x.what}`} className="break-all">
                              {x.address} — {x.what}
                            </li>
                          ))}
                        </ul>
                        <p className="mt-1">
                          Its result is the call on the chain&apos;s own state for these. Try a node
                          that applies stateOverrides in debug_traceCall (geth, Erigon, Nethermind,
                          Reth, anvil).
                        </p>
                      </div>
                    ) : null}
                    <NamedStatePanel
                      model={data.model}
                      asked={stateAsk.asked}
                      onAsk={() => setStateAsk((s) => ({ ...s, asked: true }))}
                      busy={state.isFetching}
                      result={state.data}
                      error={
                        state.isError ? (
                          <RpcErrorPanel
                            error={state.error}
                            title="The state changes could not be read"
                            onRetry={() => void state.refetch()}
                          />
                        ) : null
                      }
                      costNote={null}
                      intro="State changes come from running this call again with the prestateTracer in diff mode (same block, same overrides): every account and storage slot it would change, before and after."
                    />
                  </>
                }
              />
            </SourceInsightContext.Provider>
          </Card>
        </>
      ) : null}
    </div>
  );
}
