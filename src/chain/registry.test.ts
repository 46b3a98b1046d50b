import { describe, expect, it } from "vitest";
import { parseSignature } from "./abiItems";
import { AbiRegistry } from "./registry";
import { builtinAbis } from "./signatures";

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

describe("built-in signatures", () => {
  it("parse and index the well-known selectors", () => {
    expect(builtinAbis().length).toBeGreaterThan(10);
    const r = new AbiRegistry();
    expect(r.lookupFunction("0xa9059cbb")?.signature).toBe("transfer(address,uint256)");
    expect(r.lookupFunction("0x095ea7b3")?.signature).toBe("approve(address,uint256)");
    expect(r.lookupFunction("0xac9650d8")?.signature).toBe("multicall(bytes[])");
    expect(r.lookupFunction("0x414bf389")?.signature).toBe(
      "exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))",
    );
    expect(
      r.lookupEvent("0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1")?.item
        .name,
    ).toBe("Sync");
    expect(r.lookupError("0xe450d38c")?.item.name).toBe("ERC20InsufficientBalance");
    expect(r.lookupError("0x118cdaa7")?.item.name).toBe("OwnableUnauthorizedAccount");
  });
  it("tells ERC-20 from ERC-721 Transfer by indexed count", () => {
    const r = new AbiRegistry();
    expect(r.lookupEvents(TRANSFER_TOPIC)).toHaveLength(2);
    expect(r.lookupEvent(TRANSFER_TOPIC, 2)?.source).toBe("ERC-20");
    expect(r.lookupEvent(TRANSFER_TOPIC, 3)?.source).toBe("ERC-721");
    expect(r.lookupEvent(TRANSFER_TOPIC, 1)).toBeUndefined();
  });
});

describe("addSignature", () => {
  it("guesses function vs event and computes the selector", () => {
    const r = new AbiRegistry({ builtins: false });
    const fn = r.addSignature("transfer(address to, uint256 amount)");
    expect(fn.ok && fn.kind).toBe("function");
    expect(fn.ok && fn.selector).toBe("0xa9059cbb");
    const ev = r.addSignature("Transfer(address indexed from, address indexed to, uint256 value)");
    expect(ev.ok && ev.kind).toBe("event");
    expect(ev.ok && ev.selector).toBe(TRANSFER_TOPIC);
    expect(r.addSignature("event Transfer(address,address,uint256)").ok).toBe(true);
    expect(r.addSignature("function transfer(address,uint256);").ok).toBe(true);
    const err = r.addSignature("InsufficientBalance(uint256 available, uint256 required)", "error");
    expect(err.ok && err.selector).toBe("0xcf479181");
    expect(r.lookupError("0xcf479181")?.item.name).toBe("InsufficientBalance");
    expect(r.lookupFunction("0xa9059cbb")?.user).toBe(true);
  });
  it("says what is wrong", () => {
    const r = new AbiRegistry();
    const v0 = r.version;
    const msg = (text: string, kind?: "function" | "event" | "error") => {
      const res = r.addSignature(text, kind);
      return res.ok ? "ok" : res.message;
    };
    expect(msg("")).toBe("signature is empty");
    expect(msg("transfer address")).toMatch(/must look like name\(type, type, …\)/);
    expect(msg("transfer(address,uint256")).toBe("signature has unbalanced parentheses");
    expect(msg("function Foo(address indexed a)")).toBe(
      '"indexed" is only allowed in events, not in a function',
    );
    expect(msg("foo(uint257)")).toMatch(/^signature could not be parsed|unknown type/);
    expect(msg("event Foo()", "function")).toBe(
      'signature says "event" but a function was expected',
    );
    expect(msg("E(uint indexed a, uint indexed b, uint indexed c, uint indexed d)")).toMatch(
      /has 4 indexed inputs; at most 3 are allowed/,
    );
    expect(r.version).toBe(v0);
  });
  it("parseSignature canonicalises uint to uint256", () => {
    const p = parseSignature("function f(uint a)");
    expect(p.ok && p.signature).toBe("f(uint256)");
  });
});

