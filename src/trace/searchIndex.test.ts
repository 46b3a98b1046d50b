import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc20Abi } from "viem";
import { describe, expect, it } from "vitest";
import { syntheticTrace } from "../../bench/synthetic.mjs";
import { FrameDecodeCache, TraceDecoder } from "./decode";
import { flatten } from "./flatten";
import type { CallFrame } from "./result";
import {
  buildDecodedSlice,
  buildTextSlice,
  cachedSearch,
  decodedSearch,
  searchTexts,
} from "./searchIndex";
import { baseStructure } from "./tree";

function trace(frames: number) {
  const model = flatten(syntheticTrace(frames) as CallFrame);
  return { model, decode: new FrameDecodeCache(model.frames, new TraceDecoder()) };
}

describe("the trace's search index", () => {
  it("built slice by slice, holds what a build at the first search makes", () => {
    const a = trace(2_000);
    let slices = 0;
    // A slice with no time left still builds one piece, so the build always advances.
    while (buildTextSlice(a.model, a.decode, { more: () => false })) slices++;
    expect(slices).toBeGreaterThan(1);
    const b = trace(2_000);
    expect(searchTexts(a.model, a.decode)).toEqual(searchTexts(b.model, b.decode));
  });

  it("a search before the idle build ends makes the rest at once, keeping what was built", () => {
    const { model, decode } = trace(2_000);
    buildTextSlice(model, decode, { more: () => false });
    const texts = searchTexts(model, decode);
    expect(texts.filter((t) => typeof t === "string")).toHaveLength(model.size);
    expect(buildTextSlice(model, decode, { more: () => true })).toBe(false);
  });
});

describe("search over decoded values", () => {
  const recipient = "0x1111111111111111111111111111111111111111";
  const holder = "0x2222222222222222222222222222222222222222";
  const token = "0x3333333333333333333333333333333333333333";
  const frames: CallFrame = {
    type: "CALL",
    from: "0x4444444444444444444444444444444444444444",
    to: "0x5555555555555555555555555555555555555555",
    gas: "0x10000",
    gasUsed: "0x8000",
    input: "0x",
    calls: [
      {
        type: "CALL",
        from: "0x5555555555555555555555555555555555555555",
        to: token,
        gas: "0x1000",
        gasUsed: "0x800",
        // ERC-20 transfer(recipient, 123456789): the recipient is in the arguments only.
        input: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [recipient, 123456789n],
        }),
        logs: [
          {
            address: token,
            // Transfer(holder → 0x55…, 987654321): the holder appears in the event only.
            topics: encodeEventTopics({
              abi: erc20Abi,
              eventName: "Transfer",
              args: { from: holder, to: "0x5555555555555555555555555555555555555555" },
            }) as string[],
            data: encodeAbiParameters([{ type: "uint256" }], [987654321n]),
            position: "0x0",
          },
        ],
      },
    ],
  };
  const setup = () => {
    const model = flatten(frames);
    const decode = new FrameDecodeCache(model.frames, new TraceDecoder());
    return { model, decode, structure: baseStructure(model) };
  };
  const find = (q: string, s: ReturnType<typeof setup>) => [
    ...cachedSearch(
      searchTexts(s.model, s.decode),
      q,
      s.structure,
      decodedSearch(s.model, s.decode),
    ),
  ];

  it("finds an address that appears only in a frame's arguments, before any decoding", () => {
    const s = setup();
    expect(decodedSearch(s.model, s.decode).built).toBe(0);
    expect(find(recipient, s)).toEqual([1]);
    expect(find(recipient.toUpperCase().replace("0X", "0x"), s)).toEqual([1]);
    expect(find(holder, s)).toEqual([1]);
    // A decimal value needs the decoded text: not found until it is built.
    expect(find("123456789", s)).toEqual([]);
  });

  it("once built, finds decoded argument values, event arguments and parameter names", () => {
    const s = setup();
    while (buildDecodedSlice(s.model, s.decode, { more: () => true }));
    expect(decodedSearch(s.model, s.decode).built).toBe(s.model.size);
    expect(find("123456789", s)).toEqual([1]);
    expect(find("987654321", s)).toEqual([1]);
    expect(find(recipient, s)).toEqual([1]);
    expect(find("no such value 42", s)).toEqual([]);
  });
});
