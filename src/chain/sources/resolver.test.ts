import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryDecodingCache, NEGATIVE_TTL_MS, POSITIVE_TTL_MS } from "./cache";
import { guesserLoaded } from "./guess";
import { EIP1967_IMPLEMENTATION_SLOT, type ProxyReaders } from "./proxy";
import { DecodingResolver, type ResolveRequest } from "./resolver";
import { json, startStub, type StubServer } from "./stub-server";

const KNOWN_FN = "0x3593564c";
const UNKNOWN_FN = "0xdeadbeef";
const KNOWN_TOPIC = `0x${"11".repeat(32)}`;
const UNKNOWN_TOPIC = `0x${"22".repeat(32)}`;
const PROXY = `0x${"aa".repeat(20)}`;
const IMPL = `0x${"bb".repeat(20)}`;
const PLAIN = `0x${"cc".repeat(20)}`;
const UNVERIFIED = `0x${"dd".repeat(20)}`;

const SIGS: Record<string, string[]> = {
  [KNOWN_FN]: ["execute(bytes,bytes[],uint256)"],
  [KNOWN_TOPIC]: ["Deposited(address,uint256)"],
};
const incrementAbi = [
  {
    type: "function",
    name: "increment",
    inputs: [{ name: "by", type: "uint256" }],
    outputs: [],
    stateMutability: "nonpayable",
  },
];
const CONTRACTS: Record<string, unknown> = {
  [PROXY]: {
    match: "exact_match",
    abi: [],
    compilation: { name: "ERC1967Proxy" },
    proxyResolution: {
      isProxy: true,
      proxyType: "EIP1967Proxy",
      implementations: [{ address: IMPL, name: "CounterV1" }],
    },
  },
  [IMPL]: { match: "exact_match", abi: incrementAbi, compilation: { name: "CounterV1" } },
  [PLAIN]: { match: "match", abi: incrementAbi, compilation: { name: "Plain" } },
};

let stub: StubServer;
/** Set per test to make one of the services fail or hang. */
let mode: { sigdb: "ok" | "fail" | "hang"; sourcify: "ok" | "fail" | "hang" };
let inFlight = 0;
let maxInFlight = 0;

function serve(): void {
  stub.setHandler(async (url, res) => {
    if (url.pathname === "/signature-database/v1/lookup") {
      if (mode.sigdb === "hang") return void stub.held.push(res);
      if (mode.sigdb === "fail") return json(res, { error: "overloaded" }, 503);
      const table = (keys: string | null) =>
        Object.fromEntries(
          (keys?.split(",") ?? []).map((k) => [
            k,
            (SIGS[k] ?? null)?.map((name) => ({ name, filtered: false })) ?? null,
          ]),
        );
      return json(res, {
        ok: true,
        result: {
          function: table(url.searchParams.get("function")),
          event: table(url.searchParams.get("event")),
        },
      });
    }
    const m = /^\/sourcify\/v2\/contract\/(\d+)\/(0x[0-9a-f]{40})$/.exec(url.pathname);
    if (m) {
      if (mode.sourcify === "hang") return void stub.held.push(res);
      if (mode.sourcify === "fail") return json(res, { error: "down" }, 500);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Let the other workers' requests arrive while this one is open.
      await new Promise((r) => setImmediate(r));
      inFlight--;
      const body = CONTRACTS[m[2] ?? ""];
      return body ? json(res, body) : json(res, { customCode: "not_found" }, 404);
    }
    json(res, { error: "no route" }, 404);
  });
}

beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  mode = { sigdb: "ok", sourcify: "ok" };
  inFlight = 0;
  maxInFlight = 0;
  serve();
});

function request(over: Partial<ResolveRequest> = {}): ResolveRequest {
  return {
    bases: { sigdb: stub.origin, sourcify: `${stub.origin}/sourcify` },
    chainId: 31337,
    functions: [KNOWN_FN, UNKNOWN_FN],
    events: [KNOWN_TOPIC, UNKNOWN_TOPIC],
    addresses: [PROXY, PLAIN, UNVERIFIED],
    ...over,
  };
}

