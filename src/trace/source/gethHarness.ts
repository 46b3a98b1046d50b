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
 *
 * Here: the tracer's globals, `db`, the hook calls and the run; the opcodes and `asm` are in
 * gethHarnessOpcodes.ts, the interpreter running the frames in gethHarnessInterpreter.ts.
 */
import { runInNewContext } from "node:vm";
import { bytesToHex, hexToBytes } from "viem";
import { makeFrame, word } from "./gethHarnessInterpreter";

export { asm } from "./gethHarnessOpcodes";

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

  const { frame, lastError } = makeFrame({
    options,
    engine,
    calls,
    current,
    read,
    low,
    toBytes,
    big,
    interrupt,
    call,
    db,
    step,
    fault,
    enter,
    exit,
  });

  let outcome: string | null = null;
  try {
    const top = frame("CALL", options.to, options.to, BigInt(options.gas ?? 30_000_000));
    outcome = top.ok ? null : lastError();
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
