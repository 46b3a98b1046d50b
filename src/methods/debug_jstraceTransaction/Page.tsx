import { useQuery, useQueryClient } from "@tanstack/react-query";
import { startTransition, useEffect, useMemo, useState, type ChangeEvent } from "react";
import {
  Alert,
  Button,
  Card,
  JsonViewer,
  LinkNav,
  LinkProblems,
  downloadText,
  PageHeader,
} from "../../ui";
import { useRpc } from "../../shared/context";
import { RpcErrorPanel } from "../../shared/RpcErrorPanel";
import { href } from "../../shared/links";
import type { DevnetManifest } from "../../shared/manifest";
import { endpointTarget, type MethodPageProps } from "../../shared/page";
import { useDecodingRegistry } from "../../shared/decoding/useDecodingRegistry";
import { traceDecodingKeys } from "./decodingKeys";
import { DecodingPanel } from "../../shared/decoding/DecodingNote";
import { linkFieldErrors } from "../../shared/form";
import { FoldingForm } from "../../shared/FoldingForm";
import { FrameDecodeCache, TraceDecoder } from "./decode";
import { TraceForm, type TraceExample } from "./Form";
import { flatten, type TraceModel } from "./model";
import {
  downloadName,
  emptyForm,
  FORM_PARAMS,
  formSearchOf,
  fromSearch,
  isCallTracer,
  toParams,
  toSearch,
  type TraceFormValues,
  type TraceRequest,
} from "./params";
import { explainTraceError, METHOD, traceQueryOptions } from "./query";
import { frameOf, parseTraceJson, resolvePicks, type TraceAnswer } from "./load";
import { AnswerPicker } from "./AnswerPicker";
import type { CallFrame } from "./result";
import { TraceView, isTraceTab, type TraceTab } from "./TraceView";
import { tracePreviews } from "./remote";
import { TracePreviewCard } from "./TracePreview";
import { stateDiffQueryOptions, txLocationQueryOptions } from "./insight/query";
import { tokenMetaQueryOptions } from "../../shared/tokenMeta";
import { NamedStatePanel } from "./insight/NamedStatePanel";
import { useSourceInsightHost } from "./source/useSourceInsightHost";
import { tokensOf, transfersOf } from "./insight/transfers";
import { LARGE_TRACE_FRAMES, useDropWhenUnseen, useFramesComplete } from "./useTraceMemory";

const NO_PICKS: number[] = [];

function examplesFrom(devnet: DevnetManifest | null): TraceExample[] {
  if (!devnet) return [];
  const tx = devnet.transactions;
  const out: TraceExample[] = [];
  const add = (
    label: string,
    hash: string | undefined,
    extra: Partial<TraceFormValues> = {},
    view?: TraceTab,
  ) => {
    if (hash) out.push({ label, values: { ...emptyForm(), hash, ...extra }, view });
  };
  add("try: nested calls", tx.nestedCalls?.hash, { withLog: true });
  add("try: balance & state changes", tx.insight?.hash, { withLog: true });
  add("try: reverted", (tx.innerRevert ?? tx.customError)?.hash);
  add("try: state by name", tx.storage?.hash, { withLog: true }, "state");
  add("try: revert in source", tx.storage?.hash, { withLog: true }, "source");
  const large = tx.largeTrace;
  add(
    `try: ${large?.frames ? large.frames.toLocaleString("en-US") : "5,000"}-frame trace`,
    large?.hash,
  );
  return out;
}

