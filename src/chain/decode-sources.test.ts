import { beforeAll, describe, expect, it } from "vitest";
import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  encodeFunctionData,
  parseAbi,
  toEventSelector,
  toFunctionSelector,
  type Abi,
  type Hex,
} from "viem";
import { decodeCalldata, decodeLog } from "./decode";
import { decodeRevert } from "./revert";
import { AbiRegistry } from "./registry";
import { withSources } from "./sourcedRegistry";
import { loadGuesser } from "./sources/guess";
import { emptySources, type DecodingSources, type VerifiedContract } from "./sources/types";

const PROXY: Hex = `0x${"aa".repeat(20)}`;
const IMPL: Hex = `0x${"bb".repeat(20)}`;
const OTHER: Hex = `0x${"cc".repeat(20)}`;
const ALICE = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

function sources(over: Partial<DecodingSources>): DecodingSources {
  return { ...emptySources(), ...over };
}
function contract(
  address: string,
  abi: Abi,
  over: Partial<VerifiedContract> = {},
): VerifiedContract {
  return { chainId: 1, address, name: null, abi, match: "exact_match", proxy: null, ...over };
}

// A real collision: both hash to 0x42966c68.
const BURN = "burn(uint256)";
const COLLATE = "collate_propagate_storage(bytes16)";
const COLLISION = "0x42966c68";

describe("a collision pair", () => {
  it("really shares a selector", () => {
    expect(toFunctionSelector(BURN)).toBe(COLLISION);
    expect(toFunctionSelector(COLLATE)).toBe(COLLISION);
  });

  const bare = new AbiRegistry({ builtins: false });

  it("prefers the candidate that decodes cleanly over the database's order", () => {
    const reg = withSources(bare, sources({ functions: { [COLLISION]: [COLLATE, BURN] } }));
    // burn(1): as bytes16 the word's low bytes would be dropped, so only uint256 round-trips
    const data = encodeFunctionData({ abi: parseAbi([`function ${BURN}`]), args: [1n] });
    const d = decodeCalldata(data, reg);
    expect(d).toMatchObject({ signature: BURN, origin: "database", candidates: 2 });
    expect(d.args?.[0]?.value).toBe("1");
    expect(d.alternatives?.map((a) => a.signature)).toEqual([COLLATE]);
  });

  it("keeps the database's order when both decode cleanly", () => {
    const reg = withSources(bare, sources({ functions: { [COLLISION]: [BURN, COLLATE] } }));
    const data = encodeFunctionData({
      abi: parseAbi([`function ${COLLATE}`]),
      args: ["0x0102030405060708090a0b0c0d0e0f10"],
    });
    // any 32-byte word is a clean uint256 too: a tie, so the database's first wins
    expect(decodeCalldata(data, reg)).toMatchObject({ signature: BURN, candidates: 2 });
    const swapped = withSources(bare, sources({ functions: { [COLLISION]: [COLLATE, BURN] } }));
    const d = decodeCalldata(data, swapped);
    expect(d.signature).toBe(COLLATE);
    expect(d.args?.[0]?.value).toBe("0x0102030405060708090a0b0c0d0e0f10");
    expect(d.alternatives?.[0]?.signature).toBe(BURN);
  });

  it("counts a signature the built-ins already hold once", () => {
    const reg = withSources(
      new AbiRegistry(),
      sources({ functions: { [COLLISION]: [BURN, COLLATE] } }),
    );
    const candidates = reg.lookupFunctions(COLLISION);
    expect(candidates.map((c) => [c.signature, c.source])).toEqual([
      [BURN, "ERC-20"],
      [COLLATE, "database"],
    ]);
  });
});

