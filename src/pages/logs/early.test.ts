import { describe, expect, it } from "vitest";
import { planOf } from "../../logs/ranges";
import { earlyRequest, filterOfSearch } from "./early";
import { toParams } from "../../logs/params";
import type { BlockRef } from "../../logs/ranges";
import { startScan } from "../../logs/scanner";

const ENDPOINT = { rpcMethod: "eth_getLogs" };
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** The first call the range scanner really makes for a link (its params as the page sends them). */
async function scannersFirstCall(search: URLSearchParams) {
  const filter = filterOfSearch(search);
  if (!filter) throw new Error("no filter");
  let first: { method: string; params: unknown[] } | null = null;
  const stop = new AbortController();
  const h = startScan<{ blockNumber: number; logIndex: number }>({
    plan: planOf(filter),
    signal: stop.signal,
    send: async (from: BlockRef | null, to: BlockRef | null) => {
      first ??= { method: "eth_getLogs", params: [...toParams(filter, from, to)] };
      stop.abort();
      throw new Error("stop");
    },
    head: async () => {
      first ??= { method: "eth_blockNumber", params: [] };
      stop.abort();
      throw new Error("stop");
    },
  });
  await h.done;
  return first;
}

describe("the logs view's early request", () => {
  const links = [
    `fromBlock=0x0&toBlock=0x3e7&address=${TOKEN}`,
    `fromBlock=100&toBlock=200&topics=${encodeURIComponent(JSON.stringify([TRANSFER, null, [TRANSFER, TRANSFER]]))}`,
    `blockHash=0x${"ab".repeat(32)}&address=${TOKEN},${TOKEN.replace("5f", "6f")}`,
    "fromBlock=earliest&toBlock=4000",
    "fromBlock=0&toBlock=100000", // wider than the head check: eth_blockNumber first
    "fromBlock=latest&toBlock=latest",
    "fromBlock=safe&toBlock=finalized",
    "toBlock=0x10",
  ];

  it("is exactly the scanner's first call, body for body", async () => {
    for (const link of links) {
      const search = new URLSearchParams(link);
      const early = earlyRequest(search, ENDPOINT);
      expect(early, link).not.toBeNull();
      expect(JSON.stringify(early), link).toBe(JSON.stringify(await scannersFirstCall(search)));
    }
  });

  it("asks nothing for a link without a complete filter", () => {
    expect(earlyRequest(new URLSearchParams(""), ENDPOINT)).toBeNull();
    expect(earlyRequest(new URLSearchParams("fromBlock=banana"), ENDPOINT)).toBeNull();
    expect(earlyRequest(new URLSearchParams("topics=notjson"), ENDPOINT)).toBeNull();
  });
});
