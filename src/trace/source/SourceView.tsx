/**
 * The Source view: the selected frame's verified contract source (with no frame chosen, the first
 * failed frame's), its failing line highlighted and named `File.sol:LINE` — the frame's REVERT (or
 * other failing instruction) through the source map, found by the storage tracer. Multi-file
 * sources get a file list. A missing source is said, never waited for. Source text comes from
 * Sourcify and whoever verified the contract: rendered as text only.
 */
import { useMemo } from "react";
import { readQuantity } from "../../chain";
import type { SourcePlace } from "../../chain/solidity";
import type { SourceBundle } from "../../chain/sources";
import { Button } from "../../ui";
import { buildFrameDebug } from "../steps";
import { RunProblem } from "../debugger/RunProblem";
import { useDebugTrace } from "../debugger/useDebugTrace";
import { InsightSection } from "../insight/Section";
import { frameError, frameFailed, type TraceModel } from "../model";
import { pathOf } from "../tree";
import { useSourceInsight, type SourceInsight } from "./context";
import { LineGasTotal } from "./LineGasTotal";
import { mainFile, placeOf } from "./locate";
import { SourceCode } from "./SourceCode";
import { frameCodeAddress, frameCodeKind, sourceFrame } from "./sourceFrame";
import { useSourceBundles } from "./useSourceBundles";

export function SourceView({
  model,
  selected,
  viewport,
}: {
  model: TraceModel;
  selected: number;
  /** Fixed viewport of the source lines (tests, benchmarks). */
  viewport?: { width: number; height: number };
}) {
  const insight = useSourceInsight();
  if (!insight)
    return (
      <InsightSection title="Source" note="">
        <p className="text-sm">
          The source view needs the node: the failing instruction is found by another trace of this
          transaction, and this trace was not asked of one (opened from a file or picked out of a
          block&apos;s answer).
        </p>
      </InsightSection>
    );
  return <SourceOfFrame model={model} selected={selected} insight={insight} viewport={viewport} />;
}

function SourceOfFrame({
  model,
  selected,
  insight,
  viewport,
}: {
  model: TraceModel;
  selected: number;
  insight: SourceInsight;
  viewport?: { width: number; height: number };
}) {
  const index = sourceFrame(model, selected);
  const frame = insight.trace?.inStep ? insight.trace.frames[index] : undefined;
  const address = frameCodeAddress(model, index, frame?.address);
  const { bundles, pending, note } = useSourceBundles(insight.endpoint, address ? [address] : []);
  const bundle = address ? bundles[address] : undefined;
  const place = bundle && frame ? placeOf(frame, bundle, frameCodeKind(model, index)) : null;
  const failed = model.frames[index] ? frameFailed(model.frames[index]) : false;
  const path = pathOf(model, index);
  // Gas per line: pass 1 of the debug tracer, shared with the Debug view.
  const pass1 = useDebugTrace(model, insight, true);
  const gasBundle = address ? (pass1.bundles[address] ?? bundle ?? null) : null;
  const fd = useMemo(
    () =>
      pass1.trace && !pass1.bundlesPending && index < pass1.trace.frames.length
        ? buildFrameDebug(pass1.trace, index, gasBundle)
        : null,
    [pass1.trace, pass1.bundlesPending, index, gasBundle],
  );
  const callGas = readQuantity(model.frames[index]?.gasUsed);
  return (
    <InsightSection
      title="Source"
      note={
        <>
          Frame {path}
          {selected < 0 ? (failed ? " (the first failed frame)" : " (the top frame)") : ""}
          {bundle?.name ? `: ${bundle.name}` : ""}
          {address ? ` at ${address}` : ""}.
        </>
      }
    >
      {failed && !insight.asked ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Button variant="primary" onClick={insight.ask}>
            Locate in source
          </Button>
          <span>
            Finds the failing instruction with Nodescope&apos;s storage tracer, another trace of
            this transaction{insight.costNote ? ` (it costs ${insight.costNote})` : ""}.
          </span>
        </div>
      ) : null}
      {insight.busy ? (
        <p role="status" className="text-sm">
          Running the storage tracer to find the failing instruction…
        </p>
      ) : null}
      {insight.error}
      {insight.trace && !insight.trace.inStep ? (
        <p role="alert" className="text-sm">
          The storage trace does not line up with the call tree ({insight.trace.mismatch}): the
          failing line is not shown rather than taken from another frame.
        </p>
      ) : null}
      {!address ? <p className="text-sm">This frame has no contract address.</p> : null}
      {address && bundle === undefined && pending ? (
        <p role="status" className="text-sm">
          Asking Sourcify for the source of {address}…
        </p>
      ) : null}
      {note ? <p className="text-xs">{note}</p> : null}
      {address && bundle === null ? (
        <p className="text-sm">
          Sourcify has no verified source for {address}: there is no source to show.
        </p>
      ) : null}
      {failed && frame && bundle && !place ? (
        <p className="text-sm">
          The failing instruction (pc {frame.failPc ?? "unknown"}) does not map to a line of the
          verified source.
        </p>
      ) : null}
      {pass1.busy ? (
        <p role="status" className="text-sm">
          Running the debug tracer for the gas of each line…
        </p>
      ) : null}
      {insight.error ? null : (
        <RunProblem
          error={pass1.error}
          unreadable={pass1.unreadable}
          rpcMethod={insight.endpoint?.rpcMethod ?? "the trace method"}
          hint={pass1.error ? insight.hintFor(pass1.error) : null}
          onRetry={pass1.retry}
          what="The gas of each line"
        />
      )}
      {fd && bundle ? (
        <LineGasTotal
          onLines={fd.total - fd.unattributed}
          unattributed={fd.unattributed}
          gasUsed={fd.gasUsed ?? (callGas === null ? null : Number(callGas))}
          top={index === 0}
          outOfGas={/out of gas/i.test(
            (model.frames[index] && frameError(model.frames[index])) ?? "",
          )}
        />
      ) : null}
      {bundle ? (
        <SourceFiles bundle={bundle} place={place} lineGas={fd?.lineGas} viewport={viewport} />
      ) : null}
    </InsightSection>
  );
}

/** `File.sol:LINE` and the line, for the view and the frame detail. */
export function PlaceLine({ place }: { place: SourcePlace }) {
  return (
    <span className="flex flex-col gap-1">
      <span className="font-mono text-sm font-semibold">
        {place.path}:{place.line}
      </span>
      <code className="font-mono text-xs break-all whitespace-pre-wrap">{place.text.trim()}</code>
      {place.via === "jump" ? (
        <span className="text-xs">
          (the failing instruction is in code the compiler generated or shares between reverts: this
          is the jump into it)
        </span>
      ) : null}
    </span>
  );
}

function SourceFiles({
  bundle,
  place,
  lineGas,
  viewport,
}: {
  bundle: SourceBundle;
  place: SourcePlace | null;
  lineGas?: ReadonlyMap<string, ReadonlyMap<number, number>>;
  viewport?: { width: number; height: number };
}) {
  return (
    <div className="flex flex-col gap-2">
      {place ? (
        <div className="rounded border border-red-300 bg-red-50 p-2 dark:border-red-800 dark:bg-red-950">
          <span className="text-xs font-semibold">Failed at </span>
          <PlaceLine place={place} />
        </div>
      ) : null}
      <SourceCode
        files={bundle.sources}
        initialPath={mainFile(bundle)}
        mark={place ? { path: place.path, line: place.line, kind: "fail" } : null}
        lineGas={lineGas}
        viewport={viewport}
      />
    </div>
  );
}
