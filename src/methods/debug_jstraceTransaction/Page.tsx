import { skipToken, useQuery } from "@tanstack/react-query";
import { useMemo, useState, type ChangeEvent } from "react";
import {
  Alert,
  Button,
  Card,
  ErrorPanel,
  JsonViewer,
  LinkProblems,
  downloadText,
  PageHeader,
} from "../../ui";
import { useRpc } from "../../shared/context";
import { href } from "../../shared/links";
import type { DevnetManifest } from "../../shared/manifest";
import type { MethodPageProps } from "../../shared/page";
import { AbiPanel } from "../../shared/AbiPanel";
import { useAbiRegistry } from "../../shared/useAbiRegistry";
import { FrameDecodeCache, TraceDecoder } from "./decode";
import { TraceForm, type TraceExample } from "./Form";
import { flatten } from "./model";
import {
  downloadName,
  emptyForm,
  formToSearch,
  isCallTracer,
  searchToRequest,
  type TraceFormValues,
} from "./params";
import { explainTraceError, traceQueryOptions } from "./query";
import { parseTraceJson } from "./load";
import { looksLikeCallFrame, type CallFrame } from "./result";
import { TraceView } from "./TraceView";

const METHOD = "debug_jstraceTransaction";
const FORM_PARAMS = ["hash", "tracer", "tracerConfig", "timeout"];

function examplesFrom(devnet: DevnetManifest | null): TraceExample[] {
  if (!devnet) return [];
  const tx = devnet.transactions;
  const out: TraceExample[] = [];
  const add = (label: string, hash: string | undefined, extra: Partial<TraceFormValues> = {}) => {
    if (hash) out.push({ label, values: { ...emptyForm(), hash, ...extra } });
  };
  add("try: nested calls", tx.nestedCalls?.hash, { withLog: true });
  add("try: reverted", (tx.innerRevert ?? tx.customError)?.hash);
  const large = tx.largeTrace;
  add(
    `try: ${large?.frames ? large.frames.toLocaleString("en-US") : "5,000"}-frame trace`,
    large?.hash,
  );
  return out;
}

/** Runs `fn` under a User Timing measure for the benchmark (bench/run.mjs); the buffer is cleared at once. */
function measured<T>(name: string, fn: () => T): T {
  const start = performance.now();
  const out = fn();
  try {
    performance.measure(name, { start, end: performance.now() });
    performance.clearMeasures(name);
  } catch {
    // diagnostics only
  }
  return out;
}

