/**
 * The Debug view's body, pure props: the current step (`File.sol:LINE`, "step K of N", the opcode and gas) in a status, the step
 * commands (buttons, keys, a slider), the frame's source with the current line marked, the call
 * stack, and the EVM's stack, memory and storage at the step. What the debugger cannot show
 * (no source, no source map, inlined functions, the step bound) is said in `notes`.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { formatDecimal } from "../../chain";
import { SourceCode } from "../source/SourceCode";
import { CallStackList, type CallStackItem } from "./CallStackList";
import { stepOfKey, typingIn, type StepKind } from "./keys";
import { MachineState, type MachineStateProps } from "./MachineState";
import { StepControls } from "./StepControls";

export interface DebuggerPanelProps {
  size: number;
  /**
   * Why the commands wait (the debug tracer still running): the place shown is the frame's first
   * step, read from the source map alone; null once the steps are here.
   */
  waiting?: string | null;
  step: number;
  place: { path: string; line: number; text: string } | null;
  /** The opcode's name and the gas left before it (null: not known). */
  op: string | null;
  gasLeft: number | null;
  targets: Readonly<Record<StepKind, number>>;
  onStep: (kind: StepKind) => void;
  onJump: (k: number) => void;
  callStack: readonly CallStackItem[];
  machine: MachineStateProps;
  /** The frame's verified source files; empty: none (said in `notes`). */
  files: readonly { path: string; content: string }[];
  initialPath: string | null;
  lineGas?: ReadonlyMap<string, ReadonlyMap<number, number>>;
  notes: readonly string[];
  /** The source's variables at the step (src/variables), above the call stack. */
  variables?: ReactNode;
  /** Caveats said quietly under the code (the last step's gas), not as a warning above it. */
  quietNotes?: readonly string[];
  /** Fixed viewport of the source lines (tests, benchmarks). */
  viewport?: { width: number; height: number };
}

export function DebuggerPanel(props: DebuggerPanelProps) {
  const { size, step, place, onStep } = props;
  // Keys step wherever the focus is, except in a field being typed in; the page's other views
  // are not mounted while this one is.
  const onStepRef = useRef(onStep);
  const waitingRef = useRef(props.waiting ?? null);
  useEffect(() => {
    onStepRef.current = onStep;
    waitingRef.current = props.waiting ?? null;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const kind = stepOfKey(e);
      if (!kind || typingIn(e.target) || waitingRef.current) return;
      e.preventDefault();
      onStepRef.current(kind);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const waiting = props.waiting ?? null;
  const stepText = waiting
    ? `step ${formatDecimal(step + 1)}: ${waiting}`
    : `step ${formatDecimal(step + 1)} of ${formatDecimal(size)}`;
  return (
    <div className="flex flex-col gap-3">
      {props.notes.length > 0 ? (
        <ul className="flex flex-col gap-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {props.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <output
        aria-live="polite"
        className="flex flex-wrap items-baseline gap-x-3 rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-900"
      >
        {place || !waiting ? (
          <>
            <span className="font-mono font-semibold">
              {place ? `${place.path}:${place.line}` : "no source line"}
            </span>{" "}
            <span>{stepText}</span>
          </>
        ) : (
          <span>{waiting.charAt(0).toUpperCase() + waiting.slice(1)}</span>
        )}
        {/* One span: the comma stays against the opcode where the status lays its parts out with gaps. */}
        {props.op || props.gasLeft !== null ? (
          <span>
            {props.op ? <span className="font-mono"> {props.op}</span> : null}
            {props.gasLeft !== null ? `, ${formatDecimal(props.gasLeft)} gas left` : null}
          </span>
        ) : null}
      </output>
      <StepControls
        step={step}
        size={size}
        disabled={waiting !== null}
        onStep={onStep}
        onJump={props.onJump}
        targets={props.targets}
      />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          {props.files.length > 0 ? (
            <SourceCode
              files={props.files}
              initialPath={props.initialPath}
              mark={place ? { path: place.path, line: place.line, kind: "step" } : null}
              lineGas={props.lineGas}
              viewport={props.viewport}
            />
          ) : null}
        </div>
        <div
          // The machine state changes at every step (the stack's height, the memory rows): in a
          // box of its own height, its layout and paint stay inside (a step stays cheap).
          role="region"
          aria-label="Call stack and machine state"
          tabIndex={0}
          className="flex max-h-[60vh] min-w-0 flex-col gap-3 overflow-auto"
          style={{ contain: "strict", height: "60vh" }}
        >
          {props.variables}
          <CallStackList items={props.callStack} current={step} onJump={props.onJump} />
          <MachineState {...props.machine} />
        </div>
      </div>
      {props.quietNotes && props.quietNotes.length > 0 ? (
        <p className="text-xs text-slate-700 dark:text-slate-300">{props.quietNotes.join(" ")}</p>
      ) : null}
    </div>
  );
}
