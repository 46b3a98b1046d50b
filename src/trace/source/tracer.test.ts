// The storage tracer's text run the way geth runs it (gethHarness.ts: step with the error for an
// opcode that failed before executing, fault for errors while executing, enter/exit around each
// frame, stack and memory that interrupt the engine past their bounds, big integers as objects),
// and parsed as geth's engine parses it. The anvil side is e2e/source.spec.ts on the devnet.
import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import { asm, runTracer, type HarnessOptions, type HarnessRun } from "./gethHarness";
import { STORAGE_TRACER, STORAGE_TRACER_MAX_ENTRIES } from "./tracer";

const A = `0x${"aa".repeat(20)}`;
const B = `0x${"bb".repeat(20)}`;
const C = `0x${"cc".repeat(20)}`;
const D = `0x${"dd".repeat(20)}`;
const word = (n: number | bigint) => `0x${n.toString(16).padStart(64, "0")}`;

interface Frame {
  t: string | null;
  a: string | null;
  s?: string;
  w: [string, string, string][];
  r: string[];
  p?: number;
  o?: string;
  e?: string;
  j?: [number, number][];
}
interface Answer {
  nodescope: number;
  frames: Frame[];
  preimages: string[];
  max: number;
  kept: number;
  cut: { w: number; r: number; k: number };
}

function run(options: HarnessOptions): HarnessRun & { answer: Answer } {
  const out = runTracer(STORAGE_TRACER, options);
  expect(out.violations, "what geth would have interrupted the trace for").toEqual([]);
  return { ...out, answer: out.result as Answer };
}

const delegate = (to: string) =>
  `PUSH1 00 PUSH1 00 PUSH1 00 PUSH1 00 PUSH20 ${to.slice(2)} GAS DELEGATECALL POP`;
const call = (to: string) =>
  `PUSH1 00 PUSH1 00 PUSH1 00 PUSH1 00 PUSH1 00 PUSH20 ${to.slice(2)} GAS CALL POP`;

describe("the storage tracer's text", () => {
  it("parses as ES5, the way geth evaluates it: (<code>)", () => {
    expect(() => parse(`(${STORAGE_TRACER})`, { ecmaVersion: 5 })).not.toThrow();
    // the check can fail: ES2015 is refused
    expect(() => parse("({ step: (log) => log })", { ecmaVersion: 5 })).toThrow();
    expect(() =>
      parse("({ f: function () { let x = 1; return x; } })", { ecmaVersion: 5 }),
    ).toThrow();
  });
});

