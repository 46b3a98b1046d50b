// The debugger's tracer run the way geth runs it (../source/gethHarness.ts: step with the error for
// an opcode that failed before executing, fault for errors while executing, enter/exit around each
// frame, stack and memory that interrupt the engine past their bounds, big integers as objects),
// and parsed as geth's engine parses it. On anvil: devnet/debug.test.mjs.
import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import { asm, runTracer, type HarnessOptions } from "../source/gethHarness";
import { DEBUG_TRACER, DEBUG_WINDOW_MAX_STEPS, debugTracerText } from "./tracer";

const A = `0x${"aa".repeat(20)}`;
const B = `0x${"bb".repeat(20)}`;

interface Frame {
  t: string | null;
  a: string | null;
  at: number;
  n: number;
  p: number[];
  g: number[];
  w: (number | string)[][];
  u?: number;
  e?: string;
  f?: number;
  x?: { k: number; s: string[]; m: string; mo: number; ml: number; sl?: [string, string | null] }[];
}
interface Answer {
  nodescope: string;
  frames: Frame[];
  max: number;
  kept: number;
  cut: number;
}

function run(tracer: string, options: HarnessOptions) {
  const out = runTracer(tracer, options);
  expect(out.violations, "what geth would have interrupted the trace for").toEqual([]);
  return { ...out, answer: out.result as Answer };
}

const call = (to: string) =>
  `PUSH1 00 PUSH1 00 PUSH1 00 PUSH1 00 PUSH1 00 PUSH20 ${to.slice(2)} GAS CALL POP`;

describe("the debug tracer's text", () => {
  it("parses as ES5, the way geth evaluates it: (<code>), with and without its literals", () => {
    expect(() => parse(`(${DEBUG_TRACER})`, { ecmaVersion: 5 })).not.toThrow();
    const both = debugTracerText({
      words: { [A]: { 3: 2 } },
      window: { frame: 1, from: 0, to: 10 },
    });
    expect(() => parse(`(${both})`, { ecmaVersion: 5 })).not.toThrow();
    expect(() => parse("({ step: (log) => log })", { ecmaVersion: 5 })).toThrow();
  });

  it("keeps only well-formed addresses and counts in the pcs it is built with", () => {
    const text = debugTracerText({
      words: { [A.toUpperCase().replace("0X", "0x")]: { 3: 2, 4: -1 }, "});evil(": { 1: 1 } },
    });
    expect(text).toContain(`words: {"${A}":{"3":2}}`);
    expect(text).not.toContain("evil");
  });

  it("caps a window at its longest", () => {
    const text = debugTracerText({ window: { frame: 0, from: 10, to: 100_000 } });
    expect(text).toContain(`"to":${10 + DEBUG_WINDOW_MAX_STEPS - 1}`);
  });
});

