// The signature database and Sourcify stand-ins, over real HTTP against the devnet the unit tests
// share (what they read of its request log is their own: TEST_HEADER).
import {
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  parseAbi,
  parseAbiItem,
  toEventSelector,
  toFunctionSelector,
} from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { BUILTIN_SIGNATURES } from "../src/chain/signatures.ts";
import { compileContracts } from "./compile.mjs";
import { TEST_HEADER } from "./gateway.mjs";
import { API_KEY } from "./index.mjs";
import { EIP1967_IMPLEMENTATION_SLOT, MAX_SLOW_MS, serviceRoute } from "./services.mjs";
import { sharedDevnet } from "./sharedDevnet.ts";

/** @type {import("./sharedDevnet.ts").SharedDevnet} */
let devnet;
/** @type {import("./index.mjs").Manifest} */
let manifest;
/** @type {import("./index.mjs").Manifest["decoding"]} */
let d;
let G = "";
const { artifacts } = compileContracts();
/** @param {string} name */
const abiOf = (name) => {
  const a = artifacts[name];
  if (!a) throw new Error(`no artifact ${name}`);
  return a.abi;
};

beforeAll(async () => {
  devnet = await sharedDevnet();
  manifest = devnet.manifest;
  d = manifest.decoding;
  G = devnet.gatewayUrl;
}, 120_000);

