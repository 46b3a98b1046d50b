import { describe, expect, it } from "vitest";
import { flatten } from "../flatten";
import type { CallFrame } from "../result";
import {
  alignTraces,
  CHANGED,
  matchSequences,
  ONLY_A,
  ONLY_B,
  SAME,
  type AlignedTree,
} from "./align";
import { MINUS, rowWords, signedCount, summarize } from "./describe";

const TOP = "0x00000000000000000000000000000000000000aa";
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

function call(to: number, selector = "0x11111111", extra: Partial<CallFrame> = {}): CallFrame {
  return {
    type: "CALL",
    from: TOP,
    to: addr(to),
    input: selector,
    gas: "0x1000",
    gasUsed: "0x100",
    ...extra,
  };
}

function top(calls: CallFrame[], gasUsed = "0x5000"): CallFrame {
  return {
    type: "CALL",
    from: addr(1),
    to: TOP,
    input: "0xabcdef01",
    gas: "0x100000",
    gasUsed,
    calls,
  };
}

/** Each row as "kind a b" (frame indices, - for missing), in order. */
function rows(t: AlignedTree): string[] {
  const kinds = ["same", "changed", "onlyA", "onlyB"];
  return Array.from({ length: t.size }, (_, r) => {
    const a = t.a[r] as number;
    const b = t.b[r] as number;
    return `${kinds[t.kind[r] as number]} ${a < 0 ? "-" : a} ${b < 0 ? "-" : b}`;
  });
}

describe("alignTraces", () => {
  it("matches identical trees row for row, all same", () => {
    const t = alignTraces(flatten(top([call(2), call(3)])), flatten(top([call(2), call(3)])));
    expect(rows(t)).toEqual(["same 0 0", "same 1 1", "same 2 2"]);
    expect(t.changes.length).toBe(0);
    expect(rowWords(t, 0)).toEqual(["gas +0"]);
  });

  it("keeps the common calls matched when two are reordered: one moves, the rest stay", () => {
    const a = flatten(top([call(2), call(3), call(4)]));
    const b = flatten(top([call(3), call(2), call(4)]));
    const t = alignTraces(a, b);
    // LCS of [2,3,4] and [3,2,4] has length 2: 2 is only in A, then 3 matched, 2 only in B, 4 matched.
    expect(rows(t)).toEqual(["same 0 0", "onlyA 1 -", "same 2 1", "onlyB - 2", "same 3 3"]);
  });

  it("matches repeated calls (same key many times) in order, the extra ones on their side", () => {
    const a = flatten(top([call(2), call(2), call(2), call(3)]));
    const b = flatten(top([call(2), call(2), call(3)]));
    const t = alignTraces(a, b);
    expect(rows(t)).toEqual(["same 0 0", "same 1 1", "same 2 2", "onlyA 3 -", "same 4 3"]);
    // The same selector on the same callee with a different selector is another key.
    const c = flatten(top([call(2, "0x22222222")]));
    expect(rows(alignTraces(flatten(top([call(2)])), c))).toEqual([
      "same 0 0",
      "onlyA 1 -",
      "onlyB - 1",
    ]);
  });

  it("marks an inserted call's whole subtree only in B and a deleted one only in A", () => {
    const nested = call(9, "0x99999999", { calls: [call(10), call(11)] });
    const a = flatten(top([call(2), call(3)]));
    const b = flatten(top([call(2), nested, call(3)]));
    const t = alignTraces(a, b);
    expect(rows(t)).toEqual([
      "same 0 0",
      "same 1 1",
      "onlyB - 2",
      "onlyB - 3",
      "onlyB - 4",
      "same 2 5",
    ]);
    expect(t.level[3]).toBe(3);
    expect(t.parent[3]).toBe(2);
    expect(t.end[2]).toBe(5);
    const back = alignTraces(b, a);
    expect(rows(back)).toEqual([
      "same 0 0",
      "same 1 1",
      "onlyA 2 -",
      "onlyA 3 -",
      "onlyA 4 -",
      "same 5 2",
    ]);
  });

  it("says a failing frame in A succeeded in B, with the gas difference, and the top carries the transaction's", () => {
    const a = flatten(
      top(
        [
          call(2, "0x33333333", {
            error: "execution reverted",
            revertReason: "over the cap",
            gasUsed: "0x400",
          }),
        ],
        "0x16000",
      ),
    );
    const b = flatten(top([call(2, "0x33333333", { gasUsed: "0x200" })], "0x1000"));
    const t = alignTraces(a, b);
    expect(t.kind[1]).toBe(CHANGED);
    expect(rowWords(t, 1)).toEqual(["failed in A, succeeded in B", `gas ${MINUS}512`]);
    expect(t.kind[0]).toBe(CHANGED);
    expect(rowWords(t, 0)).toEqual([`gas ${MINUS}86,016`]);
    expect(t.gasDelta).toBe(-86_016);
    expect(summarize(t, (r) => (r === 1 ? "check" : "?"))).toBe(
      "B used 86,016 less gas; check succeeds in B.",
    );
    const back = alignTraces(b, a);
    expect(rowWords(back, 1)).toEqual(["succeeded in A, failed in B", "gas +512"]);
  });

  it("says what else changed: value, revert reason, output and events", () => {
    const log = (t0: string) => ({ address: addr(2), topics: [t0], data: "0x" });
    const a = flatten(
      top([
        call(2, "0x44444444", { value: "0xde0b6b3a7640000", output: "0x01", logs: [log("0xaa")] }),
        call(3, "0x55555555", { error: "execution reverted", revertReason: "one" }),
      ]),
    );
    const b = flatten(
      top([
        call(2, "0x44444444", { value: "0x1bc16d674ec80000", output: "0x02", logs: [] }),
        call(3, "0x55555555", { error: "execution reverted", revertReason: "two" }),
      ]),
    );
    const t = alignTraces(a, b);
    expect(rowWords(t, 1)).toEqual(["value 1 → 2 ETH", "output 0x01 → 0x02", "events 1 → 0"]);
    expect(rowWords(t, 2)).toEqual(['revert "one" → "two"']);
    expect(rows(t)[0]).toBe("same 0 0");
  });

  it("tells revert data apart when the node gives no reason, decoded where the reader can", () => {
    const a = flatten(
      top([call(2, "0x55555555", { error: "execution reverted", output: "0xaa" })]),
    );
    const b = flatten(
      top([call(2, "0x55555555", { error: "execution reverted", output: "0xbb" })]),
    );
    const t = alignTraces(a, b);
    expect(rowWords(t, 1)).toEqual(["revert 0xaa → 0xbb"]);
    const read = (side: "a" | "b", i: number) => (i === 1 ? `Error: ${side} side` : null);
    expect(rowWords(t, 1, read)).toEqual(["revert Error: a side → Error: b side"]);
    // Outputs of succeeding calls read as their return values.
    const c = alignTraces(
      flatten(top([call(2, "0x66666666", { output: "0x01" })])),
      flatten(top([call(2, "0x66666666", { output: "0x02" })])),
    );
    expect(rowWords(c, 1, (side) => (side === "a" ? "1" : "2"))).toEqual(["output 1 → 2"]);
  });

  it("aligns deep nesting without recursion limits and keeps levels and ends right", () => {
    const chain = (depth: number, leafSel: string): CallFrame => {
      let f: CallFrame = call(depth + 2, leafSel);
      for (let d = depth - 1; d >= 0; d--) f = call(d + 2, "0x11111111", { calls: [f] });
      return top([f]);
    };
    const a = flatten(chain(5_000, "0x11111111"));
    const b = flatten(chain(5_000, "0x22222222"));
    const t = alignTraces(a, b);
    // Every level matches down to the leaf, which differs by selector: only in A, only in B.
    expect(t.size).toBe(a.size + 1);
    expect(t.kind[t.size - 2]).toBe(ONLY_A);
    expect(t.kind[t.size - 1]).toBe(ONLY_B);
    expect(t.level[t.size - 2]).toBe(a.maxLevel);
    expect(t.end[0]).toBe(t.size);
    expect(t.kind[1]).toBe(SAME);
  });

  it("aligns two 10,000-frame traces in well under the page's budget", () => {
    const many = (n: number, skip: number) =>
      top(
        Array.from({ length: n }, (_, i) => call(2 + (i % 50), "0x11111111")).filter(
          (_, i) => i !== skip,
        ),
      );
    const a = flatten(many(10_000, -1));
    const b = flatten(many(10_000, 5_000));
    const t0 = performance.now();
    const t = alignTraces(a, b);
    const ms = performance.now() - t0;
    expect(Array.from(t.changes)).toEqual([5_001]); // the deleted call alone: the top's gas is the same
    expect(t.kind[5_001]).toBe(ONLY_A);
    expect(ms).toBeLessThan(1_000);
  });
});

