// The block page, one view scenario (`--views=block`): a synthetic block of N transactions (1,000
// by default) served by its own local JSON-RPC server — eth_getBlockByNumber with full
// transactions and eth_getBlockReceipts (one Transfer log per receipt, every 10th failed) — opened
// from a deep link (`#/block?number=…&rpc=…`). Measured from navigation start: first rows, every
// row's status in (all receipts), scrolling the virtualised table, longest task, heap; beside them
// the in-page JSON.parse of the two answers.
/* global window, document -- used inside page.evaluate callbacks, which run in the page */
import { createServer } from "node:http";
import {
  heapAround,
  inPageParse,
  loadFigures,
  newPage,
  probeState,
  scrollFigures,
  scrollThrough,
  waitAllRows,
  waitFirstRows,
} from "./page.mjs";
import { withTimeout } from "./process.mjs";

/** The block sizes measured (transactions per block). */
export const BLOCK_SIZES = [1000];
/** The synthetic block's number. */
export const BLOCK_NUMBER = 20_000_000;
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** @param {number} n @param {number} width */
const hex = (n, width) => n.toString(16).padStart(width, "0");
const address = (/** @type {number} */ i) => `0x${hex(0xa000 + (i % 500), 40)}`;
const txHash = (/** @type {number} */ i) => `0x${hex(0xb10c000000 + i, 64)}`;
const blockHash = `0x${hex(BLOCK_NUMBER, 64)}`;

/** A block of `n` transactions, half plain transfers, half ERC-20 `transfer` calls. @param {number} n */
export function syntheticBlock(n) {
  const transactions = [];
  for (let i = 0; i < n; i++) {
    const call = i % 2 === 1;
    transactions.push({
      type: "0x2",
      chainId: "0x7a69",
      nonce: `0x${i.toString(16)}`,
      gas: "0x186a0",
      maxFeePerGas: "0x77359400",
      maxPriorityFeePerGas: "0x3b9aca00",
      gasPrice: "0x77359400",
      from: address(i),
      to: call ? `0x${hex(0xc0ffee, 40)}` : address(i + 1),
      value: call ? "0x0" : `0x${(BigInt(i + 1) * 10n ** 15n).toString(16)}`,
      input: call ? `0xa9059cbb${hex(0xa000 + i, 64)}${hex(i + 1, 64)}` : "0x",
      accessList: [],
      r: `0x${hex(i + 1, 64)}`,
      s: `0x${hex(i + 2, 64)}`,
      yParity: "0x0",
      v: "0x0",
      hash: txHash(i),
      blockHash,
      blockNumber: `0x${BLOCK_NUMBER.toString(16)}`,
      transactionIndex: `0x${i.toString(16)}`,
    });
  }
  return {
    number: `0x${BLOCK_NUMBER.toString(16)}`,
    hash: blockHash,
    parentHash: `0x${hex(BLOCK_NUMBER - 1, 64)}`,
    timestamp: `0x${(1_700_000_000).toString(16)}`,
    miner: `0x${hex(0xfee, 40)}`,
    gasLimit: "0x1c9c380",
    gasUsed: `0x${(n * 30_000).toString(16)}`,
    baseFeePerGas: "0x3b9aca00",
    blobGasUsed: "0x0",
    excessBlobGas: "0x0",
    withdrawals: [],
    transactions,
  };
}

/** The block's receipts, in order. @param {number} n */
export function syntheticReceipts(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const call = i % 2 === 1;
    out.push({
      type: "0x2",
      status: i % 10 === 9 ? "0x0" : "0x1",
      cumulativeGasUsed: `0x${((i + 1) * 30_000).toString(16)}`,
      logs: call
        ? [
            {
              address: `0x${hex(0xc0ffee, 40)}`,
              topics: [
                TRANSFER_TOPIC,
                `0x${hex(0, 24)}${address(i).slice(2)}`,
                `0x${hex(0, 24)}${hex(0xa000 + i, 40)}`,
              ],
              data: `0x${hex(i + 1, 64)}`,
              blockNumber: `0x${BLOCK_NUMBER.toString(16)}`,
              blockHash,
              transactionHash: txHash(i),
              transactionIndex: `0x${i.toString(16)}`,
              logIndex: `0x${i.toString(16)}`,
              removed: false,
            },
          ]
        : [],
      logsBloom: `0x${"0".repeat(512)}`,
      transactionHash: txHash(i),
      transactionIndex: `0x${i.toString(16)}`,
      blockHash,
      blockNumber: `0x${BLOCK_NUMBER.toString(16)}`,
      gasUsed: call ? "0xc350" : "0x5208",
      effectiveGasPrice: "0x77359400",
      from: address(i),
      to: call ? `0x${hex(0xc0ffee, 40)}` : address(i + 1),
      contractAddress: null,
    });
  }
  return out;
}

/**
 * The block's JSON-RPC server on 127.0.0.1: `/block/<N>/` serves the N-transaction block (any
 * number or hash asked) and its receipts; the bodies are built once per N and kept.
 */