const sigdbRequests = () => stub.requests.filter((r) => r.url.startsWith("/signature-database"));
const sourcifyRequests = () => stub.requests.filter((r) => r.url.startsWith("/sourcify"));

describe("DecodingResolver", () => {
  it("asks the database once for everything and Sourcify once per address and implementation", async () => {
    const resolver = new DecodingResolver({ cache: memoryDecodingCache() });
    const got = await resolver.resolve(request());
    expect(sigdbRequests()).toHaveLength(1);
    expect(got.functions).toEqual({ [KNOWN_FN]: SIGS[KNOWN_FN], [UNKNOWN_FN]: [] });
    expect(got.events).toEqual({ [KNOWN_TOPIC]: SIGS[KNOWN_TOPIC], [UNKNOWN_TOPIC]: [] });
    // three addresses, then the proxy's implementation, which was not among them
    expect(sourcifyRequests().map((r) => r.url.split("?")[0])).toEqual(
      expect.arrayContaining([
        `/sourcify/v2/contract/31337/${PROXY}`,
        `/sourcify/v2/contract/31337/${PLAIN}`,
        `/sourcify/v2/contract/31337/${UNVERIFIED}`,
        `/sourcify/v2/contract/31337/${IMPL}`,
      ]),
    );
    expect(sourcifyRequests()).toHaveLength(4);
    expect(got.contracts[PROXY]?.proxy?.implementations).toEqual([
      { address: IMPL, name: "CounterV1" },
    ]);
    expect(got.contracts[IMPL]?.name).toBe("CounterV1");
    expect(got.contracts[UNVERIFIED]).toBeNull();
    expect(got.failures).toEqual([]);
  });

  it("answers a second view from the cache, negatives included, without a single request", async () => {
    const cache = memoryDecodingCache();
    const first = await new DecodingResolver({ cache }).resolve(request());
    const before = stub.requests.length;
    // a new resolver on the same device cache, as after a reload
    const second = await new DecodingResolver({ cache }).resolve(request());
    expect(stub.requests.length).toBe(before);
    expect(second).toEqual(first);
  });

  it("asks again for negatives after a day and for positives after 30 days", async () => {
    const cache = memoryDecodingCache();
    let now = 1_700_000_000_000;
    const resolver = () => new DecodingResolver({ cache, now: () => now });
    await resolver().resolve(request());
    stub.requests.length = 0;

    now += NEGATIVE_TTL_MS - 1;
    await resolver().resolve(request());
    expect(stub.requests).toHaveLength(0);

    now += 2;
    await resolver().resolve(request());
    const asked = sigdbRequests().map((r) => new URL(r.url, stub.origin));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get("function")).toBe(UNKNOWN_FN);
    expect(asked[0]?.searchParams.get("event")).toBe(UNKNOWN_TOPIC);
    expect(sourcifyRequests().map((r) => r.url.split("?")[0])).toEqual([
      `/sourcify/v2/contract/31337/${UNVERIFIED}`,
    ]);

    stub.requests.length = 0;
    now += POSITIVE_TTL_MS;
    await resolver().resolve(request());
    expect(sigdbRequests()).toHaveLength(1);
    expect(sourcifyRequests()).toHaveLength(4);
  });

  it("turns a failing service into a quiet note, keeps the other's answers, and caches no failure", async () => {
    mode.sigdb = "fail";
    const cache = memoryDecodingCache();
    const got = await new DecodingResolver({ cache }).resolve(request());
    expect(got.failures).toEqual([
      { service: "sigdb", message: expect.stringMatching(/answered HTTP 503/) as unknown },
    ]);
    expect(got.functions).toEqual({});
    expect(got.contracts[PLAIN]?.name).toBe("Plain");

    mode = { sigdb: "ok", sourcify: "fail" };
    stub.requests.length = 0;
    const again = await new DecodingResolver({ cache }).resolve(request());
    expect(sigdbRequests()).toHaveLength(1);
    expect(again.functions[KNOWN_FN]).toEqual(SIGS[KNOWN_FN]);
    // Sourcify answers were cached by the first resolve: nothing asked, nothing failed
    expect(sourcifyRequests()).toHaveLength(0);
    expect(again.failures).toEqual([]);
  });

  it("reports Sourcify failures once, counting them", async () => {
    mode.sourcify = "fail";
    const got = await new DecodingResolver({ cache: memoryDecodingCache() }).resolve(request());
    expect(got.failures).toHaveLength(1);
    expect(got.failures[0]?.service).toBe("sourcify");
    expect(got.failures[0]?.message).toMatch(/HTTP 500 \(3 of the contract lookups failed\)/);
    expect(got.contracts).toEqual({});
  });

  it("does not wait for a slow service past the timeout: it notes it and resolves", async () => {
    mode.sourcify = "hang";
    const resolver = new DecodingResolver({ cache: memoryDecodingCache(), timeoutMs: 200 });
    const got = await resolver.resolve(request());
    expect(got.functions[KNOWN_FN]).toEqual(SIGS[KNOWN_FN]);
    expect(got.failures).toEqual([
      {
        service: "sourcify",
        message: expect.stringMatching(/did not answer within 0\.2 s/) as unknown,
      },
    ]);
  });

  it("rejects only on abort", async () => {
    mode.sigdb = "hang";
    const resolver = new DecodingResolver({ cache: memoryDecodingCache() });
    const controller = new AbortController();
    const pending = resolver.resolve(request({ addresses: [] }), controller.signal);
    await stub.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("shares one flight between identical requests; one caller aborting leaves the other's", async () => {
    const resolver = new DecodingResolver({ cache: memoryDecodingCache() });
    const controller = new AbortController();
    const a = resolver.resolve(request(), controller.signal);
    const b = resolver.resolve({
      ...request(),
      // same request, other order and case
      functions: [UNKNOWN_FN, KNOWN_FN.toUpperCase().replace("0X", "0x")],
    });
    controller.abort();
    await expect(a).rejects.toMatchObject({ name: "AbortError" });
    const got = await b;
    expect(got.functions[KNOWN_FN]).toEqual(SIGS[KNOWN_FN]);
    expect(sigdbRequests()).toHaveLength(1);
    expect(sourcifyRequests()).toHaveLength(4);
  });

  it("asks Sourcify about at most maxAddresses, in order, four at a time", async () => {
    const many = Array.from(
      { length: 50 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`,
    );
    const resolver = new DecodingResolver({ cache: memoryDecodingCache(), maxAddresses: 40 });
    const got = await resolver.resolve(request({ functions: [], events: [], addresses: many }));
    expect(sourcifyRequests()).toHaveLength(40);
    expect(Object.keys(got.contracts).sort()).toEqual(many.slice(0, 40).sort());
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  it("asks nothing of a service switched off, and Sourcify nothing without a chain id", async () => {
    const resolver = new DecodingResolver({ cache: memoryDecodingCache() });
    await resolver.resolve(
      request({ bases: { sigdb: null, sourcify: `${stub.origin}/sourcify` } }),
    );
    expect(sigdbRequests()).toHaveLength(0);
    expect(sourcifyRequests()).toHaveLength(4);
    stub.requests.length = 0;
    await resolver.resolve(request({ bases: { sigdb: stub.origin, sourcify: null } }));
    await resolver.resolve(request({ chainId: null, functions: [KNOWN_FN] }));
    expect(sourcifyRequests()).toHaveLength(0);
  });

  it("sends only selectors, topics, the chain id and addresses: nothing else leaves the device", async () => {
    const secret = "sk_live_7f3a9c1e5b2d4f6a8c0e";
    const calldata = `0xa9059cbb${"00".repeat(12)}${"ee".repeat(20)}${"00".repeat(31)}01`;
    const resolver = new DecodingResolver({ cache: memoryDecodingCache() });
    await resolver.resolve({
      bases: { sigdb: stub.origin, sourcify: `${stub.origin}/sourcify` },
      chainId: 31337,
      // whatever a caller passes by mistake, only well-formed keys are sent
      functions: [KNOWN_FN, calldata, secret, `https://bsc-mainnet.nodereal.io/v1/${secret}`],
      events: [KNOWN_TOPIC, `${KNOWN_TOPIC}${secret}`],
      addresses: [PLAIN, `${PLAIN}00`, secret],
    });
    expect(stub.requests.length).toBeGreaterThan(0);
    const allowed = [
      /^\/signature-database\/v1\/lookup\?(function=0x[0-9a-f]{8}(,0x[0-9a-f]{8})*&)?(event=0x[0-9a-f]{64}(,0x[0-9a-f]{64})*&)?filter=true$/,
      /^\/sourcify\/v2\/contract\/31337\/0x[0-9a-f]{40}\?fields=abi,compilation\.name,proxyResolution$/,
    ];
    for (const r of stub.requests) {
      expect(
        allowed.some((re) => re.test(r.url)),
        r.url,
      ).toBe(true);
      expect(r.url).not.toContain(secret);
      expect(r.url).not.toContain("ee".repeat(20));
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers.cookie).toBeUndefined();
      expect(r.headers.referer).toBeUndefined();
    }
  });

  it("loads the argument guesser when a selector stays unknown", async () => {
    await new DecodingResolver({ cache: memoryDecodingCache() }).resolve(
      request({ functions: [UNKNOWN_FN], events: [], addresses: [] }),
    );
    expect(guesserLoaded()).toBe(true);
  });

  it("finds proxies Sourcify has not verified through the endpoint's readers, once per day", async () => {
    const reads: string[] = [];
    const readers: ProxyReaders = {
      readCode: (a) => {
        reads.push(`code ${a}`);
        return Promise.resolve(a === UNVERIFIED ? "0x6080604052f4" : "0x");
      },
      readStorage: (a, slot) => {
        reads.push(`storage ${a}`);
        const impl = a === UNVERIFIED && slot === EIP1967_IMPLEMENTATION_SLOT;
        return Promise.resolve(
          impl ? `0x${PLAIN.slice(2).padStart(64, "0")}` : `0x${"00".repeat(32)}`,
        );
      },
    };
    const cache = memoryDecodingCache();
    let now = 1_700_000_000_000;
    const req = request({ functions: [], events: [], addresses: [UNVERIFIED], readers });
    const got = await new DecodingResolver({ cache, now: () => now }).resolve(req);
    expect(got.proxies).toEqual({
      [UNVERIFIED]: { type: "eip1967", implementation: PLAIN, beacon: null },
    });
    // the implementation is asked of Sourcify like one Sourcify names
    expect(got.contracts[PLAIN]?.name).toBe("Plain");
    expect(sourcifyRequests()).toHaveLength(2);

    const count = reads.length;
    stub.requests.length = 0;
    const again = await new DecodingResolver({ cache, now: () => now }).resolve(req);
    expect(again).toEqual(got);
    expect(reads.length).toBe(count);
    expect(stub.requests).toHaveLength(0);

    now += NEGATIVE_TTL_MS;
    await new DecodingResolver({ cache, now: () => now }).resolve(req);
    expect(reads.length).toBeGreaterThan(count);
  });

  it("checks at most maxProxyChecks unverified addresses, and none without readers", async () => {
    const many = Array.from(
      { length: 12 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, "e")}`,
    );
    const checked = new Set<string>();
    const readers: ProxyReaders = {
      readCode: (a) => {
        checked.add(a);
        return Promise.resolve("0x");
      },
      readStorage: () => Promise.resolve("0x0"),
    };
    const resolver = new DecodingResolver({ cache: memoryDecodingCache(), maxProxyChecks: 5 });
    const got = await resolver.resolve(
      request({ functions: [], events: [], addresses: many, readers }),
    );
    expect([...checked]).toEqual(many.slice(0, 5));
    expect(Object.values(got.proxies ?? {})).toEqual([null, null, null, null, null]);
    const without = await resolver.resolve(request({ functions: [], events: [], addresses: many }));
    expect(without.proxies).toBeUndefined();
  });
});
