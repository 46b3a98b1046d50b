/**
 * The trace's gas against the receipt's, on real shapes: geth's callTracer cases from the
 * conformance corpus (../shared/conformance/geth-call-tracer, LGPL-3.0, read at run time; geth
 * reports the receipt's gasUsed on the top frame, so the receipt's figure is the frame's own),
 * and the devnet's anvil answers (checked live by e2e/trace.spec.ts).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseTransaction, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { requireCorpus } from "../test-support/corpus";
import { gasAgreement } from "./gasAgreement";

const hex = (n: bigint) => `0x${n.toString(16)}`;

/** 21,000 + 4 per zero byte and 16 per other byte of calldata (no access list, no creation). */
function intrinsicOf(data: Hex | undefined): bigint {
  let gas = 21000n;
  const bytes = (data ?? "0x").slice(2).match(/../g) ?? [];
  for (const b of bytes) gas += b === "00" ? 4n : 16n;
  return gas;
}

describe("the devnet's anvil (its callTracer answers, as recorded from the devnet)", () => {
  it("token transfer: 115,060 used of 78,368 given, the receipt 34,386 of 100,000: the node's error, said with both figures", () => {
    const a = gasAgreement(
      { gas: hex(78368n), gasUsed: hex(115060n) },
      { gasUsed: 34386n, limit: 100000n },
    );
    expect(a.verdict).toBe("node-error");
    expect(a.receiptGasUsed).toBe(34386n);
    expect(a.topGasUsed).toBe(115060n);
    expect(a.intrinsic).toBe(21632n); // 21,000 + the transfer's 68 bytes of calldata
    expect(a.note).toContain("115,060");
    expect(a.note).toContain("100,000 gas limit");
    expect(a.note).toContain("78,368");
    expect(a.note).toContain("The receipt's 34,386 is what was charged.");
  });

  it("nested calls: its top frame starts after the intrinsic gas but reports the receipt's figure: they agree", () => {
    const a = gasAgreement(
      { gas: hex(1978936n), gasUsed: hex(495916n) },
      { gasUsed: 495916n, limit: 2000000n },
    );
    expect(a.verdict).toBe("agree");
    expect(a.note).toBeNull();
  });
});

describe("what the page says without a receipt (a trace from a file, a node that refused)", () => {
  it("the top frame alone; above its own gas it is called the node's error", () => {
    expect(gasAgreement({ gas: "0x5208", gasUsed: "0x5208" }, null).verdict).toBe("trace-only");
    const bad = gasAgreement({ gas: hex(78368n), gasUsed: hex(115060n) }, null);
    expect(bad.verdict).toBe("node-error");
    expect(bad.note).toContain("of the 78,368 it was given");
  });

  it("a top frame without gasUsed leaves the receipt's figure alone", () => {
    const a = gasAgreement({ gas: "0x5208" }, { gasUsed: 21000n, limit: 21000n });
    expect(a.verdict).toBe("receipt-only");
    expect(a.note).toBeNull();
  });
});

const dir = requireCorpus("geth-call-tracer/call_tracer");
const cases = dir
  ? readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => {
        const c = JSON.parse(readFileSync(join(dir, f), "utf8")) as {
          input: Hex;
          result: { gas: string; gasUsed: string };
        };
        const tx = parseTransaction(c.input);
        return { name: f, top: c.result, limit: tx.gas ?? 0n, data: tx.data, creation: !tx.to };
      })
  : [];

describe.skipIf(dir === null)("geth's callTracer cases (conformance corpus)", () => {
  it("the corpus has cases", () => expect(cases.length).toBeGreaterThan(10));

  it.each(cases.map((c) => [c.name, c] as const))(
    "%s: geth's top frame is given the limit and reports the receipt's gasUsed: they agree",
    (_name, c) => {
      expect(BigInt(c.top.gas)).toBe(c.limit);
      const receipt = { gasUsed: BigInt(c.top.gasUsed), limit: c.limit };
      const a = gasAgreement(c.top, receipt);
      expect(a.verdict).toBe("agree");
      expect(a.intrinsic).toBeNull();
      expect(a.topGasUsed).toBeLessThanOrEqual(c.limit);
    },
  );

  it.each(cases.filter((c) => !c.creation).map((c) => [c.name, c] as const))(
    "%s as a client that starts the top frame after the intrinsic gas and leaves it out (derived): said so, exactly",
    (_name, c) => {
      const intrinsic = intrinsicOf(c.data);
      const used = BigInt(c.top.gasUsed);
      if (used < intrinsic) return; // a case whose gasUsed is below intrinsic cannot be one
      const a = gasAgreement(
        { gas: hex(c.limit - intrinsic), gasUsed: hex(used - intrinsic) },
        { gasUsed: used, limit: c.limit },
      );
      expect(a.verdict).toBe("intrinsic");
      expect(a.note).toContain(`${intrinsic.toLocaleString("en-US")} intrinsic gas`);
    },
  );

  it("simple.json as a client that counts before the refund (derived: 4,800 refunded): a refund, not an error", () => {
    const c = cases.find((x) => x.name === "simple.json");
    expect(c).toBeDefined();
    if (!c) return;
    const used = BigInt(c.top.gasUsed);
    const a = gasAgreement(
      { gas: c.top.gas, gasUsed: hex(used + 4800n) },
      { gasUsed: used, limit: c.limit },
    );
    expect(a.verdict).toBe("refund");
    expect(a.note).toContain("4,800 more than the receipt's");
  });

  it("a figure far from the receipt's, within the limit, is said to be unexplained, never silently shown", () => {
    const c = cases.find((x) => x.name === "deep_calls.json");
    if (!c) throw new Error("deep_calls.json missing");
    const a = gasAgreement(
      { gas: c.top.gas, gasUsed: hex(BigInt(c.top.gasUsed) / 3n) },
      { gasUsed: BigInt(c.top.gasUsed), limit: c.limit },
    );
    expect(a.verdict).toBe("unexplained");
    expect(a.note).toMatch(/apart/);
  });
});
