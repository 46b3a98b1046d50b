import { describe, expect, it } from "vitest";
import { checkLogs, isCanonicalLog } from "./stream";
import { logSchema } from "./result";
import { syntheticLogs } from "../../bench/synthetic.mjs";

const good = syntheticLogs(50, 10) as Record<string, unknown>[];

describe("the one-pass check of streamed logs", () => {
  it("passes canonical logs as the schema would return them", () => {
    for (const log of good) {
      expect(isCanonicalLog(log)).toBe(true);
      expect(log).toEqual(logSchema.parse(log));
    }
    expect(checkLogs(good)).toEqual(good.map((l) => logSchema.parse(l)));
  });

  it("leaves any other shape to the schema: spec lower-case keys are normalised as before", () => {
    const lower = { ...good[0] } as Record<string, unknown>;
    lower.logindex = lower.logIndex;
    delete lower.logIndex;
    expect(isCanonicalLog(lower)).toBe(false);
    expect(checkLogs([lower])).toEqual([logSchema.parse(lower)]);
  });

  it("refuses what the schema refuses, so the answer is read whole and the error keeps its path", () => {
    const cases: Record<string, unknown>[] = [
      { ...good[0], address: "0x1234" },
      { ...good[0], topics: ["0x12"] },
      { ...good[0], data: "0x123" },
      { ...good[0], topics: [...(good[0]?.topics as string[]), ...(good[0]?.topics as string[])] },
      { ...good[0], blockHash: 7 },
    ];
    for (const c of cases) {
      expect(isCanonicalLog(c)).toBe(false);
      expect(logSchema.safeParse(c).success).toBe(false);
      expect(checkLogs([good[1], c])).toBeNull();
    }
  });

  it("checks each log's own fields, whatever the log before it passed", () => {
    const first = good[0] as Record<string, unknown>;
    expect(isCanonicalLog(first)).toBe(true);
    // the same values pass again; a field of the next log that differs is tested on its own
    expect(isCanonicalLog({ ...first })).toBe(true);
    expect(isCanonicalLog({ ...first, blockHash: `${first.blockHash as string}0` })).toBe(false);
    expect(isCanonicalLog({ ...first, address: "" })).toBe(false);
    expect(isCanonicalLog({ ...first, topics: [""] })).toBe(false);
    expect(isCanonicalLog({ ...first, transactionHash: "0x" })).toBe(false);
    expect(isCanonicalLog({ ...first, blockNumber: "" })).toBe(false);
    expect(isCanonicalLog({ ...first, address: 1 })).toBe(false);
  });

  it("reads hex as the schema does, digit by digit: cases, prefixes, lengths, other scripts' digits", () => {
    const first = good[0] as Record<string, unknown>;
    const hash = first.blockHash as string;
    const address = first.address as string;
    const cases: [string, string][] = [
      ["address", address.toUpperCase().replace("0X", "0x")],
      ["address", address.replace("0x", "0X")],
      ["address", `${address.slice(0, -1)}g`],
      ["address", `${address.slice(0, -1)}\u0663`],
      ["address", address.slice(0, -1)],
      ["data", "0x"],
      ["data", "0xabc"],
      ["data", "0xABCDEF"],
      ["data", "0x00 "],
      ["data", ""],
      ["blockNumber", "0x"],
      ["blockNumber", "0x0"],
      ["blockNumber", "0xF"],
      ["blockNumber", "x10"],
      ["blockHash", `${hash.slice(0, -1)}`],
      ["blockHash", `${hash.slice(0, -1)}Z`],
      ["transactionHash", hash.toUpperCase().replace("0X", "0x")],
      ["logIndex", "0x"],
      ["logIndex", "0x1f"],
    ];
    for (const [field, value] of cases) {
      const log = { ...first, [field]: value };
      expect(isCanonicalLog(log), `${field} ${JSON.stringify(value)}`).toBe(
        logSchema.safeParse(log).success,
      );
    }
  });

  it("accepts pending logs (null block fields) and a numeric transactionIndex", () => {
    const pending = { ...good[0], blockNumber: null, blockHash: null, transactionIndex: 3 };
    expect(isCanonicalLog(pending)).toBe(true);
    expect(logSchema.parse(pending)).toEqual(pending);
  });
});
