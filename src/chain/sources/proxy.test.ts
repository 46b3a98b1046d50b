import { describe, expect, it } from "vitest";
import { encodeAbiParameters, toFunctionSelector, type Hex } from "viem";
import {
  cloneTarget,
  detectProxy,
  EIP1822_PROXIABLE_SLOT,
  EIP1967_BEACON_SLOT,
  EIP1967_IMPLEMENTATION_SLOT,
  wordToAddress,
  type ProxyReaders,
} from "./proxy";

const PROXY = `0x${"aa".repeat(20)}`;
const IMPL = `0x${"bb".repeat(20)}`;
const BEACON = `0x${"cc".repeat(20)}`;
const ZERO_WORD = `0x${"00".repeat(32)}`;
const word = (address: string) => encodeAbiParameters([{ type: "address" }], [address as Hex]);
// A contract that is not a clone (some PUSH1 0x80 PUSH1 0x40 MSTORE … and a DELEGATECALL).
const RUNTIME = "0x6080604052348015600f57600080fd5b50f4";

function chain(opts: {
  code?: Record<string, string>;
  storage?: Record<string, string>;
  calls?: Record<string, string>;
  withCall?: boolean;
}): ProxyReaders & { log: string[] } {
  const log: string[] = [];
  const readers: ProxyReaders & { log: string[] } = {
    log,
    readCode: (a) => {
      log.push(`code ${a}`);
      return Promise.resolve(opts.code?.[a] ?? "0x");
    },
    readStorage: (a, slot) => {
      log.push(`storage ${a} ${slot}`);
      return Promise.resolve(opts.storage?.[`${a}/${slot}`] ?? ZERO_WORD);
    },
  };
  if (opts.withCall !== false)
    readers.call = (a, data) => {
      log.push(`call ${a} ${data}`);
      const answer = opts.calls?.[`${a}/${data}`];
      return answer === undefined
        ? Promise.reject(new Error("execution reverted"))
        : Promise.resolve(answer);
    };
  return readers;
}

describe("detectProxy", () => {
  it("reads an EIP-1167 clone's target from its code, without storage reads", async () => {
    const code = `0x363d3d373d3d3d363d73${IMPL.slice(2)}5af43d82803e903d91602b57fd5bf3`;
    const readers = chain({ code: { [PROXY]: code } });
    await expect(detectProxy(PROXY, readers)).resolves.toEqual({
      type: "eip1167",
      implementation: IMPL,
      beacon: null,
    });
    expect(readers.log).toEqual([`code ${PROXY}`]);
  });

  it("reads vanity clones that push a shorter address", () => {
    // PUSH16: an address with four leading zero bytes
    const short = "11".repeat(16);
    expect(cloneTarget(`0x363d3d373d3d3d363d6f${short}5af43d82803e903d91602757fd5bf3`)).toBe(
      `0x00000000${short}`,
    );
    expect(cloneTarget(`0x363d3d373d3d3d363d73${IMPL.slice(2)}00`)).toBeNull();
    expect(cloneTarget(RUNTIME)).toBeNull();
  });

  it("reads the EIP-1967 implementation slot", async () => {
    const readers = chain({
      code: { [PROXY]: RUNTIME },
      storage: { [`${PROXY}/${EIP1967_IMPLEMENTATION_SLOT}`]: word(IMPL) },
    });
    await expect(detectProxy(PROXY, readers)).resolves.toEqual({
      type: "eip1967",
      implementation: IMPL,
      beacon: null,
    });
  });

  it("follows an EIP-1967 beacon with implementation(), or names the beacon alone without eth_call", async () => {
    const setup = {
      code: { [PROXY]: RUNTIME },
      storage: { [`${PROXY}/${EIP1967_BEACON_SLOT}`]: word(BEACON) },
      calls: { [`${BEACON}/${toFunctionSelector("implementation()")}`]: word(IMPL) },
    };
    await expect(detectProxy(PROXY, chain(setup))).resolves.toEqual({
      type: "eip1967-beacon",
      implementation: IMPL,
      beacon: BEACON,
    });
    await expect(detectProxy(PROXY, chain({ ...setup, withCall: false }))).resolves.toEqual({
      type: "eip1967-beacon",
      implementation: null,
      beacon: BEACON,
    });
  });

  it("reads the EIP-1822 PROXIABLE slot", async () => {
    const readers = chain({
      code: { [PROXY]: RUNTIME },
      // some nodes answer a storage word without its leading zeros
      storage: { [`${PROXY}/${EIP1822_PROXIABLE_SLOT}`]: IMPL },
    });
    await expect(detectProxy(PROXY, readers)).resolves.toMatchObject({
      type: "eip1822",
      implementation: IMPL,
    });
  });

  it("asks an EIP-897 proxy for its implementation only when proxyType() says it is one", async () => {
    const impl897 = { [`${PROXY}/${toFunctionSelector("implementation()")}`]: word(IMPL) };
    const asProxy = chain({
      code: { [PROXY]: RUNTIME },
      calls: {
        ...impl897,
        [`${PROXY}/${toFunctionSelector("proxyType()")}`]: encodeAbiParameters(
          [{ type: "uint256" }],
          [2n],
        ),
      },
    });
    await expect(detectProxy(PROXY, asProxy)).resolves.toMatchObject({
      type: "eip897",
      implementation: IMPL,
    });
    // a contract that merely has an implementation() getter (a factory, a beacon) is no proxy
    const getterOnly = chain({ code: { [PROXY]: RUNTIME }, calls: impl897 });
    await expect(detectProxy(PROXY, getterOnly)).resolves.toBeNull();
  });

  it("answers null for an account without code or a contract that is no proxy", async () => {
    const empty = chain({});
    await expect(detectProxy(PROXY, empty)).resolves.toBeNull();
    expect(empty.log).toEqual([`code ${PROXY}`]);
    await expect(detectProxy(PROXY, chain({ code: { [PROXY]: RUNTIME } }))).resolves.toBeNull();
  });

  it("does not take a slot holding something other than an address for one", () => {
    expect(wordToAddress(`0x${"ff".repeat(32)}`)).toBeNull();
    expect(wordToAddress(ZERO_WORD)).toBeNull();
    expect(wordToAddress("0x0")).toBeNull();
    expect(wordToAddress("not hex")).toBeNull();
    expect(wordToAddress(word(IMPL))).toBe(IMPL);
  });
});
