/**
 * One frame of a debug trace read against its verified source: each step's place, the internal
 * calls the source map's jump marks show (`i` into a function, `o` out of it), the gas of every
 * line and source-level navigation. Built once per (trace, frame, bundle); every index is a typed
 * array filled in one pass, so each navigation is O(1) or a short walk up the internal calls.
 * No React.
 *
 * Steps: 0 … size-1, the frame's own opcodes (a child frame's steps are in its own frame; the CALL
 * step that opened it carries, in its gas, what the child consumed).
 */
import { codeKindOf, type SourceBundle } from "../../chain/sources";
import { lineGasOf, stepCosts } from "./frameGas";
import { callStackAt, externalNameOf, internalCallsOf, noteInlined } from "./frameInternalCalls";
import { navigationOf, stepClamp } from "./frameNavigation";
import { failPlaceOf, placeFinder, placesOf } from "./framePlaces";
import type { CallStackEntry, DebugPlace, FrameDebug, FrameDebugOptions } from "./frameTypes";
import { sourceIndexOf } from "./sourceIndex";
import type { DebugTrace, StepDetail } from "./trace";
import { groupedNumber } from "../../ui/basics/numberText";

export type {
  CallStackEntry,
  DebugPlace,
  DecodedValue,
  FrameDebug,
  FrameDebugOptions,
  InternalCall,
  LineGas,
} from "./frameTypes";
export { HEAVIEST_LINES } from "./frameGas";

const EMPTY_DETAILS = new Map<number, StepDetail>();

/** Builds the frame's debugger model; `bundle` null (unverified) gives pcs and gas only. */
export function buildFrameDebug(
  trace: DebugTrace,
  frameIndex: number,
  bundle: SourceBundle | null,
  options: FrameDebugOptions = {},
): FrameDebug {
  const data = trace.frames[frameIndex];
  if (!data) throw new RangeError(`the debug trace has no frame ${frameIndex}`);
  const notes: string[] = [];
  // a CREATE frame runs the initcode: its pcs are counted by the creation source map
  const kind = codeKindOf(data.type);
  const s = bundle ? sourceIndexOf(bundle, kind) : null;
  if (!bundle) notes.push("This contract's source is not verified: steps show pcs and gas only.");
  else if (!s)
    notes.push(
      kind === "creation"
        ? "The verified source has no source map of its creation code: the constructor's steps cannot be placed in the source."
        : "The verified source has no runtime source map: steps cannot be placed in the source.",
    );
  if (!trace.inStep && trace.mismatch)
    notes.push(`The debug trace does not line up with the call tree: ${trace.mismatch}.`);
  const size = data.kept;
  if (data.steps > size)
    notes.push(
      `Step bound reached: the tracer kept ${groupedNumber(size)} of this frame's ${groupedNumber(data.steps)} steps (${groupedNumber(trace.max)} for the whole transaction).`,
    );
  const { instr, lineAt } = placesOf(data, s);
  const gas = data.gas;
  const { endGas, cost } = stepCosts(data);

  // ---- internal calls from the jump marks ----
  const placeOfInstr = placeFinder(s);
  const placeAtStep = (k: number): DebugPlace | null =>
    k >= 0 && k < size ? placeOfInstr(instr[k] ?? -1) : null;
  const gasAfter = (k: number) => (k + 1 < size ? (gas[k + 1] ?? 0) : (endGas ?? gas[k] ?? 0));
  const { raw, internalCalls, shownAt, calledFns } = internalCallsOf(
    data,
    s,
    instr,
    cost,
    placeAtStep,
    gasAfter,
    // initcode runs with no calldata: its frame's input is the code, not arguments
    kind === "creation" ? null : (options.input ?? null),
  );

  // ---- inlined: a declared internal function ran with no jump into it ----
  noteInlined(notes, s, instr, size, calledFns);

  // ---- gas per line ----
  const { lineGas, heaviestLines, total, unattributed } = lineGasOf(s, lineAt, cost, size);
  const quietNotes: string[] = [];
  if (endGas === null && size > 0)
    quietNotes.push(
      "The gas of the frame's last step is not known (the node reports no gas used for the top frame): it counts as 0.",
    );

  // ---- navigation indexes ----
  const { nextPlaced, stepInto, stepOver, stepOut, stepBack } = navigationOf(
    size,
    lineAt,
    shownAt,
    internalCalls,
  );
  const clamp = stepClamp(size);

  // ---- the failing step and where it is ----
  const failStep = data.failStep !== null && data.failStep < size ? data.failStep : null;
  const failPlace = failPlaceOf(data, s, instr, failStep);
  const place = (k: number): DebugPlace | null => {
    if (k === failStep && failPlace) return failPlace;
    return placeAtStep(k);
  };
  const firstPlaced = size > 0 ? ((lineAt[0] ?? -1) >= 0 ? 0 : (nextPlaced[0] ?? -1)) : -1;
  const startStep = failStep ?? (firstPlaced >= 0 ? firstPlaced : 0);

  const external = externalNameOf(
    raw,
    s,
    instr,
    size,
    kind === "creation" ? "constructor" : options.externalName,
  );

  const callStack = (k: number): CallStackEntry[] =>
    callStackAt(clamp(k), external, internalCalls, shownAt, place);

  const details = data.details.size ? data.details : EMPTY_DETAILS;
  const entryCall = raw.find((c) => c.entry);
  return {
    frameIndex,
    size,
    startStep,
    failStep,
    error: data.error,
    pc: (k) => data.pcs[clamp(k)] ?? 0,
    op: (k) => {
      const i = instr[clamp(k)] ?? -1;
      return s && i >= 0 ? (s.op[i] ?? 0) : -1;
    },
    gasLeft: (k) => gas[clamp(k)] ?? 0,
    cost: (k) => cost[clamp(k)] ?? 0,
    place,
    callStack,
    stepInto,
    stepOver,
    stepOut,
    stepBack,
    entry: entryCall ? { enterStep: entryCall.enter, exitStep: entryCall.exit } : null,
    internalCallAt: (k) => shownAt[clamp(k)] ?? -1,
    words: (k) => data.words.get(k) ?? null,
    detail: (k) => details.get(k) ?? null,
    internalCalls,
    lineGas,
    heaviestLines,
    total,
    unattributed,
    gasUsed: data.gasUsed,
    notes,
    quietNotes,
  };
}
