// Synthetic JSON-RPC data for the benchmark: callTracer trees of N frames and N eth_getLogs logs,
// served by a local node:http JSON-RPC server (CORS open, loopback only).
//
// Which data set a request gets is chosen by the endpoint's path: `/trace/<N>/` answers
// debug_traceTransaction / debug_jstraceTransaction with an N-frame tree, `/logs/<N>/` answers
// eth_getLogs with N logs in pieces (at most MAX_LOG_BLOCKS blocks per call, LOGS_PER_BLOCK logs
// per block: the range scanner's case), `/logs1/<N>/` answers eth_getLogs with N logs in ONE
// answer (DENSE_LOGS_PER_BLOCK per block, no limit: a provider without a result cap). Bodies are
// built once per N and kept, so the server costs nothing while the browser is being measured.
import { createServer } from "node:http";

const TYPES = ["CALL", "STATICCALL", "DELEGATECALL", "CALL", "CREATE", "CALL"];
const REVERT_NOPE =
  "0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000046e6f706500000000000000000000000000000000000000000000000000000000";
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
export const APPROVAL_TOPIC = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";

/** @param {number} i */
export function frameAddress(i) {
  return `0x${(i + 0x1000).toString(16).padStart(40, "0")}`;
}

/**
 * A callTracer tree of `size` frames (breadth-first, `branching` children per frame, a mix of
 * frame types, a failed frame every 97th with Error("nope")). The trace view's unit tests use the
 * same tree.
 * @param {number} size
 * @param {number} [branching]
 */
export function syntheticTrace(size, branching = 4) {
  /** @type {any[]} */
  const frames = [];
  for (let i = 0; i < size; i++) {
    const type = i === 0 ? "CALL" : TYPES[i % TYPES.length];
    /** @type {any} */
    const f = {
      type,
      from: frameAddress(i === 0 ? 0 : Math.floor((i - 1) / branching)),
      to: frameAddress(i),
      value: type === "CALL" && i % 7 === 0 ? "0xde0b6b3a7640000" : "0x0",
      gas: `0x${(10_000_000 - i).toString(16)}`,
      gasUsed: `0x${Math.max(21, 1_000_000 >> Math.min(20, Math.floor(Math.log(i + 1) / Math.log(branching)) * 2)).toString(16)}`,
      input: `0xa9059cbb${i.toString(16).padStart(64, "0")}`,
      output: "0x",
    };
    if (i > 0 && i % 97 === 0) {
      f.error = "execution reverted";
      f.output = REVERT_NOPE;
    }
    frames.push(f);
    if (i > 0) {
      const p = frames[Math.floor((i - 1) / branching)];
      (p.calls ??= []).push(f);
    }
  }
  return frames[0];
}

/** @param {number} n @param {number} width */
function hex(n, width) {
  return n.toString(16).padStart(width, "0");
}

/** An address-shaped 32-byte topic. @param {number} i */
function addressTopic(i) {
  return `0x${"0".repeat(24)}${hex(0xa000 + i, 40)}`;
}

/** Logs per block in the synthetic log set the range scan fetches in pieces. */
export const LOGS_PER_BLOCK = 10;
/** Logs per block in the one-answer set (a busy token: 100,000 logs over 1,000 blocks). */
export const DENSE_LOGS_PER_BLOCK = 100;

/**
 * N ERC-20-style logs (Transfer, every 5th an Approval), `perBlock` per block, in
 * (blockNumber, logIndex) order, from three token contracts.
 * @param {number} n
 * @param {number} [perBlock]
 */
