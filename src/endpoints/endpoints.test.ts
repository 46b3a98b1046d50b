import { describe, expect, it } from "vitest";
import { maskSecret, maskSecrets } from "../rpc";
import {
  DEFAULT_SETTINGS,
  fromStored,
  resolveEndpoint,
  toStored,
  type Connection,
  type MethodName,
} from "./index";

const key = "a1b2c3d4e5f6a7b8c9d0";
const nodereal: Connection = {
  kind: "nodereal",
  apiKey: key,
  rollupNitroSegment: "arbitrum-nitro",
  rollupSegment: "arbitrum",
  traceNetwork: "bsc-mainnet",
};

function urlOf(connection: Connection, method: MethodName): string {
  const r = resolveEndpoint(connection, method);
  if (!r.ok) throw new Error(r.reason);
  return r.endpoint.url;
}

describe("NodeReal preset", () => {
  it("puts each method at the spec's endpoint shape", () => {
    expect(urlOf(nodereal, "eth_estimateGas")).toBe(
      `https://open-platform.nodereal.io/${key}/arbitrum-nitro/`,
    );
    expect(urlOf(nodereal, "eth_getTransactionByBlockHashAndIndex")).toBe(
      `https://open-platform.nodereal.io/${key}/arbitrum-nitro/`,
    );
    expect(urlOf(nodereal, "eth_getLogs")).toBe(
      `https://open-platform.nodereal.io/${key}/arbitrum/`,
    );
    expect(urlOf(nodereal, "debug_jstraceTransaction")).toBe(
      `https://bsc-mainnet.nodereal.io/v1/${key}`,
    );
  });

  it("honours edited segments and other trace networks", () => {
    const edited = { ...nodereal, rollupSegment: "/base/", traceNetwork: "opbnb-testnet" };
    expect(urlOf(edited, "eth_getLogs")).toBe(`https://open-platform.nodereal.io/${key}/base/`);
    expect(urlOf(edited, "debug_jstraceTransaction")).toBe(
      `https://opbnb-testnet.nodereal.io/v1/${key}`,
    );
  });

  it("never shows the key in the masked URL or the cache id", () => {
    for (const m of ["eth_getLogs", "debug_jstraceTransaction", "eth_estimateGas"] as const) {
      const r = resolveEndpoint(nodereal, m);
      if (!r.ok) throw new Error(r.reason);
      expect(r.endpoint.maskedUrl).not.toContain(key);
      expect(r.endpoint.maskedUrl).toContain("••••c9d0");
      expect(r.endpoint.cacheId).not.toContain(key);
    }
  });

  it("refuses a missing key or a bad network with a reason", () => {
    const r = resolveEndpoint({ ...nodereal, apiKey: " " }, "eth_getLogs");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/API key/);
    const n = resolveEndpoint({ ...nodereal, traceNetwork: "bsc" }, "debug_jstraceTransaction");
    expect(n.ok).toBe(false);
  });

  it("gives two keys with the same last four characters different cache ids", () => {
    const a = resolveEndpoint({ ...nodereal, apiKey: "xxxx1234" }, "eth_getLogs");
    const b = resolveEndpoint({ ...nodereal, apiKey: "yyyy1234" }, "eth_getLogs");
    if (!a.ok || !b.ok) throw new Error("unexpected");
    expect(a.endpoint.maskedUrl).toBe(b.endpoint.maskedUrl);
    expect(a.endpoint.cacheId).not.toBe(b.endpoint.cacheId);
  });
});

describe("Custom URL preset", () => {
  it("sends all four methods to one URL and renames only the trace method", () => {
    const c: Connection = {
      kind: "custom",
      url: "http://127.0.0.1:8545",
      traceMethod: "debug_traceTransaction",
    };
    const trace = resolveEndpoint(c, "debug_jstraceTransaction");
    const logs = resolveEndpoint(c, "eth_getLogs");
    if (!trace.ok || !logs.ok) throw new Error("unexpected");
    expect(trace.endpoint.url).toBe("http://127.0.0.1:8545/");
    expect(trace.endpoint.rpcMethod).toBe("debug_traceTransaction");
    expect(logs.endpoint.rpcMethod).toBe("eth_getLogs");
    const js = resolveEndpoint(
      { ...c, traceMethod: "debug_jstraceTransaction" },
      "debug_jstraceTransaction",
    );
    expect(js.ok && js.endpoint.rpcMethod).toBe("debug_jstraceTransaction");
  });

  it("refuses what is not an http(s) URL", () => {
    for (const url of ["", "localhost:8545", "ftp://x", "javascript:alert(1)"]) {
      expect(
        resolveEndpoint(
          { kind: "custom", url, traceMethod: "debug_traceTransaction" },
          "eth_getLogs",
        ).ok,
      ).toBe(false);
    }
  });
});

describe("Local devnet preset", () => {
  it("uses the devnet's URLs, or explains that it is not running", () => {
    const devnet = {
      chainId: 31337,
      apiKey: "nodescope-demo",
      gatewayUrl: "http://127.0.0.1:9000",
      anvilUrl: "http://127.0.0.1:9001",
      endpoints: {
        rollupNitro: "http://127.0.0.1:9000/nodescope-demo/rollup-nitro/",
        rollup: "http://127.0.0.1:9000/nodescope-demo/rollup/",
        trace: "http://127.0.0.1:9000/bsc-mainnet/v1/nodescope-demo",
      },
    };
    expect(urlOf({ kind: "devnet", devnet }, "eth_getLogs")).toBe(devnet.endpoints.rollup);
    expect(urlOf({ kind: "devnet", devnet }, "debug_jstraceTransaction")).toBe(
      devnet.endpoints.trace,
    );
    expect(urlOf({ kind: "devnet", devnet }, "eth_estimateGas")).toBe(devnet.endpoints.rollupNitro);
    const down = resolveEndpoint({ kind: "devnet", devnet: null }, "eth_getLogs");
    expect(down.ok).toBe(false);
    if (!down.ok) expect(down.reason).toMatch(/npm start/);
    if (!down.ok) expect(down.pending).toBeFalsy();
    // While its manifest is on the way, the devnet is looked for, not said to be down.
    const looking = resolveEndpoint({ kind: "devnet", devnet: null, loading: true }, "eth_getLogs");
    expect(looking).toEqual({ ok: false, pending: true, reason: "Looking for the local devnet…" });
  });
});

describe("key masking and storage", () => {
  it("masks as •••• plus the last four characters, everywhere in a text", () => {
    expect(maskSecret(key)).toBe("••••c9d0");
    expect(maskSecrets(`curl https://x/${key}/a -d '${key}'`, [key])).toBe(
      "curl https://x/••••c9d0/a -d '••••c9d0'",
    );
  });

  it("stores the key only when the user opted in", () => {
    const settings = { ...DEFAULT_SETTINGS, kind: "nodereal" as const, apiKey: key };
    expect(JSON.stringify(toStored(settings))).not.toContain(key);
    expect(fromStored(JSON.stringify(toStored(settings))).apiKey).toBe("");
    const remembered = { ...settings, rememberKey: true };
    expect(fromStored(JSON.stringify(toStored(remembered))).apiKey).toBe(key);
  });

  it("falls back to defaults on unreadable storage", () => {
    expect(fromStored("{not json")).toEqual(DEFAULT_SETTINGS);
    expect(fromStored(JSON.stringify({ kind: "bogus" }))).toEqual(DEFAULT_SETTINGS);
  });
});
