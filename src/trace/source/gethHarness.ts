/**
 * A test harness that runs a JavaScript tracer the way geth does (eth/tracers/js/goja.go and
 * core/vm/interpreter.go), on a small EVM: enough opcodes for storage, hashing, jumps, calls and
 * failures. For tests only; nothing in the app imports it.
 *
 * What it copies from geth, because a tracer written for anvil gets these wrong:
 * - the text is evaluated as `(<code>)`, with geth's globals (toHex, toWord, toAddress,
 *   isPrecompiled, slice);
 * - an opcode that fails before it executes (stack underflow, out of gas, the SSTORE sentry)
 *   reaches `step` with `log.getError()` set and never `fault`; an error while executing (REVERT,
 *   an invalid jump, INVALID) reaches `step` without one, then `fault`;
 * - `step` sees memory before the opcode expands it;
 * - `stack.peek` past the height, `memory.slice`/`getUint` past the size and a buffer of the wrong
 *   kind interrupt geth's engine — no `try` in the tracer catches that, the whole trace fails. Here
 *   each records a violation (and the run reports the interruption) so a test fails on it;
 * - big integers are objects with `toString(radix)` (geth's big-integer.js), not native BigInt;
 *   bytes are Uint8Arrays; `db.getState(addressBytes, slotBytes)` reads the state as it is now;
 * - `enter`/`exit` bracket every frame below the top one; `result(ctx, db)` gets ctx.type, ctx.to
 *   (bytes) and ctx.error when the transaction failed; its answer goes through JSON.
 * `engine: "anvil"` turns it into anvil's (1.7.1) where the two differ: native BigInt, the state
 * read as it was before the transaction, and an opcode failing before it executes reaching `step`
 * without the error (and never `fault`).
 */
import { runInNewContext } from "node:vm";
import { bytesToHex, hexToBytes, keccak256 } from "viem";

const NAMES: Record<number, string> = {
  0x00: "STOP",
  0x01: "ADD",
  0x03: "SUB",
  0x15: "ISZERO",
  0x20: "KECCAK256",
  0x50: "POP",
  0x51: "MLOAD",
  0x52: "MSTORE",
  0x54: "SLOAD",
  0x55: "SSTORE",
  0x56: "JUMP",
  0x57: "JUMPI",
  0x5a: "GAS",
  0x5b: "JUMPDEST",
  0xf1: "CALL",
  0xf3: "RETURN",
  0xf4: "DELEGATECALL",
  0xfa: "STATICCALL",
  0xfd: "REVERT",
  0xfe: "INVALID",
};
for (let n = 1; n <= 32; n++) NAMES[0x5f + n] = `PUSH${n}`;
for (let n = 1; n <= 16; n++) {
  NAMES[0x7f + n] = `DUP${n}`;
  NAMES[0x8f + n] = `SWAP${n}`;
}
const CODES = new Map(Object.entries(NAMES).map(([k, v]) => [v, Number(k)]));

/** Bytecode from opcode names and hex bytes: `asm("PUSH1 01 PUSH1 00 SSTORE")`. */
export function asm(text: string): string {
  let out = "0x";
  for (const token of text.trim().split(/\s+/)) {
    const op = CODES.get(token.toUpperCase());
    if (op !== undefined) out += op.toString(16).padStart(2, "0");
    else if (/^(?:[0-9a-f]{2})+$/i.test(token)) out += token.toLowerCase();
    else throw new Error(`asm: ${token}`);
  }
  return out;
}

