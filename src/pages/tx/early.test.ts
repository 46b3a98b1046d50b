import { describe, expect, it } from "vitest";
import type { ResolvedEndpoint } from "../../endpoints";
import type { RpcClient } from "../../rpc";
import { earlyRequest } from "./early";
import { fromSearch, isHashLookup } from "./params";
import { txByHashRequestOptions, txRequestOptions } from "./request";

const ENDPOINT = {
  rpcMethod: "eth_getTransactionByBlockHashAndIndex",
  url: "http://127.0.0.1:1/",
} as ResolvedEndpoint;
const HASH = `0x${"cd".repeat(32)}`;
const BLOCK = `0x${"ab".repeat(32)}`;

/** The call the page's lookup query really makes for a link (the client records it). */
async function pagesCall(search: URLSearchParams) {
  const state = fromSearch(search);
  if (state.kind !== "ok") throw new Error("no lookup");
  let call: { method: string; params: unknown[] } | null = null;
  const client = {
    request: (_e: unknown, method: string, params: readonly unknown[]) => {
      call = { method, params: [...params] };
      return Promise.resolve({ tx: null, issues: [] });
    },
  } as unknown as RpcClient;
  const lookup = state.lookup;
  const options = isHashLookup(lookup)
    ? txByHashRequestOptions(client, ENDPOINT, lookup)
    : txRequestOptions(client, ENDPOINT, lookup);
  const fn = options.queryFn;
  if (typeof fn !== "function") throw new Error("no query");
  await (fn as (ctx: { signal: AbortSignal }) => Promise<unknown>)({
    signal: new AbortController().signal,
  });
  return call;
}

describe("the transaction page's early request", () => {
  it("is exactly the page's lookup, body for body", async () => {
    for (const link of [
      `hash=${HASH}`,
      `blockHash=${BLOCK}&index=3`,
      `blockHash=${BLOCK}`, // the block's first transaction
      `blockHash=${BLOCK}&index=0x1f`,
      `hash=${HASH}&blockHash=${BLOCK}&index=3`,
    ]) {
      const search = new URLSearchParams(link);
      const early = earlyRequest(search, ENDPOINT);
      expect(early, link).not.toBeNull();
      expect(JSON.stringify(early), link).toBe(JSON.stringify(await pagesCall(search)));
    }
  });

  it("asks nothing for a link without a complete lookup", () => {
    expect(earlyRequest(new URLSearchParams(""), ENDPOINT)).toBeNull();
    expect(earlyRequest(new URLSearchParams("hash=0x12"), ENDPOINT)).toBeNull();
    expect(earlyRequest(new URLSearchParams(`blockHash=${BLOCK}&index=x`), ENDPOINT)).toBeNull();
  });
});
