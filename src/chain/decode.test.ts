import { describe, expect, it } from "vitest";
import {
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  parseAbi,
  type Hex,
} from "viem";
import { addressToTopic, decodeCalldata, decodeLog, decodeReturn, eventTopic0 } from "./decode";
import { AbiRegistry } from "./registry";

const ALICE = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const BOB = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const word = (n: bigint) => n.toString(16).padStart(64, "0");

describe("decodeCalldata", () => {
  const registry = new AbiRegistry();
  it("decodes transfer(address,uint256)", () => {
    const data = `0xa9059cbb000000000000000000000000${ALICE.slice(2).toLowerCase()}${word(1500000000000000000n)}`;
    const d = decodeCalldata(data, registry);
    expect(d.selector).toBe("0xa9059cbb");
    expect(d.name).toBe("transfer");
    expect(d.signature).toBe("transfer(address,uint256)");
    expect(d.error).toBeUndefined();
    expect(d.args?.map((a) => [a.name, a.type, a.value])).toEqual([
      ["to", "address", ALICE],
      ["amount", "uint256", "1500000000000000000"],
    ]);
    expect(d.args?.[1]?.raw).toBe(1500000000000000000n);
  });
  it("handles empty, short, unknown and mismatched input", () => {
    expect(decodeCalldata("0x", registry)).toEqual({ selector: null, error: "no calldata" });
    expect(decodeCalldata("0xa905", registry)).toEqual({
      selector: null,
      error: "too short: 2 bytes, a selector needs 4",
    });
    expect(decodeCalldata("0xdeadbeef", registry)).toEqual({
      selector: "0xdeadbeef",
      error: "unknown function selector 0xdeadbeef",
    });
    const bad = decodeCalldata("0xa9059cbb00", registry);
    expect(bad.name).toBe("transfer");
    expect(bad.error).toMatch(/does not match transfer\(address,uint256\)/);
    expect(decodeCalldata("0xzz", registry).error).toMatch(/not hex/);
  });
  it("shows tuples and arrays readably", () => {
    const abi = parseAbi([
      "function aggregate3((address target, bool allowFailure, bytes callData)[] calls)",
    ]);
    const data = encodeFunctionData({
      abi,
      functionName: "aggregate3",
      args: [[{ target: ALICE, allowFailure: true, callData: "0x1234" }]],
    });
    const d = decodeCalldata(data, registry);
    expect(d.args?.[0]?.type).toBe("(address,bool,bytes)[]");
    expect(d.args?.[0]?.value).toBe(`[{target: ${ALICE}, allowFailure: true, callData: 0x1234}]`);
  });
});

describe("decodeLog", () => {
  const registry = new AbiRegistry();
  const from = addressToTopic(ALICE);
  const to = addressToTopic(BOB);
  it("decodes an ERC-20 Transfer (3 topics, value in data)", () => {
    const d = decodeLog({ topics: [TRANSFER_TOPIC, from, to], data: `0x${word(1000n)}` }, registry);
    expect(d.name).toBe("Transfer");
    expect(d.source).toBe("ERC-20");
    expect(d.args?.map((a) => [a.name, a.indexed, a.value])).toEqual([
      ["from", true, ALICE],
      ["to", true, BOB],
      ["value", false, "1000"],
    ]);
  });
  it("decodes an ERC-721 Transfer (4 topics, tokenId indexed, no data)", () => {
    const d = decodeLog(
      { topics: [TRANSFER_TOPIC, from, to, `0x${word(42n)}`], data: "0x" },
      registry,
    );
    expect(d.source).toBe("ERC-721");
    expect(d.args?.map((a) => [a.name, a.indexed, a.value])).toEqual([
      ["from", true, ALICE],
      ["to", true, BOB],
      ["tokenId", true, "42"],
    ]);
  });
  it("reports unknown topics, anonymous logs and a wrong topic count", () => {
    expect(decodeLog({ topics: [], data: "0x" }, registry)).toEqual({
      topic0: null,
      error: "no topics (an anonymous event)",
    });
    expect(decodeLog({ topics: [`0x${word(1n)}`], data: "0x" }, registry).error).toMatch(
      /^unknown event topic/,
    );
    expect(decodeLog({ topics: [TRANSFER_TOPIC], data: "0x" }, registry).error).toBe(
      "Transfer(address,address,uint256) is known, but not with 0 indexed topics",
    );
  });
  it("marks indexed dynamic params as hashed", () => {
    const r = new AbiRegistry({ builtins: false });
    r.addSignature("event Named(string indexed label, uint256 n)");
    const abi = parseAbi(["event Named(string indexed label, uint256 n)"]);
    const topics = encodeEventTopics({ abi, eventName: "Named", args: { label: "x" } }) as Hex[];
    const d = decodeLog({ topics, data: `0x${word(7n)}` }, r);
    expect(d.args?.[0]?.hashed).toBe(true);
    expect(d.args?.[0]?.value).toMatch(/^0x[0-9a-f]{64}$/);
    expect(d.args?.[1]?.value).toBe("7");
  });
});

describe("decodeReturn", () => {
  const [balanceOf] = parseAbi([
    "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  ]);
  it("decodes outputs by name", () => {
    const data = encodeAbiParameters(balanceOf.outputs, [5n, 6n, 7]);
    const r = decodeReturn(data, balanceOf);
    expect(r.ok && r.values.map((v) => `${v.name}=${v.value}`)).toEqual([
      "reserve0=5",
      "reserve1=6",
      "blockTimestampLast=7",
    ]);
  });
  it("explains empty or bad return data", () => {
    const empty = decodeReturn("0x", balanceOf);
    expect(!empty.ok && empty.message).toMatch(/empty return data/);
    expect(decodeReturn("0x12", balanceOf).ok).toBe(false);
  });
});

describe("topics", () => {
  it("computes topics", () => {
    expect(eventTopic0("Transfer(address,address,uint256)")).toBe(TRANSFER_TOPIC);
    expect(
      eventTopic0("event Transfer(address indexed from, address indexed to, uint256 value)"),
    ).toBe(TRANSFER_TOPIC);
    expect(() => eventTopic0("Transfer(")).toThrow(/unbalanced/);
    expect(addressToTopic(ALICE)).toBe(`0x000000000000000000000000${ALICE.slice(2).toLowerCase()}`);
    expect(() => addressToTopic("0x1234")).toThrow();
  });
});