describe("the storage tracer, run as geth runs it", () => {
  it("records nothing for an SSTORE that fails out of gas before executing, and keeps its pc", () => {
    // 2,306 gas: two pushes leave 2,300, at or under the SSTORE sentry
    const { answer, calls, error } = run({
      code: { [A]: asm("PUSH1 01 PUSH1 00 SSTORE STOP") },
      to: A,
      gas: 2306,
    });
    expect(error).toBe("out of gas");
    expect(calls).toContain("step! SSTORE out of gas");
    expect(calls.some((c) => c.startsWith("fault"))).toBe(false);
    expect(answer.frames[0]).toMatchObject({ w: [], p: 4, o: "SSTORE", e: "out of gas" });
    expect(answer.kept).toBe(0);
  });

  it("keeps a slot rewritten 30,000 times once: its value before the first write, after the last", () => {
    // i = 30,000; do { sstore(0, i); i-- } while (i)
    const loop = asm(
      "PUSH2 7530 JUMPDEST DUP1 PUSH1 00 SSTORE PUSH1 01 SWAP1 SUB DUP1 PUSH1 03 JUMPI STOP",
    );
    const { answer, calls } = run({
      code: { [A]: loop },
      storage: { [A]: { "0x0": "0x2a" } },
      to: A,
    });
    expect(calls.filter((c) => c === "step SSTORE")).toHaveLength(30_000);
    expect(answer.frames[0]?.w).toEqual([[word(0), word(0x2a), word(1)]]);
    expect(answer.kept).toBe(1);
    expect(answer.cut).toEqual({ w: 0, r: 0, k: 0 });
  });

  it("does not read the stack of an SLOAD that fails with an empty stack", () => {
    const { answer, calls } = run({ code: { [A]: asm("SLOAD") }, to: A });
    expect(calls).toEqual(["step! SLOAD stack underflow (0 <=> 1)"]);
    expect(answer.frames[0]).toMatchObject({ r: [], p: 0, o: "SLOAD" });
    expect(answer.frames[0]?.e).toMatch(/stack underflow/);
  });

  it("reads no memory past its end for a KECCAK256 (memory grows after step)", () => {
    // far past memory: nothing kept; 32 of 64 bytes in memory: the rest is the zeros it will read
    const far = run({ code: { [A]: asm("PUSH1 40 PUSH2 0100 KECCAK256 STOP") }, to: A });
    expect(far.answer.preimages).toEqual([]);
    const half = run({
      code: { [A]: asm("PUSH1 2a PUSH1 00 MSTORE PUSH1 40 PUSH1 00 KECCAK256 STOP") },
      to: A,
    });
    expect(half.answer.preimages).toEqual([`${word(0x2a)}${"00".repeat(32)}`]);
  });

  for (const engine of ["geth", "anvil"] as const)
    it(`records each frame's type, code and storage address, and values before→after through a revert (${engine})`, () => {
      const { answer, calls } = run({
        engine,
        code: {
          [A]: asm(`PUSH1 01 PUSH1 01 SSTORE ${delegate(B)} ${delegate(C)} ${call(D)} STOP`),
          // B writes the caller's slot 1 and reverts; C then writes it again
          [B]: asm("PUSH1 02 PUSH1 01 SSTORE PUSH1 00 PUSH1 00 REVERT"),
          [C]: asm("PUSH1 03 PUSH1 01 SSTORE STOP"),
          [D]: asm("PUSH1 07 PUSH1 00 SSTORE PUSH1 00 SLOAD POP STOP"),
        },
        to: A,
      });
      expect(calls.filter((c) => c === "enter" || c === "exit")).toEqual([
        "enter",
        "exit",
        "enter",
        "exit",
        "enter",
        "exit",
      ]);
      const slot1 = word(1);
      expect(answer.frames).toEqual([
        { t: "CALL", a: A, s: A, w: [[slot1, word(0), word(1)]], r: [] },
        { t: "DELEGATECALL", a: B, s: A, w: [[slot1, word(1), word(2)]], r: [], p: 9, o: "REVERT" },
        // B's write was undone: C found 1, not 2
        { t: "DELEGATECALL", a: C, s: A, w: [[slot1, word(1), word(3)]], r: [] },
        { t: "CALL", a: D, s: D, w: [[word(0), word(0), word(7)]], r: [word(0)] },
      ]);
    });

  for (const engine of ["geth", "anvil"] as const)
    it(`undoes a reverted frame's writes in the order they were made, callees' included (${engine})`, () => {
      const { answer } = run({
        engine,
        code: {
          // T writes slot 0 = 1, delegates to X, then to Z
          [A]: asm(`PUSH1 01 PUSH1 00 SSTORE ${delegate(B)} ${delegate(D)} STOP`),
          // X delegates to Y (writes 5), writes 7 itself, and reverts
          [B]: asm(`${delegate(C)} PUSH1 07 PUSH1 00 SSTORE PUSH1 00 PUSH1 00 REVERT`),
          [C]: asm("PUSH1 05 PUSH1 00 SSTORE STOP"),
          // Z writes 9: the slot held 1 again when it ran, not 5
          [D]: asm("PUSH1 09 PUSH1 00 SSTORE STOP"),
        },
        to: A,
      });
      const slot0 = word(0);
      expect(answer.frames.map((f) => [f.a, f.w])).toEqual([
        [A, [[slot0, word(0), word(1)]]],
        [B, [[slot0, word(5), word(7)]]],
        [C, [[slot0, word(1), word(5)]]],
        [D, [[slot0, word(1), word(9)]]],
      ]);
    });

  it("keeps the REVERT's pc when geth calls both step and fault for it", () => {
    const { answer, calls, error } = run({
      code: { [A]: asm("PUSH1 00 PUSH1 00 JUMPDEST REVERT") },
      to: A,
    });
    expect(error).toBe("execution reverted");
    expect(calls.slice(-2)).toEqual(["step REVERT", "fault REVERT"]);
    expect(answer.frames[0]).toMatchObject({ p: 5, o: "REVERT" });
  });

  it("on anvil's engine, finds the pc of an opcode that failed before executing from the last step", () => {
    const { answer } = run({
      engine: "anvil",
      code: { [A]: asm("PUSH1 01 PUSH1 00 SSTORE STOP") },
      to: A,
      gas: 2306,
    });
    expect(answer.frames[0]).toMatchObject({ p: 4, e: "out of gas" });
  });

  it("counts distinct entries against its bound and says how many of each kind it cut", () => {
    // sstore(i, i) for i = 20,010 … 1, then two new reads (one twice), a rewrite of a kept slot
    // and of a cut one, and one more hash
    const code = asm(
      [
        "PUSH2 4e2a JUMPDEST DUP1 DUP1 SSTORE PUSH1 01 SWAP1 SUB DUP1 PUSH1 03 JUMPI",
        "PUSH2 ffff SLOAD POP PUSH2 fffe SLOAD POP PUSH2 fffe SLOAD POP",
        "PUSH1 09 PUSH2 4e2a SSTORE PUSH1 09 PUSH1 05 SSTORE",
        "PUSH1 2a PUSH1 00 MSTORE PUSH1 20 PUSH1 00 KECCAK256 POP STOP",
      ].join(" "),
    );
    const { answer } = run({ code: { [A]: code }, to: A, gas: 1_000_000_000 });
    expect(answer.max).toBe(STORAGE_TRACER_MAX_ENTRIES);
    expect(answer.kept).toBe(STORAGE_TRACER_MAX_ENTRIES);
    expect(answer.cut).toEqual({ w: 10, r: 2, k: 1 });
    const w = answer.frames[0]?.w ?? [];
    expect(w).toHaveLength(STORAGE_TRACER_MAX_ENTRIES);
    expect(w[0]).toEqual([word(20_010), word(0), word(9)]);
    expect(w.at(-1)?.[0]).toBe(word(11));
  });
});

describe("the harness", () => {
  it("fails a tracer that peeks past the stack, as geth's engine would stop it", () => {
    const careless = `{ r: [], step: function (log) { if (log.op.toNumber() === 0x54) { try { this.r.push(log.stack.peek(0).toString(16)); } catch (e) {} } }, fault: function () {}, result: function () { return this.r; } }`;
    const out = runTracer(careless, { code: { [A]: asm("SLOAD") }, to: A });
    expect(out.violations).toEqual(["stack.peek(0) with 0 items"]);
    expect(out.result).toBeNull();
  });
});
