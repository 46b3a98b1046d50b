/**
 * A logs answer read ahead (reader.ts) and taken over by the page's request: a real local HTTP
 * server, the real rpc client and the logs stream the scan uses, the Worker a stand-in running
 * the Worker's own code (serve.ts) in this thread. One request is sent; the rows are the answer's;
 * an error answer is told as the client tells it when it reads it itself; a Worker that never
 * starts leaves the body to the page; a caller that gives up stops the reading.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AbortedError,
  createRpcClient,
  NetworkError,
  RangeLimitError,
  UnreadableResponseError,
} from "../../rpc";
import { sendAhead } from "../../rpc/transport";
import { logsResultSchema, type LogRow, type RawLog } from "../result";
import { logsStream } from "../stream";
import type { FromReader, ToReader } from "./protocol";
import { readThrough, type ReaderWorker } from "./reader";
import { serveLogsReader } from "./serve";

const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
function log(i: number): RawLog {
  return {
    address: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    topics: [HASH(0xddf252ad), HASH(i)],
    data: HASH(i * 3),
    blockNumber: `0x${(i >> 3).toString(16)}`,
    blockHash: HASH(i >> 3),
    transactionHash: HASH(i + 1),
    transactionIndex: "0x0",
    logIndex: `0x${i.toString(16)}`,
    removed: false,
  };
}
const LOGS = Array.from({ length: 3000 }, (_, i) => log(i));

let server: Server;
let base = "";
let answer = (id: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, result: LOGS });
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const { id } = JSON.parse(Buffer.concat(chunks).toString()) as { id: unknown };
      const body = Buffer.from(answer(id));
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
      // in pieces, as a network delivers it
      let at = 0;
      const next = () => {
        if (res.destroyed) return;
        if (at >= body.length) return void res.end();
        res.write(body.subarray(at, at + 50_000));
        at += 50_000;
        setTimeout(next, 1);
      };
      next();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  requests = 0;
  answer = (id) => JSON.stringify({ jsonrpc: "2.0", id, result: LOGS });
});

/** A Worker stand-in: serve.ts's code, its messages crossing a task later each way. */
function standIn(
  opts: { failToStart?: boolean } = {},
): ReaderWorker & { terminated: boolean; start: () => void } {
  const worker = {
    terminated: false,
    start: () => undefined as unknown,
    onmessage: null as ((e: MessageEvent<FromReader>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage(m: ToReader) {
      setTimeout(() => {
        if (!worker.terminated) port.onmessage?.({ data: m } as MessageEvent<ToReader>);
      }, 0);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  const port = {
    onmessage: null as ((e: MessageEvent<ToReader>) => void) | null,
    postMessage(m: FromReader) {
      setTimeout(() => {
        if (!worker.terminated) worker.onmessage?.({ data: m } as MessageEvent<FromReader>);
      }, 0);
    },
  };
  worker.start = () =>
    setTimeout(() => {
      if (opts.failToStart) {
        worker.onerror?.({ preventDefault: () => undefined, message: "no script" } as ErrorEvent);
        return;
      }
      serveLogsReader(port);
      port.postMessage({ type: "awake" });
    }, 5);
  return worker as unknown as ReaderWorker & { terminated: boolean; start: () => void };
}

const PARAMS = [{ fromBlock: "0x0", toBlock: "0x200" }];

/** The page's request for the logs, as the scan makes it: rows as they come, and the result. */
async function pageRequest(signal?: AbortSignal) {
  let id = 0;
  const shown: LogRow[] = [];
  const streamed = logsStream(
    () => id++,
    (rows) => void shown.push(...rows),
  );
  const raw = await createRpcClient().request<RawLog[]>({ url: base }, "eth_getLogs", PARAMS, {
    schema: logsResultSchema,
    stream: streamed.stream,
    maxRetries: 0,
    signal,
  });
  return { raw, streamed, shown };
}

describe("a logs answer read ahead", () => {
  it("is taken over by the page's identical request: one request, every row, in order", async () => {
    const worker = standIn();
    expect(
      sendAhead(base, "eth_getLogs", PARAMS, 5_000, undefined, (res, signal) =>
        res.body ? (worker.start(), readThrough(() => worker, res.body, signal)) : null,
      ),
    ).toBe(true);
    // the page comes later: the Worker has read on meanwhile
    await new Promise((r) => setTimeout(r, 50));
    const { raw, streamed, shown } = await pageRequest();
    expect(requests).toBe(1);
    expect(raw).toBe(streamed.raws); // read by the stream, not parsed again whole
    expect(streamed.rows).toEqual(shown);
    expect(shown.map((r) => r.raw)).toEqual(LOGS);
    expect(shown.map((r) => r.logIndex)).toEqual(LOGS.map((_, i) => i));
    expect(shown.map((r) => r.id)).toEqual(LOGS.map((_, i) => i));
    expect(worker.terminated).toBe(true);
  });

  it("beside the first paint's copy, which reads its first bytes and stops: every row, one request", async () => {
    const worker = standIn();
    let copied = 0;
    const copyDone = new Promise<void>((resolve) => {
      const to = (response: Response | null) => {
        const reader = response?.body?.getReader();
        if (!reader) return resolve();
        const read = (): Promise<void> =>
          reader.read().then((step) => {
            if (step.done) return resolve();
            copied += step.value.byteLength;
            if (copied >= 64 * 1024) return void reader.cancel().then(() => resolve());
            return read();
          });
        void read();
      };
      sendAhead(base, "eth_getLogs", PARAMS, 5_000, { to, wholeUpTo: 64 * 1024 }, (res, signal) =>
        res.body ? (worker.start(), readThrough(() => worker, res.body, signal)) : null,
      );
    });
    await copyDone;
    const { raw, streamed, shown } = await pageRequest();
    expect(copied).toBeGreaterThanOrEqual(64 * 1024);
    expect(copied).toBeLessThan(JSON.stringify(LOGS).length);
    expect(requests).toBe(1);
    expect(raw).toBe(streamed.raws);
    expect(shown.map((r) => r.raw)).toEqual(LOGS);
  });

  it("an error answer is told as the client tells it when it reads it itself", async () => {
    answer = (id) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        error: { code: -32005, message: "query returned more than 10000 results" },
      });
    const worker = standIn();
    sendAhead(base, "eth_getLogs", PARAMS, 5_000, undefined, (res, signal) =>
      res.body ? (worker.start(), readThrough(() => worker, res.body, signal)) : null,
    );
    await expect(pageRequest()).rejects.toBeInstanceOf(RangeLimitError);
    expect(requests).toBe(1);
  });

  it("a Worker that never starts leaves the body to the page, which reads it as ever", async () => {
    const worker = standIn({ failToStart: true });
    sendAhead(base, "eth_getLogs", PARAMS, 5_000, undefined, (res, signal) =>
      res.body ? (worker.start(), readThrough(() => worker, res.body, signal)) : null,
    );
    const { raw, streamed, shown } = await pageRequest();
    expect(raw).toBe(streamed.raws);
    expect(raw).toEqual(LOGS);
    expect(shown.map((r) => r.raw)).toEqual(LOGS);
    expect(requests).toBe(1);
  });

  it("a page that gives up stops the reading: the exchange is aborted, the Worker ended", async () => {
    const worker = standIn();
    let took: (v?: unknown) => void = () => undefined;
    const taken = new Promise((r) => (took = r));
    sendAhead(base, "eth_getLogs", PARAMS, 5_000, undefined, (res, signal) => {
      took();
      return res.body ? (worker.start(), readThrough(() => worker, res.body, signal)) : null;
    });
    const quit = new AbortController();
    const asked = pageRequest(quit.signal);
    await taken;
    quit.abort();
    await expect(asked).rejects.toBeInstanceOf(AbortedError);
    for (let k = 0; k < 200 && !worker.terminated; k++) await new Promise((r) => setTimeout(r, 5));
    expect(worker.terminated).toBe(true);
  });

  it("an answer cut off mid-way is a network failure's truncated answer, not rows", async () => {
    answer = (id) => JSON.stringify({ jsonrpc: "2.0", id, result: LOGS }).slice(0, 150_000);
    const worker = standIn();
    sendAhead(base, "eth_getLogs", PARAMS, 5_000, undefined, (res, signal) =>
      res.body ? (worker.start(), readThrough(() => worker, res.body, signal)) : null,
    );
    const failed = await pageRequest().then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).not.toBeNull();
    expect(failed).toBeInstanceOf(UnreadableResponseError);
    expect(failed).not.toBeInstanceOf(NetworkError);
  });
});
