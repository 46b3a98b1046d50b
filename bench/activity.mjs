// An address's activity (issue 36), one run: a synthetic address with 10,000 token transfers
// (`--views=activity`), opened from a deep link as the log explorer shows it
// (`#/logs?activity=<address>&fromBlock=&toBlock=`), against a node of its own (below) that
// answers the activity's three eth_getLogs filters by their topics, allows at most
// ACTIVITY_MAX_BLOCKS blocks per call (so each filter is refused whole and fetched in pieces by
// the range scanner, as on a provider) and refuses ots_* and eth_call, as a provider does.
// Measured from navigation start: first rows, all rows (the count final), then a counterparty's
// address and `direction=in` typed into the filter (→ exactly their rows, the count final),
// scrolling, longest task while loading, heap, most rows in the DOM.
/* global window, document */
import { createServer } from "node:http";
import {
  heapAround,
  loadFigures,
  newPage,
  probeState,
  scrollFigures,
  scrollThrough,
  waitAllRows,
  waitFirstRows,
} from "./page.mjs";

/** Transfers per block in the synthetic activity. */
const PER_BLOCK = 5;
/** The widest block range one eth_getLogs call may ask for. */
export const ACTIVITY_MAX_BLOCKS = 1000;

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TRANSFER_SINGLE = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
const DEPOSIT = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";

/** The address whose activity is measured. */
export const ACTIVITY_ADDRESS = `0x${"a1".repeat(20)}`;

/** @param {number} n @param {number} width */
const hex = (n, width) => n.toString(16).padStart(width, "0");
/** @param {string} a */
const topicOf = (a) => `0x${"0".repeat(24)}${a.slice(2).toLowerCase()}`;
/** A counterparty (40 of them). @param {number} i */
export const counterparty = (i) => `0x${hex(0xc000 + (i % 40), 40)}`;

/**
 * N transfers naming the address, PER_BLOCK per block in (block, log index) order: 5 in 10 sent
 * (ERC-20 Transfer from it), 3 received, 1 a WETH Deposit to it, 1 an ERC-1155 TransferSingle to
 * it — from three token contracts.
 * @param {number} n
 */
export function activityLogs(n) {
  const me = topicOf(ACTIVITY_ADDRESS);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const block = Math.floor(i / PER_BLOCK);
    const logIndex = i % PER_BLOCK;
    const kind = i % 10;
    const other = topicOf(counterparty(i));
    const topics =
      kind < 5
        ? [TRANSFER, me, other]
        : kind < 8
          ? [TRANSFER, other, me]
          : kind === 8
            ? [DEPOSIT, me]
            : [TRANSFER_SINGLE, other, other, me];
    out[i] = {
      address: `0x${hex(0xc0ffee00 + (i % 3), 40)}`,
      topics,
      data:
        kind === 9 ? `0x${hex(1 + (i % 7), 64)}${hex(i + 1, 64)}` : `0x${hex(i * 1_000 + 1, 64)}`,
      blockNumber: `0x${block.toString(16)}`,
      blockHash: `0x${hex(block + 1, 64)}`,
      blockTimestamp: `0x${(1_700_000_000 + block * 12).toString(16)}`,
      transactionHash: `0x${hex(0xa0000000 + i, 64)}`,
      transactionIndex: `0x${logIndex.toString(16)}`,
      logIndex: `0x${logIndex.toString(16)}`,
      removed: false,
    };
  }
  return out;
}

/** What one run expects: the counts the filter terms typed must show. @param {number} n */
export function activityExpectations(n) {
  const logs = activityLogs(n);
  const other = counterparty(7);
  const t = topicOf(other);
  return {
    last: Math.floor((n - 1) / PER_BLOCK),
    counterparty: other,
    counterpartyRows: logs.filter((l) => l.topics.includes(t)).length,
    inRows: logs.filter((_, i) => i % 10 >= 5).length,
  };
}

/** @param {unknown} want @param {string | undefined} topic */
function matches(want, topic) {
  if (want === null || want === undefined) return true;
  if (topic === undefined) return false;
  return Array.isArray(want) ? want.includes(topic) : want === topic;
}

/**
 * The activity's node on 127.0.0.1: eth_getLogs by topics (no address filter needed), at most
 * ACTIVITY_MAX_BLOCKS blocks per call; answers built once per (filter, range) and kept.
 * @param {number} n
 */
