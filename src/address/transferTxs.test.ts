/**
 * The transfer-only rows' transactions read against a throwaway local node (node:http, no mocked
 * fetch): the first TRANSFER_READ_LIMIT only, a few in flight however the wish changes, each asked
 * once, and filed where the transaction page looks for them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ResolvedEndpoint } from "../endpoints";
import { createRpcClient } from "../rpc";
import { txByHashQueryKey } from "../transaction/queries";
import type { TxResponse } from "../transaction/txResponse";
import {
  TRANSFER_READ_CONCURRENCY,
  TRANSFER_READ_LIMIT,
  TransferReader,
  type ReadTx,
} from "./transferTxs";

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const SENDER = `0x${"b2".repeat(20)}`;
const TOKEN = `0x${"c0".repeat(20)}`;
/** Hashes the node knows: 1..200; 999 it does not. */
const UNKNOWN = hash(999);

let server: Server;
let url = "";
let inFlight = 0;
let maxInFlight = 0;
const asked = new Map<string, number>();
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as { id: number; method: string; params: string[] };
      const h = body.params[0] ?? "";
      asked.set(h, (asked.get(h) ?? 0) + 1);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const n = Number(h);
        const result =
          body.method !== "eth_getTransactionByHash" || h === UNKNOWN
            ? null
            : {
                hash: h,
                blockHash: hash(n + 10_000),
                blockNumber: `0x${n.toString(16)}`,
                transactionIndex: "0x0",
                from: SENDER,
                to: TOKEN,
                nonce: "0x1",
                gas: "0x5208",
                value: `0x${n.toString(16)}`,
                input: `0xa9059cbb${"0".repeat(128)}`,
              };
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }));
      }, 3);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.clear();
  maxInFlight = 0;
});

const endpoint = (): ResolvedEndpoint => ({
  url,
  secrets: [],
  maskedUrl: url,
  host: new URL(url).host,
  rpcMethod: "eth_getTransactionByBlockHashAndIndex",
  cacheId: `local:${url}`,
  provider: "custom",
});

function reader(queryClient: QueryClient) {
  const read = new Map<string, ReadTx | null>();
  const r = new TransferReader({
    queryClient,
    client: createRpcClient(),
    endpoint: endpoint(),
    onRead: (h, tx) => read.set(h, tx),
  });
  return { r, read };
}

describe("reading the transactions only a token transfer names", () => {
  it("reads the first rows only, a few at a time, each once, as the wish grows", async () => {
    const queryClient = new QueryClient();
    const { r, read } = reader(queryClient);
    const all = Array.from({ length: 120 }, (_, i) => hash(120 - i));
    // the transfers scan finds the rows a piece at a time
    r.want(all.slice(0, 10));
    r.want(all.slice(0, 30));
    r.want([UNKNOWN, ...all]);
    await r.idle();
    expect(read.size).toBe(TRANSFER_READ_LIMIT);
    expect(read.get(UNKNOWN)).toBeNull();
    expect(read.get(hash(120))).toEqual({
      from: SENDER,
      to: TOKEN,
      value: 120n,
      input: `0xa9059cbb${"0".repeat(128)}`,
    });
    // beyond the limit: not asked
    expect(read.has(all[TRANSFER_READ_LIMIT] ?? "")).toBe(false);
    expect(asked.size).toBe(TRANSFER_READ_LIMIT);
    expect([...asked.values()].every((n) => n === 1)).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(TRANSFER_READ_CONCURRENCY);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(r.progress.requests).toBe(TRANSFER_READ_LIMIT);
  });

  it("shares the transaction page's cache: what was read is not asked again", async () => {
    const queryClient = new QueryClient();
    const first = reader(queryClient);
    first.r.want([hash(7), hash(8)]);
    await first.r.idle();
    const cached = queryClient.getQueryData<TxResponse>(txByHashQueryKey(endpoint(), hash(7)));
    expect(cached?.tx?.from).toBe(SENDER);

    asked.clear();
    const again = reader(queryClient);
    again.r.want([hash(8), hash(7)]);
    await again.r.idle();
    expect(asked.size).toBe(0);
    expect(again.read.get(hash(8))?.value).toBe(8n);
  });

  it("stops asking once stopped", async () => {
    const { r, read } = reader(new QueryClient());
    r.want(Array.from({ length: 20 }, (_, i) => hash(i + 1)));
    r.stop();
    await r.idle();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked.size).toBeLessThanOrEqual(TRANSFER_READ_CONCURRENCY);
    expect(read.size).toBe(0);
  });
});
