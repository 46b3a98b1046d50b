/**
 * A logs answer over 1 MB, read by the logs reader Worker while the app loads (src/logs/ahead/),
 * in the real browser: the node here is a local server answering one eth_getLogs with 3,000 logs
 * (~1.9 MB, its length announced) — the devnet's answers are too small to take this path. What a
 * user sees must be what the page's own reading shows: every log, in order, one request; a log
 * with a field the app does not know keeps it (the Worker sends that one as parsed); the filter
 * works on the rows made from packed parts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, standInServices, test } from "./fixtures";

const N = 3000;
const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TOKEN = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ODD = 1500;

function log(i: number): Record<string, unknown> {
  const block = Math.floor(i / 10);
  return {
    address: TOKEN,
    topics: [TRANSFER, HASH(0xa0000 + (i % 7)), HASH(0xb0000 + (i % 11))],
    data: HASH(1000 + i),
    blockNumber: `0x${block.toString(16)}`,
    blockHash: HASH(0xc000000 + block),
    transactionHash: HASH(0xd000000 + i),
    transactionIndex: `0x${(i % 10).toString(16)}`,
    logIndex: `0x${(i % 10).toString(16)}`,
    removed: false,
    // a field some chains add (zkSync's): the app does not know it, the details show it
    ...(i === ODD ? { l1BatchNumber: "0x5" } : {}),
  };
}
const LAST_BLOCK = Math.floor((N - 1) / 10);

let server: Server;
let url = "";
let getLogs = 0;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "content-type");
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const call = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown; method: string };
      let result: unknown = null;
      if (call.method === "eth_chainId") result = "0x7a69";
      else if (call.method === "eth_blockNumber") result = `0x${LAST_BLOCK.toString(16)}`;
      else if (call.method === "eth_getLogs") {
        getLogs++;
        result = Array.from({ length: N }, (_, i) => log(i));
      }
      const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }));
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("a logs answer over 1 MB is read off the page's thread: every log, one request, odd fields kept", async ({
  page,
  manifest,
}) => {
  getLogs = 0;
  const search = new URLSearchParams({
    fromBlock: "0x0",
    toBlock: `0x${LAST_BLOCK.toString(16)}`,
    rpc: url,
  });
  await page.goto(`/#/logs?${search.toString()}${standInServices(manifest)}`);
  await expect(page.getByText(/^3,000 logs/).first()).toBeVisible({ timeout: 30_000 });
  // The Worker read it (its script was asked for), from the one request the link sent.
  const workers = await page.evaluate(
    () =>
      performance.getEntriesByType("resource").filter((e) => /logs\.worker/.test(e.name)).length,
  );
  expect(workers).toBe(1);
  expect(getLogs).toBe(1);

  // The filter on the rows made from the Worker's parts: one transaction's log.
  const filter = page.getByLabel("Filter results");
  await filter.fill(HASH(0xd000000 + 2999));
  await expect(page.getByText("1 of 3,000 logs match")).toBeVisible();
  const table = page.getByRole("table", { name: "Logs" });
  await table
    .getByRole("button", { name: /Details of the log/ })
    .first()
    .click();
  await expect(page.getByText(HASH(1000 + 2999)).first()).toBeVisible();

  // The log the Worker sent as parsed keeps the field the app does not know.
  await filter.fill(HASH(0xd000000 + ODD));
  await expect(page.getByText("1 of 3,000 logs match")).toBeVisible();
  await table
    .getByRole("button", { name: /Details of the log/ })
    .first()
    .click();
  const details = page.locator("dl").filter({ hasText: "l1BatchNumber" });
  await expect(details).toBeVisible();
  await expect(details).toContainText("0x5");
});
