import { describe, expect, it } from "vitest";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import { modelAnswer, previewAnswer, type PreviewPost } from "./answer";
import type { TraceModel } from "./model";
import {
  baseStructure,
  buildRows,
  expandToDepth,
  initialExpansion,
  OPEN_DEPTH,
  pathOf,
} from "./tree";
import { previewTrace } from "./preview";
import type { CallFrame } from "./result";

type Frame = Record<string, unknown> & { calls?: Frame[] };

/** The frame re-keyed the way geth and reth send it: `calls` before `logs`, `value` and `type`. */
function gethOrder(f: Frame): Frame {
  const { type, value, logs, calls, ...rest } = f;
  const out: Frame = { ...rest };
  if (calls) out.calls = calls.map(gethOrder);
  if (logs !== undefined) out.logs = logs;
  if (value !== undefined) out.value = value;
  out.type = type;
  return out;
}

const answerText = (result: unknown, id = 1) =>
  `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(result)}}`;

/** The frames of the rows a tree opens with, by path, as the full answer shows them. */
function openingRows(m: TraceModel): Map<string, { frame: CallFrame; children: number }> {
  const s = baseStructure(m);
  const rows = buildRows(m, s, initialExpansion(m, s));
  const out = new Map<string, { frame: CallFrame; children: number }>();
  for (let r = 0; r < rows.length; r++) {
    const i = rows.frame[r] as number;
    if (rows.log[r] === -1)
      out.set(pathOf(m, i), {
        frame: m.frames[i] as CallFrame,
        children: m.childCount[i] as number,
      });
  }
  return out;
}

/** The preview's frames (pending ones absent) by path, in row order. */
function previewRows(
  p: PreviewPost,
): { path: string; frame: CallFrame | undefined; children: number }[] {
  const frames = new Array<CallFrame | undefined>(p.model.size);
  p.chunk.indices.forEach((i, k) => (frames[i] = p.chunk.frames[k]));
  const m: TraceModel = { ...p.model, frames: frames as CallFrame[] };
  const s = baseStructure(m);
  const rows = buildRows(m, s, expandToDepth(m, s, OPEN_DEPTH));
  const out: { path: string; frame: CallFrame | undefined; children: number }[] = [];
  for (let r = 0; r < rows.length; r++)
    if (rows.log[r] === -1)
      out.push({
        path: pathOf(m, rows.frame[r] as number),
        frame: frames[rows.frame[r] as number],
        children: m.childCount[rows.frame[r] as number] as number,
      });
  return out;
}

const withoutCalls = (f: CallFrame | undefined) => {
  if (!f) return f;
  const { calls: _calls, ...rest } = f;
  return rest;
};

describe("the top of a trace from the part of its answer that has arrived", () => {
  const trace = syntheticTrace(20_000, 4) as Frame;
  for (const [order, result] of [
    ["fields before calls (legacy tracer)", trace],
    ["calls before value and type (geth, reth)", gethOrder(trace)],
  ] as const) {
    it(`shows the opening rows exactly as the full answer does: ${order}`, () => {
      const text = answerText(result);
      const full = modelAnswer(text, 1);
      if (!full) throw new Error("the full answer did not model");
      const expected = openingRows(full.model);
      let shownBefore = 0;
      for (const share of [0.002, 0.01, 0.05, 0.2, 0.6]) {
        const prefix = text.slice(0, Math.floor(text.length * share));
        const p = previewAnswer(prefix, 1);
        if (!p) throw new Error(`no preview at ${share}`);
        const rows = previewRows(p);
        const shown = rows.filter((r) => r.frame !== undefined);
        // Every shown row is the full answer's row at that path, field for field.
        for (const r of shown)
          expect(withoutCalls(r.frame)).toEqual(withoutCalls(expected.get(r.path)?.frame));
        // Collapsed frames say how many children they have (the last may still be counting).
        const collapsed = shown.filter((r) => r.path.split(".").length === OPEN_DEPTH);
        for (const r of collapsed.slice(0, -1))
          expect(r.children).toBe(expected.get(r.path)?.children);
        // More arrives, more shows.
        expect(shown.length).toBeGreaterThanOrEqual(shownBefore);
        shownBefore = shown.length;
        // Rows are in the full tree's order.
        const order = [...expected.keys()];
        const at = rows.map((r) => order.indexOf(r.path));
        expect(at.every((x, k) => x >= 0 && (k === 0 || x > (at[k - 1] as number)))).toBe(true);
      }
      expect(shownBefore).toBeGreaterThan(order.startsWith("fields") ? 30 : 10);
    });
  }

  it("holds back a frame whose own fields have not all arrived, and the top frame of a geth-ordered answer", () => {
    const text = answerText(gethOrder(trace));
    const p = previewAnswer(text.slice(0, 300_000), 1);
    if (!p) throw new Error("no preview");
    const rows = previewRows(p);
    expect(rows[0]?.path).toBe("0");
    expect(rows[0]?.frame).toBeUndefined();
    expect(rows.some((r) => r.frame !== undefined)).toBe(true);
  });

  it("reads escaped strings, numbers and nested values in the fields", () => {
    const text =
      '{"jsonrpc":"2.0","id":1,"result":{"type":"CALL","from":"0x00000000000000000000000000000000000000aa",' +
      '"error":"said \\"no\\" \\\\ twice","gas":21000,"extra":{"nested":[1,{"a":"}"}]},' +
      '"calls":[{"type":"STATICCALL","from":"0x00000000000000000000000000000000000000bb","output":"0x"},' +
      '{"type":"CALL","from":"0x00000000000000000000000000000000000000cc","calls":[{"type":"CALL","fr';
    const tree = previewTrace(text, 1);
    expect(tree?.root.error).toBe('said "no" \\ twice');
    expect(tree?.root.gas).toBe(21000);
    expect(tree?.root.extra).toEqual({ nested: [1, { a: "}" }] });
    // Read in pre-order: the top frame, its two children, and the grandchild whose fields are
    // still arriving.
    expect(tree?.shown).toEqual([true, true, true, false]);
  });

  it("shows nothing for an error, another id, or an id after the result", () => {
    const text = answerText(trace);
    expect(previewAnswer(text.slice(0, 20_000), 2)).toBeNull();
    expect(
      previewTrace('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"x"}}', 1),
    ).toBeNull();
    expect(previewTrace(`{"jsonrpc":"2.0","result":{"type":"CALL","calls":[{"type`, 1)).toBeNull();
    expect(previewTrace('{"jsonrpc":"2.0","id":1,"result":[{"txHash":"0x1"', 1)).toBeNull();
  });

  it("leaves a complete answer to the full read", () => {
    expect(previewAnswer(answerText(syntheticTrace(50)), 1)).toBeNull();
  });
});
