import { describe, expect, it } from "vitest";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import { corpusFiles } from "../test-support/corpus/index";
import { CALL_TRACER_SUITES, readCallTracerCases, requireCorpus } from "../test-support/corpus";
import { checkCallTreeInPlace } from "./check";
import { isBlockAnswer, isMuxAnswer } from "./load";
import {
  callFrameSchema,
  checkFrame,
  FRAME_ISSUES,
  frameFieldsSchema,
  isEmptyStructLog,
  isPlainFrame,
  type CallFrame,
} from "./result";
import { A, B, C } from "./testing";

/** Every frame of a checked tree with its issues, in pre-order (issues sit under a symbol). */
function framesWithIssues(root: CallFrame): { frame: CallFrame; issues: unknown }[] {
  const out: { frame: CallFrame; issues: unknown }[] = [];
  const stack: CallFrame[] = [root];
  while (stack.length > 0) {
    const f = stack.pop() as CallFrame;
    out.push({ frame: f, issues: f[FRAME_ISSUES] });
    const calls = f.calls ?? [];
    for (let k = calls.length - 1; k >= 0; k--) stack.push(calls[k] as CallFrame);
  }
  return out;
}

/** Every object in the tree's `calls`, the top one first. */
function rawFrames(tree: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack = [tree];
  while (stack.length > 0) {
    const f = stack.pop();
    if (typeof f !== "object" || f === null || Array.isArray(f)) continue;
    const frame = f as Record<string, unknown>;
    out.push(frame);
    if (Array.isArray(frame.calls)) stack.push(...(frame.calls as unknown[]));
  }
  return out;
}

/**
 * The one-pass check gives what the zod schema gives, issues included; and a frame taken as it is
 * (`isPlainFrame`, both checks' shortcut) is what the frame's own schema makes of it.
 */
function expectSameAsSchema(tree: unknown): void {
  for (const raw of rawFrames(tree))
    if (isPlainFrame(raw)) expect(checkFrame(raw)).toEqual(frameFieldsSchema.parse(raw));
  const expected = callFrameSchema.parse(tree);
  const actual = checkCallTreeInPlace(structuredClone(tree) as Record<string, unknown>);
  expect(actual).toEqual(expected);
  const a = framesWithIssues(actual);
  const e = framesWithIssues(expected);
  expect(a.length).toBe(e.length);
  a.forEach((x, i) => expect(x.issues).toEqual(e[i]?.issues));
}

/** Call trees in an answer, as the query reads them (a block's entries, a muxTracer's part). */
function treesOf(result: unknown): unknown[] {
  if (isBlockAnswer(result))
    return result.flatMap((e) => {
      const r = (e as { result?: unknown }).result;
      return typeof r === "object" && r !== null && !Array.isArray(r) ? [r] : [];
    });
  if (typeof result !== "object" || result === null || Array.isArray(result)) return [];
  if (isMuxAnswer(result)) {
    const call = (result as Record<string, unknown>).callTracer;
    return call ? [call] : [];
  }
  return isEmptyStructLog(result) ? [] : [result];
}

describe("checkCallTreeInPlace", () => {
  const entries = corpusFiles((e) => e.tracer === "callTracer" && e.error === null);

  it("reads every client's callTracer output in the corpus as callFrameSchema does", () => {
    const trees = entries.flatMap((e) => treesOf(e.result));
    expect(trees.length).toBeGreaterThan(10);
    for (const tree of trees) expectSameAsSchema(tree);
  });

  const dir = requireCorpus("geth-call-tracer");
  describe.skipIf(dir === null)("the reference client's tracer fixtures", () => {
    it("reads each as callFrameSchema does", () => {
      const root = requireCorpus() ?? "";
      let n = 0;
      for (const suite of CALL_TRACER_SUITES)
        for (const c of readCallTracerCases(root, suite)) {
          expectSameAsSchema(c.result);
          n++;
        }
      expect(n).toBeGreaterThan(20);
    });
  });

  it("reads a 10,000-frame trace as callFrameSchema does", () => {
    expectSameAsSchema(syntheticTrace(10_000));
  });

  it("sends every frame that is not plain through the repairs: nulls, numbers, wrong types", () => {
    const tree = {
      type: "CALL",
      from: A,
      to: B,
      gas: 30_000,
      gasUsed: "0x5208",
      value: null,
      input: "0x",
      error: null,
      logs: [
        { address: B, topics: ["0x01"], data: "0x", position: null },
        { address: B, data: "0x" },
        { address: 7, topics: "x", data: 1 },
      ],
      calls: [
        { type: "STATICCALL", from: B, to: C, gas: "0x10", gasUsed: "0x1", input: "0x" },
        { type: "CALL", from: B, to: null, gas: true, gasUsed: "12abc" },
        null,
        "frame?",
        { type: "CALL", from: C, calls: { not: "an array" } },
        { from: C, calls: [{ type: "DELEGATECALL", from: 12, to: A, value: -1 }] },
      ],
      time: "1ms",
    };
    expectSameAsSchema(tree);
    const checked = checkCallTreeInPlace(structuredClone(tree));
    expect(checked.gas).toBe("0x7530");
    expect("value" in checked).toBe(false);
    expect(checked.calls?.[1]?.[FRAME_ISSUES]?.map((i) => i.field)).toEqual(["gas", "gasUsed"]);
  });

  it("takes a well-formed frame as it is, and no other", () => {
    const plain = { type: "CALL", from: A, to: B, gas: "0x1", input: "0x", extra: { kept: 1 } };
    expect(isPlainFrame(plain)).toBe(true);
    expect(isPlainFrame({ ...plain, to: null })).toBe(false);
    expect(isPlainFrame({ ...plain, gas: 1 })).toBe(false);
    expect(isPlainFrame({ ...plain, gas: "0xZZ" })).toBe(false);
    expect(isPlainFrame({ ...plain, logs: [{ address: B, data: "0x" }] })).toBe(false);
    expect(isPlainFrame({ ...plain, logs: [{ address: B, topics: [], data: "0x" }] })).toBe(true);
    const root = structuredClone(plain);
    expect(checkCallTreeInPlace(root)).toBe(root);
  });

  it("walks a tree 5,000 calls deep without recursion", () => {
    let tree: Record<string, unknown> = { type: "CALL", from: A, to: B };
    for (let i = 0; i < 5_000; i++) tree = { type: "CALL", from: A, to: B, calls: [tree] };
    let depth = 0;
    for (let f: CallFrame | undefined = checkCallTreeInPlace(tree); f; f = f.calls?.[0]) depth++;
    expect(depth).toBe(5_001);
  });
});
