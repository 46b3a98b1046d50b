import { formatDecimal } from "../../chain";
import { useNativeSymbol } from "../../connection/nativeUnit";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Alert, Button, Card, downloadText, EndpointProblem, PageHeader } from "../../ui";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { href } from "../../routing/links";
import { searchStringOf, withSearchParam } from "../../routing/route";
import { endpointTarget, type MethodPageProps } from "../../routing/page";
import { linkFieldErrors } from "../../forms/form";
import { FoldingForm } from "../../forms/FoldingForm";
import { EstimateForm } from "../../call/Form";
import type { EstimateFormValues } from "../../call/params";
import { useCallBuilder } from "../../call/useCallBuilder";
import { useLinkFormSync } from "../../call/useLinkFormSync";
import { DecodingPanel } from "../../decoding/DecodingNote";
import { WorkspaceProviders } from "../../trace/WorkspaceProviders";
import { TraceView, isTraceTab, type TraceTab } from "../../trace/TraceView";
import { useTraceWorkspace } from "../../trace/useTraceWorkspace";
import { compareHref, SIM_PREFIX } from "../../trace/compare/sides";
import { BlockPin } from "./BlockPin";
import { explainRefusal } from "./explain";
import { ignoredOverrides } from "./ignored";
import { examplesFrom } from "./examples";
import { onwardLinks } from "../../simulation/onward";
import { Outcome } from "./Outcome";
import { MinedComparison } from "./MinedComparison";
import { createdAddress } from "./minedAgreement";
import { OverridesEditor } from "./OverridesEditor";
import {
  callTarget,
  checkSimulate,
  describeRequest,
  fromSearch,
  REQUEST_PARAMS,
  toSearch,
  type SimulateRequest,
} from "../../simulation/params";
import { pinnedAt, pinRequest } from "../../simulation/pin";
import {
  blockPinQueryOptions,
  creationNonceQueryOptions,
  METHOD,
  minedOutcomeQueryOptions,
  sentRequest,
  simulateQueryOptions,
  simulateStateQueryOptions,
  simulateStorageQueryOptions,
  type Simulation,
} from "../../simulation/query";
import { ReplayNoteFor } from "../../replay/ReplayNote";

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

  // A link from outside fills the form and the overrides editor; the form's own submit keeps
  // them as typed (src/call/useLinkFormSync.ts).
  const sync = useLinkFormSync(requestKey, () => ({
    form: {
      call: link.values.call,
      errors: linkFieldErrors<EstimateFormValues>(link.any ? link.problems : {}),
    },
    accounts: link.values.accounts,
    block: link.values.block,
    showAll: link.any,
  }));
  const { form, accounts, block: blockValues, showAll } = sync.values;
  const setAccounts = (a: typeof accounts) => sync.update((v) => ({ ...v, accounts: a }));
  const setBlockValues = (b: typeof blockValues) => sync.update((v) => ({ ...v, block: b }));
  const setShowAll = (on: boolean) => sync.update((v) => ({ ...v, showAll: on }));

  const builder = useCallBuilder();
  // A link runs once on load when it names the call (to or data); a form runs once submitted.
  const request: SimulateRequest | null =
    link.request && (link.complete || sync.submitted(requestKey)) ? link.request : null;

  // One block for the whole simulation: a tag is resolved to its number once (pin.ts), and
  // every request below is sent with that number; the link keeps the tag unless pinned.
  const pinAsk = request ? pinRequest(request.block) : null;
  const pinOptions = blockPinQueryOptions(
    client,
    endpoint,
    pinAsk ? { request: pinAsk, simulation: requestKey } : null,
  );
  const pin = useQuery(pinOptions);
  const askedBlock = request?.block ?? null;
  const pinData = pin.isError ? undefined : pin.data;
  const tagged = pinAsk !== null;
  const sim = useMemo<Simulation | null>(() => {
    if (!request || askedBlock === null) return null;
    if (!tagged) return { request, at: pinnedAt(askedBlock, null) };
    return pinData ? { request, at: pinData } : null;
  }, [request, askedBlock, tagged, pinData]);
  const sent = sim ? sentRequest(sim) : null;

  const simOptions = simulateQueryOptions(client, endpoint, sim);
  const query = useQuery(simOptions);
  const queryClient = useQueryClient();
  const data = query.isError ? undefined : query.data;
  const model = data?.model ?? null;
  const nativeSymbol = useNativeSymbol(endpoint, model !== null);

  // Run again: a tag is resolved anew (this block's answers are forgotten first, so the same
  // block is asked again too); a number is asked again.
  const runAgain = () => {
    if (!sim) return;
    const keys = [
      simOptions.queryKey,
      simulateStateQueryOptions(client, endpoint, sim).queryKey,
      simulateStorageQueryOptions(client, endpoint, sim).queryKey,
    ];
    if (pinAsk) {
      for (const queryKey of keys) queryClient.removeQueries({ queryKey, exact: true });
      void queryClient.resetQueries({ queryKey: pinOptions.queryKey, exact: true });
    } else for (const queryKey of keys) void queryClient.resetQueries({ queryKey, exact: true });
  };
  // Pin block: the number goes into the link; its answers are the ones shown (same keys).
  const pinBlock = () => {
    if (!sim || !pinAsk) return;
    setSearch({
      ...toSearch({ ...sim.request, block: sim.at.hex }, { tx: link.minedTx ?? undefined }),
      view: viewParam ?? undefined,
      frame: frameParam ?? undefined,
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
    if (sync.submit(searchStringOf(next), { ...sync.values, form: { call, errors: {} } })) {
      // The same call again: `latest` may have moved on, so ask the node again.
      if (request && endpoint) runAgain();
      return;
    }
    setSearch({ ...next, view: viewParam ?? undefined });
  };

  const withParam = (k: string, v: string | undefined) =>
    setSearch(withSearchParam(searchString, k, v), { replace: true });
  const onTabChange = (t: TraceTab) => withParam("view", t === "tree" ? undefined : t);
  // Another frame: the Debug view's step was the last frame's.
  const onFrameChange = (path: string) =>
    setSearch(
      { ...withSearchParam(searchString, "frame", path), step: undefined },
      { replace: true },
    );
  // The Debug view's step, with its frame: the link opens the debugger where it is.
  const onStepChange = (step: number, frame: string) =>
    setSearch(
      { ...withSearchParam(searchString, "frame", frame), step: String(step) },
      { replace: true },
    );
  const frameLink = (path: string) =>
    href("simulate", withSearchParam(searchString, "frame", path));

  // The workspace (names, tokens, state changes, storage tracer) as on the trace page; its runs
  // go at the simulation's block with its overrides.
  const target = sent ? callTarget(sent) : null;
  const ws = useTraceWorkspace({
    client,
    endpoint,
    method: METHOD,
    model,
    framesComplete: true,
    decoding: { extra: builder.pastedAbis, withDevnet: true },
    tab,
    askKey: requestKey,
    linkView: viewParam,
    // State changes follow the call tree: a call the node refuses has none to show.
    stateTarget: model ? target : null,
    storageTarget: target,
    hintFor: (error) => (request ? explainRefusal(error, request).hint : null),
    costNote: null,
    frameLink,
    stateIntro:
      "State changes come from running this call again with the prestateTracer in diff mode (same block, same overrides): every account and storage slot it would change, before and after.",
  });
  const { decoding, decode } = ws;
  const ignored = useMemo(
    () => ignoredOverrides(request?.overrides ?? null, ws.stateResult),
    [request, ws.stateResult],
  );
  const mined = useQuery(minedOutcomeQueryOptions(client, endpoint, data ? link.minedTx : null));
  // A creation names the address it would make: the call tree's own `to`, else from the sender's
  // nonce at the block (asked only then).
  const creating = sim !== null && !sim.request.tx.to;
  const topTo = data?.top.to;
  const needNonce = creating && data !== undefined && !(typeof topTo === "string" && topTo !== "");
  const nonce = useQuery(
    creationNonceQueryOptions(
      client,
      endpoint,
      needNonce && sim?.request.tx.from ? { from: sim.request.tx.from, block: sim.at.hex } : null,
    ),
  );
  const created =
    creating && data
      ? createdAddress(data.top, sim?.request.tx.from ?? "", nonce.data ?? null)
      : undefined;
  const refusal = useMemo(
    () =>
      query.isError && request ? explainRefusal(query.error, request, decoding.registry) : null,
    [query.isError, query.error, request, decoding.registry],
  );
  const examples = useMemo(() => examplesFrom(devnet), [devnet]);
  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Dry run" {...endpointTarget(resolved)}>
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
          not replayed, so the result can differ from what happened on chain.{" "}
          <a
            className="font-medium underline"
            href={compareHref(link.minedTx, `${SIM_PREFIX}${requestKey}`)}
          >
            Compare with the mined transaction
          </a>
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
        <EndpointProblem problem={resolved} title={`No endpoint for ${METHOD}`} />
      ) : null}
      {request?.blockOverrides ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Block overrides are sent as <code>blockOverrides</code>. Not every node applies them in
          debug_traceCall, and some ignore them without an error: a call that reads the block number
          or time shows whether this one did.
        </p>
      ) : null}
      {request ? (
        <BlockPin
          asked={request.block}
          at={sim?.at ?? null}
          resolving={pin.isFetching}
          unknownTag={pinData === null}
          onPin={tagged ? pinBlock : undefined}
        />
      ) : null}
      {pin.isError && request ? (
        <RpcErrorPanel
          error={pin.error}
          title={`The block ${request.block} could not be resolved to a number`}
          onRetry={() => void pin.refetch()}
        />
      ) : null}
      <ReplayNoteFor endpoint={endpoint} method={METHOD} lead={target?.lead ?? null} />
      {query.isFetching && sim ? (
        <p role="status" className="text-sm">
          Simulating… (the node runs the call on the state at block {formatDecimal(sim.at.number)})
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

      {data && sim && decode ? (
        <>
          <Outcome top={data.top} decode={decode} simulation={sim} created={created} />
          {link.minedTx && mined.data ? (
            <MinedComparison
              hash={link.minedTx}
              mined={mined.data}
              simulation={sim}
              model={data.model}
              top={data.top}
              decoder={ws.decoder}
              compareLink={compareHref(link.minedTx, `${SIM_PREFIX}${requestKey}`)}
            />
          ) : null}
          <Card
            title="Call tree"
            actions={
              <>
                <Button
                  onClick={() => downloadText("simulation.json", JSON.stringify(data.raw, null, 2))}
                >
                  Download JSON
                </Button>
                <Button onClick={runAgain}>Run again</Button>
              </>
            }
          >
            <WorkspaceProviders sourceInsight={ws.sourceInsight} internalCalls={ws.internalCalls}>
              <TraceView
                nativeSymbol={nativeSymbol}
                // A new answer (Run again) is a new tree; pinning the block it ran on is not.
                key={`${JSON.stringify(simOptions.queryKey)}@${query.dataUpdatedAt}`}
                model={data.model}
                decode={decode}
                frame={frameParam}
                onFrameChange={onFrameChange}
                step={search.get("step")}
                onStepChange={onStepChange}
                frameLink={frameLink}
                tab={tab}
                onTabChange={onTabChange}
                onwardLinks={(f) => onwardLinks(f, f === data.model.frames[0], sentRequest(sim))}
                raw={data.raw}
                tokenMeta={ws.tokenMeta}
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
                    {ws.stateView}
                  </>
                }
              />
            </WorkspaceProviders>
          </Card>
        </>
      ) : null}
    </div>
  );
}
