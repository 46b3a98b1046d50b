/**
 * The sent-transaction history against a local JSON-RPC server that simulates one account over
 * 1,000,000 blocks: its nonce at any block and the blocks' transactions. Requests are counted at
 * the server, so the numbers below are what a node would see.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRpcClient } from "../rpc";
import { SentHistory } from "./nonceHistory";
import { nonceReader, toHex } from "./reader";

const ACCOUNT = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const HEAD = 1_000_000;

interface Chain {
  /** The block of each sent transaction, by nonce (ascending). */
  sentAt: number[];
  /** Blocks whose nonce change has no transaction (a contract's creation, an authorization). */
  bumps: number[];
  /** The state below this block is gone (a pruned node). */
  prunedBelow: number;
}

let chain: Chain = { sentAt: [], bumps: [], prunedBelow: 0 };
const counts = new Map<string, number>();
let server: Server;
let url = "";
const sockets = new Set<Socket>();

/** A seeded generator, so the chain is the same on every run. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function makeChain(sent: number, seed: number): number[] {
  const r = rng(seed);
  const blocks: number[] = [];
  for (let i = 0; i < sent; i++) blocks.push(1 + Math.floor(r() * (HEAD - 1)));
  // A few blocks hold several of the account's transactions.
  for (let i = 0; i + 1 < sent; i += 97) blocks[i + 1] = blocks[i] ?? 1;
  return blocks.sort((a, b) => a - b);
}

const countAtOrBelow = (sorted: readonly number[], b: number) => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if ((sorted[m] ?? Infinity) <= b) lo = m + 1;
    else hi = m;
  }
  return lo;
};

const hashOf = (nonce: number) => `0x${nonce.toString(16).padStart(64, "0")}`;

/** The account's change points in nonce order: sent transactions and bumps, merged by block. */
function events(): { block: number; sent: boolean }[] {
  return [
    ...chain.sentAt.map((block) => ({ block, sent: true })),
    ...chain.bumps.map((block) => ({ block, sent: false })),
  ].sort((a, b) => a.block - b.block || Number(a.sent) - Number(b.sent));
}

function answer(method: string, params: unknown[]): { result?: unknown; error?: unknown } {
  counts.set(method, (counts.get(method) ?? 0) + 1);
  const block = Number(params[method === "eth_getTransactionCount" ? 1 : 0]);
  if (method === "eth_getTransactionCount") {
    if (block < chain.prunedBelow)
      return { error: { code: -32000, message: "missing trie node abc (path )" } };
    const n = countAtOrBelow(chain.sentAt, block) + countAtOrBelow(chain.bumps, block);
    return { result: toHex(n) };
  }
  if (method === "eth_getBlockByNumber") {
    const txs: unknown[] = [
      {
        hash: `0x${"ab".repeat(31)}${(block % 256).toString(16).padStart(2, "0")}`,
        from: OTHER,
        to: ACCOUNT,
        nonce: "0x0",
        value: "0x1",
        input: "0x",
        transactionIndex: "0x0",
      },
    ];
    events().forEach((e, nonce) => {
      if (e.sent && e.block === block)
        txs.push({
          hash: hashOf(nonce),
          from: ACCOUNT,
          to: OTHER,
          nonce: toHex(nonce),
          value: "0x0",
          input: "0x",
          transactionIndex: toHex(txs.length),
        });
    });
    return { result: { number: toHex(block), timestamp: toHex(block * 12), transactions: txs } };
  }
  return { error: { code: -32601, message: `the method ${method} does not exist` } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: number;
        method: string;
        params: unknown[];
      };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: body.id, ...answer(body.method, body.params) }));
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

beforeEach(() => counts.clear());

const client = createRpcClient();
const requests = () => [...counts.values()].reduce((a, b) => a + b, 0);

function history(head = HEAD) {
  const nonce = events().filter((e) => e.block <= head).length;
  return new SentHistory(nonceReader(client, { url }, ACCOUNT), ACCOUNT, head, nonce);
}

