/**
 * Nodescope's own JavaScript tracers, answered without a node: the tracer text, recognised by
 * identity (it is this app's constant, never code from a page or a link), runs on a host that
 * gives it geth's `log`, `db`, `enter`/`exit`/`fault` and `result` from the EVM's events. Any other
 * tracer code is refused (choose.ts).
 */
import type { EVMResult, InterpreterStep, Message } from "@ethereumjs/evm";
import { bytesToHex, hexToBytes, setLengthLeft } from "@ethereumjs/util";
import { z } from "../../platform/zod";
import { STORAGE_TRACER } from "../../trace/source/tracer";
import { debugTracerText } from "../../trace/steps/tracer";
import { gethError, isRevert } from "./errorText";
import type { TxDone, TxTracer } from "./hooks";
import type { Tap } from "./taps";

/** The tracer texts this host runs. */
export const isKnownTracer = (text: string): boolean =>
  text === STORAGE_TRACER || isDebugTracer(text);

const DEBUG_HEAD =
  /^\{\n {2}max: (\d+),\n {2}kept: 0,\n {2}cut: 0,\n {2}words: (.*),\n {2}cwords: (.*),\n {2}win: (.*),\n/;
const windowSchema = z.nullable(z.object({ f: z.number(), from: z.number(), to: z.number() }));
const wordsSchema = z.record(z.string(), z.record(z.string(), z.number()));

/**
 * The debugger's tracer is built from options (word pcs, a window): its text is ours when
 * building it again from the options it carries gives the very same text.
 */
function isDebugTracer(text: string): boolean {
  const m = DEBUG_HEAD.exec(text);
  if (!m) return false;
  try {
    const words = wordsSchema.parse(JSON.parse(m[2] ?? ""));
    const creationWords = wordsSchema.parse(JSON.parse(m[3] ?? ""));
    const win = windowSchema.parse(JSON.parse(m[4] ?? ""));
    const window = win ? { frame: win.f, from: win.from, to: win.to } : undefined;
    return debugTracerText({ maxSteps: Number(m[1]), words, creationWords, window }) === text;
  } catch {
    return false;
  }
}

type Hook = (...args: unknown[]) => unknown;
type TracerObject = Record<string, unknown>;

const toHex = (b: Uint8Array): string => bytesToHex(b);
const toWord = (v: string | Uint8Array): Uint8Array =>
  setLengthLeft(typeof v === "string" ? hexToBytes(v as `0x${string}`) : v, 32);
const toAddress = (v: string | Uint8Array): Uint8Array =>
  setLengthLeft(typeof v === "string" ? hexToBytes(v as `0x${string}`) : v, 20);
const isPrecompiled = (a: Uint8Array): boolean => {
  const n = BigInt(bytesToHex(a));
  return n > 0n && n <= 0x11n;
};

function evaluate(text: string): TracerObject {
  // Only texts isKnownTracer accepts reach here: this app's own tracer constants, run as geth
  // evaluates them, `(<code>)` with its globals.
  const make = new Function(
    "toHex",
    "toWord",
    "toAddress",
    "isPrecompiled",
    `return (${text});`,
  ) as (...g: unknown[]) => TracerObject;
  return make(toHex, toWord, toAddress, isPrecompiled);
}

const CALL_OPS: Record<string, string> = {
  CALL: "CALL",
  CALLCODE: "CALLCODE",
  DELEGATECALL: "DELEGATECALL",
  STATICCALL: "STATICCALL",
  CREATE: "CREATE",
  CREATE2: "CREATE2",
};

export function jsTracer(text: string): TxTracer {
  const t = evaluate(text);
  const hook = (name: string): Hook | null => {
    const f = t[name];
    return typeof f === "function" ? (f as Hook).bind(t) : null;
  };
  const step = hook("step");
  const fault = hook("fault");
  const enter = hook("enter");
  const exit = hook("exit");
  const result = hook("result");
  /** Slot values read before SLOAD/SSTORE run, for the synchronous db.getState. */
  const slots = new Map<string, Uint8Array>();
  const db = {
    getState: (address: Uint8Array, slot: Uint8Array) =>
      slots.get(`${bytesToHex(address)}:${bytesToHex(toWord(slot))}`) ?? new Uint8Array(32),
  };
  let depth = 0;
  let lastOp = "";
  let lastLog: unknown = null;
  let top: { type: string; to: Uint8Array; error?: string } | null = null;
  const pending: { type: string; message: Message }[] = [];

  const flushEnter = (to: Uint8Array | undefined) => {
    const p = pending.shift();
    if (!p || !enter) return;
    const m = p.message;
    const target = to ?? (m._codeAddress ?? m.to)?.bytes ?? new Uint8Array(20);
    enter({
      getType: () => p.type,
      getFrom: () => m.caller.bytes,
      getTo: () => target,
      getInput: () => m.data,
      getGas: () => Number(m.gasLimit),
      getValue: () => m.value,
    });
  };

  const logOf = (s: InterpreterStep) => {
    const stack = s.stack;
    return {
      op: {
        toNumber: () => s.opcode.code,
        toString: () => s.opcode.name,
        isPush: () => s.opcode.code >= 0x60 && s.opcode.code <= 0x7f,
      },
      stack: {
        length: () => stack.length,
        peek: (n: number) => {
          const v = stack[stack.length - 1 - n];
          if (v === undefined) throw new Error(`stack.peek(${n}) beyond the stack`);
          return v;
        },
      },
      memory: {
        length: () => s.memory.length,
        slice: (a: number, b: number) => s.memory.slice(a, b),
        getUint: (a: number) => BigInt(bytesToHex(s.memory.slice(a, a + 32))),
      },
      contract: {
        getAddress: () => s.address.bytes,
        getCaller: () => s.address.bytes,
      },
      getPC: () => s.pc,
      getGas: () => Number(s.gasLeft),
      getCost: () => s.opcode.fee + Number(s.opcode.dynamicFee ?? 0n),
      getDepth: () => s.depth + 1,
      getRefund: () => Number(s.gasRefund),
      getError: (): string | undefined => undefined,
    };
  };

  // geth brackets a SELFDESTRUCT with enter/exit, sending the balance to the beneficiary.
  const taps = new Map<number, Tap>([
    [
      0xff,
      async (st) => {
        const [beneficiary = 0n] = st.stack.peek(1);
        const to = hexToBytes(`0x${beneficiary.toString(16).padStart(40, "0").slice(-40)}`);
        const from = hexToBytes(st.interpreter.getAddress().toString() as `0x${string}`);
        const value = (await st.stateManager.getAccount(st.env.address))?.balance ?? 0n;
        return () => {
          enter?.({
            getType: () => "SELFDESTRUCT",
            getFrom: () => from,
            getTo: () => to,
            getInput: () => new Uint8Array(0),
            getGas: () => 0,
            getValue: () => value,
          });
          exit?.({
            getGasUsed: () => 0,
            getOutput: () => new Uint8Array(0),
            getError: () => undefined,
          });
        };
      },
    ],
  ]);

  return {
    taps,
    stepAsync: async (s: InterpreterStep) => {
      if (pending.length > 0)
        flushEnter(
          ((s as { codeAddress?: InterpreterStep["address"] }).codeAddress ?? s.address).bytes,
        );
      lastOp = s.opcode.name;
      const op = s.opcode.code;
      if ((op === 0x54 || op === 0x55) && s.stack.length > 0) {
        const slot = setLengthLeft(
          hexToBytes(`0x${(s.stack[s.stack.length - 1] ?? 0n).toString(16).padStart(64, "0")}`),
          32,
        );
        const value = setLengthLeft(await s.stateManager.getStorage(s.address, slot), 32);
        slots.set(`${bytesToHex(s.address.bytes)}:${bytesToHex(slot)}`, value);
      }
      const log = logOf(s);
      lastLog = log;
      step?.(log, db);
    },
    before: (m: Message) => {
      if (depth++ === 0) {
        top = { type: m.to ? "CALL" : "CREATE", to: m.to?.bytes ?? new Uint8Array(20) };
        return;
      }
      const type = m.delegatecall
        ? "DELEGATECALL"
        : (CALL_OPS[lastOp] ?? (m.to ? "CALL" : "CREATE"));
      pending.push({ type, message: m });
    },
    after: (r: EVMResult) => {
      depth--;
      if (pending.length > 0) flushEnter(r.createdAddress?.bytes);
      const e = r.execResult.exceptionError;
      const error = e ? gethError(e, r.execResult.runState?.opCode) : undefined;
      // geth hands an error raised while executing to `fault`, with the failing step's log.
      if (e && !isRevert(e) && fault && lastLog) {
        const failing = lastLog as { getError: () => string | undefined };
        failing.getError = () => error;
        fault(failing, db);
      }
      if (depth === 0) {
        if (top) {
          if (r.createdAddress) top.to = r.createdAddress.bytes;
          if (error) top.error = error;
        }
        return;
      }
      exit?.({
        getGasUsed: () => Number(r.execResult.executionGasUsed),
        getOutput: () => r.execResult.returnValue,
        getError: () => error,
      });
    },
    result(done: TxDone): unknown {
      const ctx = {
        type: top?.type ?? "CALL",
        to: top?.to,
        gasUsed: Number(done.gasUsed),
        error: top?.error,
      };
      return JSON.parse(JSON.stringify(result?.(ctx, db) ?? null)) as unknown;
    },
  };
}