describe("verified ABIs", () => {
  const incrementAbi = parseAbi([
    "function increment(uint256 by)",
    "event Incremented(address indexed who, uint256 by)",
    "error TooBig(uint256 limit)",
  ]);
  const proxyAbi = parseAbi(["event Upgraded(address indexed implementation)"]);
  const layered = withSources(
    new AbiRegistry(),
    sources({
      functions: { [toFunctionSelector("increment(uint256)")]: ["increment(uint256)"] },
      contracts: {
        [PROXY]: contract(PROXY, proxyAbi, {
          name: "ERC1967Proxy",
          proxy: { type: "EIP1967Proxy", implementations: [{ address: IMPL, name: "CounterV1" }] },
        }),
        [IMPL]: contract(IMPL, incrementAbi, { name: "CounterV1" }),
        [OTHER]: null,
      },
    }),
  );
  const call = encodeFunctionData({ abi: incrementAbi, functionName: "increment", args: [7n] });

  it("decodes a call to the contract with its verified ABI first, argument names included", () => {
    const d = decodeCalldata(call, layered, { to: IMPL.toUpperCase().replace("0X", "0x") });
    expect(d).toMatchObject({ name: "increment", origin: "verified", source: "verified" });
    expect(d.args).toEqual([{ name: "by", type: "uint256", value: "7", shown: "7", raw: 7n }]);
    // to another address the same selector is only the database's guess, without names
    const elsewhere = decodeCalldata(call, layered, { to: OTHER });
    expect(elsewhere).toMatchObject({ origin: "database", candidates: 1 });
    expect(elsewhere.args?.[0]?.name).toBe("");
  });

  it("decodes a proxy's calls and logs with its implementation's ABI", () => {
    expect(decodeCalldata(call, layered, { to: PROXY })).toMatchObject({
      name: "increment",
      origin: "verified",
    });
    const topics = encodeEventTopics({
      abi: incrementAbi,
      eventName: "Incremented",
      args: { who: ALICE },
    }) as Hex[];
    const log = {
      address: PROXY,
      topics,
      data: encodeAbiParameters([{ type: "uint256" }], [3n]),
    };
    const d = decodeLog(log, layered);
    expect(d).toMatchObject({ name: "Incremented", origin: "verified", candidates: 1 });
    expect(d.args?.map((a) => [a.name, a.value, a.indexed])).toEqual([
      ["who", ALICE, true],
      ["by", "3", false],
    ]);
    // the proxy's own events too
    const upgraded = decodeLog(
      {
        address: PROXY,
        topics: encodeEventTopics({
          abi: proxyAbi,
          eventName: "Upgraded",
          args: { implementation: IMPL },
        }) as Hex[],
        data: "0x",
      },
      layered,
    );
    expect(upgraded).toMatchObject({ name: "Upgraded", origin: "verified" });
  });

  it("decodes a verified custom error", () => {
    const data = encodeErrorResult({ abi: incrementAbi, errorName: "TooBig", args: [10n] });
    expect(decodeRevert(data, layered, { to: PROXY })).toMatchObject({
      kind: "custom",
      name: "TooBig",
      origin: "verified",
      args: [{ name: "limit", value: "10" }],
    });
    expect(decodeRevert(data, layered).kind).toBe("unknown");
  });

  it("names verified contracts and hands the proxy's details to the UI", () => {
    expect(layered.contractName(IMPL)).toBe("CounterV1");
    expect(layered.contractName(PROXY)).toBe("ERC1967Proxy");
    expect(layered.verified(PROXY)?.proxy?.implementations[0]?.name).toBe("CounterV1");
    expect(layered.contractName(OTHER)).toBeNull();
    expect(new AbiRegistry().contractName(IMPL)).toBeNull();
  });
});

describe("proxies read from the chain", () => {
  it("decode calls to an unverified proxy with its implementation's verified ABI", () => {
    const abi = parseAbi(["function increment(uint256 by)"]);
    const reg = withSources(
      new AbiRegistry(),
      sources({
        contracts: { [PROXY]: null, [IMPL]: contract(IMPL, abi, { name: "CounterV1" }) },
        proxies: { [PROXY]: { type: "eip1967", implementation: IMPL, beacon: null } },
      }),
    );
    const call = encodeFunctionData({ abi, functionName: "increment", args: [2n] });
    expect(decodeCalldata(call, reg, { to: PROXY })).toMatchObject({
      name: "increment",
      origin: "verified",
      args: [{ name: "by", value: "2" }],
    });
    expect(reg.verified(PROXY)).toBeNull();
    expect(reg.detectedProxy(PROXY)?.implementation).toBe(IMPL);
  });
});

