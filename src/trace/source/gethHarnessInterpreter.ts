/**
 * The harness's interpreter (gethHarness.ts): runs one call frame and the frames it calls, as
 * geth's core/vm/interpreter.go does, calling the tracer's step/fault/enter/exit hooks on the way.
 * It keeps the transaction's journal (a failing frame undoes its writes), the warm slots, the
 * depth and the last frame's error; the tracer, its hooks and the state come from runTracer.
 */
import { bytesToHex, hexToBytes, keccak256 } from "viem";
import { NAMES, shape } from "./gethHarnessOpcodes";

class EvmError extends Error {}

export const word = (v: bigint) => `0x${v.toString(16).padStart(64, "0")}`;

type Hook = ((...a: unknown[]) => unknown) | null;

/** What a frame needs from runTracer: the code, the state, the tracer's hooks and the checks. */
export interface FrameContext {
  options: { code: Record<string, string> };
  engine: "geth" | "anvil";
  /** Hook calls in order, as HarnessRun.calls. */
  calls: string[];
  /** The state as it is now (the frames write it). */
  current: Map<string, bigint>;
  read: (m: Map<string, bigint>, a: string, slot: bigint) => bigint;
  low: (a: string) => string;
  toBytes: (hex: string, size: number) => Uint8Array;
  /** A big integer as the engine hands it to the tracer. */
  big: (v: bigint) => unknown;
  /** Records a violation and interrupts the trace. */
  interrupt: (what: string) => never;
  /** Calls a hook (if the tracer has it), turning what it throws into an interruption. */
  call: (name: string, f: Hook, ...args: unknown[]) => unknown;
  db: unknown;
  step: Hook;
  fault: Hook;
  enter: Hook;
  exit: Hook;
}

/** The frame runner for one transaction, and the error of the last frame that failed. */
export function makeFrame(ctx: FrameContext): {
  frame: (
    kind: string,
    codeAt: string,
    self: string,
    gas: bigint,
  ) => { ok: boolean; gasLeft: bigint };
  lastError: () => string | null;
} {
  const { options, engine, calls, current, read, low, toBytes, big, interrupt, call, db } = ctx;
  const { step, fault, enter, exit } = ctx;

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

  return { frame, lastError: () => lastError };
}
