import { describe, expect, it } from "vitest";
import { corpusFiles } from "../test-support/corpus/index";
import {
  parseTraceJson,
  pickBlockEntry,
  readTraceAnswer,
  resolvePicks,
  traceAnswerSchema,
  TraceShapeError,
} from "./load";
import { A, B } from "./testing";

const frame = (extra: Record<string, unknown> = {}) => ({
  type: "CALL",
  from: A,
  to: B,
  gas: "0x10",
  gasUsed: "0x8",
  input: "0x",
  ...extra,
});

const file = (name: string) => {
  const e = corpusFiles((x) => x.file === name)[0];
  if (!e) throw new Error(`no corpus file ${name}`);
  return e;
};

describe("what a trace answer holds", () => {
  it("a block-level answer lists its transactions with hash, top call and frame count", () => {
    const e = file("erigon/debug_traceBlockByNumber-mainnet-block-calltracer.json");
    const parsed = parseTraceJson(JSON.stringify(e.raw.response));
    if (!parsed.ok || parsed.answer.kind !== "block") throw new Error("not a block");
    expect(parsed.answer.entries.map((x) => x.frames)).toEqual([16, 83, 36, 12]);
    expect(parsed.answer.entries.every((x) => /^0x[0-9a-f]{64}$/.test(x.txHash ?? ""))).toBe(true);
    expect(parsed.answer.entries[0]?.topType).toBe("CALL");
  });

  it("zkSync's entries without txHash, and the empty block", () => {
    const z = readTraceAnswer(
      file("zksync-era/debug_traceBlockByHash-pascalcase-type-nulls.json").result,
      true,
    );
    expect(z.kind === "block" && z.entries.map((x) => [x.txHash, x.topType])).toEqual([
      [null, "CALL"],
    ]);
    const empty = readTraceAnswer(
      file("besu/debug_traceBlockByNumber-calltracer-empty-block.json").result,
      true,
    );
    expect(empty).toEqual({ kind: "block", entries: [] });
  });

  it("a muxTracer answer lists its tracers; its callTracer part is a call tree", () => {
    const e = file("erigon/debug_traceCall-mainnet-muxtracer.json");
    const answer = readTraceAnswer(e.result, true);
    expect(answer.kind === "mux" && answer.parts.map((p) => p.name)).toEqual([
      "callTracer",
      "prestateTracer",
    ]);
    expect(resolvePicks(answer, e.result, [0]).answer.kind).toBe("frame");
    const prestate = resolvePicks(answer, e.result, [1]);
    expect(prestate.answer.kind).toBe("other");
    expect(prestate.raw).toEqual((e.result as { prestateTracer: unknown }).prestateTracer);
  });

  it("picks through a block of muxTracer answers, one level at a time", () => {
    const raw = [{ txHash: "0x01", result: { callTracer: frame(), fourByteTracer: {} } }];
    const answer = readTraceAnswer(raw, true);
    const picked = resolvePicks(answer, raw, [0, 0]);
    expect(picked.depth).toBe(2);
    expect(picked.answer.kind === "frame" && picked.answer.frame.to).toBe(B);
    // A pick past a call tree is ignored.
    expect(resolvePicks(answer, raw, [0, 0, 5]).depth).toBe(2);
  });

  it("an entry the node could not trace says so, with its position", () => {
    const answer = readTraceAnswer(
      [
        { txHash: "0x01", result: frame() },
        { txHash: "0x02", error: "execution timeout" },
      ],
      true,
    );
    if (answer.kind !== "block") throw new Error("not a block");
    expect(answer.entries[1]?.error).toBe("execution timeout");
    const failed = answer.entries[1];
    if (!failed) throw new Error("no entry");
    expect(() => pickBlockEntry(failed)).toThrow(
      "[1]: no result; the node said: execution timeout",
    );
    expect(resolvePicks(answer, null, [1]).error).toMatch(/^\[1\]: no result/);
  });

  it("a fixture or a JSON-RPC response is unwrapped; other tracers' JSON stays JSON", () => {
    const wrapped = parseTraceJson(JSON.stringify({ jsonrpc: "2.0", id: 1, result: frame() }));
    expect(wrapped.ok && wrapped.answer.kind).toBe("frame");
    const other = parseTraceJson(JSON.stringify({ [A]: { balance: "0x1" } }));
    expect(other.ok && other.answer.kind).toBe("other");
  });

  it("refuses only what cannot be shown, saying where", () => {
    expect(() => readTraceAnswer(42, true)).toThrow(TraceShapeError);
    expect(() => readTraceAnswer([{ txHash: "0x01", result: frame() }, 7], true)).toThrow(
      /^\[1\]: expected a block entry/,
    );
    const r = traceAnswerSchema.safeParse([{ result: frame() }, "x"]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([1]);
    expect(traceAnswerSchema.safeParse("0x").error?.issues[0]?.path).toEqual([]);
    const bad = parseTraceJson("[1, 2]");
    expect(bad.ok && bad.answer.kind).toBe("other");
    const notJson = parseTraceJson("{");
    expect(notJson.ok).toBe(false);
  });

  it("keeps the node's JSON as sent beside the checked answer", () => {
    const raw = frame({ error: null, calls: [frame({ gas: true })] });
    const copy = structuredClone(raw);
    const out = traceAnswerSchema.parse(raw);
    expect(out.raw).toBe(raw);
    expect(raw).toEqual(copy);
    expect(out.answer.kind === "frame" && out.answer.frame.error).toBeUndefined();
  });
});