describe("database entries", () => {
  const deposited = "Deposited(address,uint256)";
  const topic = toEventSelector(deposited);
  const insufficient = "Insufficient(uint256,uint256)";
  const errSel = toFunctionSelector(insufficient);
  const base = new AbiRegistry();
  const layered = withSources(
    base,
    sources({ events: { [topic]: [deposited] }, functions: { [errSel]: [insufficient] } }),
  );

  it("decode logs, the first inputs taken as indexed (the database does not say which)", () => {
    const d = decodeLog(
      {
        topics: [topic, `0x${"00".repeat(12)}${ALICE.slice(2).toLowerCase()}`],
        data: encodeAbiParameters([{ type: "uint256" }], [5n]),
      },
      layered,
    );
    expect(d).toMatchObject({ name: "Deposited", origin: "database", source: "database" });
    expect(d.args?.map((a) => [a.type, a.value, a.indexed])).toEqual([
      ["address", ALICE, true],
      ["uint256", "5", false],
    ]);
    // with no indexed topic, both come from data
    const flat = decodeLog(
      {
        topics: [topic],
        data: encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [ALICE, 5n]),
      },
      layered,
    );
    expect(flat.args?.every((a) => !a.indexed)).toBe(true);
  });

  it("decode custom errors from the function namespace", () => {
    const data = `${errSel}${encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [1n, 2n]).slice(2)}`;
    expect(decodeRevert(data, layered)).toMatchObject({
      kind: "custom",
      name: "Insufficient",
      origin: "database",
      args: [{ value: "1" }, { value: "2" }],
    });
  });

  it("leave the original registry as it was", () => {
    expect(base.lookupEvents(topic)).toEqual([]);
    expect(layered.lookupEvents(topic)).toHaveLength(1);
    expect(base.lookupErrors(errSel)).toEqual([]);
  });

  it("share the user's ABIs with the original, and move the version with it", () => {
    const fresh = new AbiRegistry();
    const over = withSources(fresh, emptySources());
    expect(over.version).not.toBe(fresh.version);
    const v = over.version;
    fresh.addSignature("function ping(uint256 n)");
    expect(over.version).toBeGreaterThan(v);
    expect(over.lookupFunction(toFunctionSelector("ping(uint256)"))?.source).toBe("user");
    over.addSignature("function pong(uint256 n)");
    expect(fresh.lookupFunction(toFunctionSelector("pong(uint256)"))?.user).toBe(true);
  });

  it("skip signatures that do not parse or do not hash to the key", () => {
    const junk = withSources(
      base,
      sources({
        functions: { [errSel]: ["not a signature", "transfer(address,uint256)", insufficient] },
      }),
    );
    expect(junk.lookupFunctions(errSel).map((e) => e.signature)).toEqual([insufficient]);
  });
});

describe("unknownKeys", () => {
  it("lists the selectors and topics nothing local knows, once each", () => {
    const r = new AbiRegistry();
    const transfer = `0xa9059cbb${"00".repeat(64)}`;
    const unknown = `0xdeadbeef${"11".repeat(32)}`;
    const keys = r.unknownKeys({
      inputs: [
        transfer,
        unknown,
        unknown.toUpperCase().replace("0X", "0x"),
        "0x",
        "0x1234",
        // Error(string) and Panic(uint256) revert data, and a known custom error
        "0x08c379a0",
        "0x4e487b71",
        "0xe450d38c",
      ],
      topics: [
        "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
        `0x${"22".repeat(32)}`,
        `0x${"22".repeat(32)}`,
      ],
    });
    expect(keys).toEqual({ functions: ["0xdeadbeef"], events: [`0x${"22".repeat(32)}`] });
    const answered = withSources(r, sources({ functions: { "0xdeadbeef": [] } }));
    // asked and unknown: still nothing knows it, so it stays in the list (the cache answers it)
    expect(answered.unknownKeys({ inputs: [unknown], topics: [] }).functions).toEqual([
      "0xdeadbeef",
    ]);
  });
});

describe("guessed arguments", () => {
  beforeAll(async () => {
    expect(await loadGuesser()).toBe(true);
  });
  const reg = new AbiRegistry();

  it("guess types for a selector nobody knows, labelled guessed, names empty", () => {
    const data = `0x12345678${encodeAbiParameters(
      [{ type: "uint256" }, { type: "address" }, { type: "string" }],
      [42n, ALICE, "hello"],
    ).slice(2)}` as Hex;
    const d = decodeCalldata(data, reg);
    expect(d.origin).toBe("guessed");
    expect(d.error).toBeUndefined();
    expect(d.args?.map((a) => [a.name, a.type, a.value])).toEqual([
      ["", "uint256", "42"],
      ["", "address", ALICE],
      ["", "string", "hello"],
    ]);
  });

  it("never guess without a whole selector or for data that is not ABI-shaped", () => {
    expect(decodeCalldata("0x123456", reg)).toMatchObject({ selector: null });
    const ragged = decodeCalldata("0x12345678abcd", reg);
    expect(ragged.origin).toBeUndefined();
    expect(ragged.error).toBe("unknown function selector 0x12345678");
  });

  it("leave known selectors to their signatures", () => {
    const data = encodeFunctionData({
      abi: parseAbi(["function transfer(address to, uint256 amount)"]),
      args: [ALICE, 1n],
    });
    expect(decodeCalldata(data, reg)).toMatchObject({
      name: "transfer",
      origin: "builtin",
      candidates: 1,
    });
  });
});
