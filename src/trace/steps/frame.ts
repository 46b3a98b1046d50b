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
import { locatePc, type Jump } from "../../chain/solidity";
import type { SourceBundle } from "../../chain/sources";
import { readWord, type Param } from "./functions";
import {
  JUMP_IN,
  JUMP_OUT,
  instructionAt,
  sourceIndexOf,
  type FunctionRef,
  type SourceIndex,
} from "./sourceIndex";
import type { DebugFrameData, DebugTrace, StepDetail } from "./trace";

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
}

export const HEAVIEST_LINES = 5;

/** CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2: their steps' gas holds a frame's. */
const CALLS = new Set([0xf1, 0xf2, 0xf4, 0xfa, 0xf0, 0xf5]);

export interface FrameDebugOptions {
  /** The external function's name from the frame's decoded selector. */
  externalName?: string | null;
}

/** What the frame steps through when there is no source index: pcs and gas only. */
interface Places {
  s: SourceIndex | null;
  instr: Int32Array;
  lineAt: Int32Array;
}

function placesOf(data: DebugFrameData, s: SourceIndex | null): Places {
  const size = data.kept;
  const instr = new Int32Array(size).fill(-1);
  const lineAt = new Int32Array(size).fill(-1);
  if (s)
    for (let k = 0; k < size; k++) {
      const i = instructionAt(s, data.pcs[k] ?? -1);
      instr[k] = i;
      if (i >= 0) lineAt[k] = s.line[i] ?? -1;
    }
  return { s, instr, lineAt };
}

interface RawCall {
  fn: number;
  enter: number;
  exit: number;
  parent: number;
  /** shown: an internal call of a declared function; entry: the external function's body. */
  shown: boolean;
  entry: boolean;
}

