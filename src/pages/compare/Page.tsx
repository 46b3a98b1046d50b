/**
 * Two runs side by side (`#/compare?a=…&b=…`): each a mined transaction or a dry run, both on
 * the link's connection. Their call trees aligned frame by frame (trace/compare/align.ts),
 * a sentence on top, and on the user's word (or `view=state`) their state changes by variable
 * name and their balance changes side by side. Swap, and each side on its own page.
 */
import { useNativeSymbol } from "../../connection/nativeUnit";
import { useContext, useMemo, useState, type FormEvent } from "react";
import { AddressNames, Button, Card, ErrorPanel, PageHeader } from "../../ui";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { endpointTarget, type MethodPageProps } from "../../routing/page";
import { NOT_REPLAYED_NOTE } from "../../routing/simulateLink";
import { useDecodingRegistry } from "../../decoding/useDecodingRegistry";
import { DecodingPanel } from "../../decoding/DecodingNote";
import { FrameDecodeCache, TraceDecoder } from "../../trace/decode";
import { traceDecodingKeys } from "../../trace/decodingKeys";
import { deriveBalanceChanges, transfersOf } from "../../trace/insight/transfers";
import { alignTraces } from "../../trace/compare/align";
import { summarize } from "../../trace/compare/describe";
import { CompareTree, rowCall, rowName } from "../../trace/compare/CompareTree";
import { BalanceComparison, StateComparison } from "../../trace/compare/CompareState";
import { compareBalances, compareState } from "../../trace/compare/state";
import { useRunState } from "../../trace/compare/useRunState";
import { METHOD } from "../../simulation/query";
import { parseSide, sideHref, sideName, sideParam, type Side } from "../../trace/compare/sides";
import { useSideRun, type SideRun } from "../../trace/compare/useSideRun";
import { ReplayNoteFor } from "../../replay/ReplayNote";
import { explainTraceError } from "../../trace/explain";

const INPUT =
  "w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900";

function SideLine({ label, side, run }: { label: string; side: Side; run: SideRun }) {
  const open = sideHref(side);
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold">{label}:</span>
      <span className="break-all">
        {side.kind === "invalid"
          ? side.reason
          : side.kind === "empty"
            ? "not given"
            : sideName(side)}
      </span>
      {side.kind === "tx" ? <span className="break-all font-mono text-xs">{side.hash}</span> : null}
      {open ? (
        <a className="underline" href={open}>
          Open {label} on its own page
        </a>
      ) : null}
      {run.fetching ? <span role="status">Tracing {label}…</span> : null}
      <ReplayNoteFor
        endpoint={run.endpoint}
        method={run.method}
        lead={run.stateTarget?.lead ?? null}
      />
      {side.kind === "sim" && side.link.minedTx ? (
        <span className="w-full text-xs text-slate-700 dark:text-slate-300">
          {NOT_REPLAYED_NOTE}
        </span>
      ) : null}
    </li>
  );
}

function SideError({ label, side, run }: { label: string; side: Side; run: SideRun }) {
  if (run.unresolved)
    return <ErrorPanel title={`No endpoint for side ${label}`} headline={run.unresolved} />;
  if (!run.error) return null;
  // A transaction's side fails as the trace page's does: an unknown hash is "No such transaction".
  const explained =
    side.kind === "tx" ? explainTraceError(run.error, run.endpoint?.rpcMethod ?? run.method) : null;
  return (
    <div className="flex flex-col gap-2">
      <RpcErrorPanel
        error={run.error}
        title={`Side ${label}: ${explained?.title ?? "it could not be traced"}`}
        headline={explained?.headline}
        onRetry={run.refetch}
      />
      {explained ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {explained.hint}
        </p>
      ) : null}
    </div>
  );
}