export function syntheticLogs(n, perBlock = LOGS_PER_BLOCK) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const block = Math.floor(i / perBlock);
    const logIndex = i % perBlock;
    const approval = i % 5 === 4;
    out[i] = {
      address: `0x${hex(0xc0ffee00 + (i % 3), 40)}`,
      topics: [
        approval ? APPROVAL_TOPIC : TRANSFER_TOPIC,
        addressTopic(i % 1000),
        addressTopic((i * 7) % 1000),
      ],
      data: `0x${hex(i * 1_000_000 + 1, 64)}`,
      blockNumber: `0x${block.toString(16)}`,
      blockHash: `0x${hex(block + 1, 64)}`,
      blockTimestamp: `0x${(1_700_000_000 + block * 12).toString(16)}`,
      transactionHash: logTxHash(i),
      transactionIndex: `0x${logIndex.toString(16)}`,
      logIndex: `0x${logIndex.toString(16)}`,
      removed: false,
    };
  }
  return out;
}

/** The widest block range one eth_getLogs call may ask for (10,000 logs). */
export const MAX_LOG_BLOCKS = 1000;

/** The highest block of the N-log set. @param {number} n @param {number} [perBlock] */
export function lastLogBlock(n, perBlock = LOGS_PER_BLOCK) {
  return Math.max(0, Math.floor((n - 1) / perBlock));
}

/** The transaction hash of the i-th synthetic log (one row matches it). @param {number} i */
export function logTxHash(i) {
  return `0x${hex(0xbeef0000 + i, 64)}`;
}

/** A transaction hash that names the trace size (the server does not need it; links look real). @param {number} n */
export function traceHash(n) {
  return `0x${hex(n, 64)}`;
}

/**
 * Starts the synthetic JSON-RPC server on 127.0.0.1 (a free port unless given).
 * @param {{ port?: number }} [opts]
 * @returns {Promise<{ url: string, port: number, close(): Promise<void>, requests: () => number }>}
 */