/** [minimum stack height, items pushed - popped, constant gas] per opcode. */
function shape(op: number): [number, number, number] {
  if (op >= 0x60 && op <= 0x7f) return [0, 1, 3];
  if (op >= 0x80 && op <= 0x8f) return [op - 0x7f, 1, 3];
  if (op >= 0x90 && op <= 0x9f) return [op - 0x8e, 0, 3];
  switch (op) {
    case 0x00:
    case 0xfe:
      return [0, 0, 0];
    case 0x01:
    case 0x03:
      return [2, -1, 3];
    case 0x15:
      return [1, 0, 3];
    case 0x20:
      return [2, -1, 30];
    case 0x50:
      return [1, -1, 2];
    case 0x51:
      return [1, 0, 3];
    case 0x52:
      return [2, -2, 3];
    case 0x54:
      return [1, 0, 100];
    case 0x55:
      return [2, -2, 0];
    case 0x56:
      return [1, -1, 8];
    case 0x57:
      return [2, -2, 10];
    case 0x5a:
      return [0, 1, 2];
    case 0x5b:
      return [0, 0, 1];
    case 0xf1:
      return [7, -6, 100];
    case 0xf4:
    case 0xfa:
      return [6, -5, 100];
    case 0xf3:
    case 0xfd:
      return [2, -2, 0];
    default:
      return [0, 0, 0];
  }
}

class EvmError extends Error {}
/** A tracer touched something geth would have interrupted it for. */
class Interrupt extends Error {}

export interface HarnessOptions {
  /** Code per address (lower-case), as asm() gives it. */
  code: Record<string, string>;
  /** Storage before the transaction, per address, slot → value (hex). */
  storage?: Record<string, Record<string, string>>;
  to: string;
  from?: string;
  gas?: number;
  /** "anvil": native BigInt from `peek`, `db.getState` as before the transaction. */
  engine?: "geth" | "anvil";
}

export interface HarnessRun {
  /** The tracer's answer as the node would send it (through JSON); null when interrupted. */
  result: unknown;
  /** What geth would have interrupted the trace for (should stay empty). */
  violations: string[];
  /** Hook calls in order: "step SSTORE", "step! SSTORE out of gas", "fault REVERT", "enter", "exit". */
  calls: string[];
  /** The transaction's outcome. */
  error: string | null;
}

const word = (v: bigint) => `0x${v.toString(16).padStart(64, "0")}`;

/** geth's big-integer objects: toString(radix) and an approximate valueOf, no BigInt arithmetic. */
function gethBig(v: bigint) {
  return { toString: (radix?: number) => v.toString(radix ?? 10), valueOf: () => Number(v) };
}

