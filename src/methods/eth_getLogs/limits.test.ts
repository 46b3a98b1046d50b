import { describe, expect, it } from "vitest";
import { isRateLimit, recogniseLimit, type ErrorFacts, type LimitAdvice } from "./limits";

// Every message shape in shared/notes/providers.md's eth_getLogs table, with what to do.
const TABLE: [source: string, facts: ErrorFacts, advice: LimitAdvice][] = [
  [
    "Infura",
    {
      code: -32005,
      message: "query returned more than 10000 results. Try with this block range [0x4B0, 0x9C4].",
    },
    { kind: "suggested", from: 0x4b0, to: 0x9c4 },
  ],
  [
    "Infura (newer)",
    { code: -32602, message: "range 1000000 exceeds limit of 10000" },
    { kind: "max-range", n: 10000 },
  ],
  [
    "Alchemy (response size)",
    {
      code: -32602,
      message:
        "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x0, 0x1d2c]",
    },
    { kind: "suggested", from: 0, to: 0x1d2c },
  ],
  [
    "Alchemy (block range)",
    {
      code: -32600,
      message:
        "You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x10, 0x203]",
    },
    { kind: "suggested", from: 0x10, to: 0x203 },
  ],
  [
    "QuickNode",
    { message: "eth_getLogs and eth_newFilter are limited to a 10,000 blocks range" },
    { kind: "max-range", n: 10000 },
  ],
  ["Ankr", { code: -32600, message: "block range is too wide" }, { kind: "max-range", n: 3000 }],
  [
    "BlockPI",
    { code: -32602, message: "eth_getLogs is limited to 1024 block range" },
    { kind: "max-range", n: 1024 },
  ],
  ["BSC nodes", { message: "exceed maximum block range: 5000" }, { kind: "max-range", n: 5000 }],
  ["public BSC", { message: "exceed maximum block range: 50000" }, { kind: "max-range", n: 50000 }],
  [
    "geth --rpc.rangelimit",
    { code: -32602, message: "exceed maximum block range 2000" },
    { kind: "max-range", n: 2000 },
  ],
  [
    "reth (range)",
    { code: -32602, message: "query exceeds max block range 100000" },
    { kind: "max-range", n: 100000 },
  ],
  [
    "reth (results)",
    { code: -32602, message: "query exceeds max results 20000, retry with the range 1200-1450" },
    { kind: "suggested", from: 1200, to: 1450 },
  ],
  [
    "Besu",
    { code: -32005, message: "Requested range exceeds maximum RPC range limit" },
    { kind: "max-range", n: 5000 },
  ],
  ["PublicNode", { message: "maximum block range: 1000" }, { kind: "max-range", n: 1000 }],
  ["Arbitrum", { message: "logs matched by query exceeds limit of 10000" }, { kind: "halve" }],
  ["Optimism (size)", { message: "backend response too large" }, { kind: "halve" }],
  ["Optimism (range)", { message: "Block range is too large" }, { kind: "halve" }],
  ["Chainstack", { message: "Block range limit exceeded." }, { kind: "halve" }],
  ["any", { code: -32005, message: "query timeout exceeded" }, { kind: "halve" }],
];

describe("recogniseLimit", () => {
  it.each(TABLE)("%s", (_source, facts, advice) => {
    expect(recogniseLimit(facts)).toEqual(advice);
  });

  it("reads a result-count cap without a suggestion as halve", () => {
    expect(
      recogniseLimit({ code: -32005, message: "query returned more than 10000 results" }),
    ).toEqual({ kind: "halve" });
    expect(recogniseLimit({ code: -32602, message: "query exceeds max results 20000" })).toEqual({
      kind: "halve",
    });
  });

  it.each([
    ["reversed range", "invalid block range params"],
    ["future range", "block range extends beyond current head block"],
    [
      "blockHash with range",
      "invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other",
    ],
    ["unauthorized", "Unauthorized"],
    ["method missing", "the method eth_getLogs does not exist/is not available"],
    ["internal", "internal error"],
    ["empty", ""],
  ])("does not split on %s", (_name, message) => {
    expect(recogniseLimit({ code: -32602, message })).toBeNull();
  });
});

describe("isRateLimit", () => {
  it("recognises HTTP 429 and the compute-units-per-second answer", () => {
    expect(isRateLimit({ status: 429, message: "Too Many Requests" })).toBe(true);
    expect(
      isRateLimit({
        code: -32005,
        message: "Your account has exceeded its Compute Units Per Second capacity. Please upgrade.",
      }),
    ).toBe(true);
  });
  it("does not wait out a used-up monthly quota or a range limit", () => {
    expect(isRateLimit({ status: 429, code: -32005, message: "ran out of cu" })).toBe(false);
    expect(isRateLimit({ code: -32005, message: "query returned more than 10000 results" })).toBe(
      false,
    );
    expect(isRateLimit({ code: -32005, message: "batch size exceed limit 500" })).toBe(false);
  });
});
