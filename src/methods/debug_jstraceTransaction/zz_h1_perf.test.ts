import { test } from "vitest";
import { syntheticTrace } from "../../../bench/synthetic.mjs";
import { checkCallTreeInPlace } from "./check";
import { flatten } from "./model";
import { callFrameSchema } from "./result";

test("timings", () => {
  const text = JSON.stringify({ jsonrpc: "2.0", id: 1, result: syntheticTrace(100000) });
  for (let r = 0; r < 3; r++) {
    let t = performance.now();
    const v = JSON.parse(text);
    const parse = performance.now() - t;
    t = performance.now();
    const c = callFrameSchema.parse(v.result);
    const zod = performance.now() - t;
    const v2 = JSON.parse(text);
    t = performance.now();
    checkCallTreeInPlace(v2.result);
    const fast = performance.now() - t;
    t = performance.now();
    flatten(c);
    const fl = performance.now() - t;
    console.log(JSON.stringify({ parse, zod, fast, fl }));
  }
});
