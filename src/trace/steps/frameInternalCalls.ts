/**
 * One frame's internal calls, read from the source map's jump marks (`i` into a function, `o` out
 * of it): which jumps are calls of declared functions, their arguments, returns and gas, which
 * call is open at each step, the functions the optimizer inlined, the external function's name and
 * the call stack at a step. No React.
 */
import {
  inMemory,
  readCalldata,
  readMemoryParam,
  readWord,
  slotCount,
  stackSlots,
  type Param,
} from "./functions";
import type { CallStackEntry, DebugPlace, DecodedValue, InternalCall } from "./frameTypes";
import {
  JUMP_IN,
  JUMP_OUT,
  instructionAt,
  type FunctionRef,
  type SourceIndex,
} from "./sourceIndex";
import type { DebugFrameData } from "./trace";

/** CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2: their steps' gas holds a frame's. */
const CALLS = new Set([0xf1, 0xf2, 0xf4, 0xfa, 0xf0, 0xf5]);

export interface RawCall {
  fn: number;
  enter: number;
  exit: number;
  parent: number;
  /** shown: an internal call of a declared function; entry: the external function's body. */
  shown: boolean;
  entry: boolean;
}

export function argumentValues(
  params: readonly Param[],
  words: readonly string[] | undefined,
  input: string | null,
  /** Memory pass 1 kept at the jump (hex from byte 0), for `memory` strings, bytes and arrays. */
  memory: string | null = null,
): DecodedValue[] {
  // words: the jump's target or return address on top, then the last value's slots down to the
  // first's; a dynamic calldata value takes two (its offset under its length)
  let above = slotCount(params);
  return params.map((p) => {
    const slots = stackSlots(p);
    const top = above - slots + 1; // the value's last slot, counted from the word under the target
    above -= slots;
    if (slots === 2) {
      const length = words?.[top];
      const offset = words?.[top + 1];
      return {
        name: p.name,
        type: p.type,
        slots: 2,
        value:
          length === undefined || offset === undefined
            ? null
            : readCalldata(p, offset, length, input),
      };
    }
    const w = words?.[top];
    const fromMemory =
      w !== undefined && memory !== null && inMemory(p) ? readMemoryParam(p, w, memory) : null;
    return {
      name: p.name,
      type: p.type,
      value: fromMemory ?? (w === undefined ? null : readWord(p, w)),
    };
  });
}

export interface FrameCalls {
  /** Every jump into a function, in the order entered (shown or not). */
  raw: RawCall[];
  /** The shown calls, in pre-order. */
  internalCalls: InternalCall[];
  /** Per step: the innermost shown call open there, or -1. */
  shownAt: Int32Array;
  /** The functions a shown call entered. */
  calledFns: Set<number>;
}

/** The frame's internal calls; `s` null (no source map) gives none. */
export function internalCallsOf(
  data: DebugFrameData,
  s: SourceIndex | null,
  instr: Int32Array,
  cost: Float64Array,
  placeAtStep: (k: number) => DebugPlace | null,
  gasAfter: (k: number) => number,
  /** The frame's input (its calldata), for dynamic calldata arguments; null: not known. */
  input: string | null = null,
): FrameCalls {
  const size = data.kept;
  const gas = data.gas;
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
      args: argumentValues(
        def.params,
        data.words.get(c.enter),
        input,
        data.wordMemory?.get(c.enter) ?? null,
      ),
      returns:
        c.exit >= 0
          ? argumentValues(
              def.returns,
              data.words.get(c.exit),
              input,
              data.wordMemory?.get(c.exit) ?? null,
            )
          : null,
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
  return { raw, internalCalls, shownAt, calledFns };
}

/** Inlined: a declared internal function ran with no jump into it (a note says which). */
export function noteInlined(
  notes: string[],
  s: SourceIndex | null,
  instr: Int32Array,
  size: number,
  calledFns: Set<number>,
): void {
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
}

/** The external function's name: the decoded selector's, else the function the frame entered. */
export function externalNameOf(
  raw: readonly RawCall[],
  s: SourceIndex | null,
  instr: Int32Array,
  size: number,
  externalName: string | null | undefined,
): string {
  const ec = raw.find((c) => c.entry);
  let entryName: string | null = externalName ?? null;
  if (entryName === null && ec && s) entryName = s.functions[ec.fn]?.name ?? null;
  // the optimizer may enter the external function without a jump mark: its first step tells
  for (let k = 0; entryName === null && s && k < size; k++) {
    const fn = s.fn[instr[k] ?? -1] ?? -1;
    if (fn >= 0 && s.functions[fn]?.entry) entryName = s.functions[fn]?.name ?? null;
  }
  const external = entryName ?? "external call";
  return external;
}

/** The call stack at step `at`: the external function, then each shown internal call open there. */
export function callStackAt(
  at: number,
  external: string,
  internalCalls: readonly InternalCall[],
  shownAt: Int32Array,
  place: (k: number) => DebugPlace | null,
): CallStackEntry[] {
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
}
