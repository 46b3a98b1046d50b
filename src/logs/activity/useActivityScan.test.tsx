// @vitest-environment jsdom
/**
 * The activity's filters scanned at once against a throwaway local node (node:http, no mocked
 * fetch) that allows 100 blocks per eth_getLogs call: every filter split on the limit, at most
 * the shared concurrency in flight in all, the answers merged in block order with a transfer to
 * oneself (found by two filters) once, and the ots_ answer read newest first.
 */
import { renderHook, waitFor } from "@testing-library/react";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressToTopic } from "../../chain";
import type { ResolvedEndpoint } from "../../endpoints";
import { createRpcClient } from "../../rpc";
import { readOtsPage } from "./ots";
import { directionReader, TRANSFER, transferFilters } from "./transfers";
import { combine, shareOf, useActivityScan } from "./useActivityScan";

const ME = "0x00000000000000000000000000000000000000a1";
const me = addressToTopic(ME);
const other = addressToTopic("0x00000000000000000000000000000000000000b2");
const word = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const MAX_RANGE = 100;
const HEAD = 399;

/** Per block b: one transfer out, one in; every 50th block also one to itself. */
function chainLogs() {
  const out: { topics: string[]; block: number; index: number }[] = [];
  for (let b = 0; b <= HEAD; b++) {
    out.push({ topics: [TRANSFER, me, other], block: b, index: 0 });
    out.push({ topics: [TRANSFER, other, me], block: b, index: 1 });
    if (b % 50 === 0) out.push({ topics: [TRANSFER, me, me], block: b, index: 2 });
  }
  return out;
}

let server: Server;
let url = "";
let inFlight = 0;
let maxInFlight = 0;
let refused = 0;
beforeAll(async () => {
  const logs = chainLogs();
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as { id: number; method: string; params: unknown[] };
      const reply = (payload: object) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, ...payload }));
      };
      if (body.method === "eth_blockNumber") return reply({ result: `0x${HEAD.toString(16)}` });
      const f = body.params[0] as { fromBlock: string; toBlock: string; topics: unknown[] };
      const from = Number(f.fromBlock);
      const to = Number(f.toBlock);
      if (to - from + 1 > MAX_RANGE) {
        refused++;
        return reply({
          error: { code: -32005, message: `exceed maximum block range: ${MAX_RANGE}` },
        });
      }
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        const hit = (want: unknown, topic: string | undefined) =>
          want === null || (Array.isArray(want) ? want.includes(topic) : want === topic);
        const found = logs
          .filter((l) => l.block >= from && l.block <= to)
          .filter((l) => f.topics.every((w, k) => hit(w, l.topics[k])))
          .map((l) => ({
            address: `0x${"c0".repeat(20)}`,
            topics: l.topics,
            data: word(1),
            blockNumber: `0x${l.block.toString(16)}`,
            blockHash: word(l.block + 1),
            transactionHash: word(l.block * 10 + l.index + 1),
            transactionIndex: "0x0",
            logIndex: `0x${l.index.toString(16)}`,
            removed: false,
          }));
        reply({ result: found });
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const endpoint = (): ResolvedEndpoint => ({
  url,
  secrets: [],
  maskedUrl: url,
  host: new URL(url).host,
  rpcMethod: "eth_getLogs",
  cacheId: `local:${url}`,
  provider: "custom",
});