export async function startSyntheticServer({ port = 0 } = {}) {
  /** @type {Map<number, string>} result JSON text per trace size */
  const traces = new Map();
  /** @type {Map<number, string>} result JSON text per log count */
  const logs = new Map();
  /** @type {Map<string, string>} result JSON text per piece of a log set (`n:from:to`) */
  const pieces = new Map();
  /** @type {Map<number, string>} result JSON text per log count, the one-answer (dense) set */
  const denseLogs = new Map();
  let count = 0;
  const traceText = (/** @type {number} */ n) => {
    let t = traces.get(n);
    if (t === undefined) {
      t = JSON.stringify(syntheticTrace(n));
      traces.set(n, t);
    }
    return t;
  };
  const logsText = (/** @type {number} */ n) => {
    let t = logs.get(n);
    if (t === undefined) {
      t = JSON.stringify(syntheticLogs(n));
      logs.set(n, t);
    }
    return t;
  };

  const denseLogsText = (/** @type {number} */ n) => {
    let t = denseLogs.get(n);
    if (t === undefined) {
      t = JSON.stringify(syntheticLogs(n, DENSE_LOGS_PER_BLOCK));
      denseLogs.set(n, t);
    }
    return t;
  };

  /** @type {Map<string, Buffer>} UTF-8 bytes of a result text, so a large answer is encoded once */
  const encoded = new Map();
  /** @param {string} text @returns {Buffer} */
  const bytesOf = (text) => {
    if (text.length < 100_000) return Buffer.from(text);
    let b = encoded.get(text);
    if (b === undefined) {
      b = Buffer.from(text);
      encoded.set(text, b);
    }
    return b;
  };

  /** @param {string} path @param {any} call @returns {Buffer[]} the response JSON, in parts */
  const answer = (path, call) => {
    const id = JSON.stringify(call?.id ?? null);
    const ok = (/** @type {string} */ resultText) => [
      Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":`),
      bytesOf(resultText),
      Buffer.from("}"),
    ];
    const err = (/** @type {number} */ code, /** @type {string} */ message) => [
      Buffer.from(
        JSON.stringify({ jsonrpc: "2.0", id: call?.id ?? null, error: { code, message } }),
      ),
    ];
    const m = /^\/(trace|logs1|logs)\/(\d+)\/?$/.exec(path);
    const kind = m?.[1];
    const n = Number(m?.[2] ?? 0);
    switch (call?.method) {
      case "eth_chainId":
        return ok('"0x7a69"');
      case "eth_blockNumber":
        return ok(
          JSON.stringify(
            `0x${(kind === "logs" ? lastLogBlock(n) : kind === "logs1" ? lastLogBlock(n, DENSE_LOGS_PER_BLOCK) : 1).toString(16)}`,
          ),
        );
      case "debug_traceTransaction":
      case "debug_jstraceTransaction":
        if (kind !== "trace") return err(-32601, "the method does not exist on this path");
        return ok(traceText(n));
      case "eth_getLogs": {
        if (kind === "logs1") {
          // One answer, whatever the range asked (the bench asks for the whole set).
          return ok(denseLogsText(n));
        }
        if (kind !== "logs") return ok("[]");
        // Like a provider (BSC's wording): at most MAX_LOG_BLOCKS blocks per call, so 100,000
        // logs arrive in pieces through the app's range scanner, as they would for real.
        const filter = call.params?.[0] ?? {};
        const from = Number.parseInt(filter.fromBlock ?? "0x0", 16);
        const to = Number.parseInt(filter.toBlock ?? `0x${lastLogBlock(n).toString(16)}`, 16);
        if (to - from + 1 > MAX_LOG_BLOCKS)
          return err(-32005, `exceed maximum block range: ${MAX_LOG_BLOCKS}`);
        if (from === 0 && to >= lastLogBlock(n)) return ok(logsText(n));
        // Pieces are built once and kept, like whole answers (the server must not be what is slow).
        const key = `${n}:${from}:${to}`;
        let piece = pieces.get(key);
        if (piece === undefined) {
          piece = JSON.stringify(
            syntheticLogs(n).slice(from * LOGS_PER_BLOCK, (to + 1) * LOGS_PER_BLOCK),
          );
          pieces.set(key, piece);
        }
        return ok(piece);
      }
      default:
        return err(-32601, `the method ${String(call?.method)} does not exist/is not available`);
    }
  };

  const server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", "content-type, authorization");
    res.setHeader("Access-Control-Max-Age", "600");
    if (req.method === "OPTIONS") {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.method !== "POST") {
      res.statusCode = 405;
      res.end();
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      count++;
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      /** @type {Buffer[]} */
      let parts;
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        parts = Array.isArray(parsed)
          ? [
              Buffer.from("["),
              ...parsed.flatMap((c, i) => [...(i ? [Buffer.from(",")] : []), ...answer(path, c)]),
              Buffer.from("]"),
            ]
          : answer(path, parsed);
      } catch {
        parts = [
          Buffer.from(
            JSON.stringify({
              jsonrpc: "2.0",
              id: null,
              error: { code: -32700, message: "parse error" },
            }),
          ),
        ];
      }
      // The cached bytes are written as they are: the server must not be what is slow.
      res.setHeader("Content-Type", "application/json");
      res.setHeader(
        "Content-Length",
        parts.reduce((sum, b) => sum + b.length, 0),
      );
      for (const b of parts) res.write(b);
      res.end();
    });
  });
  server.keepAliveTimeout = 2_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests: () => count,
    /** Builds the bodies for these sizes ahead of time (so the first request is not slowed). */
    warm(/** @type {{ traces?: number[], logs?: number[], denseLogs?: number[] }} */ sizes) {
      for (const n of sizes.traces ?? []) bytesOf(traceText(n));
      for (const n of sizes.logs ?? []) {
        logsText(n);
        // The pieces the range scanner asks for (MAX_LOG_BLOCKS each, from block 0).
        const all = syntheticLogs(n);
        for (let from = 0; from <= lastLogBlock(n); from += MAX_LOG_BLOCKS) {
          const to = Math.min(lastLogBlock(n), from + MAX_LOG_BLOCKS - 1);
          pieces.set(
            `${n}:${from}:${to}`,
            JSON.stringify(all.slice(from * LOGS_PER_BLOCK, (to + 1) * LOGS_PER_BLOCK)),
          );
        }
      }
      for (const n of sizes.denseLogs ?? []) bytesOf(denseLogsText(n));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
