import { useQueryClient } from "@tanstack/react-query";
import { useNativeSymbol } from "../../connection/nativeUnit";
import { useMemo, useState } from "react";
import {
  Button,
  Card,
  JsonViewer,
  LinkNav,
  EndpointProblem,
  LinkProblems,
  downloadText,
  PageHeader,
  lazyView,
  NarrowDetails,
  useNarrow,
} from "../../ui";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { href } from "../../routing/links";
import { withSearchParam } from "../../routing/route";
import { endpointTarget, type MethodPageProps } from "../../routing/page";
import { DecodingPanel } from "../../decoding/DecodingNote";
import { linkFieldErrors } from "../../forms/form";
import { FoldingForm } from "../../forms/FoldingForm";
import { TraceForm } from "./Form";
import {
  downloadName,
  isCallTracer,
  FORM_PARAMS,
  formSearchOf,
  fromSearch,
  toParams,
  toRequest,
  toSearch,
  type TraceFormValues,
  type TraceRequest,
} from "./params";
import { explainTraceError, METHOD } from "./query";
import { parseTraceJson, type TraceAnswer } from "../../trace/load";
import { AnswerPicker } from "./AnswerPicker";
import { TraceView, isTraceTab, type TraceTab } from "../../trace/TraceView";
import { TracePreviewCard } from "./TracePreview";
import { NOTHING_ASKED, type TreeAsk } from "../../trace/TreeControls";
import { CompareWith } from "../../trace/compare/CompareWith";
import { WorkspaceProviders } from "../../trace/WorkspaceProviders";
import { useFramesComplete } from "../../trace/useTraceMemory";
import { useTraceWorkspace } from "../../trace/useTraceWorkspace";
import { examplesFrom } from "./examples";
import { onwardLinks } from "./onward";
import { PastePanel } from "./PastePanel";
import { useAnswerPicks } from "./useAnswerPicks";
import { usePreviewHandOver } from "./usePreviewHandOver";
import { useSideQueries } from "./useSideQueries";
import { useTraceQuery } from "./useTraceQuery";
import { useLinkGate } from "./useLinkGate";
import { ReplayActions } from "../../replay/ReplayActions";
import { ReplayNote } from "../../replay/ReplayNote";
import { subjectOf } from "../../replay/activity";

// A view shown only on demand (a link that waits for the user) loads then.
const LinkGate = lazyView(() => import("./LinkGate").then((m) => m.LinkGate));

/** A trace opened from a file or pasted: it stands in for the request (nothing is sent). */
interface LoadedTrace {
  name: string;
  value: unknown;
  answer: TraceAnswer;
  nonce: number;
}