export function runTracer(tracerCode: string, options: HarnessOptions): HarnessRun {
  const engine = options.engine ?? "geth";
  const violations: string[] = [];
  const calls: string[] = [];
  const interrupt = (what: string): never => {
    violations.push(what);
    throw new Interrupt(what);
  };
  const bytesOf = (v: unknown, allowString: boolean, what: string): Uint8Array => {
    if (v instanceof Uint8Array) return v;
    if (Array.isArray(v) && v.every((b) => typeof b === "number")) return Uint8Array.from(v);
    if (allowString && typeof v === "string") {
      const h = v.replace(/^0x/, "");
      return hexToBytes(`0x${h.length % 2 ? `0${h}` : h}`);
    }
    return interrupt(`${what}: invalid buffer type (${typeof v})`);
  };
  const toBytes = (hex: string, size: number) =>
    hexToBytes(`0x${hex.replace(/^0x/, "").padStart(size * 2, "0")}`);
  const globals = {
    toHex: (v: unknown) => bytesToHex(bytesOf(v, false, "toHex")),
    toWord: (v: unknown) => {
      const b = bytesOf(v, true, "toWord");
      return toBytes(bytesToHex(b.slice(-32)), 32);
    },
    toAddress: (v: unknown) => toBytes(bytesToHex(bytesOf(v, true, "toAddress").slice(-20)), 20),
    isPrecompiled: () => false,
    slice: (v: unknown, start: number, end: number) => {
      const b = bytesOf(v, false, "slice");
      if (start < 0 || start > end || end > b.length) interrupt(`slice(${start}, ${end})`);
      return b.slice(start, end);
    },
  };
  // As geth evaluates it: the text in parentheses, an expression, with the globals in scope (in a
  // context of its own, so a tracer leaning on anything else fails here as it would there).
  const tracer = runInNewContext(`(${tracerCode})`, { ...globals }) as Record<string, unknown>;
  const hook = (name: string) => {
    const f = tracer[name];
    return typeof f === "function" ? (f as (...a: unknown[]) => unknown).bind(tracer) : null;
  };
  const step = hook("step");
  const fault = hook("fault");
  const enter = hook("enter");
  const exit = hook("exit");
  const result = hook("result");
  if (!result || !fault) throw new Error("a tracer must have result() and fault()");
  if (!enter !== !exit) throw new Error("a tracer must have both enter() and exit(), or neither");

  // State: committed (before the transaction) and current, with a journal for failing frames.
  const low = (a: string) => a.toLowerCase();
  const before = new Map<string, bigint>();
  for (const [a, slots] of Object.entries(options.storage ?? {}))
    for (const [s, v] of Object.entries(slots))
      before.set(`${low(a)}|${word(BigInt(s))}`, BigInt(v));
  const current = new Map(before);
  const read = (m: Map<string, bigint>, a: string, slot: bigint) =>
    m.get(`${low(a)}|${word(slot)}`) ?? 0n;

  const db = {
    getState: (addr: unknown, slot: unknown) => {
      const a = bytesOf(addr, false, "db.getState address");
      const s = bytesOf(slot, false, "db.getState slot");
      if (a.length !== 20) violations.push(`db.getState: address of ${a.length} bytes`);
      if (s.length !== 32) violations.push(`db.getState: slot of ${s.length} bytes`);
      const value = read(
        engine === "anvil" ? before : current,
        bytesToHex(a.slice(-20)),
        BigInt(bytesToHex(s)),
      );
      return toBytes(value.toString(16), 32);
    },
    getBalance: () => gethBig(0n),
    getNonce: () => 0,
    getCode: () => new Uint8Array(),
    exists: () => true,
  };
  const big = (v: bigint) => (engine === "anvil" ? v : gethBig(v));
  const call = (name: string, f: ((...a: unknown[]) => unknown) | null, ...args: unknown[]) => {
    if (!f) return undefined;
    const seen = violations.length;
    try {
      const out = f(...args);
      // geth's interrupt cannot be caught: a tracer that swallowed it is stopped all the same
      if (violations.length > seen) throw new Interrupt(violations[seen]);
      return out;
    } catch (e) {
      if (e instanceof Interrupt) throw e;
      // geth stops the trace on an exception thrown by the tracer
      throw new Interrupt(`${name} threw: ${String(e)}`);
    }
  };

  // One journal for the transaction: a failing frame undoes what it and the frames under it wrote.
  const journal: [string, bigint | undefined][] = [];
  const warm = new Set<string>();
  let lastError: string | null = null;
  let depth = 0;
  function frame(
    kind: string,
    codeAt: string,
    self: string,
    gas: bigint,
  ): { ok: boolean; gasLeft: bigint } {
    const code = hexToBytes((options.code[low(codeAt)] ?? "0x") as `0x${string}`);
    const stack: bigint[] = [];
    let memory = new Uint8Array(0);
    let gasLeft = gas;
    let pc = 0;
    depth++;
    const mark = journal.length;
    const log = {
      getPC: () => pc,
      getGas: () => Number(gasLeft),
      getCost: () => 0,
      getDepth: () => depth,
      getRefund: () => 0,
      getError: (): string | undefined => undefined,
      op: {
        toNumber: () => code[pc] ?? 0,
        toString: () => NAMES[code[pc] ?? 0] ?? "opcode",
        isPush: () => false,
      },
      stack: {
        length: () => stack.length,
        peek: (n: number) => {
          if (!(n >= 0 && n < stack.length))
            interrupt(`stack.peek(${n}) with ${stack.length} items`);
          return big(stack[stack.length - 1 - n] ?? 0n);
        },
      },
      memory: {
        length: () => memory.length,
        slice: (a: number, b: number) => {
          if (!(a >= 0 && a <= b && b <= memory.length))
            interrupt(`memory.slice(${a}, ${b}) with ${memory.length} bytes`);
          return memory.slice(a, b);
        },
        getUint: (a: number) => {
          if (!(a >= 0 && a + 32 <= memory.length))
            interrupt(`memory.getUint(${a}) with ${memory.length} bytes`);
          return big(BigInt(bytesToHex(memory.slice(a, a + 32))));
        },
      },
      contract: {
        getAddress: () => toBytes(self, 20),
        getCaller: () => new Uint8Array(20),
        getValue: () => big(0n),
        getInput: () => new Uint8Array(),
      },
    };
    const grow = (end: number) => {
      if (end <= memory.length) return;
      const next = new Uint8Array(Math.ceil(end / 32) * 32);
      next.set(memory);
      memory = next;
    };
    const pop = () => stack.pop() ?? 0n;
    const fail = (error: string): { ok: boolean; gasLeft: bigint } => {
      for (let k = journal.length - 1; k >= mark; k--) {
        const [key, v] = journal[k] ?? ["", undefined];
        if (v === undefined) current.delete(key);
        else current.set(key, v);
      }
      journal.length = mark;
      depth--;
      lastError = error;
      return { ok: false, gasLeft: error === "execution reverted" ? gasLeft : 0n };
    };
    for (;;) {
      const op = code[pc] ?? 0;
      const [min, , constant] = shape(op);
      const name = NAMES[op] ?? "opcode";
      // geth: checks before the opcode executes; a failure here reaches step with the error, no fault
      let pre: string | null = null;
      if (stack.length < min) pre = `stack underflow (${stack.length} <=> ${min})`;
      else if (gasLeft < BigInt(constant)) pre = "out of gas";
      else if (op === 0x55) {
        if (gasLeft <= 2300n) pre = "out of gas";
        else {
          const key = `${low(self)}|${word(stack[stack.length - 1] ?? 0n)}`;
          const cost = warm.has(key) ? 100n : (current.get(key) ?? 0n) === 0n ? 20000n : 2900n;
          if (gasLeft < cost) pre = "out of gas";
          else gasLeft -= cost;
        }
      }
      if (pre) {
        if (engine === "anvil") {
          // anvil calls step before it knows, and neither step nor fault hears of the error
          calls.push(`step ${name}`);
          call("step", step, log, db);
        } else {
          const withError = { ...log, getError: () => pre ?? undefined };
          calls.push(`step! ${name} ${pre}`);
          call("step", step, withError, db);
        }
        return fail(pre);
      }
      gasLeft -= BigInt(constant);
      calls.push(`step ${name}`);
      call("step", step, log, db);
      let error: string | null = null;
      try {
        if (op >= 0x60 && op <= 0x7f) {
          const n = op - 0x5f;
          stack.push(BigInt(bytesToHex(code.slice(pc + 1, pc + 1 + n))));
          pc += n + 1;
          continue;
        }
        if (op >= 0x80 && op <= 0x8f) stack.push(stack[stack.length - (op - 0x7f)] ?? 0n);
        else if (op >= 0x90 && op <= 0x9f) {
          const i = stack.length - 1;
          const j = stack.length - 1 - (op - 0x8f);
          const a = stack[i] ?? 0n;
          stack[i] = stack[j] ?? 0n;
          stack[j] = a;
        } else
          switch (op) {
            case 0x00:
              depth--;
              return { ok: true, gasLeft };
            case 0x01:
              stack.push((pop() + pop()) % 2n ** 256n);
              break;
            case 0x03: {
              const a = pop();
              stack.push((a - pop() + 2n ** 256n) % 2n ** 256n);
              break;
            }
            case 0x15:
              stack.push(pop() === 0n ? 1n : 0n);
              break;
            case 0x20: {
              const off = Number(pop());
              const size = Number(pop());
              grow(off + size);
              stack.push(BigInt(keccak256(memory.slice(off, off + size))));
              break;
            }
            case 0x50:
              pop();
              break;
            case 0x51: {
              const off = Number(pop());
              grow(off + 32);
              stack.push(BigInt(bytesToHex(memory.slice(off, off + 32))));
              break;
            }
            case 0x52: {
              const off = Number(pop());
              const v = pop();
              grow(off + 32);
              memory.set(toBytes(v.toString(16), 32), off);
              break;
            }
            case 0x54:
              stack.push(read(current, self, pop()));
              break;
            case 0x55: {
              const key = `${low(self)}|${word(pop())}`;
              if (kind === "STATICCALL") throw new EvmError("write protection");
              journal.push([key, current.get(key)]);
              warm.add(key);
              current.set(key, pop());
              break;
            }
            case 0x56:
            case 0x57: {
              const dest = Number(pop());
              const cond = op === 0x57 ? pop() : 1n;
              if (cond !== 0n) {
                if (code[dest] !== 0x5b) throw new EvmError("invalid jump destination");
                pc = dest;
                continue;
              }
              break;
            }
            case 0x5a:
              stack.push(gasLeft);
              break;
            case 0x5b:
              break;
            case 0xf1:
            case 0xf4:
            case 0xfa: {
              const asked = pop();
              const to = `0x${pop().toString(16).padStart(40, "0")}`;
              if (op === 0xf1) pop();
              for (let k = 0; k < 4; k++) pop();
              const type = NAMES[op] ?? "CALL";
              const give = [asked, gasLeft - gasLeft / 64n].reduce((a, b) => (a < b ? a : b));
              gasLeft -= give;
              const storageAt = op === 0xf4 ? self : to;
              const childFrame = {
                getType: () => type,
                getFrom: () => toBytes(self, 20),
                getTo: () => toBytes(to, 20),
                getInput: () => new Uint8Array(),
                getGas: () => Number(give),
                getValue: () => (op === 0xf1 ? big(0n) : undefined),
              };
              calls.push("enter");
              call("enter", enter, childFrame);
              lastError = null;
              const child = frame(type, to, storageAt, give);
              const childError = child.ok ? null : lastError;
              calls.push("exit");
              call("exit", exit, {
                getGasUsed: () => Number(give - child.gasLeft),
                getOutput: () => new Uint8Array(),
                getError: () => childError ?? undefined,
              });
              gasLeft += child.gasLeft;
              stack.push(child.ok ? 1n : 0n);
              break;
            }
            case 0xf3:
              depth--;
              return { ok: true, gasLeft };
            case 0xfd:
              throw new EvmError("execution reverted");
            default:
              throw new EvmError(`invalid opcode: ${name}`);
          }
      } catch (e) {
        if (!(e instanceof EvmError)) throw e;
        error = e.message;
      }
      if (error) {
        calls.push(`fault ${name}`);
        const withError = { ...log, getError: () => error ?? undefined };
        call("fault", fault, withError, db);
        return fail(error);
      }
      pc++;
    }
  }

  let outcome: string | null = null;
  try {
    const top = frame("CALL", options.to, options.to, BigInt(options.gas ?? 30_000_000));
    outcome = top.ok ? null : lastError;
    const ctx: Record<string, unknown> = {
      type: "CALL",
      from: Array.from(toBytes(options.from ?? `0x${"0f".repeat(20)}`, 20)),
      to: Array.from(toBytes(options.to, 20)),
      input: [],
      gas: options.gas ?? 30_000_000,
      gasUsed: 0,
      block: 1,
      output: [],
    };
    if (outcome) ctx.error = outcome;
    const answer = call("result", result, ctx, db);
    return {
      result: JSON.parse(JSON.stringify(answer)) as unknown,
      violations,
      calls,
      error: outcome,
    };
  } catch (e) {
    if (!(e instanceof Interrupt)) throw e;
    if (!violations.includes(e.message)) violations.push(e.message);
    return { result: null, violations, calls, error: outcome };
  }
}
