import { test } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import { checkedTrace, chunkPlan, detachCalls, packChunk, modelAnswer } from "./answer";
import { flatten } from "./model";
import { callFrameSchema } from "./result";
import { traceAnswerSchema } from "./load";

test("timings", () => {
  const text = JSON.stringify({ jsonrpc: "2.0", id: 1, result: syntheticTrace(100000) });
  for (let r = 0; r < 3; r++) {
    let t = performance.now();
    const v = JSON.parse(text);
    const parse = performance.now() - t;
    t = performance.now();
    const c = callFrameSchema.parse(v.result);
    const schema = performance.now() - t;
    t = performance.now();
    traceAnswerSchema.parse(JSON.parse(text).result);
    const answer = performance.now() - t;
    t = performance.now();
    const m = flatten(c);
    const fl = performance.now() - t;
    t = performance.now();
    const plan = chunkPlan(m);
    detachCalls(m.frames);
    const chunks = plan.map((p) => packChunk(m.frames, p));
    const pk = performance.now() - t;
    t = performance.now();
    const all = modelAnswer(text, 1);
    const tot = performance.now() - t;
    console.log({ parse, schema, answer, fl, pk, tot, chunks: chunks.length, first: chunks[0]?.indices.length, n: all?.model.size });
  }
});
