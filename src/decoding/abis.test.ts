// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAbi, toEventSelector, toFunctionSelector } from "viem";
import { AbiRegistry } from "../chain";
import {
  ABIS_STORAGE_KEY,
  addToStore,
  buildRegistry,
  clearStore,
  storedAbisText,
  storedCount,
} from "./abis";

afterEach(() => localStorage.clear());

const abi = JSON.stringify(
  parseAbi(["function mintTo(address to, uint256 amount)", "error Nope(uint256 code)"]),
);

describe("the shared ABI store", () => {
  it("writes AbiRegistry.export() format, keeps older entries, and reloads", () => {
    localStorage.setItem(
      ABIS_STORAGE_KEY,
      JSON.stringify({ version: 1, abis: [], signatures: ["event Ping(uint256 x)"] }),
    );
    expect(addToStore(abi)).toMatchObject({ functions: 1, errors: 1, fresh: 2 });
    expect(addToStore(abi).fresh).toBe(0);
    const stored = JSON.parse(storedAbisText.get()) as Record<string, unknown>;
    expect(stored.format).toBe("nodescope-abi-registry");
    expect(Array.isArray(stored.abi) && stored.abi.length).toBe(2);
    expect(stored.abis).toEqual([abi]);
    expect(stored.signatures).toEqual(["event Ping(uint256 x)"]);
    expect(new AbiRegistry().import(JSON.stringify(stored)).ok).toBe(true);
    const registry = buildRegistry(storedAbisText.get());
    expect(registry.lookupFunction("0x449a52f8")?.item.name).toBe("mintTo");
    expect(registry.lookupError(toFunctionSelector("Nope(uint256)"))?.item.name).toBe("Nope");
    expect(registry.userAbi.map((i) => ("name" in i ? i.name : ""))).toContain("Ping");
  });

  it("reads the logs and trace views' older shape, bare event signatures included", () => {
    localStorage.setItem(
      ABIS_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        abis: [JSON.stringify(parseAbi(["event Ping(uint256 x)"]))],
        signatures: ["Message(string text)", "transfer(address,uint256)"],
      }),
    );
    const registry = buildRegistry(storedAbisText.get());
    expect(registry.lookupEvent(toEventSelector("Message(string)"))?.item.name).toBe("Message");
    const names = registry.userAbi.map((i) => `${i.type} ${"name" in i ? i.name : ""}`);
    expect(names).toEqual(
      expect.arrayContaining(["event Ping", "event Message", "function transfer"]),
    );
  });

  it("keeps a bare event signature as an event and rejects what is not an ABI", () => {
    addToStore("Message(string text)", "event");
    expect(JSON.parse(storedAbisText.get())).toMatchObject({
      signatures: ["event Message(string text)"],
    });
    expect(buildRegistry(storedAbisText.get()).userAbi[0]).toMatchObject({
      type: "event",
      name: "Message",
    });
    expect(() => addToStore("[{")).toThrow(/not valid JSON/);
    expect(() => addToStore("")).toThrow(/paste an ABI/);
    expect(storedCount(storedAbisText.get())).toBe(1);
  });

  it("keeps a signature without a keyword as both a function and an event", () => {
    expect(addToStore("Settled(address trader, uint256 amount)")).toMatchObject({
      functions: 1,
      events: 1,
      fresh: 2,
    });
    const registry = buildRegistry(storedAbisText.get());
    const topic = toEventSelector("Settled(address,uint256)");
    expect(registry.lookupEvent(topic)?.item.name).toBe("Settled");
    expect(registry.lookupFunction(toFunctionSelector("Settled(address,uint256)"))).toBeDefined();
  });

  it("takes several signatures, one per line, and names the line that is wrong", () => {
    expect(
      addToStore(
        "event Paid(address indexed to, uint256 amount)\n\nfunction pay(address to)\nerror Late(uint256 by)",
      ),
    ).toMatchObject({ functions: 1, events: 1, errors: 1 });
    localStorage.clear();
    expect(() => addToStore("function ok(uint256)\nnot a signature\nfunction fine()")).toThrow(
      /line 2: signature must look like/,
    );
    expect(storedAbisText.get()).toBe(""); // nothing stored when a line is wrong
  });

  it("devnet ABIs decode too, stored ones win; subscribers hear of changes and clear()", () => {
    const listener = vi.fn();
    const off = storedAbisText.subscribe(listener);
    addToStore("function mintTo(address who, uint256 n)");
    const registry = buildRegistry(storedAbisText.get(), [JSON.parse(abi) as unknown[]]);
    expect(registry.lookupFunction("0x449a52f8")?.item.inputs[0]?.name).toBe("who");
    expect(registry.lookupError(toFunctionSelector("Nope(uint256)"))?.source).toBe("user");
    expect(listener).toHaveBeenCalledTimes(1);
    clearStore();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(storedAbisText.get()).toBe("");
    window.dispatchEvent(new StorageEvent("storage", { key: ABIS_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(3);
    off();
    addToStore("function x()");
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