export default function TracePage({ search, setSearch, active = true }: MethodPageProps) {
  const { client, resolve, devnet, linkEndpoint = false } = useRpc();
  const searchString = search.toString();
  // The form's params alone: moving through frames (`frame`) is not a new link for the form.
  const formSearch = useMemo(
    () => formSearchOf(new URLSearchParams(searchString)).toString(),
    [searchString],
  );
  const link = useMemo(() => fromSearch(new URLSearchParams(formSearch)), [formSearch]);
  const linkErrors = useMemo(() => linkFieldErrors<TraceFormValues>(link.fieldProblems), [link]);
  const frameParam = search.get("frame");
  const request = link.request;
  const resolved = resolve(METHOD);
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const viewParam = search.get("view");
  const tab: TraceTab = isTraceTab(viewParam) ? viewParam : "tree";
  const [editing, setEditing] = useState(false);
  const [loaded, setLoaded] = useState<LoadedTrace | null>(null);
  // A link's code or costly request on the user's key waits for their press (gate.ts).
  const gate = useLinkGate(request, endpoint, linkEndpoint);
  /** The request the page makes: none while a file's trace is shown, or the link waits. */
  const asked = loaded === null && gate.waiting === null ? request : null;

  const { query, queryKey } = useTraceQuery(client, endpoint, asked, active);
  const queryClient = useQueryClient();
  const data = query.data;
  const nativeSymbol = useNativeSymbol(endpoint, data !== undefined);
  const picks = useAnswerPicks(
    loaded ? loaded.answer : (data?.answer ?? null),
    loaded ? loaded.value : data?.raw,
    loaded ? null : (data?.model ?? null),
  );
  const { picked, resolved: resolvedPick } = picks;
  const { preview, model, settling } = usePreviewHandOver(asked, picks.model, query.isFetching);
  // Expand all or a search asked of the preview (or the first paint's controls, carried into it):
  // the full tree of the same request opens with it.
  const askKey = asked ? JSON.stringify(toParams(asked)) : null;
  const [treeAsk, setTreeAsk] = useState<{ key: string | null; ask: TreeAsk }>({
    key: null,
    ask: NOTHING_ASKED,
  });
  const ask = treeAsk.key === askKey ? treeAsk.ask : NOTHING_ASKED;
  const onAsk = (next: TreeAsk) => setTreeAsk({ key: askKey, ask: next });
  // Opened from a file or picked out of a block's answer: no request of its own to link to.
  const standalone = loaded !== null || picked.length > 0;

  // Frames of a large trace arrive from the Worker after its first rows (see arrival.ts).
  const arrival = model && model === data?.model ? (data.arrival ?? null) : null;
  const framesComplete = useFramesComplete(arrival);
  const shown: { value: unknown; name: string; key: string } | null = loaded
    ? { value: loaded.value, name: loaded.name, key: `file:${loaded.name}:${loaded.nonce}` }
    : data !== undefined && request
      ? // A new answer (Run again) is a new tree: the view starts afresh, as for a new request.
        {
          value: data.raw,
          name: downloadName(request),
          key: `${JSON.stringify(queryKey)}@${query.dataUpdatedAt}`,
        }
      : null;

  const onSubmit = (values: TraceFormValues, view?: string) => {
    setLoaded(null);
    setEditing(false);
    gate.approve(toRequest(values));
    const next: Record<string, string | undefined> = { ...toSearch(values), view };
    const current = new URLSearchParams(searchString);
    const same = FORM_PARAMS.every((k) => (current.get(k) ?? undefined) === next[k]);
    if (same && isTraceTab(view)) onTabChange(view);
    if (same) {
      // The same request: show what is kept; ask the node again only after a failure.
      if (query.isError) void query.refetch();
      return;
    }
    setSearch(next);
  };
  const onLoad = (name: string, text: string) => {
    const r = parseTraceJson(text);
    if (!r.ok) return r.message;
    setEditing(false);
    setLoaded((prev) => ({
      name,
      value: r.value,
      answer: r.answer,
      nonce: (prev?.nonce ?? 0) + 1,
    }));
    return null;
  };

  const withParam = (k: string, v: string | undefined) =>
    setSearch(withSearchParam(searchString, k, v), { replace: true });
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
  const onTabChange = (t: TraceTab) => withParam("view", t === "tree" ? undefined : t);
  const frameLink = (path: string) =>
    href("trace", {
      hash: search.get("hash") ?? undefined,
      tracer: search.get("tracer") ?? undefined,
      tracerConfig: search.get("tracerConfig") ?? undefined,
      frame: path,
    });

  const examples = useMemo(() => examplesFrom(devnet), [devnet]);
  const [copyState, setCopyState] = useState("");
  const costNote = endpoint?.provider === "nodereal" ? "280 compute units" : null;

  const side = useSideQueries({ client, endpoint, request: asked, model });
  const top = model?.frames[0] ?? null;
  const onward = (f: Parameters<typeof onwardLinks>[0], whole: boolean) =>
    onwardLinks(f, whole, {
      request,
      blockHash: side.blockHash,
      txIndex: side.txIndex,
      blockNumber: side.blockNumber,
      gasLimit: side.gasLimit,
    });
  const rpcMethod = rpcMethodOf(endpoint);
  // The shared registry (built-ins, the ABIs kept on this device), layered with what the
  // signature database and Sourcify say about this trace's unknown calls, events and contracts;
  // the tokens' names; the state changes and the storage tracer on the same transaction.
  const ws = useTraceWorkspace({
    client,
    endpoint,
    method: METHOD,
    model,
    framesComplete,
    tab,
    askKey: formSearch,
    linkView: viewParam,
    // The state changes need a call tree to sit beside (another tracer's answer has none).
    stateTarget: asked && isCallTracer(asked) ? { lead: [asked.hash] } : null,
    storageTarget: !standalone && request ? { lead: [request.hash] } : null,
    hintFor: (error) => explainTraceError(error, rpcMethod)?.hint ?? null,
    costNote,
    frameLink: standalone ? null : frameLink,
  });
  const { decoding, decoder, decode } = ws;
  const explained = query.isError ? explainTraceError(query.error, rpcMethod) : null;
  // On a phone the card's actions and the comparison fold into one line above the tree.
  const narrow = useNarrow();
  const replayActions = <ReplayActions endpoint={endpoint} hash={request?.hash ?? null} />;
  const actionsFor = (shown: { value: unknown; name: string }) => (
    <>
      {!standalone && top ? (
        <LinkNav label="This transaction in other views" links={onward(top, true)} />
      ) : null}
      <Button
        disabled={!framesComplete}
        onClick={() => {
          navigator.clipboard.writeText(JSON.stringify(shown.value, null, 2)).then(
            () => setCopyState("Copied"),
            () => setCopyState("Copy failed"),
          );
        }}
      >
        Copy JSON
      </Button>
      <Button
        disabled={!framesComplete}
        onClick={() =>
          downloadText(
            loaded ? loaded.name.replace(/(\.json)?$/, ".json") : shown.name,
            JSON.stringify(shown.value, null, 2),
          )
        }
      >
        Download JSON
      </Button>
      {!loaded && request ? (
        <Button
          onClick={() =>
            // The previous answer goes first: two large traces are not held at once.
            void queryClient.resetQueries({ queryKey, exact: true })
          }
        >
          Run again
        </Button>
      ) : null}
      <span role="status" className="text-xs">
        {copyState}
      </span>
    </>
  );
  const compare =
    !standalone && request && model ? (
      <CompareWith hash={request.hash} extra={loaded ? null : replayActions} />
    ) : null;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Trace" {...endpointTarget(resolved)} compact>
        Replays a transaction on the node and shows its call tree (callTracer) or another tracer's
        output.
      </PageHeader>

      <FoldingForm
        name="Trace request"
        folded={(request !== null || loaded !== null) && !editing}
        onUnfold={() => setEditing(true)}
        onFold={request !== null || loaded !== null ? () => setEditing(false) : undefined}
        summary={loaded ? `${loaded.name} (no request)` : request ? requestSummary(request) : ""}
      >
        <Card>
          <TraceForm
            values={link.values}
            linkErrors={linkErrors}
            onSubmit={onSubmit}
            examples={examples}
            busy={query.isFetching}
            costNote={costNote}
          />
          <div className="mt-3">
            <PastePanel onLoad={onLoad} />
          </div>
        </Card>
      </FoldingForm>
      <DecodingPanel
        decoding={decoding}
        hint="Names calls, custom errors and events in the call tree."
      />

      <LinkProblems problems={link.problems} />
      {request && !resolved.ok && !loaded ? <EndpointProblem problem={resolved} /> : null}
      {gate.waiting && request && endpoint && !loaded ? (
        <LinkGate
          request={request}
          reasons={gate.waiting}
          endpoint={endpoint}
          onRun={() => gate.approve(request)}
        />
      ) : null}
      {query.isFetching && !loaded ? (
        <p role="status" className="text-sm break-words">
          Tracing <span className="break-all">{request?.hash}</span>… (the node replays the block up
          to this transaction)
        </p>
      ) : null}
      {request && !loaded ? (
        <>
          <ReplayNote endpoint={endpoint} subject={subjectOf(rpcMethod, [request.hash])} />
          {/* beside the result's own actions once it shows, so the tree starts higher */}
          {compare && shown && !settling ? null : replayActions}
        </>
      ) : null}
      {preview ? (
        <TracePreviewCard preview={preview} decoder={decoder} asked={ask} onAsk={onAsk} />
      ) : null}
      {query.isError && !loaded ? (
        <div className="flex flex-col gap-2">
          <RpcErrorPanel
            error={query.error}
            title={explained?.title ?? `${rpcMethod} failed`}
            headline={explained?.headline}
            onRetry={() => void query.refetch()}
          />
          {explained ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {explained.hint}
            </p>
          ) : null}
        </div>
      ) : null}

      {shown && !settling ? (
        <Card
          title={loaded ? `Trace from ${loaded.name}` : model ? "Call tree" : "Tracer result"}
          actions={narrow ? undefined : actionsFor(shown)}
        >
          {picks.levels.map((level, d) => (
            <div key={d} className="mb-3">
              <AnswerPicker
                answer={level}
                picked={picked[d] ?? null}
                onPick={(k) => picks.pick(d, k)}
              />
            </div>
          ))}
          {resolvedPick?.error ? (
            <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
              This part cannot be shown — {resolvedPick.error}
            </p>
          ) : null}
          {narrow ? (
            <div className="mb-3">
              <NarrowDetails narrow summary="Other views, copy, download, compare">
                <div className="flex flex-wrap gap-2">{actionsFor(shown)}</div>
                {compare}
              </NarrowDetails>
            </div>
          ) : (
            compare
          )}
          {model && decode ? (
            <WorkspaceProviders sourceInsight={ws.sourceInsight} internalCalls={ws.internalCalls}>
              <TraceView
                nativeSymbol={nativeSymbol}
                key={`${shown.key}/${picked.join(".")}`}
                model={model}
                asked={standalone ? undefined : ask}
                decode={decode}
                arrival={arrival}
                frame={standalone ? null : frameParam}
                onFrameChange={standalone ? undefined : onFrameChange}
                step={standalone ? null : search.get("step")}
                onStepChange={standalone ? undefined : onStepChange}
                frameLink={standalone ? undefined : frameLink}
                tab={tab}
                onTabChange={onTabChange}
                onwardLinks={standalone ? undefined : (f) => onward(f, false)}
                raw={resolvedPick && resolvedPick.depth > 0 ? resolvedPick.raw : shown.value}
                hash={standalone ? undefined : request?.hash}
                tokenMeta={ws.tokenMeta}
                receiptGas={standalone ? null : side.receiptGas}
                logsAsked={
                  standalone || !request
                    ? undefined
                    : request.options.tracerConfig?.withLog === true
                }
                stateView={
                  standalone ? (
                    <p className="text-sm">
                      State changes need the node: they are asked for by transaction hash, and this
                      trace was opened from a file or picked out of a block&apos;s answer.
                    </p>
                  ) : (
                    ws.stateView
                  )
                }
              />
            </WorkspaceProviders>
          ) : resolvedPick &&
            (resolvedPick.answer.kind === "block" || resolvedPick.answer.kind === "mux") ? null : (
            <JsonViewer
              key={`${shown.key}/${picked.join(".")}`}
              value={resolvedPick && resolvedPick.depth > 0 ? resolvedPick.raw : shown.value}
              label="Tracer result"
            />
          )}
        </Card>
      ) : null}
    </div>
  );
}

function rpcMethodOf(endpoint: { rpcMethod: string } | null): string {
  return endpoint?.rpcMethod ?? METHOD;
}

/** The request in one line, for the folded form. */
function requestSummary(r: TraceRequest): string {
  const tracer = r.options.tracer.length > 40 ? "JavaScript tracer" : r.options.tracer;
  const config = r.options.tracerConfig ? ` ${JSON.stringify(r.options.tracerConfig)}` : "";
  return `${r.hash} · ${tracer}${config}${r.options.timeout ? ` · timeout ${r.options.timeout}` : ""}`;
}
