/**
 * The Variables at one step: the function open there (the innermost internal call, else the
 * external function's body), where its first parameter sits on the stack (the height at the JUMP
 * into it, less the target and the parameters), which of its locals are in scope at the step's
 * place in the source, and each one's value from the step's stack, memory and the call's input.
 * No React.
 */
import { hexToBytes } from "viem";
import type { FrameDebug, StepDetail } from "../trace/steps";
import { functionAt, type ContractVariables, type FunctionVars, type VariableDecl } from "./ast";
import { readVariable, type MachineView, type Shown } from "./decode";
import { layoutLabel, layoutTypeId, readStorage, type StorageView } from "./storage";

export interface OpenCall {
  /** The JUMP into the function and its JUMP out (-1: it never returned). */
  enterStep: number;
  exitStep: number;
}

/** The call whose variables step `k` shows: the innermost internal call, else the external function's. */
export function openCallAt(fd: FrameDebug, k: number): OpenCall | null {
  const id = fd.internalCallAt(k);
  const c = id >= 0 ? fd.internalCalls[id] : undefined;
  if (c) return { enterStep: c.enterStep, exitStep: c.exitStep };
  const e = fd.entry;
  if (e && k > e.enterStep && (e.exitStep < 0 || k <= e.exitStep)) return e;
  return null;
}

/** The function a call entered: its first step's place is the declaration. */
export function functionOfCall(
  fd: FrameDebug,
  vars: ContractVariables,
  call: OpenCall,
): FunctionVars | null {
  const p = fd.place(call.enterStep + 1);
  return p ? functionAt(vars, p.path, p.start, p.end) : null;
}

export interface VariableRow {
  name: string;
  type: string;
  role: VariableDecl["role"];
  /** Null: not assigned yet (`note` says why). */
  value: Shown | null;
  note: string | null;
}

export interface Returned {
  name: string;
  /** The return values as the call tree's row says them (stack words read by the signature's types). */
  values: string;
  /** The same decoded by the compiler's types (memory strings, structs, …); null when not placed. */
  items: { name: string; value: Shown }[] | null;
}

export interface VariablesAt {
  function: string;
  /** An internal call that has just returned here: its name and return values. */
  returned: Returned | null;
  rows: VariableRow[];
  /** The contract's state variables through its storage layout (empty without one). */
  state: { name: string; type: string; value: Shown }[];
  /** Said instead of values (the function is returning, …); null when the rows hold them. */
  note: string | null;
}

/** How many steps after an internal call's return its values are still said. */
const RETURNED_WINDOW = 24;

/**
 * The return values of `call`, decoded by the compiler's types: their words are the ones pass 1
 * kept at its JUMP out (the return address on top, the last value under it), a memory value read
 * from this step's memory (just after the return, what it points at is as the callee left it).
 */
export function returnedItems(
  fd: FrameDebug,
  vars: ContractVariables,
  call: OpenCall,
  m: MachineView,
): Returned["items"] {
  const fn = functionOfCall(fd, vars, call);
  const top = call.exitStep >= 0 ? fd.words(call.exitStep) : null;
  if (!fn || !top || fn.modified || fn.returns.length === 0) return null;
  const first = fn.returns[0]?.slot ?? 0;
  const slots = fn.returns.reduce((n, r) => n + r.slots, 0);
  if (top.length < slots + 1) return null;
  const bottomFirst = top.slice(1, slots + 1).reverse();
  return fn.returns.map((r, i) => {
    const from = r.slot - first;
    return {
      name: r.name || `#${i + 1}`,
      value: readVariable(r.type, r.location, bottomFirst.slice(from, from + r.slots), m),
    };
  });
}

/** The internal call the open function made that returned within the last few steps, if any. */
export function justReturned(
  fd: FrameDebug,
  k: number,
  vars: ContractVariables | null = null,
  m: MachineView | null = null,
): Returned | null {
  const open = fd.internalCallAt(k);
  for (let i = fd.internalCalls.length - 1; i >= 0; i--) {
    const c = fd.internalCalls[i];
    if (!c || c.parent !== open || c.exitStep < 0 || c.exitStep >= k) continue;
    if (c.exitStep < k - RETURNED_WINDOW) continue;
    const values = (c.returns ?? []).map((r) => `${r.name ? `${r.name} = ` : ""}${r.value ?? "?"}`);
    return {
      name: c.name,
      values: values.length ? values.join(", ") : "nothing",
      items: vars && m ? returnedItems(fd, vars, c, m) : null,
    };
  }
  return null;
}

/** How far back a step's place in the body is looked for (steps in generated code have none). */
const LOOK_BACK = 4096;