describe("addAbiJson", () => {
  const abi = JSON.stringify([
    {
      type: "function",
      name: "foo",
      inputs: [{ name: "x", type: "uint256" }],
      outputs: [],
      stateMutability: "nonpayable",
    },
    {
      type: "event",
      name: "Bar",
      inputs: [{ name: "who", type: "address", indexed: true }],
      anonymous: false,
    },
    { type: "error", name: "Nope", inputs: [{ name: "code", type: "uint8" }] },
    { type: "constructor", inputs: [], stateMutability: "nonpayable" },
  ]);
  it("adds functions, events and errors and bumps the version", () => {
    const r = new AbiRegistry();
    const v0 = r.version;
    expect(r.addAbiJson(abi)).toEqual({ ok: true, added: { functions: 1, events: 1, errors: 1 } });
    expect(r.version).toBeGreaterThan(v0);
    expect(r.lookupFunction("0x2fbebd38")?.item.name).toBe("foo");
    // adding again adds nothing new
    expect(r.addAbiJson(abi)).toEqual({ ok: true, added: { functions: 0, events: 0, errors: 0 } });
  });
  it("accepts an artifact with an abi field and an Etherscan response", () => {
    const r = new AbiRegistry();
    expect(r.addAbiJson(JSON.stringify({ contractName: "X", abi: JSON.parse(abi) })).ok).toBe(true);
    const r2 = new AbiRegistry();
    expect(r2.addAbiJson(JSON.stringify({ status: "1", message: "OK", result: abi })).ok).toBe(
      true,
    );
  });
  it("gives precise errors and adds nothing on error", () => {
    const r = new AbiRegistry();
    const v0 = r.version;
    const msg = (text: string) => {
      const res = r.addAbiJson(text);
      return res.ok ? "ok" : res.message;
    };
    expect(msg('[{"type": "function",, }]')).toMatch(/^ABI JSON is not valid JSON at position 21/);
    expect(msg('{"foo": 1}')).toMatch(/must be an array/);
    expect(
      msg(
        '[{"type":"function","name":"a","inputs":[]}, {"type":"event","name":"b","inputs":[]}, {"name":"c"}]',
      ),
    ).toBe("ABI item 3 has no type");
    expect(msg('[{"type":"function","name":"a","inputs":[{"name":"x","type":"uint7"}]}]')).toBe(
      'ABI item 1 (function a), input 1 has an unknown type "uint7"',
    );
    expect(msg('[{"type":"function","name":"a","inputs":[{"name":"x","type":"tuple"}]}]')).toBe(
      "ABI item 1 (function a), input 1 is a tuple without components",
    );
    expect(msg('[{"type":"banana"}]')).toMatch(/^ABI item 1 has an unknown type "banana"/);
    expect(msg('[{"type":"function","name":"a","inputs":[]}, 5]')).toBe(
      "ABI item 2 is not an object",
    );
    expect(r.version).toBe(v0);
    expect(r.lookupFunction("0x0dbe671f")?.user ?? false).toBe(false);
  });
});

describe("export / import", () => {
  it("round-trips the user items only", () => {
    const a = new AbiRegistry();
    a.addSignature("error InsufficientBalance(uint256 available, uint256 required)");
    a.addSignature("event Ping(address indexed from)");
    const saved = a.export();
    const b = new AbiRegistry();
    const v0 = b.version;
    expect(b.import(saved)).toEqual({ ok: true, added: { functions: 0, events: 1, errors: 1 } });
    expect(b.version).toBeGreaterThan(v0);
    expect(b.userAbi).toHaveLength(2);
    expect(b.lookupError("0xcf479181")?.user).toBe(true);
    // import replaces
    b.import("[]");
    expect(b.userAbi).toHaveLength(0);
    expect(b.lookupError("0xcf479181")?.user ?? false).toBe(false);
    expect(b.import("not json").ok).toBe(false);
  });
});
