// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  decodeFunctionData,
  encodeFunctionData,
  parseAbi,
  parseAbiItem,
  type AbiFunction,
} from "viem";
import { AbiRegistry } from "../chain";
import {
  coerceArg,
  decodeData,
  encodeCall,
  listFunctions,
  parseAbiJson,
  parseFunctionSignature,
} from "./abi";

afterEach(() => localStorage.clear());

const fn = (sig: string) => parseAbiItem(`function ${sig}`) as AbiFunction;
const problem = (type: string, input: unknown) => {
  const r = coerceArg({ type, name: "x" }, input);
  return r.ok ? null : r.message;
};

describe("typed signatures", () => {
  it("reads bare and full signatures; refuses junk", () => {
    const t = parseFunctionSignature("transfer(address,uint256)");
    expect(t.ok && t.value.inputs.map((p) => p.type)).toEqual(["address", "uint256"]);
    expect(parseFunctionSignature("function approve(address spender, uint256 amount)").ok).toBe(
      true,
    );
    expect(parseFunctionSignature("transfer(address").ok).toBe(false);
    expect(parseFunctionSignature("").ok).toBe(false);
  });
});

describe("argument checks per type", () => {
  it("address, bool, bytes, bytesN, string", () => {
    expect(problem("address", "0x1234")).toMatch(/40 hex digits/);
    expect(problem("address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toMatch(/checksum/);
    expect(problem("address", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBeNull();
    expect(problem("bool", "yes")).toMatch(/true or false/);
    expect(coerceArg({ type: "bool" }, "false")).toEqual({ ok: true, value: false });
    expect(problem("bytes", "0xabc")).toMatch(/even number/);
    expect(problem("bytes4", "0x1234")).toMatch(/exactly 8 hex digits/);
    expect(problem("bytes4", "0x12345678")).toBeNull();
    expect(coerceArg({ type: "string" }, " keep spaces ")).toEqual({
      ok: true,
      value: " keep spaces ",
    });
  });

  it("uint/int ranges", () => {
    expect(problem("uint8", "255")).toBeNull();
    expect(problem("uint8", "256")).toMatch(/out of range for uint8/);
    expect(problem("uint256", "-1")).toMatch(/out of range/);
    expect(problem("int8", "-128")).toBeNull();
    expect(problem("int8", "-129")).toMatch(/out of range for int8/);
    expect(problem("int8", "128")).toMatch(/out of range/);
    expect(problem("uint256", "1.5")).toMatch(/whole number/);
    expect(coerceArg({ type: "uint256" }, "0xff")).toEqual({ ok: true, value: 255n });
    expect(coerceArg({ type: "uint" }, (2n ** 256n - 1n).toString()).ok).toBe(true);
    expect(problem("uint", (2n ** 256n).toString())).toMatch(/out of range/);
  });

  it("arrays as JSON, items checked, fixed lengths enforced", () => {
    expect(coerceArg({ type: "uint256[]" }, '[1, "2", "0x3"]')).toEqual({
      ok: true,
      value: [1n, 2n, 3n],
    });
    expect(problem("address[]", '["0x12"]')).toMatch(/x\[0\].*40 hex digits/);
    expect(problem("uint8[2]", "[1]")).toMatch(/exactly 2 items/);
    expect(problem("uint8[]", "1,2")).toMatch(/JSON/);
    expect(coerceArg({ type: "uint8[][]" }, "[[1],[2,3]]")).toEqual({
      ok: true,
      value: [[1n], [2n, 3n]],
    });
  });
});

describe("encoding", () => {
  it("encodes what viem decodes back to the same call", () => {
    const transfer = fn("transfer(address to, uint256 amount)");
    const r = encodeCall(transfer, ["0x0102030000000000000000000000000000000000", "1000"]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.data.slice(0, 10)).toBe("0xa9059cbb");
    const back = decodeFunctionData({ abi: [transfer], data: r.data });
    expect(back.args).toEqual(["0x0102030000000000000000000000000000000000", 1000n]);
  });

  it("gives one message per wrong argument", () => {
    const r = encodeCall(fn("transfer(address to, uint256 amount)"), ["nope", "-5"]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatch(/^to \(address\)/);
    expect(r.problems[1]).toMatch(/^amount \(uint256\).*out of range/);
  });
});

describe("decoding typed Data", () => {
  const data = encodeFunctionData({
    abi: parseAbi(["function transfer(address to, uint256 amount)"]),
    functionName: "transfer",
    args: ["0x0102030000000000000000000000000000000000", 1000n],
  });
  it("decodes a known selector with argument names", () => {
    const d = decodeData(data, new AbiRegistry());
    expect(d?.ok && d.value.signature).toBe("transfer(address,uint256)");
    expect(d?.ok && d.value.args.map((a) => a.value)).toEqual([
      "0x0102030000000000000000000000000000000000",
      "1000",
    ]);
  });
  it("null for an unknown selector; a message when the arguments do not fit", () => {
    expect(decodeData("0xdeadbeef", new AbiRegistry())).toBeNull();
    expect(decodeData("0x12", new AbiRegistry())).toBeNull();
    const bad = decodeData("0xa9059cbb0001", new AbiRegistry());
    expect(bad?.ok).toBe(false);
  });
  it("uses the builder's typed function for a selector the registry does not know", () => {
    const custom = fn("doThing(uint256 amount)");
    const r = encodeCall(custom, ["7"]);
    if (!r.ok) throw new Error("encode failed");
    expect(decodeData(r.data, new AbiRegistry())).toBeNull();
    const d = decodeData(r.data, new AbiRegistry(), custom);
    expect(d?.ok && d.value.args[0]).toEqual({ label: "amount (uint256)", value: "7" });
  });
});

describe("pasted ABIs", () => {
  const abi = JSON.stringify(
    parseAbi(["function mintTo(address to, uint256 amount)", "error Nope(uint256 code)"]),
  );
  it("offers the pasted ABI's functions first, then the built-in ones", () => {
    const parsed = parseAbiJson(abi);
    if (!parsed.ok) throw new Error(parsed.message);
    const list = listFunctions(new AbiRegistry(), parsed.value);
    expect(list[0]?.name).toBe("mintTo");
    expect(list.some((f) => f.name === "transfer")).toBe(true);
  });
  it("explains a pasted ABI that is not one", () => {
    expect(parseAbiJson("{not json").ok).toBe(false);
    expect(parseAbiJson('[{"type":"function"}]').ok).toBe(false);
    expect(parseAbiJson(abi).ok).toBe(true);
  });
});