describe("matchSequences", () => {
  it("finds a longest common subsequence", () => {
    expect(matchSequences([1, 2, 3, 4, 5], [1, 3, 9, 5])).toEqual([
      [0, 0],
      [2, 1],
      [4, 3],
    ]);
    expect(matchSequences([], [1])).toEqual([]);
  });
});

describe("signedCount", () => {
  it("uses the real minus sign and groups digits", () => {
    expect(signedCount(-91_100)).toBe("\u221291,100");
    expect(signedCount(1_234)).toBe("+1,234");
  });
});

it("marks kinds only in B when A has no frames", () => {
  const t = alignTraces(flatten(top([])), flatten(top([call(2)])));
  expect(t.kind[1]).toBe(ONLY_B);
});

describe("a contract created in both runs at different addresses", () => {
  const INIT = "0x6080604052348015600e575f5ffd5b50";
  const created = (at: number): CallFrame => ({
    type: "CREATE",
    from: TOP,
    to: addr(at),
    input: INIT,
    output: "0x6080",
    gas: "0x9000",
    gasUsed: "0x800",
    // its constructor calls a token, and itself through the token's callback
    calls: [call(7, "0x22222222"), call(at, "0x33333333")],
  });
  // a factory run at a later block: another nonce, another address; then it calls what it made
  const runA = top([created(0xc1), call(0xc1, "0x44444444")]);
  const runB = top([created(0xd9), call(0xd9, "0x44444444")]);

  it("matches the created frame by its place and init code, its subtree and the calls to it", () => {
    const t = alignTraces(flatten(runA), flatten(runB));
    expect(rows(t)).toEqual(["same 0 0", "changed 1 1", "same 2 2", "same 3 3", "same 4 4"]);
    expect(rowWords(t, 1)).toEqual([
      `created at ${addr(0xc1).slice(0, 10)}…${addr(0xc1).slice(-6)} → ${addr(0xd9).slice(0, 10)}…${addr(0xd9).slice(-6)}`,
    ]);
  });

  it("keeps a different init code apart: another contract was created", () => {
    const other = top([{ ...created(0xd9), input: `${INIT}00` }, call(0xd9, "0x44444444")]);
    const t = alignTraces(flatten(runA), flatten(other));
    expect(t.kind[1]).toBe(ONLY_A);
    expect(Array.from(t.kind).filter((k) => k === SAME || k === CHANGED).length).toBe(1);
  });
});
