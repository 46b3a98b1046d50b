import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cleanSignatureQuery,
  lookupSignatures,
  MAX_LOOKUP_URL_LENGTH,
  signatureLookupUrls,
} from "./sigdb";
import { json, startStub, type StubServer } from "./stub-server";
import { DecodingServiceError } from "./types";

const TRANSFER = "0xa9059cbb";
const APPROVE = "0x095ea7b3";
const UNKNOWN_FN = "0xdeadbeef";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const UNKNOWN_TOPIC = `0x${"ab".repeat(32)}`;

type Entry = { name: string; filtered: boolean };
const DB: Record<string, Entry[]> = {
  [TRANSFER]: [
    { name: "join_tg_invmru_haha_fd06787(address,bool)", filtered: true },
    { name: "transfer(address,uint256)", filtered: false },
  ],
  [APPROVE]: [{ name: "approve(address,uint256)", filtered: false }],
  [TRANSFER_TOPIC]: [{ name: "Transfer(address,address,uint256)", filtered: false }],
};

let stub: StubServer;
/** How the stand-in says "unknown": OpenChain sends null, Sourcify's 4byte []. */
let unknownAs: null | [] = null;

function answer(keys: string | null): Record<string, Entry[] | null> {
  const out: Record<string, Entry[] | null> = {};
  for (const k of keys ? keys.split(",") : []) out[k] = DB[k] ?? unknownAs;
  return out;
}

beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
  unknownAs = null;
  stub.setHandler((url, res) =>
    json(res, {
      ok: true,
      result: {
        function: answer(url.searchParams.get("function")),
        event: answer(url.searchParams.get("event")),
      },
    }),
  );
});

describe("lookupSignatures", () => {
  it("asks for functions and events together in one request and answers every key", async () => {
    const got = await lookupSignatures(stub.origin, {
      functions: [TRANSFER, APPROVE.toUpperCase().replace("0X", "0x"), UNKNOWN_FN],
      events: [TRANSFER_TOPIC, UNKNOWN_TOPIC],
    });
    expect(stub.requests).toHaveLength(1);
    const url = new URL(stub.requests[0]?.url ?? "", stub.origin);
    expect(url.pathname).toBe("/signature-database/v1/lookup");
    expect(url.searchParams.get("filter")).toBe("true");
    expect(got.functions).toEqual({
      // filtered (junk) candidates are kept, but ranked last
      [TRANSFER]: ["transfer(address,uint256)", "join_tg_invmru_haha_fd06787(address,bool)"],
      [APPROVE]: ["approve(address,uint256)"],
      [UNKNOWN_FN]: [],
    });
    expect(got.events).toEqual({
      [TRANSFER_TOPIC]: ["Transfer(address,address,uint256)"],
      [UNKNOWN_TOPIC]: [],
    });
  });

  it("reads [] as unknown just like null", async () => {
    unknownAs = [];
    const got = await lookupSignatures(stub.origin, { functions: [UNKNOWN_FN], events: [] });
    expect(got.functions[UNKNOWN_FN]).toEqual([]);
  });

  it("takes an answer that leaves a key or a whole table out as unknown", async () => {
    stub.setHandler((_url, res) => json(res, { ok: true, result: { function: {} } }));
    const got = await lookupSignatures(stub.origin, {
      functions: [UNKNOWN_FN],
      events: [UNKNOWN_TOPIC],
    });
    expect(got).toEqual({ functions: { [UNKNOWN_FN]: [] }, events: { [UNKNOWN_TOPIC]: [] } });
  });

  it("splits a long query into as few URLs as fit the length limit, and asks each once", async () => {
    const events = Array.from({ length: 100 }, (_, i) => `0x${i.toString(16).padStart(64, "0")}`);
    const functions = Array.from({ length: 60 }, (_, i) => `0x${i.toString(16).padStart(8, "0")}`);
    const urls = signatureLookupUrls(stub.origin, { functions, events });
    for (const u of urls) expect(u.length).toBeLessThanOrEqual(MAX_LOOKUP_URL_LENGTH);
    // 100 topics of 67 characters and 60 selectors of 11 need at least 4 URLs of 2,000
    expect(urls.length).toBeGreaterThanOrEqual(4);
    expect(urls.length).toBeLessThanOrEqual(5);

    const got = await lookupSignatures(stub.origin, { functions, events });
    expect(stub.requests).toHaveLength(urls.length);
    const asked = stub.requests.flatMap((r) => {
      const u = new URL(r.url, stub.origin);
      return [
        ...(u.searchParams.get("function")?.split(",") ?? []),
        ...(u.searchParams.get("event")?.split(",") ?? []),
      ];
    });
    expect(asked.sort()).toEqual([...functions, ...events].sort());
    expect(Object.keys(got.events)).toHaveLength(100);
    expect(Object.keys(got.functions)).toHaveLength(60);
  });

  it("sends only well-formed selectors and topics, lower-cased and de-duplicated", () => {
    expect(
      cleanSignatureQuery({
        functions: ["0xA9059CBB", "0xa9059cbb", "0x1234", "transfer", `${TRANSFER}00`],
        events: [TRANSFER_TOPIC.toUpperCase().replace("0X", "0x"), "0xdd"],
      }),
    ).toEqual({ functions: [TRANSFER], events: [TRANSFER_TOPIC] });
  });

  it("asks nothing for an empty query", async () => {
    await expect(lookupSignatures(stub.origin, { functions: [], events: [] })).resolves.toEqual({
      functions: {},
      events: {},
    });
    expect(stub.requests).toHaveLength(0);
  });

  it("rejects with a DecodingServiceError on an HTTP error or a refused lookup", async () => {
    stub.setHandler((_url, res) => json(res, { error: "down" }, 503));
    const err = await lookupSignatures(stub.origin, { functions: [TRANSFER], events: [] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DecodingServiceError);
    expect((err as DecodingServiceError).message).toMatch(/HTTP 503/);

    stub.setHandler((_url, res) => json(res, { ok: false, error: "invalid hash" }));
    await expect(
      lookupSignatures(stub.origin, { functions: [TRANSFER], events: [] }),
    ).rejects.toThrow(/refused the lookup: invalid hash/);

    stub.setHandler((_url, res) => json(res, { hello: "world" }));
    await expect(
      lookupSignatures(stub.origin, { functions: [TRANSFER], events: [] }),
    ).rejects.toThrow(/not a signature lookup/);
  });

  it("gives up after the timeout with a message naming the host", async () => {
    stub.setHandler((_url, res) => void stub.held.push(res));
    const err = await lookupSignatures(
      stub.origin,
      { functions: [TRANSFER], events: [] },
      { timeoutMs: 150 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodingServiceError);
    expect((err as Error).message).toMatch(/127\.0\.0\.1:\d+ did not answer within 0\.15 s/);
  });

  it("rejects with an AbortError when the caller aborts", async () => {
    stub.setHandler((_url, res) => void stub.held.push(res));
    const controller = new AbortController();
    const pending = lookupSignatures(
      stub.origin,
      { functions: [TRANSFER], events: [] },
      { signal: controller.signal },
    );
    await stub.waitForRequests(1);
    controller.abort();
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe("AbortError");
    expect(err).not.toBeInstanceOf(DecodingServiceError);
  });
});