function values(params: readonly Param[], words: readonly string[] | undefined): DecodedValue[] {
  const n = params.length;
  return params.map((p, i) => {
    // words: the jump's target or return address on top, then the last value down to the first
    const w = words?.[n - i];
    return { name: p.name, type: p.type, value: w === undefined ? null : readWord(p, w) };
  });
}

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
  const s = bundle ? sourceIndexOf(bundle) : null;
  if (!bundle) notes.push("This contract's source is not verified: steps show pcs and gas only.");
  else if (!s)
    notes.push(
      "The verified source has no runtime source map: steps cannot be placed in the source.",
    );
  if (!trace.inStep && trace.mismatch)
    notes.push(`The debug trace does not line up with the call tree: ${trace.mismatch}.`);
  const size = data.kept;
  if (data.steps > size)
    notes.push(
      `Step bound reached: the tracer kept ${size.toLocaleString("en-US")} of this frame's ${data.steps.toLocaleString("en-US")} steps (${trace.max.toLocaleString("en-US")} for the whole transaction).`,
    );
  const { instr, lineAt } = placesOf(data, s);
  const gas = data.gas;
  const endGas =
    data.gasUsed !== null && data.steps === size && size > 0 ? (gas[0] ?? 0) - data.gasUsed : null;
  const cost = new Float64Array(size);
  for (let k = 0; k < size; k++) {
    const next = k + 1 < size ? (gas[k + 1] ?? 0) : endGas;
    cost[k] = next === null ? 0 : (gas[k] ?? 0) - next;
  }

  // ---- internal calls from the jump marks ----
  const raw: RawCall[] = [];
  const callAt = new Int32Array(size).fill(-1);
  const open: number[] = [];
  if (s) {
    for (let k = 0; k < size; k++) {
      const i = instr[k] ?? -1;
      callAt[k] = open.length ? (open[open.length - 1] ?? -1) : -1;
      if (i < 0 || s.op[i] !== 0x56) continue;
      const mark = s.jump[i];
      if (mark === JUMP_IN && k + 1 < size) {
        const target = instructionAt(s, data.pcs[k + 1] ?? -1);
        const fn = target >= 0 ? (s.fn[target] ?? -1) : -1;
        const def = fn >= 0 ? s.functions[fn] : undefined;
        // the jump's target is the function's first instruction: its range is the declaration
        const e = target >= 0 ? s.entries[target] : undefined;
        const starts = def && e ? e.start === def.start : false;
        const parent = open.length ? (open[open.length - 1] ?? -1) : -1;
        let shownAbove = false;
        for (let p = parent; p >= 0; p = raw[p]?.parent ?? -1)
          if (raw[p]?.shown || raw[p]?.entry) shownAbove = true;
        const entry = !!def && starts && def.entry && !shownAbove;
        raw.push({
          fn: starts ? fn : -1,
          enter: k,
          exit: -1,
          parent,
          shown: !!def && starts && !entry,
          entry,
        });
        open.push(raw.length - 1);
      } else if (mark === JUMP_OUT && open.length) {
        const c = raw[open.pop() ?? -1];
        if (c) c.exit = k;
      }
    }
  }
  // the shown calls, in pre-order (raw is already in the order they were entered)
  const shownId = new Int32Array(raw.length).fill(-1);
  const internalCalls: InternalCall[] = [];
  const calledFns = new Set<number>();
  const placeCache = new Map<number, DebugPlace | null>();
  const placeOfInstr = (i: number): DebugPlace | null => {
    if (!s || i < 0) return null;
    const hit = placeCache.get(i);
    if (hit !== undefined) return hit;
    const id = s.line[i] ?? -1;
    const ref = id >= 0 ? s.lines[id] : undefined;
    const e = s.entries[i];
    const out =
      ref && e
        ? {
            path: ref.path,
            line: ref.line,
            column: columnOf(s, e.file, e.start, ref.line),
            text: ref.text,
            start: e.start,
            end: e.start + e.length,
            via: "step" as const,
          }
        : null;
    placeCache.set(i, out);
    return out;
  };
  const placeAtStep = (k: number): DebugPlace | null =>
    k >= 0 && k < size ? placeOfInstr(instr[k] ?? -1) : null;
  const gasAfter = (k: number) => (k + 1 < size ? (gas[k + 1] ?? 0) : (endGas ?? gas[k] ?? 0));
  raw.forEach((c, r) => {
    if (!c.shown || !s) return;
    const def = s.functions[c.fn] as FunctionRef;
    calledFns.add(c.fn);
    let parent = -1;
    let depth = 1;
    for (let p = c.parent; p >= 0; p = raw[p]?.parent ?? -1) {
      const id = shownId[p] ?? -1;
      if (id >= 0) {
        parent = id;
        depth = (internalCalls[id]?.depth ?? 0) + 1;
        break;
      }
    }
    const end = c.exit >= 0 ? c.exit : size - 1;
    shownId[r] = internalCalls.length;
    internalCalls.push({
      id: internalCalls.length,
      name: def.name,
      path: def.path,
      line: def.line,
      enterStep: c.enter,
      exitStep: c.exit,
      gas: (gas[c.enter] ?? 0) - gasAfter(end),
      selfGas: 0,
      gasBefore: (gas[0] ?? 0) - (gas[c.enter] ?? 0),
      depth,
      parent,
      args: values(def.params, data.words.get(c.enter)),
      returns: c.exit >= 0 ? values(def.returns, data.words.get(c.exit)) : null,
      callPlace: placeAtStep(c.enter),
    });
  });
  // per step: the innermost shown call open there (its span: the step after the JUMP in, to the JUMP out)
  const shownAt = new Int32Array(size).fill(-1);
  // callAt gives the JUMP in to the caller and the JUMP out to the call it leaves
  for (let k = 0; k < size; k++) {
    let r = callAt[k] ?? -1;
    while (r >= 0 && (shownId[r] ?? -1) < 0) r = raw[r]?.parent ?? -1;
    shownAt[k] = r >= 0 ? (shownId[r] ?? -1) : -1;
  }

  for (let k = 0; k < size; k++) {
    const c = shownAt[k] ?? -1;
    const call = c >= 0 ? internalCalls[c] : undefined;
    if (!call) continue;
    const i = instr[k] ?? -1;
    const o = s && i >= 0 ? (s.op[i] ?? 0) : 0;
    if (!CALLS.has(o)) call.selfGas += cost[k] ?? 0;
  }

  // ---- inlined: a declared internal function ran with no jump into it ----
  if (s) {
    const inlined = new Set<number>();
    for (let k = 0; k < size; k++) {
      const i = instr[k] ?? -1;
      const fn = i >= 0 ? (s.fn[i] ?? -1) : -1;
      if (fn < 0 || calledFns.has(fn) || inlined.has(fn)) continue;
      if (s.functions[fn]?.entry) continue;
      inlined.add(fn);
    }
    const names = [...inlined].map((f) => s.functions[f]?.name ?? "?");
    if (names.length)
      notes.push(
        `Inlined or shared by the optimizer (they ran with no jump into them): ${names.join(", ")}. Their steps show where they ran, with no call, arguments or gas of their own.`,
      );
  }

  // ---- gas per line ----
  const lineGas = new Map<string, Map<number, number>>();
  const perLine = s ? new Float64Array(s.lines.length) : new Float64Array(0);
  const ranLine = new Uint8Array(perLine.length);
  let total = 0;
  let unattributed = 0;
  for (let k = 0; k < size; k++) {
    const c = cost[k] ?? 0;
    total += c;
    const id = lineAt[k] ?? -1;
    if (id >= 0) {
      perLine[id] = (perLine[id] ?? 0) + c;
      ranLine[id] = 1;
    } else unattributed += c;
  }
  const heavy: LineGas[] = [];
  if (s)
    s.lines.forEach((ref, id) => {
      if (!ranLine[id]) return;
      const g = perLine[id] ?? 0;
      const byLine = lineGas.get(ref.path) ?? new Map<number, number>();
      byLine.set(ref.line, g);
      lineGas.set(ref.path, byLine);
      heavy.push({ path: ref.path, line: ref.line, gas: g });
    });
  heavy.sort((a, b) => b.gas - a.gas);
  const heaviestLines = heavy.slice(0, HEAVIEST_LINES).filter((l) => l.gas > 0);
  if (endGas === null && size > 0)
    notes.push(
      "The gas of the frame's last step is not known (the node reports no gas used for the top frame): it counts as 0.",
    );

  // ---- navigation indexes ----
  const nextPlaced = new Int32Array(size + 1).fill(-1);
  const into = new Int32Array(size).fill(-1);
  for (let k = size - 1; k >= 0; k--) {
    nextPlaced[k] = (lineAt[k + 1] ?? -1) >= 0 ? k + 1 : (nextPlaced[k + 1] ?? -1);
    const j = nextPlaced[k] ?? -1;
    const own = lineAt[k] ?? -1;
    if (j < 0) into[k] = -1;
    else if (own < 0 || lineAt[j] !== own) into[k] = j;
    else into[k] = into[j] ?? -1;
  }
  const prevPlaced = new Int32Array(size).fill(-1);
  const back = new Int32Array(size).fill(-1);
  const runStart = new Int32Array(size);
  for (let k = 0; k < size; k++) {
    prevPlaced[k] = k > 0 ? ((lineAt[k - 1] ?? -1) >= 0 ? k - 1 : (prevPlaced[k - 1] ?? -1)) : -1;
    const j = prevPlaced[k] ?? -1;
    const own = lineAt[k] ?? -1;
    if (j < 0) back[k] = -1;
    else if (own < 0 || lineAt[j] !== own) back[k] = j;
    else back[k] = back[j] ?? -1;
    runStart[k] = j >= 0 && own >= 0 && lineAt[j] === own ? (runStart[j] ?? k) : k;
  }
  const depthOf = (k: number) => {
    const c = shownAt[k] ?? -1;
    return c >= 0 ? (internalCalls[c]?.depth ?? 0) : 0;
  };
  const clamp = (k: number) => Math.max(0, Math.min(size - 1, Math.floor(k)));
  /** The first placed step from j on whose line is not `line`. */
  const differentFrom = (j: number, line: number): number => {
    if (j < 0 || j >= size) return -1;
    const l = lineAt[j] ?? -1;
    if (l >= 0 && l !== line) return j;
    if (l === line) return into[j] ?? -1;
    const p = nextPlaced[j] ?? -1;
    return p < 0 ? -1 : differentFrom(p, line);
  };

  const stepInto = (k: number): number => {
    if (size === 0) return 0;
    const j = into[clamp(k)] ?? -1;
    return j < 0 ? clamp(k) : j;
  };
  const stepOver = (k: number): number => {
    if (size === 0) return 0;
    const from = clamp(k);
    const line = lineAt[from] ?? -1;
    const depth = depthOf(from);
    let j = into[from] ?? -1;
    // a step inside a deeper call: go on from the step after that call returns
    for (let guard = 0; j >= 0 && depthOf(j) > depth && guard < size; guard++) {
      let c = shownAt[j] ?? -1;
      while (c >= 0 && (internalCalls[c]?.depth ?? 0) > depth + 1)
        c = internalCalls[c]?.parent ?? -1;
      const exit = c >= 0 ? (internalCalls[c]?.exitStep ?? -1) : -1;
      if (exit < 0 || exit + 1 >= size) return size - 1;
      j = differentFrom(exit + 1, line);
    }
    return j < 0 ? from : j;
  };
  const stepOut = (k: number): number => {
    if (size === 0) return 0;
    const c = shownAt[clamp(k)] ?? -1;
    const exit = c >= 0 ? (internalCalls[c]?.exitStep ?? -1) : -1;
    return exit < 0 ? size - 1 : Math.min(size - 1, exit + 1);
  };
  const stepBack = (k: number): number => {
    if (size === 0) return 0;
    const from = clamp(k);
    const j = back[from] ?? -1;
    return j < 0 ? from : (runStart[j] ?? j);
  };

  // ---- the failing step and where it is ----
  const failStep = data.failStep !== null && data.failStep < size ? data.failStep : null;
  let failPlace: DebugPlace | null = null;
  if (failStep !== null && s) {
    const jumps: Jump[] = [];
    for (let k = failStep - 1; k >= 0 && jumps.length < 16 && failStep - k < 5000; k--) {
      const i = instr[k] ?? -1;
      const o = i >= 0 ? s.op[i] : 0;
      const pc = data.pcs[k] ?? 0;
      const next = data.pcs[k + 1] ?? 0;
      if ((o === 0x56 || o === 0x57) && next !== pc + 1) jumps.unshift({ from: pc, to: next });
    }
    const found = locatePc({
      entries: s.entries,
      index: s.index,
      files: s.files,
      code: bundle?.runtimeCode ?? undefined,
      pc: data.pcs[failStep] ?? 0,
      jumps,
    });
    if (found) failPlace = { ...found, via: found.via === "revert" ? "step" : "jump" };
  }
  const place = (k: number): DebugPlace | null => {
    if (k === failStep && failPlace) return failPlace;
    return placeAtStep(k);
  };
  const firstPlaced = size > 0 ? ((lineAt[0] ?? -1) >= 0 ? 0 : (nextPlaced[0] ?? -1)) : -1;
  const startStep = failStep ?? (firstPlaced >= 0 ? firstPlaced : 0);

  const ec = raw.find((c) => c.entry);
  let entryName: string | null = options.externalName ?? null;
  if (entryName === null && ec && s) entryName = s.functions[ec.fn]?.name ?? null;
  // the optimizer may enter the external function without a jump mark: its first step tells
  for (let k = 0; entryName === null && s && k < size; k++) {
    const fn = s.fn[instr[k] ?? -1] ?? -1;
    if (fn >= 0 && s.functions[fn]?.entry) entryName = s.functions[fn]?.name ?? null;
  }
  const external = entryName ?? "external call";

  const callStack = (k: number): CallStackEntry[] => {
    const at = clamp(k);
    const chain: number[] = [];
    for (let c = shownAt[at] ?? -1; c >= 0; c = internalCalls[c]?.parent ?? -1) chain.unshift(c);
    const out: CallStackEntry[] = [];
    const firstCall = chain.length ? internalCalls[chain[0] ?? -1] : undefined;
    out.push({
      name: external,
      kind: "external",
      place: firstCall ? firstCall.callPlace : place(at),
      step: firstCall ? firstCall.enterStep : at,
      call: -1,
    });
    chain.forEach((id, n) => {
      const c = internalCalls[id] as InternalCall;
      const inner = chain[n + 1] !== undefined ? internalCalls[chain[n + 1] ?? -1] : undefined;
      out.push({
        name: c.name,
        kind: "internal",
        place: inner ? inner.callPlace : place(at),
        step: inner ? inner.enterStep : at,
        call: id,
      });
    });
    return out;
  };

  const details = data.details.size ? data.details : EMPTY_DETAILS;
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
  };
}

function columnOf(s: SourceIndex, file: number, start: number, line: number): number {
  const f = s.files.get(file);
  if (!f) return 1;
  // the line's first byte: walk back from the range's start to the newline before it
  const bytes = new TextEncoder().encode(f.content.slice(0, Math.min(f.content.length, start + 1)));
  let i = Math.min(start, bytes.length) - 1;
  while (i >= 0 && bytes[i] !== 0x0a) i--;
  void line;
  return start - i;
}