export async function startBlockServer() {
  /** @type {Map<string, Buffer>} */
  const bodies = new Map();
  const text = (/** @type {string} */ kind, /** @type {number} */ n) => {
    const key = `${kind}:${n}`;
    let b = bodies.get(key);
    if (b === undefined) {
      b = Buffer.from(JSON.stringify(kind === "block" ? syntheticBlock(n) : syntheticReceipts(n)));
      bodies.set(key, b);
    }
    return b;
  };
  const answer = (/** @type {number} */ n, /** @type {any} */ call) => {
    const id = JSON.stringify(call?.id ?? null);
    const ok = (/** @type {Buffer} */ body) => [
      Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":`),
      body,
      Buffer.from("}"),
    ];
    switch (call?.method) {
      case "eth_chainId":
        return ok(Buffer.from('"0x7a69"'));
      case "eth_blockNumber":
        return ok(Buffer.from(`"0x${BLOCK_NUMBER.toString(16)}"`));
      case "eth_getBlockByNumber":
      case "eth_getBlockByHash":
        return ok(text("block", n));
      case "eth_getBlockReceipts":
        return ok(text("receipts", n));
      default:
        return [
          Buffer.from(
            JSON.stringify({
              jsonrpc: "2.0",
              id: call?.id ?? null,
              error: { code: -32601, message: `the method ${call?.method} does not exist` },
            }),
          ),
        ];
    }
  };
  const server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", "content-type, authorization");
    if (req.method === "OPTIONS") {
      res.statusCode = 204;
      res.end();
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const n = Number(/^\/block\/(\d+)\/?$/.exec(req.url ?? "")?.[1] ?? 0);
      let parts;
      try {
        parts = answer(n, JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        parts = [
          Buffer.from(
            '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}',
          ),
        ];
      }
      res.setHeader("Content-Type", "application/json");
      res.setHeader(
        "Content-Length",
        parts.reduce((s, b) => s + b.length, 0),
      );
      for (const b of parts) res.write(b);
      res.end();
    });
  });
  server.keepAliveTimeout = 2_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    warm: (/** @type {number[]} */ sizes) => {
      for (const n of sizes) {
        text("block", n);
        text("receipts", n);
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}

/** One run: the block page on a deep link to the N-transaction block. */
export async function blockOnce(browser, base, rpcBase, n) {
  const all = `${n.toLocaleString("en-US")} of ${n.toLocaleString("en-US")} receipts`;
  const { context, page, errors, cdp } = await newPage(browser, {
    selector: "[role=table] [role=row][data-index]",
    doneSelector: "p[aria-live=polite]",
    doneText: all,
  });
  // The decoding services are not asked from the benchmark (its selector is a built-in one).
  await page.route(/sourcify\.dev|openchain\.xyz|4byte/, (r) => r.abort());
  try {
    const rpcUrl = `${rpcBase}/block/${n}/`;
    await page.goto(`${base}/#/block?number=${BLOCK_NUMBER}&rpc=${encodeURIComponent(rpcUrl)}`, {
      waitUntil: "commit",
    });
    const first = await waitFirstRows(page, `block ${n}`);
    const body = (method, params) => JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
    const parse = async () => {
      const a = await inPageParse(
        page,
        rpcUrl,
        body("eth_getBlockByNumber", [`0x${BLOCK_NUMBER.toString(16)}`, true]),
      );
      const b = await inPageParse(page, rpcUrl, body("eth_getBlockReceipts", [blockHash]));
      return { ms: a.ms + b.ms, bytes: a.bytes + b.bytes };
    };
    if (!first.ok) {
      const p = await parse();
      return {
        transactions: n,
        payloadMB: p.bytes / 1e6,
        jsonParseMs: p.ms,
        error: first.error,
        pageErrors: errors,
      };
    }
    const loadedAt = await waitAllRows(page);
    // The last row is reachable: scrolled to the end, it shows its hash.
    const lastRow = await page.evaluate(
      async (h) => {
        const el = document.querySelector("[role=table]");
        if (!el) return false;
        el.scrollTop = el.scrollHeight;
        await window.__bench.frame();
        await window.__bench.frame();
        return [...el.querySelectorAll("[role=row][data-index] a")].some((a) =>
          (a.getAttribute("href") ?? "").includes(h),
        );
      },
      txHash(n - 1),
    );
    const scroll = await scrollThrough(page, "[role=table]");
    await page.evaluate(() => window.__bench.settle(300, 5_000));
    const state = await probeState(page);
    const heap = await heapAround(page, cdp);
    const p = await parse();
    return {
      transactions: n,
      payloadMB: p.bytes / 1e6,
      jsonParseMs: p.ms,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      lastRowReachable: lastRow,
      ...scrollFigures(scroll),
      ...loadFigures({ state, loadedAt, heap, errors }),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * The scenario as run.mjs registers it: its server started and stopped here, `repeat(label, fn)`
 * runs and medians each size. Results keyed by size (`block.1000.firstRowsMs`).
 */
export async function benchBlocks({ browser, base, repeat, log }) {
  const server = await withTimeout(startBlockServer(), 10_000, "block server");
  server.warm(BLOCK_SIZES);
  const out = {};
  try {
    for (const n of BLOCK_SIZES) {
      const label = `block page ${n.toLocaleString("en-US")} transactions`;
      log(label);
      out[n] = await repeat(label, () => blockOnce(browser, base, server.url, n));
    }
  } finally {
    await server.close();
  }
  return out;
}
