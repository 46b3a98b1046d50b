import { encodeAbiParameters, parseAbi, type AbiFunction } from "viem";
import { describe, expect, it } from "vitest";
import { argsSchema, decodeResult, readArgLabel, readFunctions } from "./ReadSection";

const abi = parseAbi([
  "function owner() view returns (address)",
  "function credit(address who) view returns (uint256)",
  "function settle(address to, uint256 amount) returns (uint64)",
  "function terms() view returns (uint128 limit, uint64 until, bool open, address keeper)",
]);
const fn = (name: string) =>
  abi.find((f) => f.type === "function" && f.name === name) as AbiFunction;

describe("Read: the view functions of a verified ABI", () => {
  it("lists view and pure functions only, the implementation's first, each once", () => {
    const names = readFunctions(abi, parseAbi(["function owner() view returns (address)"])).map(
      (f) => f.name,
    );
    expect(names).toEqual(["credit", "owner", "terms"]);
  });

  it("checks arguments by type before anything is sent", () => {
    const bad = argsSchema(fn("credit")).safeParse({ args: ["0x12"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["args", 0]);
    const good = argsSchema(fn("credit")).safeParse({
      args: ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"],
    });
    expect(good.success).toBe(true);
  });

  it("decodes the answer by the outputs, names and all", () => {
    const data = encodeAbiParameters(
      [{ type: "uint128" }, { type: "uint64" }, { type: "bool" }, { type: "address" }],
      [1500n, 1_900_000_000n, true, "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"],
    );
    const r = decodeResult(fn("terms"), data);
    expect(r).toEqual({
      ok: true,
      rows: [
        { label: "limit (uint128)", value: "1,500" },
        { label: "until (uint64)", value: "1,900,000,000" },
        { label: "open (bool)", value: "true" },
        { label: "keeper (address)", value: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955" },
      ],
    });
    expect(decodeResult(fn("owner"), "0x").ok).toBe(false);
  });

  it("a token's balanceOf reads in its units; a mapping getter's unnamed keys read as keys", () => {
    const token = parseAbi([
      "function balanceOf(address) view returns (uint256)",
      "function grants(address, address) view returns (uint256)",
      "function settle(address to, uint256) returns (uint64)",
    ]);
    const f = (name: string) =>
      token.find((x) => x.type === "function" && x.name === name) as AbiFunction;
    const data = encodeAbiParameters([{ type: "uint256" }], [5_000_000_000_000_000_000n]);
    expect(decodeResult(f("balanceOf"), data, { symbol: "NST", decimals: 18 })).toEqual({
      ok: true,
      rows: [{ label: "#1 (uint256)", value: "5 NST (5,000,000,000,000,000,000)" }],
    });
    expect(decodeResult(f("balanceOf"), data)).toMatchObject({
      rows: [{ value: "5,000,000,000,000,000,000" }],
    });
    expect(readArgLabel(f("balanceOf"), 0)).toBe("key (address)");
    expect(readArgLabel(f("grants"), 1)).toBe("key 2 (address)");
    expect(readArgLabel(f("settle"), 0)).toBe("to (address)");
    expect(readArgLabel(f("settle"), 1)).toBe("#2 (uint256)");
  });
});