export default function ComparePage({ search, setSearch }: MethodPageProps) {
  const { client, resolve } = useRpc();
  const aParam = search.get("a") ?? "";
  const bParam = search.get("b") ?? "";
  const view = search.get("view");
  const sideA = useMemo(() => parseSide(aParam), [aParam]);
  const sideB = useMemo(() => parseSide(bParam), [bParam]);
  const runA = useSideRun(sideA);
  const runB = useSideRun(sideB);
  const modelA = runA.data?.model ?? null;
  const modelB = runB.data?.model ?? null;

  // The form: what is typed, until Compare writes it into the link.
  const [typed, setTyped] = useState({ of: `${aParam}\n${bParam}`, a: aParam, b: bParam });
  if (typed.of !== `${aParam}\n${bParam}`)
    setTyped({ of: `${aParam}\n${bParam}`, a: aParam, b: bParam });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ a: sideParam(typed.a), b: sideParam(typed.b), view: view ?? undefined });
  };
  const swap = () => setSearch({ a: bParam, b: aParam, view: view ?? undefined });

  // One registry for both sides: they run on the same chain.
  const keys = useMemo(
    () => (modelA && modelB ? traceDecodingKeys([...modelA.frames, ...modelB.frames]) : null),
    [modelA, modelB],
  );
  const decoding = useDecodingRegistry(runA.endpoint ?? runB.endpoint, keys, { withDevnet: true });
  const decoder = useMemo(() => new TraceDecoder(decoding.registry), [decoding.registry]);
  const sides = useMemo(
    () =>
      modelA && modelB
        ? {
            a: { model: modelA, decode: new FrameDecodeCache(modelA.frames, decoder) },
            b: { model: modelB, decode: new FrameDecodeCache(modelB.frames, decoder) },
          }
        : null,
    [modelA, modelB, decoder],
  );
  // Aligned once per pair of answers; decoding names rows, it does not move them.
  const tree = useMemo(
    () => (modelA && modelB ? alignTraces(modelA, modelB) : null),
    [modelA, modelB],
  );
  const symbol = useNativeSymbol(runA.endpoint ?? runB.endpoint, tree !== null);
  const namer = useContext(AddressNames);
  const sentence = useMemo(() => {
    if (!tree || !sides) return null;
    return summarize(
      tree,
      (row) =>
        rowName(tree, sides.a, sides.b, row) ??
        `the call ${rowCall(tree, sides.a, sides.b, row, namer)}`,
    );
  }, [tree, sides, namer]);

  const [stateAsk, setStateAsk] = useState({ of: `${aParam}\n${bParam}`, asked: view === "state" });
  if (stateAsk.of !== `${aParam}\n${bParam}`)
    setStateAsk({ of: `${aParam}\n${bParam}`, asked: view === "state" });
  const stateA = useRunState({
    client,
    endpoint: runA.endpoint,
    method: runA.method,
    target: runA.stateTarget,
    model: modelA,
    asked: stateAsk.asked && tree !== null,
  });
  const stateB = useRunState({
    client,
    endpoint: runB.endpoint,
    method: runB.method,
    target: runB.stateTarget,
    model: modelB,
    asked: stateAsk.asked && tree !== null,
  });
  const stateRows = useMemo(
    () => (stateA.entries && stateB.entries ? compareState(stateA.entries, stateB.entries) : null),
    [stateA.entries, stateB.entries],
  );
  // Balance changes read every frame's addresses (checksummed: a keccak each): with the state,
  // on the user's word, not between the answers and the first rows.
  const balances = useMemo(() => {
    if (!modelA || !modelB || !stateAsk.asked) return null;
    const ta = transfersOf(modelA);
    const tb = transfersOf(modelB);
    return {
      rows: compareBalances(deriveBalanceChanges(ta), deriveBalanceChanges(tb)),
      transfers: { a: ta.length, b: tb.length },
    };
  }, [modelA, modelB, stateAsk.asked]);

  const resolved = resolve(METHOD);
  return (
    <div className="flex flex-col gap-3">
      <PageHeader title="Compare" {...endpointTarget(resolved)}>
        Sets two runs side by side — two transactions, or a transaction and its dry run — and aligns
        their call trees frame by frame: what is the same, what changed (status, gas, value, output,
        events), and what only one of them called; then their state changes.
      </PageHeader>
      <Card>
        <form aria-label="Comparison" onSubmit={submit} className="flex flex-col gap-2">
          {(["a", "b"] as const).map((k) => (
            <label key={k} className="flex flex-col gap-1 text-sm font-medium">
              Side {k.toUpperCase()}: a transaction hash, or a dry run (its link)
              <input
                className={INPUT}
                value={typed[k]}
                spellCheck={false}
                onChange={(e) => setTyped((t) => ({ ...t, [k]: e.target.value }))}
              />
            </label>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary">
              Compare
            </Button>
            <Button onClick={swap} disabled={!aParam && !bParam}>
              Swap
            </Button>
          </div>
        </form>
        <ul className="mt-2 flex flex-col gap-1">
          <SideLine label="A" side={sideA} run={runA} />
          <SideLine label="B" side={sideB} run={runB} />
        </ul>
      </Card>
      <SideError label="A" side={sideA} run={runA} />
      <SideError label="B" side={sideB} run={runB} />
      {tree && sides ? (
        <>
          <DecodingPanel decoding={decoding} hint="Names the calls in both trees." />
          <section
            aria-label="Compare call trees"
            className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <h2 className="text-base font-semibold">Call trees, aligned</h2>
            <p className="text-sm font-medium">{sentence}</p>
            <CompareTree
              key={`${aParam}\n${bParam}`}
              tree={tree}
              a={sides.a}
              b={sides.b}
              nativeSymbol={symbol}
            />
          </section>
          <section
            aria-label="State and balances"
            className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <h2 className="text-base font-semibold">State and balances</h2>
            {!stateAsk.asked ? (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Button
                  variant="primary"
                  onClick={() => setStateAsk((s) => ({ ...s, asked: true }))}
                >
                  Compare state changes
                </Button>
                <span>
                  Runs both again with the prestateTracer (diff mode) and Nodescope&apos;s storage
                  tracer, to name each variable they change.
                </span>
              </div>
            ) : stateA.busy || stateB.busy ? (
              <p role="status" className="text-sm">
                Reading both runs&apos; state changes…
              </p>
            ) : stateA.error || stateB.error ? (
              <RpcErrorPanel
                error={stateA.error ?? stateB.error}
                title="The state changes could not be read"
              />
            ) : stateA.problem || stateB.problem ? (
              <p role="alert" className="text-sm">
                {stateA.problem ?? stateB.problem}
              </p>
            ) : stateRows ? (
              <>
                {stateA.naming || stateB.naming ? (
                  <p className="text-xs">Asking Sourcify for the layouts…</p>
                ) : null}
                {stateA.unnamed || stateB.unnamed ? (
                  <p role="note" className="text-xs">
                    {stateA.unnamed ?? stateB.unnamed}
                  </p>
                ) : null}
                <StateComparison rows={stateRows} />
              </>
            ) : null}
            {balances ? (
              <BalanceComparison
                rows={balances.rows}
                transfers={balances.transfers}
                symbol={symbol}
              />
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