describe("an account's sent transactions from eth_getTransactionCount and its blocks", () => {
  // 300 transactions, not more: each costs ~log2(HEAD / SENT) requests, and the bound below is
  // that formula, so a larger account proves nothing more (1,000 took 3× as long: docs/testing.md).
  const SENT = 300;
  it("finds all 300 of a 1,000,000-block account, newest first, in about log2 requests each", async () => {
    chain = { sentAt: makeChain(SENT, 7), bumps: [], prunedBelow: 0 };
    const h = history();
    const first = await h.more(25);
    const firstPage = requests();
    expect(first.txs.length).toBeGreaterThanOrEqual(25);
    // The newest 25, in order, each the transaction of its nonce.
    expect(first.txs.slice(0, 25).map((t) => t.nonce)).toEqual(
      Array.from({ length: 25 }, (_, i) => SENT - 1 - i),
    );
    expect(first.txs[0]?.hash).toBe(hashOf(SENT - 1));
    expect(first.txs[0]?.blockNumber).toBe(chain.sentAt[SENT - 1]);
    // A page of 25 from a 1,000,000-block chain: ~log2(1e6) per transaction at worst.
    expect(firstPage).toBeLessThan(25 * 21);

    const all = await h.more(SENT);
    const total = requests();
    expect(all.done).toBe(true);
    expect(all.txs.map((t) => t.nonce)).toEqual(
      Array.from({ length: SENT }, (_, i) => SENT - 1 - i),
    );
    expect(all.txs.map((t) => t.blockNumber)).toEqual([...chain.sentAt].reverse());
    expect(all.unmatched).toEqual([]);
    expect(all.pruned).toBeNull();
    expect(all.requests).toBe(total);
    // log2(1e6 / 300) ≈ 12 splits per transaction, plus one block each (fewer: shared blocks).
    expect(total).toBeLessThan(SENT * (Math.log2(HEAD / SENT) + 3));
    expect(counts.get("eth_getBlockByNumber")).toBeLessThanOrEqual(SENT);
    console.info(
      `requests: first page of 25 = ${firstPage}; all ${SENT} = ${total} (eth_getTransactionCount ${counts.get("eth_getTransactionCount")}, eth_getBlockByNumber ${counts.get("eth_getBlockByNumber")})`,
    );
  }, 180_000);

  it("an account that sent nothing costs nothing", async () => {
    chain = { sentAt: [], bumps: [], prunedBelow: 0 };
    const s = await history().more(25);
    expect(s.txs).toEqual([]);
    expect(s.done).toBe(true);
    expect(requests()).toBe(0);
  });

  it("a nonce change with no transaction the account sent is counted, not invented", async () => {
    chain = { sentAt: [100, 5000, 90_000], bumps: [70_000], prunedBelow: 0 };
    const s = await history().more(10);
    expect(s.txs.map((t) => t.blockNumber)).toEqual([90_000, 5000, 100]);
    expect(s.unmatched).toEqual([{ block: 70_000, count: 1 }]);
  });

  it("on a pruned node it stops at the oldest block whose state is held and says how many lie below", async () => {
    chain = { sentAt: makeChain(200, 3), bumps: [], prunedBelow: 600_000 };
    const below = chain.sentAt.filter((b) => b < 600_000).length;
    const s = await history().more(1000);
    expect(s.done).toBe(true);
    expect(s.txs.map((t) => t.blockNumber)).toEqual(
      chain.sentAt.filter((b) => b >= 600_000).reverse(),
    );
    expect(s.pruned).toEqual({
      below: 600_000,
      olderCount: below,
      said: "missing trie node abc (path )",
    });
  }, 30_000);

  it("Older goes on where the last page stopped, asking nothing twice", async () => {
    chain = { sentAt: makeChain(60, 11), bumps: [], prunedBelow: 0 };
    const h = history();
    await h.more(20);
    await h.more(20);
    const s = await h.more(20);
    expect(s.txs.map((t) => t.nonce)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    const asked = counts.get("eth_getTransactionCount") ?? 0;
    const fresh = history();
    counts.clear();
    await fresh.more(60);
    expect(asked).toBeLessThanOrEqual((counts.get("eth_getTransactionCount") ?? 0) + 8);
  }, 30_000);
});