function inBody(fn: FunctionVars, p: { path: string; start: number; end: number } | null): boolean {
  return !!p && p.path === fn.path && p.start > fn.start && p.end <= fn.end;
}

/** The place in the function's body the step is at: its own, else the last one before it in the call. */
function bodyPlace(fd: FrameDebug, fn: FunctionVars, call: OpenCall, k: number) {
  for (let j = k; j > call.enterStep && j > k - LOOK_BACK; j--) {
    const p = fd.place(j);
    if (inBody(fn, p)) return p;
  }
  return null;
}

export function machineView(detail: StepDetail, input: string | null): MachineView {
  let memory: MachineView["memory"];
  try {
    memory = {
      offset: detail.memoryOffset,
      bytes: hexToBytes(
        detail.memory.startsWith("0x") ? (detail.memory as `0x${string}`) : `0x${detail.memory}`,
      ),
      size: detail.memorySize,
    };
  } catch {
    memory = null;
  }
  let bytes: Uint8Array | null = null;
  if (input && /^0x[0-9a-fA-F]*$/.test(input) && input.length % 2 === 0)
    bytes = hexToBytes(input as `0x${string}`);
  return { stack: detail.stack, memory, input: bytes };
}

/**
 * The variables of `fn` at step `k`: `entryHeight` is the stack's height at the JUMP into it
 * (its target on top), `detail` the step's machine state.
 */
export function variablesAt(
  fd: FrameDebug,
  vars: ContractVariables,
  fn: FunctionVars,
  call: OpenCall,
  k: number,
  entryHeight: number,
  detail: StepDetail,
  input: string | null,
  storage: StorageView | null = null,
): VariablesAt {
  const base = entryHeight - 1 - fn.paramSlots;
  const at = bodyPlace(fd, fn, call, k);
  const here = fd.place(k);
  const name = fn.name;
  const m = machineView(detail, input);
  const returned = justReturned(fd, k, vars, m);
  const state = storage ? stateVariables(storage) : [];
  if (fn.modified)
    return {
      function: name,
      returned,
      rows: [],
      state,
      note: `${name} runs modifiers, whose values sit between its parameters and its body's: its variables are not placed.`,
    };
  // After the body, steps placed on the declaration are its exit: the locals are popped, then
  // SWAPs move the return values down over the parameters; until the first SWAP they stand.
  const returning =
    at !== null && here !== null && here.path === fn.path && here.start === fn.start;
  if (returning && k !== fd.failStep)
    for (let j = k - 1; j > call.enterStep && j > k - LOOK_BACK; j--) {
      if (inBody(fn, fd.place(j))) break;
      const op = fd.op(j);
      if (op >= 0x90 && op <= 0x9f)
        return {
          function: name,
          returned,
          rows: [],
          state,
          note: `${name} is returning: its values are leaving the stack (the steps before show them).`,
        };
    }
  const read = (v: VariableDecl): Shown | null => {
    const from = base + v.slot;
    if (from < 0 || from + v.slots > m.stack.length) return null;
    const words = m.stack.slice(from, from + v.slots);
    const id =
      storage && v.location === "storage"
        ? layoutTypeId(storage.layout, layoutLabel(v.typeString))
        : null;
    if (storage && id && words[0] !== undefined)
      return readStorage(storage, id, BigInt(`0x${words[0] || "0"}`));
    return readVariable(v.type, v.location, words, m);
  };
  const rows: VariableRow[] = [];
  const row = (v: VariableDecl, assigned: boolean) => {
    const value = assigned ? read(v) : null;
    rows.push({
      name: v.name || "(unnamed)",
      type: v.location === "stack" ? v.type.label : `${v.type.label} ${v.location}`,
      role: v.role,
      value,
      note: value ? null : assigned ? "not on the stack at this step" : "not assigned yet",
    });
  };
  for (const p of fn.params) row(p, true);
  // the return variables are pushed (zeroed) as the body starts
  for (const r of fn.returns) if (r.name) row(r, at !== null);
  for (const l of fn.locals) {
    if (!at || returning || at.start < l.declStart || at.end > l.scopeEnd) continue;
    row(l, at.start >= l.declEnd);
  }
  return { function: name, returned, rows, state, note: null };
}

/** Each state variable of the layout, read from its slot. */
export function stateVariables(storage: StorageView): VariablesAt["state"] {
  return storage.layout.storage.map((item) => ({
    name: item.label,
    type: storage.layout.types?.[item.type]?.label ?? item.type,
    value: readStorage(storage, item.type, BigInt(item.slot), item.offset),
  }));
}