export async function startActivityServer(n) {
  const logs = activityLogs(n);
  const last = Math.floor((n - 1) / PER_BLOCK);
  /** @type {Map<string, Buffer>} */
  const answers = new Map();
  const answer = (/** @type {any} */ call) => {
    const id = JSON.stringify(call?.id ?? null);
    const ok = (/** @type {string} */ text) => `{"jsonrpc":"2.0","id":${id},"result":${text}}`;
    const err = (/** @type {number} */ code, /** @type {string} */ message) =>
      JSON.stringify({ jsonrpc: "2.0", id: call?.id ?? null, error: { code, message } });
    switch (call?.method) {
      case "eth_chainId":
        return ok('"0x7a69"');
      case "eth_blockNumber":
        return ok(JSON.stringify(`0x${last.toString(16)}`));
      // The address's sent transactions are searched by nonce (src/address/nonceHistory.ts): the
      // activity's address sent none, as a real node would say.
      case "eth_getTransactionCount":
        return ok('"0x0"');
      // The transactions the transfers name, read a page at a time by the history under them
      // (src/address/History.tsx): each a token contract's transfer called by a counterparty.
      case "eth_getTransactionByHash": {
        const i = Number.parseInt(String(call.params?.[0] ?? "0x0").slice(-16), 16) - 0xa0000000;
        const log = logs[i];
        if (!log) return ok("null");
        return ok(
          JSON.stringify({
            hash: log.transactionHash,
            blockHash: log.blockHash,
            blockNumber: log.blockNumber,
            transactionIndex: log.transactionIndex,
            from: counterparty(i),
            to: log.address,
            value: "0x0",
            input: `0xa9059cbb${topicOf(ACTIVITY_ADDRESS).slice(2)}${hex(i + 1, 64)}`,
            nonce: `0x${i.toString(16)}`,
            gas: "0x186a0",
            gasPrice: "0x3b9aca00",
            type: "0x0",
            chainId: "0x7a69",
            v: "0xf4f5",
            r: `0x${hex(1, 64)}`,
            s: `0x${hex(2, 64)}`,
          }),
        );
      }
      case "eth_getLogs": {
        const f = call.params?.[0] ?? {};
        const from = Number.parseInt(f.fromBlock ?? "0x0", 16);
        const to = f.toBlock === "latest" ? last : Number.parseInt(f.toBlock ?? "0x0", 16);
        if (to - from + 1 > ACTIVITY_MAX_BLOCKS)
          return err(-32005, `exceed maximum block range: ${ACTIVITY_MAX_BLOCKS}`);
        const key = JSON.stringify([f.topics, from, to]);
        let text = answers.get(key);
        if (text === undefined) {
          const want = f.topics ?? [];
          const found = logs
            .slice(from * PER_BLOCK, (to + 1) * PER_BLOCK)
            .filter((l) => want.every((w, k) => matches(w, l.topics[k])));
          text = JSON.stringify(found);
          answers.set(key, text);
        }
        return ok(text);
      }
      default:
        return err(-32601, `the method ${String(call?.method)} does not exist/is not available`);
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
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let body;
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        body = Array.isArray(parsed) ? `[${parsed.map(answer).join(",")}]` : answer(parsed);
      } catch {
        body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}';
      }
      res.setHeader("Content-Type", "application/json");
      res.end(body);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}

/**
 * One run on a fresh page. `rpcUrl`: startActivityServer(n)'s; `expect`: activityExpectations(n).
 */
export async function activityOnce({ browser, base, rpcUrl, n, expect }) {
  const table = "[role=table][aria-label='Token transfers']";
  const { context, page, errors, cdp } = await newPage(browser, {
    selector: `${table} [role=row][data-index]`,
    doneSelector: "section[aria-label='Token transfers'] > p",
    doneText: ` ${n.toLocaleString("en-US")} found`,
  });
  try {
    const url = `${base}/#/logs?activity=${ACTIVITY_ADDRESS}&fromBlock=0&toBlock=${expect.last}&sigdb=off&sourcify=off&rpc=${encodeURIComponent(rpcUrl)}`;
    await page.goto(url, { waitUntil: "commit" });
    const first = await waitFirstRows(page, `activity ${n}`);
    if (!first.ok) return { transfers: n, error: first.error, pageErrors: errors };
    const loadedAt = await waitAllRows(page);

    // Typed right after every row is there: a counterparty's address, then `direction=in`.
    const typed = await page.evaluate(
      async ({ table, total, counterparty, counterpartyRows, inRows }) => {
        const b = window.__bench;
        const input = document.getElementById("logs-filter");
        if (!input) throw new Error("no filter input");
        const status = () =>
          [...document.querySelectorAll("p[aria-live=polite]")].find((p) =>
            / logs/.test(p.textContent ?? ""),
          )?.textContent ?? "";
        const shows = (count) => () =>
          status() ===
            `${count.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} logs match` &&
          document.querySelector(table)?.getAttribute("aria-rowcount") === String(count + 1);
        const r1 = await b.interaction(
          () => b.type(input, counterparty),
          shows(counterpartyRows),
          30_000,
        );
        b.type(input, "");
        await b.settle(300, 5_000);
        const r2 = await b.interaction(() => b.type(input, "direction=in"), shows(inRows), 30_000);
        const shown = status();
        b.type(input, "");
        await b.settle(300, 5_000);
        return {
          filterAddressMs: r1.ok ? r1.ms : null,
          filterDirectionMs: r2.ok ? r2.ms : null,
          filterShown: shown,
        };
      },
      { table, total: n, ...expect },
    );

    const scroll = await scrollThrough(page, table);
    await page.evaluate(() => window.__bench.settle(300, 5_000));
    const state = await probeState(page);
    const heap = await heapAround(page, cdp);
    return {
      transfers: n,
      firstRowsMs: state.firstPaintedAt,
      allRowsMs: state.donePaintedAt,
      ...typed,
      ...scrollFigures(scroll),
      ...loadFigures({ state, loadedAt, heap, errors }),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