describe("useActivityScan", () => {
  it("scans every filter through the limit, shares the concurrency, merges each log once", async () => {
    const request = {
      client: createRpcClient(),
      endpoint: endpoint(),
      filters: transferFilters(ME, 0, HEAD),
    };
    const { result } = renderHook(() => useActivityScan(request, "run-1", 3));
    await waitFor(() => expect(result.current.view.status).toBe("done"), { timeout: 10_000 });
    const { logs, progress } = result.current.view;
    // 400 out, 400 in, 8 to itself (found by the first two filters, kept once)
    expect(logs).toHaveLength(808);
    const seen = new Set(logs.map((l) => `${l.transactionHash}:${l.logIndex}`));
    expect(seen.size).toBe(808);
    expect(new Set(logs.map((l) => l.id)).size).toBe(808);
    const order = logs.map((l) => (l.blockNumber ?? 0) * 10 + (l.logIndex ?? 0));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const direction = directionReader(ME);
    expect(logs.filter((l) => direction(l) === "self")).toHaveLength(8);
    // each filter asked the whole range first, was refused, and went on in pieces
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(progress?.splits).toBeGreaterThanOrEqual(3);
    // the range asked, once (three filters over it are still one range of blocks)
    expect(progress?.blocksCovered).toBe(HEAD + 1);
    expect(progress?.totalBlocks).toBe(HEAD + 1);
    expect(maxInFlight).toBeLessThanOrEqual(3);
  });
});

describe("the scan's parts as one", () => {
  const part = (status: "running" | "done" | "error" | "cancelled") => ({
    status,
    logs: [],
    progress: null,
    error: status === "error" ? new Error("boom") : null,
    failedRange: null,
    resume: null,
  });
  it("runs while any part runs, stops on the first error, else cancelled, else done", () => {
    expect(combine([part("done"), part("running")], []).status).toBe("running");
    expect(combine([part("done"), part("error"), part("cancelled")], []).status).toBe("error");
    expect(combine([part("done"), part("cancelled")], []).status).toBe("cancelled");
    expect(combine([part("done"), part("done")], []).status).toBe("done");
    expect(combine([], []).status).toBe("idle");
  });
  it("counts the range asked once: three filters over 5,000 blocks say 5,000, not 15,000", () => {
    const progress = (blocksCovered: number) => ({
      blocksCovered,
      totalBlocks: 5000,
      logs: 0,
      requests: 1,
      retries: 0,
      splits: 0,
      inFlight: 0,
      range: null,
    });
    const at = (...covered: number[]) =>
      combine(
        covered.map((c) => ({ ...part(c === 5000 ? "done" : "running"), progress: progress(c) })),
        [],
      ).progress;
    expect(at(5000, 5000, 5000)).toMatchObject({ blocksCovered: 5000, totalBlocks: 5000 });
    expect(at(5000, 2500, 0)).toMatchObject({ blocksCovered: 2500, totalBlocks: 5000 });
  });
  it("gives each running filter its share of the calls in flight, one at least", () => {
    expect(shareOf(3, 3)).toBe(1);
    expect(shareOf(3, 1)).toBe(3);
    expect(shareOf(8, 3)).toBe(2);
    expect(shareOf(1, 3)).toBe(1);
  });
});

describe("readOtsPage", () => {
  it("reads the transactions newest first with their receipts' status", () => {
    const tx = (block: number, index: number, hash: string) => ({
      hash,
      blockNumber: `0x${block.toString(16)}`,
      transactionIndex: `0x${index.toString(16)}`,
      from: ME,
      to: `0x${"b2".repeat(20)}`,
      value: "0xde0b6b3a7640000",
      input: "0xa9059cbb0000",
    });
    const page = readOtsPage({
      txs: [tx(5, 0, word(1)), tx(9, 1, word(2)), tx(9, 3, word(3))],
      receipts: [
        { transactionHash: word(1), status: "0x1" },
        { transactionHash: word(2), status: "0x0" },
        { status: "0x1" },
      ],
      firstPage: true,
      lastPage: false,
    });
    expect(page.txs.map((t) => [t.blockNumber, t.index, t.status])).toEqual([
      [9, 3, "success"],
      [9, 1, "failed"],
      [5, 0, "success"],
    ]);
    expect(page.txs[0]?.value).toBe(10n ** 18n);
    expect(page.txs[0]?.selector).toBe("0xa9059cbb");
    expect(page).toMatchObject({ newest: true, oldest: false });
  });
});