export default function TracePage({ search, setSearch }: MethodPageProps) {
  const { client, resolve, devnet } = useRpc();
  const searchString = search.toString();
  const formKey = useMemo(() => {
    const sp = new URLSearchParams(searchString);
    return FORM_PARAMS.map((k) => `${k}=${sp.get(k) ?? ""}`).join("&");
  }, [searchString]);
  const link = useMemo(() => searchToRequest(new URLSearchParams(searchString)), [searchString]);
  const frameParam = search.get("frame");
  const request = link.request;
  const resolved = resolve(METHOD);
  const [run, setRun] = useState(0);
  const [loaded, setLoaded] = useState<{
    name: string;
    value: unknown;
    callFrame: CallFrame | null;
    nonce: number;
  } | null>(null);

  const options = traceQueryOptions(
    client,
    resolved.ok
      ? resolved.endpoint
      : { url: "", secrets: [], maskedUrl: "", host: "", rpcMethod: METHOD, cacheId: "none" },
    request ?? { hash: "", options: { tracer: "callTracer" } },
    run,
  );
  // Without a request the query holds a placeholder key (hash ""): skipToken makes sure nothing,
  // not even a refetch(), can send that placeholder to the node.
  const query = useQuery({
    ...options,
    queryFn: request !== null && resolved.ok && loaded === null ? options.queryFn : skipToken,
  });

  // The shared registry (built-ins, the devnet's contract ABIs, the ABIs kept on this device).
  const { registry, stored } = useAbiRegistry();
  const decoder = useMemo(() => new TraceDecoder(registry), [registry]);

  const data = query.data;
  const isCall = request !== null && isCallTracer(request);
  const model = useMemo(() => {
    const frame = loaded
      ? loaded.callFrame
      : isCall && looksLikeCallFrame(data)
        ? (data as CallFrame)
        : null;
    return frame ? measured("nodescope:trace:model", () => flatten(frame)) : null;
  }, [loaded, data, isCall]);
  const decode = useMemo(
    () => (model ? new FrameDecodeCache(model.frames, decoder) : null),
    [model, decoder],
  );
  const shown: { value: unknown; name: string; key: string } | null = loaded
    ? { value: loaded.value, name: loaded.name, key: `file:${loaded.name}:${loaded.nonce}` }
    : data !== undefined && request
      ? { value: data, name: downloadName(request), key: JSON.stringify(options.queryKey) }
      : null;

  const onSubmit = (values: TraceFormValues) => {
    setLoaded(null);
    const next = formToSearch(values);
    const current = new URLSearchParams(searchString);
    const same = FORM_PARAMS.every((k) => (current.get(k) ?? undefined) === next[k]);
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
  const frameLink = (path: string) =>
    href("trace", {
      hash: search.get("hash") ?? undefined,
      tracer: search.get("tracer") ?? undefined,
      tracerConfig: search.get("tracerConfig") ?? undefined,
      frame: path,
    });

  const examples = useMemo(() => examplesFrom(devnet), [devnet]);
  const [showRaw, setShowRaw] = useState(false);
  const [copyState, setCopyState] = useState("");
  const rpcMethod = resolved.ok ? resolved.endpoint.rpcMethod : METHOD;
  const explained = query.isError ? explainTraceError(query.error, rpcMethod) : null;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        method={METHOD}
        title="trace viewer"
        target={
          resolved.ok ? `${resolved.endpoint.rpcMethod} at ${resolved.endpoint.maskedUrl}` : null
        }
      >
        Replays a transaction on the node and shows its call tree (callTracer) or another tracer's
        output.
      </PageHeader>

      <Card>
        <TraceForm
          values={link.values}
          linkKey={formKey}
          validateOnLoad={search.get("hash") !== null}
          onSubmit={onSubmit}
          examples={examples}
          busy={query.isFetching}
        />
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <AbiPanel
            stored={stored}
            hint="Names calls, custom errors and events in the call tree."
          />
          <PastePanel
            onLoad={(name, text) => {
              const r = parseTraceJson(text);
              if (r.ok)
                setLoaded((prev) => ({
                  name,
                  value: r.value,
                  callFrame: r.callFrame,
                  nonce: (prev?.nonce ?? 0) + 1,
                }));
              return r.ok ? null : r.message;
            }}
          />
        </div>
      </Card>

      <LinkProblems problems={link.problems} />
      {request && !resolved.ok && !loaded ? <Alert>{resolved.reason}</Alert> : null}
      {query.isFetching && !loaded ? (
        <p role="status" className="text-sm">
          Tracing {request?.hash}… (the node replays the block up to this transaction)
        </p>
      ) : null}
      {query.isError && !loaded ? (
        <div className="flex flex-col gap-2">
          <ErrorPanel
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

      {shown ? (
        <Card
          title={loaded ? `Trace from ${loaded.name}` : model ? "Call tree" : "Tracer result"}
          actions={
            <>
              <Button aria-pressed={showRaw} onClick={() => setShowRaw((s) => !s)}>
                {showRaw ? "Hide raw JSON" : "Raw JSON"}
              </Button>
              <Button
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
                <Button onClick={() => setRun((n) => n + 1)}>Run again</Button>
              ) : null}
              <span role="status" className="text-xs">
                {copyState}
              </span>
            </>
          }
        >
          {showRaw ? (
            <div className="mb-3">
              <JsonViewer
                key={`raw-${shown.key}`}
                value={shown.value}
                label="Raw trace JSON"
                initialLevels={1}
              />
            </div>
          ) : null}
          {model && decode ? (
            <TraceView
              key={shown.key}
              model={model}
              decode={decode}
              frame={loaded ? null : frameParam}
              onFrameChange={loaded ? undefined : onFrameChange}
              frameLink={loaded ? undefined : frameLink}
            />
          ) : (
            <JsonViewer key={shown.key} value={shown.value} label="Tracer result" />
          )}
        </Card>
      ) : null}
    </div>
  );
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
