/**
 * The shapes of one frame's debugger model (see frame.ts): a step's place in the source, the
 * internal calls, the call stack, the gas of a line and the model itself. Types only.
 */
import type { StepDetail } from "./trace";

export interface DebugPlace {
  path: string;
  /** 1-based. */
  line: number;
  column: number;
  /** The line's text (attacker-controlled: render as text). */
  text: string;
  /** The range's byte offsets in the file. */
  start: number;
  end: number;
  /** "step": the step's own place; "jump": a failing step in generated or shared code, located by the jump into it. */
  via: "step" | "jump";
}

export interface DecodedValue {
  name: string | null;
  type: string;
  /** Read from the stack word; null where the tracer kept no word for it. */
  value: string | null;
  /** Stack slots it takes: 2 for a dynamic calldata value (offset, then length on top); else 1. */
  slots?: 2;
}

export interface InternalCall {
  /** Position in `internalCalls` (pre-order: a caller before its callees). */
  id: number;
  name: string;
  /** The function's declaration. */
  path: string;
  line: number;
  /** The caller's JUMP into the function, and the function's JUMP out (-1: it never returned). */
  enterStep: number;
  exitStep: number;
  /** Gas left before the JUMP in, less the gas left after the return (or at the frame's end). */
  gas: number;
  /** The frame's gas used before the JUMP in (where the call starts in the frame's gas). */
  gasBefore: number;
  /**
   * Its own steps' gas: without the internal calls it made and without its CALLs and CREATEs
   * (their callees' gas is their frames'). The self gas of the frame's functions and of the frame
   * itself add up to the frame's.
   */
  selfGas: number;
  /** 1 for a call the external function makes, 2 for one that makes, … */
  depth: number;
  /** The calling internal call's id, -1 when the external function called it. */
  parent: number;
  args: DecodedValue[];
  /** Null when it never returned. */
  returns: DecodedValue[] | null;
  /** Where it was called from (the place of the JUMP into it). */
  callPlace: DebugPlace | null;
}

export interface CallStackEntry {
  name: string;
  kind: "external" | "internal";
  /** Where this function is at step k: the innermost's own place, the others' call of the next. */
  place: DebugPlace | null;
  step: number;
  /** The internal call's id (-1 for the external function). */
  call: number;
}

export interface LineGas {
  path: string;
  line: number;
  gas: number;
}

export interface FrameDebug {
  frameIndex: number;
  /** Steps kept (what can be shown); the frame may have run more (see `notes`). */
  size: number;
  /** The step the view opens at: a failed frame's failing step, else its first step with a place. */
  startStep: number;
  failStep: number | null;
  error: string | null;
  pc(k: number): number;
  /** The opcode run at step k (a number; `opcodeName` names it). */
  op(k: number): number;
  /** Gas left before step k. */
  gasLeft(k: number): number;
  /** What step k cost: its gas less the gas before the frame's next step (a CALL: with its callee). */
  cost(k: number): number;
  place(k: number): DebugPlace | null;
  callStack(k: number): CallStackEntry[];
  /** The next step on another line, into internal calls; k itself at the end. */
  stepInto(k: number): number;
  /** The next step on another line at the same or a shallower internal-call depth. */
  stepOver(k: number): number;
  /** The first step after the current internal function returns (the frame's last step when none). */
  stepOut(k: number): number;
  /** The first step of the previous line's run; k itself when no line ran before it. */
  stepBack(k: number): number;
  /**
   * The external function's body: the dispatcher's JUMP into it and its JUMP out (-1: it never
   * returned); null when the frame entered none (no source map, the optimizer's code).
   */
  entry: { enterStep: number; exitStep: number } | null;
  /** The internal call open at step k (innermost, shown ones only), or -1. */
  internalCallAt(k: number): number;
  /** Stack words the tracer kept at step k (top first, hex without 0x), if any. */
  words(k: number): readonly string[] | null;
  /** Pass 2's detail of step k, once merged (`withDetails`). */
  detail(k: number): StepDetail | null;
  internalCalls: InternalCall[];
  /** File path → line → gas. */
  lineGas: Map<string, Map<number, number>>;
  /** The heaviest lines, heaviest first (at most HEAVIEST_LINES). */
  heaviestLines: LineGas[];
  /** Sum of every step's cost: lines plus unattributed. */
  total: number;
  /** Gas of steps with no line: the dispatcher, generated code, code without a source map. */
  unattributed: number;
  /** What the node says the frame used (a child frame), null for the top frame. */
  gasUsed: number | null;
  /** Plain sentences: inlined functions, the step bound, no source map, … */
  notes: string[];
  /**
   * Caveats said quietly, beside the figures they qualify rather than as a warning above the
   * code: the last step's gas counted as 0.
   */
  quietNotes: string[];
}

export interface FrameDebugOptions {
  /** The external function's name from the frame's decoded selector. */
  externalName?: string | null;
  /** The frame's input (calldata): dynamic calldata arguments are read from it. */
  input?: string | null;
}