describe("the debug tracer, run as geth runs it", () => {
  it("records each step's pc and gas differences, and frames with the step that opened them", () => {
    const { answer } = run(DEBUG_TRACER, {
      code: {
        [A]: asm(`PUSH1 01 ${call(B)} PUSH1 02 STOP`),
        [B]: asm("PUSH1 07 PUSH1 00 SSTORE STOP"),
      },
      to: A,
      gas: 1_000_000,
    });
    const [top, child] = answer.frames;
    expect(top?.t).toBe("CALL");
    expect(top?.a).toBe(A);
    expect(top?.p).toEqual([0, 2, 4, 6, 8, 10, 12, 33, 34, 35, 36, 38]);
    expect(top?.n).toBe(12);
    // the first step's gas left (negated), then differences (the harness, unlike geth, takes an opcode's
    // constant cost before its step: each difference is the later step's cost)
    expect(top?.g[0]).toBe(-(1_000_000 - 3));
    expect(top?.g.slice(1, 8)).toEqual([3, 3, 3, 3, 3, 3, 2]);
    // the step after the CALL: the CALL's 100 and what B consumed are in its difference
    expect(top?.g[8]).toBe(100);
    expect(top?.g[9]).toBe(20_006 + 2);
    expect(child).toMatchObject({ t: "CALL", a: B, at: 8, n: 4, p: [0, 2, 4, 5], u: 20_006 });
    expect(answer.kept).toBe(16);
    expect(answer.cut).toBe(0);
  });

  it("follows frames three deep, each parent's steps going on where they stopped", () => {
    const C = `0x${"cc".repeat(20)}`;
    const tracer = debugTracerText({ words: { [B]: { 0: 1 }, [C]: { 0: 1 } } });
    const { answer } = run(tracer, {
      code: {
        [A]: asm(`${call(B)} PUSH1 01 ${call(C)} STOP`),
        [B]: asm(`PUSH1 05 POP ${call(C)} STOP`),
        [C]: asm("PUSH1 09 STOP"),
      },
      to: A,
      gas: 1_000_000,
    });
    // the CALLs: A's step 7 opens B, B's step 9 the first C, A's step 17 the second
    expect(answer.frames.map((f) => [f.a, f.at, f.n])).toEqual([
      [A, -1, 20],
      [B, 7, 12],
      [C, 9, 2],
      [C, 17, 2],
    ]);
    // words where listed: at B's and C's pc 0 (an empty stack: the step alone)
    expect(answer.frames.map((f) => f.w)).toEqual([[], [[0]], [[0]], [[0]]]);
    // A goes on after B returned: its POP, then PUSH1 01, each step's gas difference its own
    const a = answer.frames[0];
    expect(a?.p.slice(8, 10)).toEqual([33, 34]);
    expect(a?.g.slice(9, 11)).toEqual([3, 3]);
    // every step kept, once
    expect(answer.kept).toBe(20 + 12 + 2 + 2);
  });

  it("keeps the top stack words at the listed pcs only, in the frame whose code lists them", () => {
    const tracer = debugTracerText({ words: { [A]: { 6: 3, 9: 9 } } });
    const { answer } = run(tracer, {
      code: { [A]: asm("PUSH1 0a PUSH1 0b PUSH1 0c JUMPDEST PUSH1 0d POP STOP") },
      to: A,
    });
    // pc 6 (JUMPDEST): three words; pc 9 (POP): nine asked, four on the stack
    expect(answer.frames[0]?.w).toEqual([
      [3, "c", "b", "a"],
      [5, "d", "c", "b", "a"],
    ]);
  });

  it("keeps memory with the words where a value lies in memory (the count plus 100), and only there", () => {
    const tracer = debugTracerText({ words: { [A]: { 5: 101, 7: 1 } } });
    const { answer } = run(tracer, {
      code: { [A]: asm("PUSH1 2a PUSH1 00 MSTORE JUMPDEST POP JUMPDEST STOP") },
      to: A,
    });
    const f = answer.frames[0] as Frame & { wm?: [number, string][] };
    expect(f.w).toEqual([[3]]);
    expect(f.wm).toEqual([[3, `0x${"2a".padStart(64, "0")}`]]);
  });

  it("marks the failing step of an opcode that fails before executing, and of a REVERT", () => {
    const oog = run(DEBUG_TRACER, {
      code: { [A]: asm("PUSH1 01 PUSH1 00 SSTORE STOP") },
      to: A,
      gas: 2306,
    });
    expect(oog.answer.frames[0]).toMatchObject({ p: [0, 2, 4], f: 2, e: "out of gas" });
    const reverted = run(DEBUG_TRACER, {
      code: {
        [A]: asm(`${call(B)} STOP`),
        [B]: asm("PUSH1 00 PUSH1 00 REVERT"),
      },
      to: A,
    });
    const [top, child] = reverted.answer.frames;
    expect(child).toMatchObject({ f: 2, e: "execution reverted", n: 3 });
    expect(top?.f).toBeUndefined();
  });

  it("on anvil's engine, takes a frame's last step as its failing one when no step said so", () => {
    const { answer } = run(DEBUG_TRACER, {
      engine: "anvil",
      code: { [A]: asm("PUSH1 01 PUSH1 00 SSTORE STOP") },
      to: A,
      gas: 2306,
    });
    expect(answer.frames[0]).toMatchObject({ f: 2, e: "out of gas" });
  });

  it("stops keeping steps at its bound, still counts them and says how many it cut", () => {
    // i = 1,000; do { i-- } while (i): 5 steps per round
    const loop = asm("PUSH2 03e8 JUMPDEST PUSH1 01 SWAP1 SUB DUP1 PUSH1 03 JUMPI STOP");
    const { answer } = run(debugTracerText({ maxSteps: 100 }), { code: { [A]: loop }, to: A });
    const f = answer.frames[0];
    expect(f?.p).toHaveLength(100);
    expect(f?.g).toHaveLength(100);
    expect(f?.n).toBe(2 + 7 * 1000);
    expect(answer.kept).toBe(100);
    expect(answer.cut).toBe(f ? f.n - 100 : -1);
  });

  it("in a window, gives each step's stack, memory and storage, and no pc or gas arrays", () => {
    const tracer = debugTracerText({ window: { frame: 1, from: 2, to: 7 } });
    const { answer } = run(tracer, {
      code: {
        [A]: asm(`${call(B)} STOP`),
        [B]: asm("PUSH1 2a PUSH1 00 MSTORE PUSH1 07 PUSH1 05 SSTORE PUSH1 05 SLOAD POP STOP"),
      },
      storage: { [B]: { "0x5": "0x1" } },
      to: A,
    });
    const [top, child] = answer.frames;
    expect(top?.p).toEqual([]);
    expect(top?.x).toBeUndefined();
    expect(child?.n).toBe(10);
    const x = child?.x ?? [];
    expect(x.map((d) => d.k)).toEqual([2, 3, 4, 5, 6, 7]);
    // step 2: MSTORE with [0x2a, 0] on the stack, memory still empty
    expect(x[0]).toMatchObject({ k: 2, s: ["2a", "0"], m: "0x", ml: 0 });
    // step 5: SSTORE slot 5 ← 7, memory holds the word
    expect(x[3]).toMatchObject({ k: 5, sl: ["5", "7"], ml: 32 });
    expect(x[3]?.m).toBe(`0x${"2a".padStart(64, "0")}`);
    // step 7: SLOAD of slot 5, its value read at the next step
    expect(x[5]).toMatchObject({ k: 7, sl: ["5", "7"] });
  });
});