/** @param {string} url @param {RequestInit} [init] */
const get = (url, init = {}) => fetch(url, { signal: AbortSignal.timeout(30_000), ...init });
/** @param {string} query */
const lookup = async (query) => {
  const res = await get(`${d.sigdb}/signature-database/v1/lookup?${query}`);
  return { status: res.status, body: await res.json() };
};
/** @param {string} address @param {string} [query] @param {string} [chainId] */
const contract = async (address, query = "", chainId = "31337") => {
  const res = await get(
    `${d.sourcify}/v2/contract/${chainId}/${address}${query ? `?${query}` : ""}`,
  );
  return { status: res.status, body: await res.json() };
};
/** @param {string} method @param {unknown[]} params @param {Record<string, string>} [headers] */
const rpc = async (method, params, headers = {}) => {
  const res = await fetch(`${G}/bsc-mainnet/v1/${API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await res.json()).result;
};
/** The function/event/error signatures of an ABI, as `name(types)` with their hashes. @param {import("viem").Abi} abi */
const hashesOf = (abi) =>
  abi.flatMap((item) =>
    item.type === "function"
      ? [toFunctionSelector(item)]
      : item.type === "event"
        ? [toEventSelector(item)]
        : [],
  );

describe("the decoding scenario", () => {
  it("is in the manifest, with the services' base URLs, and its contracts carry no ABI there", () => {
    expect(d.sigdb).toBe(`${G}/sigdb`);
    expect(d.sourcify).toBe(`${G}/sourcify`);
    expect(d.chainId).toBe(31337);
    const addresses = [
      d.vault,
      d.router,
      d.proxy,
      d.implementation,
      d.mystery,
      d.collision.address,
    ];
    for (const a of addresses) expect(a).toBe(getAddress(a));
    expect(new Set(addresses).size).toBe(addresses.length);
    const listed = Object.values(manifest.contracts).map((c) => c.address.toLowerCase());
    for (const a of addresses) expect(listed).not.toContain(a.toLowerCase());
    for (const id of [
      "decoding",
      "decodingVault",
      "decodingProxy",
      "decodingMystery",
      "decodingCollision",
    ])
      expect(manifest.transactions[id]?.status, id).toBe("success");
  });

  it("no function or event of the new contracts is in the app's built-in set", () => {
    const builtin = new Set(
      BUILTIN_SIGNATURES.flatMap((g) =>
        hashesOf(parseAbi(/** @type {string[]} */ ([...g.signatures]))),
      ),
    );
    // (Proxy has neither: a constructor and a fallback)
    for (const name of ["Vault", "Router", "CounterV1", "Mystery", "EpochRegistry"]) {
      const hashes = hashesOf(abiOf(name));
      expect(hashes.length, name).toBeGreaterThan(0);
      for (const h of hashes) expect(builtin.has(h), `${name} ${h}`).toBe(false);
    }
    for (const sig of [d.collision.signature, d.collision.other])
      expect(builtin.has(toFunctionSelector(sig)), sig).toBe(false);
  });

  it("one trace goes Router → Vault, Proxy ⇒ CounterV1 (delegatecall), Mystery and the collision, with their logs", async () => {
    const hash = manifest.transactions.decoding?.hash;
    const trace = await rpc("debug_jstraceTransaction", [
      hash,
      { tracer: "callTracer", tracerConfig: { withLog: true } },
    ]);
    expect(trace.to).toBe(d.router.toLowerCase());
    const calls =
      /** @type {{ type: string, to: string, input: string, calls?: { type: string, to: string, logs?: unknown[] }[], logs?: unknown[] }[]} */ (
        trace.calls
      );
    expect(calls.map((c) => [c.type, getAddress(c.to)])).toEqual([
      ["CALL", d.vault],
      ["CALL", d.proxy],
      ["CALL", d.mystery],
      ["CALL", d.collision.address],
    ]);
    expect(calls[1]?.calls?.map((c) => [c.type, getAddress(c.to)])).toEqual([
      ["DELEGATECALL", d.implementation],
    ]);
    expect(calls[1]?.calls?.[0]?.logs).toHaveLength(1);
    expect(calls[0]?.logs).toHaveLength(1);
    expect(calls[2]?.logs).toHaveLength(1);
    expect(calls[3]?.logs).toHaveLength(1);
    expect(trace.logs).toHaveLength(1);
    expect(calls[3]?.input.slice(0, 10)).toBe(d.collision.selector);
  });

  it("the proxy keeps its implementation at the EIP-1967 slot, readable through eth_getStorageAt", async () => {
    const slot = await rpc("eth_getStorageAt", [d.proxy, EIP1967_IMPLEMENTATION_SLOT, "latest"]);
    expect(getAddress(`0x${slot.slice(-40)}`)).toBe(d.implementation);
  });
});

describe("the event-layout scenario (Tally)", () => {
  it("emits Entry with amount after the array and the struct; both services know it", async () => {
    const t = manifest.tally;
    expect(t.entries.map((e) => e.amount)).toEqual(expect.arrayContaining(["700021", "31337000"]));
    expect(t.entries.some((e) => e.note.includes(" "))).toBe(true);
    const res = await fetch(devnet.anvilUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_getLogs",
        params: [{ address: t.address, fromBlock: "0x0", toBlock: "latest" }],
      }),
    });
    /** @type {{ data: string }[]} */
    const logs = (await res.json()).result;
    expect(logs).toHaveLength(t.entries.length);
    // data: pair[0], pair[1], spot.at, spot.level, then amount (word 4), then the note's offset
    const words = (/** @type {{ data: string }} */ l) => l.data.slice(2).match(/.{64}/g) ?? [];
    expect(logs.map((l) => BigInt(`0x${words(l)[4]}`).toString())).toEqual(
      t.entries.map((e) => e.amount),
    );
    const entry = "Entry(address,uint256[2],(address,uint64),uint256,string)";
    const topic0 = toEventSelector(entry);
    expect((await lookup(`event=${topic0}`)).body.result.event[topic0]).toEqual([
      { name: entry, filtered: false },
    ]);
    const verified = await contract(t.address, "fields=abi");
    expect(verified.status).toBe(200);
    const ev = verified.body.abi.find((/** @type {{ name?: string }} */ x) => x.name === "Entry");
    expect(ev.inputs.map((/** @type {{ name: string }} */ i) => i.name)).toEqual([
      "who",
      "pair",
      "spot",
      "amount",
      "note",
    ]);
  });
});

describe("signature database (/sigdb)", () => {
  it("answers functions, events and errors of the compiled contracts, unknown ones as null", async () => {
    const deposit = toFunctionSelector("depositFor(address,uint256,bytes32)");
    const route = toFunctionSelector("routeAll(address,uint256,bytes32,bytes)");
    const deposited = toEventSelector("Deposited(address,uint256,bytes32)");
    const routed = toEventSelector("Routed(address,address,uint256,uint256)");
    const mystery = toFunctionSelector("zq7Frobnicate(uint256,address,bytes)");
    const unknownTopic = `0x${"ab".repeat(32)}`;
    const { status, body } = await lookup(
      `function=${deposit},${route.toUpperCase().replace("0X", "0x")},${mystery}&event=${deposited},${routed},${unknownTopic}&filter=true`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      result: {
        function: {
          [deposit]: [{ name: "depositFor(address,uint256,bytes32)", filtered: false }],
          [route]: [{ name: "routeAll(address,uint256,bytes32,bytes)", filtered: false }],
          [mystery]: null,
        },
        event: {
          [deposited]: [{ name: "Deposited(address,uint256,bytes32)", filtered: false }],
          [routed]: [{ name: "Routed(address,address,uint256,uint256)", filtered: false }],
          [unknownTopic]: null,
        },
      },
    });
    // the existing contracts too: a custom error, in both tables
    const insufficient = toFunctionSelector("InsufficientBalance(uint256,uint256)");
    const errors = await lookup(`error=${insufficient}&function=${insufficient}`);
    expect(errors.body.result.error[insufficient]).toEqual([
      { name: "InsufficientBalance(uint256,uint256)", filtered: false },
    ]);
    expect(errors.body.result.function[insufficient]).toEqual(
      errors.body.result.error[insufficient],
    );
    expect(errors.body.result.event).toEqual({});
    const bumped = toEventSelector("Bumped(address,uint256,uint256)");
    expect((await lookup(`event=${bumped}`)).body.result.event[bumped]).toHaveLength(1);
  });

  it("lists both signatures of the collision; only the real one decodes the calldata cleanly", async () => {
    const { body } = await lookup(`function=${d.collision.selector}`);
    const names = body.result.function[d.collision.selector].map(
      (/** @type {{ name: string }} */ e) => e.name,
    );
    expect(names).toHaveLength(2);
    expect(names).toEqual(expect.arrayContaining([d.collision.signature, d.collision.other]));
    for (const n of names) expect(toFunctionSelector(n)).toBe(d.collision.selector);

    const tx = await rpc("eth_getTransactionByHash", [
      manifest.transactions.decodingCollision?.hash,
    ]);
    const data = /** @type {`0x${string}`} */ (tx.input);
    /** @param {string} signature */
    const reencodes = (signature) => {
      const abi = [parseAbiItem(`function ${signature}`)];
      const { args } = decodeFunctionData({ abi, data });
      return encodeFunctionData({ abi, args }) === data;
    };
    expect(reencodes(d.collision.signature)).toBe(true);
    // the other one reads the same bytes without an error, into different arguments
    expect(reencodes(d.collision.other)).toBe(false);
  });

  it("refuses malformed hashes with 400 {ok:false}, and unknown paths with 404", async () => {
    for (const q of [
      "function=0x1234",
      "event=0xa9059cbb",
      "function=a9059cbb",
      "error=0xzzzzzzzz",
    ]) {
      const { status, body } = await lookup(q);
      expect(status, q).toBe(400);
      expect(body.ok).toBe(false);
      expect(typeof body.error).toBe("string");
    }
    const res = await get(`${d.sigdb}/signature-database/v1/search?query=transfer`);
    expect(res.status).toBe(404);
    expect((await res.json()).ok).toBe(false);
  });
});

describe("Sourcify v2 (/sourcify)", () => {
  it("without fields: the minimal answer, no ABI", async () => {
    const { status, body } = await contract(d.vault.toLowerCase());
    expect(status).toBe(200);
    expect(body).toEqual({
      match: "exact_match",
      creationMatch: "exact_match",
      runtimeMatch: "exact_match",
      chainId: "31337",
      address: d.vault,
      verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      matchId: expect.stringMatching(/^\d+$/),
    });
  });

  it("Vault: the full ABI with argument names, and its compilation", async () => {
    const { body } = await contract(d.vault, "fields=abi,compilation,proxyResolution");
    expect(body.abi).toEqual(abiOf("Vault"));
    const depositFor = body.abi.find(
      (/** @type {{ name?: string }} */ i) => i.name === "depositFor",
    );
    expect(depositFor.inputs.map((/** @type {{ name: string }} */ i) => i.name)).toEqual([
      "beneficiary",
      "amount",
      "memo",
    ]);
    expect(body.compilation).toEqual({
      language: "Solidity",
      compiler: "solc",
      compilerVersion: expect.stringMatching(/^0\.8\.\d+\+commit\.[0-9a-f]{8}$/),
      compilerSettings: expect.any(Object),
      name: "Vault",
      fullyQualifiedName: "contracts/Decoding.sol:Vault",
    });
    expect(body.proxyResolution).toEqual({ isProxy: false, proxyType: null, implementations: [] });
  });

  it("the proxy: its own ABI (no bump) and its implementation, CounterV1, verified too", async () => {
    const { body } = await contract(d.proxy, "fields=abi,proxyResolution");
    expect(body.abi.map((/** @type {{ type: string }} */ i) => i.type).sort()).toEqual([
      "constructor",
      "fallback",
    ]);
    expect(body.proxyResolution).toEqual({
      isProxy: true,
      proxyType: "EIP1967Proxy",
      implementations: [{ address: d.implementation, name: "CounterV1" }],
    });
    const impl = await contract(d.implementation, "fields=abi,compilation.name");
    expect(impl.status).toBe(200);
    expect(impl.body.compilation).toEqual({ name: "CounterV1" });
    expect(impl.body.abi.some((/** @type {{ name?: string }} */ i) => i.name === "bump")).toBe(
      true,
    );
  });

  it("fields=all gives every field it serves; omit leaves some out", async () => {
    const all = (await contract(d.vault, "fields=all")).body;
    for (const f of ["abi", "compilation", "proxyResolution", "signatures"])
      expect(all[f], f).toBeDefined();
    expect(all.signatures.function).toContainEqual({
      signature: "depositFor(address,uint256,bytes32)",
      signatureHash32: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      signatureHash4: toFunctionSelector("depositFor(address,uint256,bytes32)"),
    });
    const omitted = (await contract(d.vault, "omit=abi,signatures,compilation.compilerSettings"))
      .body;
    expect(omitted.abi).toBeUndefined();
    expect(omitted.signatures).toBeUndefined();
    expect(omitted.compilation.name).toBe("Vault");
    expect(omitted.compilation.compilerSettings).toBeUndefined();
    expect(omitted.proxyResolution).toBeDefined();
  });

  it("serves sources, ids, storage layout and the runtime source map from the compiler's output", async () => {
    const storage = /** @type {{ implementation: string, checker: string }} */ (manifest.storage);
    const fields =
      "sources,sourceIds,storageLayout,runtimeBytecode.sourceMap,runtimeBytecode.immutableReferences,runtimeBytecode.onchainBytecode,compilation.name";
    const impl = await contract(storage.implementation, `fields=${fields}`);
    expect(impl.status).toBe(200);
    // Ledger.sol imports LedgerChecker.sol: both files, with the ids the source map uses
    expect(Object.keys(impl.body.sources).sort()).toEqual(["Ledger.sol", "LedgerChecker.sol"]);
    const ledger = artifacts.LedgerV1;
    expect(impl.body.runtimeBytecode.sourceMap).toBe(ledger?.sourceMap);
    expect(
      impl.body.storageLayout.storage.map((/** @type {{ label: string }} */ v) => v.label),
    ).toContain("grants");
    const { sources } = compileContracts();
    expect(impl.body.sourceIds["Ledger.sol"].id).toBe(sources["Ledger.sol"]?.id);
    expect(impl.body.runtimeBytecode.onchainBytecode).toMatch(/^0x[0-9a-f]+$/);
    const checker = await contract(storage.checker, `fields=${fields}`);
    expect(Object.keys(checker.body.runtimeBytecode.immutableReferences)).toHaveLength(1);
    expect(checker.body.compilation).toEqual({ name: "LedgerChecker" });
    // the creation bytecode and its own source map (the constructor's), as compiled
    const creation = await contract(
      storage.implementation,
      "fields=creationBytecode.sourceMap,creationBytecode.recompiledBytecode",
    );
    expect(creation.body.creationBytecode).toEqual({
      sourceMap: ledger?.creationSourceMap,
      recompiledBytecode: ledger?.bytecode,
    });
    expect(creation.body.creationBytecode.sourceMap).not.toBe(ledger?.sourceMap);
  });

  it("the existing contracts are verified with their name and ABI", async () => {
    for (const [key, name] of [
      ["NodescopeToken", "NodescopeToken"],
      ["Scenarios", "Scenarios"],
      ["CreatedChild", "Child"],
      ["Insight", "Insight"],
    ]) {
      const c = manifest.contracts[key];
      if (!c) throw new Error(`no ${key} in the manifest`);
      const { status, body } = await contract(c.address, "fields=abi,compilation");
      expect(status, key).toBe(200);
      expect(body.compilation.name).toBe(name);
      expect(body.abi).toEqual(c.abi);
    }
  });

  it("not verified (Router, Mystery, the collision) → 404 with match null", async () => {
    for (const address of [d.router, d.mystery, d.collision.address]) {
      const { status, body } = await contract(address, "fields=abi,proxyResolution");
      expect(status).toBe(404);
      expect(body).toEqual({
        match: null,
        creationMatch: null,
        runtimeMatch: null,
        chainId: "31337",
        address,
      });
    }
  });

  it("another chain → 404; a malformed address, bad fields → 400 with customCode", async () => {
    const other = await contract(d.vault, "fields=abi", "1");
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({
      customCode: "unsupported_chain",
      errorId: expect.any(String),
    });
    const badChecksum = d.vault.replace(/[a-f]/, (c) => c.toUpperCase());
    for (const [address, query] of [
      ["0x1234", ""],
      ["not-an-address", "fields=abi"],
      [badChecksum === d.vault ? "0xZZ" : badChecksum, ""],
      [d.vault, "fields=abi&omit=abi"],
      [d.vault, "fields=all,abi"],
      [d.vault, "fields=nonsense"],
      [d.vault, "fields=compilation.name.more"],
    ]) {
      const { status, body } = await contract(/** @type {string} */ (address), query);
      expect(status, `${address}?${query}`).toBe(400);
      expect(body).toEqual({
        customCode: "invalid_parameter",
        message: expect.any(String),
        errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    const route = await get(`${d.sourcify}/v2/contracts/31337`);
    expect(route.status).toBe(404);
    expect((await route.json()).customCode).toBe("route_not_found");
  });
});

describe("faults, CORS and the request log", () => {
  it("-down answers 503, -garbage 200 with a body that is not JSON", async () => {
    const q = `function=${d.collision.selector}`;
    for (const url of [
      `${G}/sigdb-down/signature-database/v1/lookup?${q}`,
      `${G}/sourcify-down/v2/contract/31337/${d.vault}?fields=abi`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(503);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    const res = await get(`${G}/sigdb-garbage/signature-database/v1/lookup?${q}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    const garbled = await get(`${G}/sourcify-garbage/v2/contract/31337/${d.vault}`);
    expect(garbled.status).toBe(200);
    const garbledText = await garbled.text();
    expect(() => JSON.parse(garbledText)).toThrow();
  });

  it("-slow-<ms> answers correctly after the delay (capped at 60 s)", async () => {
    const t0 = Date.now();
    const res = await get(
      `${G}/sigdb-slow-300/signature-database/v1/lookup?function=${d.collision.selector}`,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect((await res.json()).result.function[d.collision.selector]).toHaveLength(2);
    const t1 = Date.now();
    const s = await get(
      `${G}/sourcify-slow-300/v2/contract/31337/${d.vault}?fields=compilation.name`,
    );
    expect(Date.now() - t1).toBeGreaterThanOrEqual(280);
    expect((await s.json()).compilation).toEqual({ name: "Vault" });
    expect(serviceRoute("/sigdb-slow-9999999/signature-database/v1/lookup")?.slowMs).toBe(
      MAX_SLOW_MS,
    );
    expect(serviceRoute("/sourcify/v2/contract/1/0x")).toEqual({
      service: "sourcify",
      fault: null,
      slowMs: 0,
      rest: "/v2/contract/1/0x",
    });
    expect(serviceRoute("/sigdbx/signature-database/v1/lookup")).toBeNull();
  });

  it("answers CORS preflights and GETs from another origin", async () => {
    const pre = await get(`${d.sigdb}/signature-database/v1/lookup?function=0xa9059cbb`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "GET" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-methods")).toContain("GET");
    const res = await get(`${d.sourcify}/v2/contract/31337/${d.vault}`, {
      headers: { origin: "http://127.0.0.1:5173" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("logs every service request with its service, path, query and fault", async () => {
    // this test's own log: other files send requests to the same gateway meanwhile
    const test = `services-${process.pid}-${Date.now()}`;
    const headers = { [TEST_HEADER]: test };
    await get(`${d.sigdb}/signature-database/v1/lookup?function=0xa9059cbb`, { headers });
    expect((await get(`${G}/__log?test=${test}`, { method: "DELETE" })).status).toBe(200);
    await get(`${d.sigdb}/signature-database/v1/lookup?function=0xa9059cbb&filter=true`, {
      headers,
    });
    await get(`${G}/sourcify-down/v2/contract/31337/${d.vault}?fields=abi,proxyResolution`, {
      headers,
    });
    await get(`${d.sigdb}/signature-database/v1/lookup`, { method: "POST", headers });
    await rpc("eth_chainId", [], headers);
    const log = await (await get(`${G}/__log?test=${test}`)).json();
    expect(log.slice(0, 3)).toEqual([
      {
        time: expect.any(String),
        service: "sigdb",
        path: "/sigdb/signature-database/v1/lookup",
        query: "function=0xa9059cbb&filter=true",
      },
      {
        time: expect.any(String),
        service: "sourcify",
        path: `/sourcify-down/v2/contract/31337/${d.vault}`,
        query: "fields=abi,proxyResolution",
        fault: "down",
      },
      {
        time: expect.any(String),
        service: "sigdb",
        path: "/sigdb/signature-database/v1/lookup",
        query: "",
      },
    ]);
    expect(log).toHaveLength(4);
    expect(log[3]).toMatchObject({ method: "eth_chainId" });
    expect(log[3].service).toBeUndefined();
  });
});
