import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKey, memoryDecodingCache } from "./cache";
import {
  bundleCode,
  codeKindOf,
  parseSourceBundle,
  resolveSourceBundles,
  SOURCE_BUNDLE_FIELDS,
} from "./sourceBundle";
import { json, startStub, type StubServer } from "./stub-server";

const PROXY = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const IMPL = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
const LAYOUT = {
  storage: [{ label: "total", slot: "0", offset: 0, type: "t_uint256" }],
  types: { t_uint256: { encoding: "inplace", label: "uint256", numberOfBytes: "32" } },
};
const implBody = {
  match: "exact_match",
  sources: { "C.sol": { content: "contract C {}" }, "Lib.sol": { content: "library L {}" } },
  sourceIds: { "C.sol": { id: 0 }, "Lib.sol": { id: 1 } },
  storageLayout: LAYOUT,
  runtimeBytecode: { sourceMap: "1:2:0:-:0", onchainBytecode: "0x6080", immutableReferences: {} },
  // the initcode as it ran (constructor arguments after the code) and as compiled
  creationBytecode: {
    sourceMap: "0:20:0:-:0;;",
    onchainBytecode: "0x6080604052" + "00".repeat(32),
    recompiledBytecode: "0x6080604052",
    cborAuxdata: {},
  },
  compilation: { name: "C", compilerVersion: "0.8.37", fullyQualifiedName: "C.sol:C" },
  proxyResolution: { isProxy: false, implementations: [] },
};
const proxyBody = {
  match: "exact_match",
  sources: { "P.sol": { content: "contract P {}" } },
  stdJsonOutput: { sources: { "P.sol": { id: 3 } } },
  storageLayout: { storage: [], types: null },
  runtimeBytecode: { sourceMap: "", onchainBytecode: "0x00" },
  compilation: { name: "P" },
  proxyResolution: { isProxy: true, implementations: [{ address: IMPL, name: "C" }] },
};

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub((url, res) => {
    if (url.pathname.endsWith(IMPL)) json(res, implBody);
    else if (url.pathname.endsWith(PROXY)) json(res, proxyBody);
    else json(res, { match: null }, 404);
  });
});
afterAll(() => stub.close());

describe("Sourcify source bundles", () => {
  it("reads sources with their ids, the layout, the source map and the proxy's implementation", () => {
    const b = parseSourceBundle(implBody, IMPL);
    expect(b?.sources).toEqual([
      { path: "C.sol", id: 0, content: "contract C {}" },
      { path: "Lib.sol", id: 1, content: "library L {}" },
    ]);
    expect(b?.storageLayout?.storage[0]?.label).toBe("total");
    expect(b).toMatchObject({ sourceMap: "1:2:0:-:0", runtimeCode: "0x6080", name: "C" });
    // file ids from stdJsonOutput.sources when sourceIds is absent
    expect(parseSourceBundle(proxyBody, PROXY)).toMatchObject({
      sources: [{ path: "P.sol", id: 3 }],
      implementation: IMPL,
    });
    expect(parseSourceBundle({ match: null }, PROXY)).toBeNull();
  });

  it("keeps the creation code's source map apart from the runtime's, and picks one per frame type", () => {
    const b = parseSourceBundle(implBody, IMPL);
    if (!b) throw new Error("no bundle");
    expect(bundleCode(b, "runtime")).toEqual({ sourceMap: "1:2:0:-:0", code: "0x6080" });
    expect(bundleCode(b, "creation")).toEqual({ sourceMap: "0:20:0:-:0;;", code: "0x6080604052" });
    // only the initcode that ran: that one; no creation map (the proxy's): none
    const onchain = parseSourceBundle(
      { ...implBody, creationBytecode: { sourceMap: "0:1:0", onchainBytecode: "0x60" } },
      IMPL,
    );
    expect(onchain?.creationCode).toBe("0x60");
    const proxy = parseSourceBundle(proxyBody, PROXY);
    expect(proxy && bundleCode(proxy, "creation")).toBeNull();
    expect(["CREATE", "create2", "CALL", "DELEGATECALL", null].map(codeKindOf)).toEqual([
      "creation",
      "creation",
      "runtime",
      "runtime",
      "runtime",
    ]);
    expect(SOURCE_BUNDLE_FIELDS).toContain("creationBytecode.sourceMap");
  });

  it("asks each address once with the fields, follows a proxy, and answers the next time from the cache", async () => {
    const cache = memoryDecodingCache();
    const req = { base: stub.origin, chainId: 31337, addresses: [PROXY, "0x" + "11".repeat(20)] };
    const first = await resolveSourceBundles(req, { cache });
    expect(Object.keys(first.bundles).sort()).toEqual([PROXY, IMPL, "0x" + "11".repeat(20)].sort());
    expect(first.bundles["0x" + "11".repeat(20)]).toBeNull();
    expect(first.failures).toEqual([]);
    const paths = stub.requests.map((r) => r.url);
    expect(paths).toHaveLength(3);
    expect(paths[0]).toContain(`fields=${SOURCE_BUNDLE_FIELDS}`);
    const again = await resolveSourceBundles(req, { cache });
    expect(again.bundles[IMPL]?.name).toBe("C");
    expect(stub.requests).toHaveLength(3);
  });

  it("asks again for a bundle kept before the creation code was part of it", async () => {
    const cache = memoryDecodingCache();
    const req = { base: stub.origin, chainId: 31337, addresses: [IMPL] };
    const fresh = await resolveSourceBundles(req, { cache });
    const asked = stub.requests.length;
    const key = cacheKey("sourcify", stub.origin, `bundle:31337:${IMPL}`);
    const { creationSourceMap: _m, creationCode: _c, ...old } = fresh.bundles[IMPL] ?? {};
    await cache.setMany([[key, { value: old, storedAt: Date.now() }]]);
    const again = await resolveSourceBundles(req, { cache });
    expect(stub.requests.length).toBe(asked + 1);
    expect(again.bundles[IMPL]?.creationSourceMap).toBe("0:20:0:-:0;;");
  });
});
