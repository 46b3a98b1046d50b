/**
 * The Debug view: one frame's execution stepped through its verified source. Pass 1 of the debug
 * tracer (every step's pc and gas, the words at internal calls' jumps) gives places, the call
 * stack and navigation at once; pass 2 reads the stack, memory and storage of a window of steps
 * around the current one, and the windows the step commands lead to are asked ahead, so a step
 * shows its line at once and its machine state as soon as its window is here. The frame is the
 * selected one, else the first failed frame, else the top one; it opens at the failing step of a
 * failed frame, else at the frame's first step with a line, or at the link's `step`.
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { LayoutNamer, Preimages } from "../../chain/solidity";
import type { SourceBundle } from "../../chain/sources";
import type { FrameDecodeCache } from "../decode";
import { buildFrameDebug, DEBUG_WINDOW_MAX_STEPS, opcodeName, type FrameDebug } from "../steps";
import { frameFailed, type TraceModel } from "../model";
import { useSourceInsight, type SourceInsight } from "../source/context";
import { mainFile, placeOfPc } from "../source/locate";
import { frameCodeAddress, frameCodeKind, sourceFrame } from "../source/sourceFrame";
import { useSourceBundles } from "../source/useSourceBundles";
import { pathOf } from "../tree";
import type { CallStackItem } from "./CallStackList";
import { DebuggerPanel } from "./DebuggerPanel";
import { DebuggerSection } from "./DebuggerSection";
import type { StepKind } from "./keys";
import { callMarks, stackAt, storageAt } from "./machine";
import { RunProblem } from "./RunProblem";
import { useDebugTrace, type DebugPass1 } from "./useDebugTrace";
import { windowDetails } from "./windowDetails";
import { windowsOf } from "./windows";
import { FrameVariables } from "../../variables/FrameVariables";
import { groupedNumber } from "../../ui";

/** How long the step must rest before the link is written (a held key writes once). */
const LINK_DELAY_MS = 300;

export interface DebugViewProps {
  model: TraceModel;
  decode: FrameDecodeCache;
  /** The frame selected in the call tree (-1: none). */
  selected: number;
  /** The link's `step`, as written. */
  step: string | null;
  onStepChange?: (step: number, framePath: string) => void;
  viewport?: { width: number; height: number };
}

export function DebugView(props: DebugViewProps) {
  const insight = useSourceInsight();
  if (!insight)
    return (
      <DebuggerSection note="">
        <p className="text-sm">
          The debugger needs the node: it replays this transaction with Nodescope&apos;s debug
          tracer, and this trace was not asked of one (opened from a file or picked out of a
          block&apos;s answer).
        </p>
      </DebuggerSection>
    );
  return <DebugOfTrace {...props} insight={insight} />;
}

function DebugOfTrace(props: DebugViewProps & { insight: SourceInsight }) {
  const { model, selected, insight } = props;
  const index = sourceFrame(model, selected);
  const pass1 = useDebugTrace(model, insight, true);
  const address = frameCodeAddress(model, index, pass1.trace?.frames[index]?.address);
  // a failed CREATE's address is known from the tracer only: its bundle is asked then
  const late = useSourceBundles(
    insight.endpoint,
    address && !(address in pass1.bundles) && !pass1.bundlesPending ? [address] : null,
  );
  const bundle = address ? (pass1.bundles[address] ?? late.bundles[address] ?? null) : null;
  const failed = model.frames[index] ? frameFailed(model.frames[index]) : false;
  const path = pathOf(model, index);
  const note = (
    <>
      Frame {path}
      {selected < 0 ? (failed ? " (the first failed frame)" : " (the top frame)") : ""}
      {bundle?.name ? `: ${bundle.name}` : ""}
      {address ? ` at ${address}` : ""}. Select another frame in the call tree to debug it.
    </>
  );
  const rpcMethod = insight.endpoint?.rpcMethod ?? "the trace method";
  // While the tracer runs (seconds at 250,000 steps: the node calls it at every opcode), the
  // frame's first step is shown from the source map alone — every frame starts at pc 0 — with
  // the commands waiting. Not for a failed frame: it opens at its failing step, not known yet.
  const running = pass1.trace === null && pass1.busy && !pass1.bundlesPending;
  const firstPlace =
    running && bundle && !failed ? placeOfPc(bundle, frameCodeKind(model, index), 0) : null;
  const runningText = `the debug tracer is running (every step's pc and gas${insight.costNote ? `; it costs ${insight.costNote}` : ""}); the commands wait for it…`;
  return (
    <DebuggerSection note={note}>
      <Pass1State
        pass1={pass1}
        rpcMethod={rpcMethod}
        insight={insight}
        quiet={running && bundle !== null}
      />
      {running && bundle ? (
        <DebuggerPanel
          size={0}
          step={0}
          waiting={runningText}
          place={firstPlace}
          op={null}
          gasLeft={null}
          targets={{ into: 0, over: 0, out: 0, back: 0 }}
          onStep={() => {}}
          onJump={() => {}}
          callStack={[]}
          machine={{ stack: null, partialStack: false, memory: null, storage: null, pending: null }}
          files={bundle.sources}
          initialPath={mainFile(bundle)}
          notes={[]}
          viewport={props.viewport}
        />
      ) : null}
      {pass1.trace && !pass1.bundlesPending ? (
        index < pass1.trace.frames.length ? (
          <FrameDebugger
            {...props}
            index={index}
            bundle={bundle}
            pass1={pass1}
            trace={pass1.trace}
          />
        ) : (
          <p role="alert" className="text-sm">
            The debug trace has no frame {path}
            {pass1.trace.mismatch ? ` (${pass1.trace.mismatch})` : ""}: there is nothing to step
            through.
          </p>
        )
      ) : null}
    </DebuggerSection>
  );
}