export default function TracePage({ search, setSearch, active = true }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
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
  // State changes are another paid trace: a link that says view=state asks on load (as every
  // deep link runs its request); switching to the tab inside the app waits for a click.
  const [stateAsk, setStateAsk] = useState(() => ({
    link: formSearch,
    asked: viewParam === "state",
  }));
  if (stateAsk.link !== formSearch) setStateAsk({ link: formSearch, asked: viewParam === "state" });
  const [editing, setEditing] = useState(false);
  const [loaded, setLoaded] = useState<{
    name: string;
    value: unknown;
    answer: TraceAnswer;
    nonce: number;
  } | null>(null);

  const [released, setReleased] = useState(false);
  // A trace opened from a file or pasted stands in for the request: nothing is sent meanwhile.
  const options = traceQueryOptions(
    client,
    resolved.ok ? resolved.endpoint : null,
    loaded === null && !released ? request : null,
  );
  const query = useQuery(options);
  const queryClient = useQueryClient();
  // A large trace is let go while another view is shown (and asked again on return); a small one
  // stays observed, its tree as the user left it.
  const largeAnswer = (query.data?.model?.size ?? 0) >= LARGE_TRACE_FRAMES;
  if (!active && largeAnswer && !released) setReleased(true);
  if (active && released) setReleased(false);
  // And one more render once let go: React keeps the render before last (its alternate fibers:
  // props, closures, memo inputs) until the next one, and that render still held the trace.
  const [, settle] = useState(0);
  useEffect(() => {
    if (!released) return;
    const t = setTimeout(() => settle((n) => n + 1), 0);
    return () => clearTimeout(t);
  }, [released]);
  useDropWhenUnseen(options.queryKey, query.data?.model?.size ?? 0);

  const data = query.data;
  // A block-level or muxTracer answer (pasted, or from a node behind a custom URL) asks the user
  // to pick a transaction / a tracer: one pick per level, kept for the answer they were made on.
  const answer: TraceAnswer | null = loaded ? loaded.answer : (data?.answer ?? null);
  const answerRaw: unknown = loaded ? loaded.value : data?.raw;
  const [picks, setPicks] = useState<{ of: TraceAnswer | null; path: number[] }>({
    of: null,
    path: NO_PICKS,
  });
  const picked = picks.of === answer ? picks.path : NO_PICKS;
  const pickLevels = useMemo(() => {
    if (!answer) return [];
    const levels = [];
    for (let d = 0; d <= picked.length; d++) {
      const at = resolvePicks(answer, answerRaw, picked.slice(0, d));
      if (at.depth < d || (at.answer.kind !== "block" && at.answer.kind !== "mux")) break;
      levels.push(at.answer);
    }
    return levels;
  }, [answer, answerRaw, picked]);
  const resolvedPick = useMemo(
    () => (answer ? resolvePicks(answer, answerRaw, picked) : null),
    [answer, answerRaw, picked],
  );
  const pickedFrame = frameOf(resolvedPick?.answer ?? null);
  const directModel = loaded ? null : (data?.model ?? null);
  const builtModel = useMemo(
    () => (pickedFrame && directModel?.frames[0] !== pickedFrame ? flatten(pickedFrame) : null),
    [pickedFrame, directModel],
  );
  const currentModel =
    directModel && (answer === null || directModel.frames[0] === pickedFrame)
      ? directModel
      : builtModel;
  // The top of a large tree while its answer is still arriving (read in the trace Worker).
  // (Taken in as a transition, not a blocking store read: a preview arriving while the app mounts
  // does not turn that background render into one long task.)
  const [latestPreview, setLatestPreview] = useState(tracePreviews.current);
  useEffect(() => {
    const take = () => startTransition(() => setLatestPreview(tracePreviews.current()));
    // One that came between the first render and now is taken too.
    queueMicrotask(take);
    return tracePreviews.subscribe(take);
  }, []);
  const previewFor =
    latestPreview &&
    !loaded &&
    request &&
    latestPreview.params === JSON.stringify(toParams(request))
      ? latestPreview
      : null;
  // Once it has all arrived, the whole tree mounts in the background (a transition, which React
  // renders in slices: a large tree's first render is no long task) while the preview stays.
  // (State, not useDeferredValue: letting a large trace go, e.g. when another view is shown,
  // must drop it at once, not in a background render that keeps it until then.)
  const [mounted, setMounted] = useState<TraceModel | null>(null);
  if (currentModel === null && mounted !== null) setMounted(null);
  const previewing = previewFor !== null;
  useEffect(() => {
    if (previewing && currentModel !== null && currentModel !== mounted)
      startTransition(() => setMounted(currentModel));
  }, [previewing, currentModel, mounted]);
  const model = previewing && mounted !== currentModel ? null : currentModel;
  const settling = model !== currentModel;
  const preview = previewFor && !model && (query.isFetching || settling) ? previewFor : null;
  // Once the preview is on the screen, the Worker reads the rest of the answer (it waits until
  // then, so the first paint does not share the cores with it).
  useEffect(() => {
    if (preview) tracePreviews.shown(preview);
  }, [preview]);
  // Opened from a file or picked out of a block's answer: no request of its own to link to.
  const standalone = loaded !== null || picked.length > 0;

  // The shared registry (built-ins, the ABIs kept on this device), layered with what the
  // signature database and Sourcify say about this trace's unknown calls, events and contracts.
  // Frames of a large trace arrive from the Worker after its first rows (see arrival.ts).
  const arrival = model && model === data?.model ? (data.arrival ?? null) : null;
  const framesComplete = useFramesComplete(arrival);
  const decodingKeys = useMemo(
    () => (model && framesComplete ? traceDecodingKeys(model.frames) : null),
    [model, framesComplete],
  );
  const decoding = useDecodingRegistry(resolved.ok ? resolved.endpoint : null, decodingKeys);
  const { registry } = decoding;
  const decoder = useMemo(() => new TraceDecoder(registry), [registry]);
  const decode = useMemo(
    () => (model ? new FrameDecodeCache(model.frames, decoder) : null),
    [model, decoder],
  );
  const shown: { value: unknown; name: string; key: string } | null = loaded
    ? { value: loaded.value, name: loaded.name, key: `file:${loaded.name}:${loaded.nonce}` }
    : data !== undefined && request
      ? // A new answer (Run again) is a new tree: the view starts afresh, as for a new request.
        {
          value: data.raw,
          name: downloadName(request),
          key: `${JSON.stringify(options.queryKey)}@${query.dataUpdatedAt}`,
        }
      : null;

  const onSubmit = (values: TraceFormValues, view?: string) => {
    setLoaded(null);
    setEditing(false);
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

  const onFrameChange = (path: string) => {
    const next: Record<string, string | undefined> = {};
    new URLSearchParams(searchString).forEach((v, k) => {
      next[k] = v;
    });
    next.frame = path;
    setSearch(next, { replace: true });
  };
  const onTabChange = (t: TraceTab) => {
    const next: Record<string, string | undefined> = {};
    new URLSearchParams(searchString).forEach((v, k) => {
      next[k] = v;
    });
    next.view = t === "tree" ? undefined : t;
    setSearch(next, { replace: true });
  };
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

  const stateHash =
    stateAsk.asked && !loaded && request && isCallTracer(request) ? request.hash : null;
  const stateQuery = useQuery(stateDiffQueryOptions(client, endpoint, stateHash));
  const tokens = useMemo(
    () =>
      model && framesComplete && (tab === "balances" || tab === "flow")
        ? tokensOf(transfersOf(model))
        : [],
    [model, tab, framesComplete],
  );
  const tokenQuery = useQuery(tokenMetaQueryOptions(client, endpoint, tokens));
  const located = useQuery(
    txLocationQueryOptions(client, endpoint, !loaded && model && request ? request.hash : null),
  );
  const blockHash = located.data?.blockHash ?? null;
  const txIndex = located.data?.transactionIndex ?? null;
  const top = model?.frames[0] ?? null;
  const onward = (f: CallFrame, whole: boolean): { label: string; href: string }[] => {
    const out: { label: string; href: string }[] = [];
    if (whole && request)
      out.push({
        label: "Transaction card",
        href:
          blockHash && txIndex
            ? href("tx", { blockHash, index: txIndex })
            : href("tx", { hash: request.hash }),
      });
    if (whole && blockHash)
      out.push({ label: "Logs of its block", href: href("logs", { blockHash }) });
    const to = typeof f.to === "string" ? f.to : undefined;
    if (!whole && blockHash && to)
      out.push({
        label: `Logs of ${to} in this block`,
        href: href("logs", { blockHash, address: to }),
      });
    const type = String(f.type).toUpperCase();
    if (to && (type === "CALL" || type === "STATICCALL"))
      out.push({
        label: whole ? "Estimate this call again" : "Estimate this call",
        href: href("estimate", {
          from: f.from,
          to,
          value: type === "CALL" && f.value && f.value !== "0x0" ? f.value : undefined,
          data: typeof f.input === "string" && f.input !== "0x" ? f.input : undefined,
        }),
      });
    return out;
  };
  useSourceInsightHost({
    endpoint,
    hash: !standalone && request ? request.hash : null,
    model: model && framesComplete ? model : null,
    view: tab,
    costNote,
    frameLink: standalone ? null : frameLink,
  });
  const stateHint = stateQuery.isError
    ? explainTraceError(stateQuery.error, rpcMethodOf(endpoint))?.hint
    : null;
  const stateError = stateQuery.isError ? (
    <div className="flex flex-col gap-2">
      <RpcErrorPanel
        error={stateQuery.error}
        title="The state changes could not be read"
        onRetry={() => void stateQuery.refetch()}
      />
      {stateHint ? <p className="text-sm">{stateHint}</p> : null}
    </div>
  ) : null;
  const rpcMethod = rpcMethodOf(endpoint);
  const explained = query.isError ? explainTraceError(query.error, rpcMethod) : null;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader method={METHOD} title="trace viewer" target={endpointTarget(resolved)}>
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
            <PastePanel
              onLoad={(name, text) => {
                const r = parseTraceJson(text);
                if (r.ok) {
                  setEditing(false);
                  setLoaded((prev) => ({
                    name,
                    value: r.value,
                    answer: r.answer,
                    nonce: (prev?.nonce ?? 0) + 1,
                  }));
                }
                return r.ok ? null : r.message;
              }}
            />
          </div>
        </Card>
      </FoldingForm>
      <DecodingPanel
        decoding={decoding}
        hint="Names calls, custom errors and events in the call tree."
      />

      <LinkProblems problems={link.problems} />
      {request && !resolved.ok && !loaded ? <Alert>{resolved.reason}</Alert> : null}
      {query.isFetching && !loaded ? (
        <p role="status" className="text-sm">
          Tracing {request?.hash}… (the node replays the block up to this transaction)
        </p>
      ) : null}
      {preview ? <TracePreviewCard preview={preview} decoder={decoder} /> : null}
      {query.isError && !loaded ? (
        <div className="flex flex-col gap-2">
          <RpcErrorPanel
            error={query.error}
            title={explained?.title ?? `${rpcMethod} failed`}
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
          actions={
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
                    void queryClient.resetQueries({ queryKey: options.queryKey, exact: true })
                  }
                >
                  Run again
                </Button>
              ) : null}
              <span role="status" className="text-xs">
                {copyState}
              </span>
            </>
          }
        >
          {pickLevels.map((level, d) => (
            <div key={d} className="mb-3">
              <AnswerPicker
                answer={level}
                picked={picked[d] ?? null}
                onPick={(k) => setPicks({ of: answer, path: [...picked.slice(0, d), k] })}
              />
            </div>
          ))}
          {resolvedPick?.error ? (
            <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
              This part cannot be shown — {resolvedPick.error}
            </p>
          ) : null}
          {model && decode ? (
            <TraceView
              key={`${shown.key}/${picked.join(".")}`}
              model={model}
              decode={decode}
              arrival={arrival}
              frame={standalone ? null : frameParam}
              onFrameChange={standalone ? undefined : onFrameChange}
              frameLink={standalone ? undefined : frameLink}
              tab={tab}
              onTabChange={onTabChange}
              onwardLinks={standalone ? undefined : (f) => onward(f, false)}
              raw={resolvedPick && resolvedPick.depth > 0 ? resolvedPick.raw : shown.value}
              hash={standalone ? undefined : request?.hash}
              tokenMeta={tokenQuery.data}
              stateView={
                standalone ? (
                  <p className="text-sm">
                    State changes need the node: they are asked for by transaction hash, and this
                    trace was opened from a file or picked out of a block&apos;s answer.
                  </p>
                ) : (
                  <NamedStatePanel
                    model={model}
                    asked={stateAsk.asked}
                    onAsk={() => setStateAsk((s) => ({ ...s, asked: true }))}
                    busy={stateQuery.isFetching}
                    result={stateQuery.data}
                    error={stateError}
                    costNote={costNote}
                  />
                )
              }
            />
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

function PastePanel({ onLoad }: { onLoad: (name: string, text: string) => string | null }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    void file.text().then((t) => setError(onLoad(file.name, t)));
    e.target.value = "";
  };
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">
        Paste a trace result or open a trace JSON file (no request)
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        <label htmlFor="trace-paste" className="font-medium text-slate-700 dark:text-slate-200">
          Trace JSON
        </label>
        <textarea
          id="trace-paste"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
          spellCheck={false}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => setError(onLoad("pasted trace", text))}>Show pasted trace</Button>
          <label className="flex items-center gap-1">
            Open trace JSON file
            <input
              type="file"
              accept="application/json,.json"
              onChange={onFile}
              className="text-xs"
            />
          </label>
        </div>
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
