import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { checkBudgets, missedBudgets } from "./budgets.mjs";

const budgets = {
  budgets: {
    "trace.100000.firstRowsMs": {
      maxOf: { times: 2, path: "trace.100000.jsonParseMs", plus: 300 },
    },
    "trace.100000.heapAfterLoadMB": { maxOf: { times: 3, path: "trace.100000.payloadMB" } },
    "logs.100000.filterMs": { max: 300 },
    "scan.exactLogs": { equals: true },
  },
};

describe("budgets", () => {
  it("checks a budget relative to another figure of the same run", () => {
    const ok = checkBudgets(
      {
        trace: {
          100000: { firstRowsMs: 699, jsonParseMs: 200, heapAfterLoadMB: 90, payloadMB: 40 },
        },
      },
      budgets,
    );
    expect(ok.find((b) => b.budget === "trace.100000.firstRowsMs")).toMatchObject({
      ok: true,
      limit: "≤ 2 × trace.100000.jsonParseMs + 300 = 700",
    });
    const late = checkBudgets(
      {
        trace: {
          100000: { firstRowsMs: 701, jsonParseMs: 200, heapAfterLoadMB: 121, payloadMB: 40 },
        },
      },
      budgets,
    );
    expect(missedBudgets(late)).toEqual([
      "trace.100000.firstRowsMs = 701 (≤ 2 × trace.100000.jsonParseMs + 300 = 700)",
      "trace.100000.heapAfterLoadMB = 121 (≤ 3 × trace.100000.payloadMB = 120)",
    ]);
  });

  it("names every miss, counts a failed scenario as missed and skips what was not measured", () => {
    const checked = checkBudgets(
      {
        logs: { 100000: { error: "eth_getLogs failed: over the 50.0 MB limit" } },
        scan: { exactLogs: false },
      },
      budgets,
    );
    expect(missedBudgets(checked)).toEqual([
      "logs.100000.filterMs = failed: eth_getLogs failed: over the 50.0 MB limit (≤ 300)",
      "scan.exactLogs = false (= true)",
    ]);
    expect(checked.find((b) => b.budget === "trace.100000.firstRowsMs")?.ok).toBeNull();
  });

  it("skips a budget whose reference figure was not measured in the run", () => {
    const checked = checkBudgets(
      { a: { big: { ms: 900 } } },
      { budgets: { "a.big.ms": { maxOf: { path: "a.small.ms", plus: 10 }, why: "test" } } },
    );
    expect(checked[0]?.ok).toBeNull();
    expect(missedBudgets(checked)).toEqual([]);
  });

  it("the repository's budgets all name a figure the bench measures, with a reason", () => {
    const real = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8"));
    for (const [path, b] of Object.entries(real.budgets)) {
      expect(path).toMatch(
        /^(trace|logs|logsScan|activity|compare|block|debug|debugger|variables)\.\d+\.\w+$|^replay\.\w+\.\w+$|^bundle\.|^scan\.|^startup\.\w+$/,
      );
      expect(typeof b.why).toBe("string");
    }
  });
});