function Pass1State({
  pass1,
  rpcMethod,
  insight,
  quiet,
}: {
  pass1: DebugPass1;
  rpcMethod: string;
  insight: SourceInsight;
  /** The waiting panel's status says it (one status in the view). */
  quiet: boolean;
}) {
  return (
    <>
      {pass1.busy && !quiet ? (
        <p role="status" className="text-sm">
          {pass1.bundlesPending
            ? "Asking Sourcify for the contracts' sources and source maps…"
            : `Running the debug tracer (every step's pc and gas)${insight.costNote ? `, which costs ${insight.costNote}` : ""}…`}
        </p>
      ) : null}
      {pass1.bundleNote ? <p className="text-xs">{pass1.bundleNote}</p> : null}
      <RunProblem
        error={pass1.error}
        unreadable={pass1.unreadable}
        rpcMethod={rpcMethod}
        hint={pass1.error ? insight.hintFor(pass1.error) : null}
        onRetry={pass1.retry}
        what="Stepping through the source"
      />
    </>
  );
}

/** The step the link names, if it is one of the frame's. */
function linkStep(step: string | null, size: number): number | null {
  if (step === null || !/^\d+$/.test(step)) return null;
  const k = Number(step);
  return k < size ? k : null;
}

function FrameDebugger(
  props: DebugViewProps & {
    insight: SourceInsight;
    index: number;
    bundle: SourceBundle | null;
    pass1: DebugPass1;
    trace: NonNullable<DebugPass1["trace"]>;
  },
) {
  const { model, decode, index, bundle, trace, insight } = props;
  const externalName = decode.frame(index).call?.name ?? null;
  const input = model.frames[index]?.input;
  const calldata = typeof input === "string" ? input : null;
  const fd: FrameDebug = useMemo(
    () => buildFrameDebug(trace, index, bundle, { externalName, input: calldata }),
    [trace, index, bundle, externalName, calldata],
  );

  // The current step: the link's, else where the frame opens; a new frame starts afresh.
  // `seen`: the link's step last read; `wrote`: the last step this view wrote into the link.
  const [at, setAt] = useState(() => ({
    fd,
    step: linkStep(props.step, fd.size) ?? fd.startStep,
    seen: props.step,
    wrote: null as string | null,
  }));
  let step = at.step;
  if (at.fd !== fd) {
    step = linkStep(props.step, fd.size) ?? fd.startStep;
    setAt({ fd, step, seen: props.step, wrote: null });
  } else if (props.step !== at.seen) {
    // The link changed from outside (history, an edited address): go where it says. Not when it
    // is this view's own write arriving (the user may have stepped on since).
    const k = props.step === at.wrote ? null : linkStep(props.step, fd.size);
    if (k !== null) step = k;
    setAt({ ...at, step, seen: props.step });
  }
  const go = (k: number) =>
    setAt((a) => ({ ...a, step: Math.max(0, Math.min(Math.max(0, fd.size - 1), k)) }));

  // The link follows the step once it rests.
  const framePath = pathOf(model, index);
  const write = props.onStepChange;
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  const linked = props.step;
  useEffect(() => {
    if (String(step) === linked) return;
    const id = setTimeout(() => {
      setAt((a) => ({ ...a, wrote: String(step) }));
      writeRef.current?.(step, framePath);
    }, LINK_DELAY_MS);
    return () => clearTimeout(id);
  }, [step, linked, framePath]);

  const targets: Record<StepKind, number> = {
    into: fd.stepInto(step),
    over: fd.stepOver(step),
    out: fd.stepOut(step),
    back: fd.stepBack(step),
  };
  const onStep = (kind: StepKind) => go(targets[kind]);

  // Pass 2: the current step's window first, then those the commands lead to (asked ahead).
  const windows = windowsOf(
    index,
    fd.size > 0 ? [step, targets.into, targets.over, targets.back, targets.out] : [],
    fd.size,
    DEBUG_WINDOW_MAX_STEPS,
  );
  // The neighbours are asked once the current window is here: each is another run of the
  // tracer on the node, and the one on screen comes first. Each answer is read when it arrives
  // (`select`), not when a step reaches it.
  const current = useQuery({
    ...insight.debugQuery(windows[0] ? { window: windows[0] } : null),
    select: windowDetails,
  });
  useQueries({
    queries: windows.slice(1).map((w) => ({
      ...insight.debugQuery({ window: w }),
      enabled: current.isSuccess,
      select: windowDetails,
    })),
  });
  const read = current.data;
  const detail = read?.kind === "details" ? (read.steps.get(step) ?? null) : null;

  const marks = useMemo(() => callMarks(fd.internalCalls), [fd]);
  const preimages = insight.trace?.preimages;
  const namer = useMemo(() => {
    const layout = bundle?.storageLayout;
    return layout && layout.storage.length > 0
      ? new LayoutNamer(layout, new Preimages(preimages ?? []))
      : null;
  }, [bundle, preimages]);

  const place = fd.place(step);
  const callStack: CallStackItem[] = fd.callStack(step).map((c) => ({
    name: c.name,
    kind: c.kind,
    place: c.place,
    step: c.step,
  }));
  const stack = stackAt(fd, step, detail, marks);
  const op = detail ? detail.op : fd.op(step);
  const window0 = windows[0];
  const pending = current.isError ? (
    <RunProblem
      error={current.error}
      unreadable={null}
      rpcMethod={insight.endpoint?.rpcMethod ?? "the trace method"}
      hint={insight.hintFor(current.error)}
      onRetry={() => void current.refetch()}
      what="The stack and memory of each step"
    />
  ) : read?.kind === "unreadable" ? (
    <p role="alert" className="text-sm">
      The node answered the debug tracer&apos;s second pass with something Nodescope cannot read (
      {read.reason}).
    </p>
  ) : !detail && window0 ? (
    // Not a status of its own: the debugger's one status is the step's place.
    <p className="text-xs">
      Reading the stack and memory of steps {groupedNumber(window0.from + 1)}–
      {groupedNumber(window0.to + 1)}…
    </p>
  ) : null;

  if (fd.size === 0)
    return (
      <p className="text-sm">
        This frame ran no instruction (a call to an account without code, or a precompile).
      </p>
    );
  return (
    <DebuggerPanel
      size={fd.size}
      step={step}
      place={place}
      op={op >= 0 ? opcodeName(op) : null}
      gasLeft={fd.gasLeft(step)}
      targets={targets}
      onStep={onStep}
      onJump={go}
      callStack={callStack}
      machine={{
        stack: stack?.words ?? null,
        partialStack: stack?.partial ?? false,
        memory: detail
          ? { offset: detail.memoryOffset, hex: detail.memory, size: detail.memorySize }
          : null,
        storage: storageAt(detail, namer, step === fd.failStep),
        pending,
      }}
      files={bundle?.sources ?? []}
      initialPath={bundle ? mainFile(bundle) : null}
      lineGas={fd.lineGas}
      notes={fd.notes}
      variables={
        <FrameVariables
          fd={fd}
          step={step}
          detail={detail}
          bundle={bundle}
          frame={index}
          input={calldata}
          debugQuery={insight.debugQuery}
          windowSteps={read?.kind === "details" ? read.steps : null}
          preimages={preimages ?? null}
        />
      }
      quietNotes={fd.quietNotes}
      viewport={props.viewport}
    />
  );
}
