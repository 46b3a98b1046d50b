import "fake-indexeddb/auto";
import { createStore, setMany } from "idb-keyval";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cacheKey, isFresh, NEGATIVE_TTL_MS, openDecodingCache, POSITIVE_TTL_MS } from "./cache";
import { DecodingResolver } from "./resolver";
import { json, startStub, type StubServer } from "./stub-server";

let dbCount = 0;
const freshDbName = () => `nodescope-decoding-test-${++dbCount}`;

describe("openDecodingCache (IndexedDB)", () => {
  it("keeps answers across opens of the same database, as across page loads", async () => {
    const name = freshDbName();
    const first = openDecodingCache(name);
    expect(first.kind).toBe("indexeddb");
    await first.setMany([
      ["a", { value: ["transfer(address,uint256)"], storedAt: 1 }],
      ["b", { value: null, storedAt: 2 }],
    ]);
    const second = openDecodingCache(name);
    await expect(second.getMany(["a", "b", "c"])).resolves.toEqual([
      { value: ["transfer(address,uint256)"], storedAt: 1 },
      { value: null, storedAt: 2 },
      undefined,
    ]);
    await second.clear();
    await expect(first.getMany(["a"])).resolves.toEqual([undefined]);
  });

  it("ignores records that are not answers", async () => {
    const name = freshDbName();
    const cache = openDecodingCache(name);
    // an older or foreign shape under the same key must read as a miss, not break decoding
    await cache.setMany([["x", { value: 1, storedAt: 5 }]]);
    await setMany([["y", "just a string"]], createStore(name, "answers"));
    await expect(cache.getMany(["x", "y"])).resolves.toEqual([
      { value: 1, storedAt: 5 },
      undefined,
    ]);
  });
});

describe("the memory fallback", () => {
  const saved = globalThis.indexedDB;
  afterEach(() => {
    globalThis.indexedDB = saved;
  });

  it("stands in where IndexedDB does not exist", async () => {
    // @ts-expect-error -- a browser without IndexedDB
    delete globalThis.indexedDB;
    const cache = openDecodingCache(freshDbName());
    expect(cache.kind).toBe("memory");
    await cache.setMany([["k", { value: [], storedAt: 3 }]]);
    await expect(cache.getMany(["k"])).resolves.toEqual([{ value: [], storedAt: 3 }]);
  });

  it("takes over when IndexedDB refuses to open (private windows)", async () => {
    const refusing = Object.create(saved) as IDBFactory;
    refusing.open = () => {
      throw new DOMException("A mutation operation was attempted", "InvalidStateError");
    };
    globalThis.indexedDB = refusing;
    const cache = openDecodingCache(freshDbName());
    await cache.setMany([["k", { value: ["x()"], storedAt: 4 }]]);
    expect(cache.kind).toBe("memory");
    await expect(cache.getMany(["k"])).resolves.toEqual([{ value: ["x()"], storedAt: 4 }]);
  });

  it("takes over when opening fails later, with an error event", async () => {
    const failing = Object.create(saved) as IDBFactory;
    failing.open = (name: string) => {
      const req = saved.open(name);
      // the open request fails asynchronously, as Firefox's private mode did
      req.addEventListener("upgradeneeded", () => req.transaction?.abort());
      return req;
    };
    globalThis.indexedDB = failing;
    const cache = openDecodingCache(freshDbName());
    await expect(cache.getMany(["k"])).resolves.toEqual([undefined]);
    expect(cache.kind).toBe("memory");
  });
});

describe("age", () => {
  it("keeps positive answers 30 days and negative ones a day", () => {
    const t = 1_000_000;
    expect(isFresh({ value: ["a()"], storedAt: t }, false, t + POSITIVE_TTL_MS - 1)).toBe(true);
    expect(isFresh({ value: ["a()"], storedAt: t }, false, t + POSITIVE_TTL_MS)).toBe(false);
    expect(isFresh({ value: [], storedAt: t }, true, t + NEGATIVE_TTL_MS - 1)).toBe(true);
    expect(isFresh({ value: [], storedAt: t }, true, t + NEGATIVE_TTL_MS)).toBe(false);
    // stored "in the future" (a clock moved back): not trusted
    expect(isFresh({ value: [], storedAt: t }, true, t - 1)).toBe(false);
  });

  it("keys answers by service and base URL, so another database is asked afresh", () => {
    expect(cacheKey("sigdb", "https://a.example/", "f:0x12345678")).toBe(
      "v1|sigdb|https://a.example|f:0x12345678",
    );
    expect(cacheKey("sigdb", "https://b.example", "f:0x12345678")).not.toBe(
      cacheKey("sigdb", "https://a.example", "f:0x12345678"),
    );
  });
});

describe("a reload asks nothing", () => {
  let stub: StubServer;
  beforeAll(async () => {
    stub = await startStub((url, res) => {
      if (url.pathname.startsWith("/v2/contract/"))
        return json(res, { customCode: "not_found" }, 404);
      json(res, { ok: true, result: { function: { "0x12345678": null }, event: {} } });
    });
  });
  afterAll(() => stub.close());

  it("answers a second resolver on the same IndexedDB from the device", async () => {
    const name = freshDbName();
    const req = {
      bases: { sigdb: stub.origin, sourcify: stub.origin },
      chainId: 1,
      functions: ["0x12345678"],
      events: [],
      addresses: [`0x${"12".repeat(20)}`],
    };
    const first = await new DecodingResolver({ cache: openDecodingCache(name) }).resolve(req);
    expect(stub.requests).toHaveLength(2);
    const second = await new DecodingResolver({ cache: openDecodingCache(name) }).resolve(req);
    expect(stub.requests).toHaveLength(2);
    expect(second).toEqual(first);
    expect(second.contracts).toEqual({ [`0x${"12".repeat(20)}`]: null });
  });
});
