import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contractUrl, lookupContract, usableAbi } from "./sourcify";
import { json, startStub, type StubServer } from "./stub-server";
import { DecodingServiceError } from "./types";

const PROXY = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const IMPL = "0xE7F1725E7734CE288F8367e1Bb143E90bb3F0512";

const counterAbi = [
  {
    type: "function",
    name: "increment",
    inputs: [{ name: "by", type: "uint256", internalType: "uint256" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
  {
    type: "event",
    name: "Incremented",
    anonymous: false,
    inputs: [
      { name: "who", type: "address", indexed: true, internalType: "address" },
      { name: "by", type: "uint256", indexed: false, internalType: "uint256" },
    ],
  },
  { type: "error", name: "TooBig", inputs: [{ name: "limit", type: "uint256" }] },
  { type: "constructor", inputs: [], stateMutability: "nonpayable" },
];

let stub: StubServer;
let routes: Record<string, { status: number; body: unknown }> = {};

beforeAll(async () => {
  stub = await startStub((url, res) => {
    const hit = routes[url.pathname];
    if (hit) json(res, hit.body, hit.status);
    else json(res, { customCode: "not_found", message: "Contract not found", errorId: "x" }, 404);
  });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  routes = {};
});

describe("lookupContract", () => {
  it("asks v2 for the ABI, the contract name and the proxy resolution, chain id in decimal", async () => {
    routes[`/server/v2/contract/56/${IMPL.toLowerCase()}`] = {
      status: 200,
      body: {
        match: "exact_match",
        creationMatch: "exact_match",
        runtimeMatch: "exact_match",
        chainId: "56",
        address: IMPL,
        abi: counterAbi,
        compilation: { name: "CounterV1" },
        proxyResolution: { isProxy: false, proxyType: null, implementations: [] },
      },
    };
    const got = await lookupContract(`${stub.origin}/server/`, 56, IMPL);
    expect(stub.requests.map((r) => r.url)).toEqual([
      `/server/v2/contract/56/${IMPL.toLowerCase()}?fields=abi,compilation.name,proxyResolution`,
    ]);
    expect(got).toMatchObject({
      chainId: 56,
      address: IMPL.toLowerCase(),
      name: "CounterV1",
      match: "exact_match",
      proxy: null,
    });
    expect(got?.abi.map((i) => i.type)).toEqual(["function", "event", "error", "constructor"]);
  });

  it("reads a proxy's implementations, lower-cased, with their names", async () => {
    routes[`/v2/contract/1/${PROXY.toLowerCase()}`] = {
      status: 200,
      body: {
        match: "match",
        abi: [
          {
            type: "event",
            name: "Upgraded",
            inputs: [{ name: "implementation", type: "address", indexed: true }],
          },
        ],
        compilation: { name: "ERC1967Proxy" },
        proxyResolution: {
          isProxy: true,
          proxyType: "EIP1967Proxy",
          implementations: [{ address: IMPL, name: "CounterV1" }, { address: "garbage" }],
        },
      },
    };
    const got = await lookupContract(stub.origin, 1, PROXY);
    expect(got?.name).toBe("ERC1967Proxy");
    expect(got?.proxy).toEqual({
      type: "EIP1967Proxy",
      implementations: [{ address: IMPL.toLowerCase(), name: "CounterV1" }],
    });
  });

  it("answers null for a contract Sourcify has not verified (404) or a chain it does not support", async () => {
    await expect(lookupContract(stub.origin, 1, PROXY)).resolves.toBeNull();
    routes[`/v2/contract/31337/${PROXY.toLowerCase()}`] = {
      status: 400,
      body: { customCode: "unsupported_chain", message: "Chain 31337 is not supported" },
    };
    await expect(lookupContract(stub.origin, 31337, PROXY)).resolves.toBeNull();
  });

  it("rejects other failures with a DecodingServiceError", async () => {
    routes[`/v2/contract/1/${PROXY.toLowerCase()}`] = {
      status: 502,
      body: { error: "bad gateway" },
    };
    const err = await lookupContract(stub.origin, 1, PROXY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodingServiceError);
    expect((err as Error).message).toMatch(/HTTP 502/);
  });

  it("keeps a verified contract whose ABI Sourcify sends as null, with no items", async () => {
    routes[`/v2/contract/1/${PROXY.toLowerCase()}`] = {
      status: 200,
      body: { match: "match", abi: null },
    };
    const got = await lookupContract(stub.origin, 1, PROXY);
    expect(got).toMatchObject({ abi: [], name: null, proxy: null });
  });

  it("builds the URL without a trailing slash doubling and only with chain id and address", () => {
    expect(contractUrl("https://sourcify.dev/server//", 137, PROXY)).toBe(
      `https://sourcify.dev/server/v2/contract/137/${PROXY.toLowerCase()}?fields=abi,compilation.name,proxyResolution`,
    );
  });
});

describe("usableAbi", () => {
  it("drops the items it cannot use and keeps the rest, filling what viem expects", () => {
    const abi = usableAbi([
      ...counterAbi,
      { type: "function", name: "bad", inputs: [{ name: "x", type: "uint7" }] },
      { type: "function", name: "tupleless", inputs: [{ name: "x", type: "tuple" }] },
      { type: "event", name: "1nvalid", inputs: [] },
      { type: "mystery", name: "m" },
      "not an object",
      {
        type: "function",
        name: "swap",
        inputs: [
          {
            name: null,
            type: "tuple[]",
            components: [
              { name: "pool", type: "address" },
              { name: "amount", type: "uint128" },
            ],
          },
        ],
      },
    ]);
    expect(abi.map((i) => ("name" in i ? i.name : i.type))).toEqual([
      "increment",
      "Incremented",
      "TooBig",
      "constructor",
      "swap",
    ]);
    const swap = abi[4];
    expect(swap).toMatchObject({
      type: "function",
      outputs: [],
      stateMutability: "nonpayable",
      inputs: [{ name: "", type: "tuple[]" }],
    });
  });

  it("answers [] for anything that is not a list", () => {
    expect(usableAbi({ abi: [] })).toEqual([]);
    expect(usableAbi(null)).toEqual([]);
  });
});
