import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "../platform/zod";
import {
  AbortedError,
  createRpcClient,
  ExecutionRevertedError,
  HttpStatusError,
  JsonRpcError,
  MethodUnsupportedError,
  RateLimitedError,
  UnauthorizedError,
  NetworkError,
  ResponseTooLargeError,
  RpcError,
  SchemaError,
  TimeoutError,
  UnreadableResponseError,
  type RequestRecord,
  type RpcEndpoint,
} from "./index";

const KEY = "sk_live_7f3a9c1e5b2d4f6a8c0e";
const MASKED = "••••8c0e";

interface Hit {
  method: string | undefined;
  contentType: string | undefined;
  body: unknown;
}
type Handler = (body: unknown, res: ServerResponse, req: IncomingMessage) => void;

let server: Server;
let base = "";
let handler: Handler = (_b, res) => res.end();
let hits: Hit[] = [];
const sockets = new Set<Socket>();

function idOf(body: unknown): unknown {
  return typeof body === "object" && body !== null && "id" in body
    ? (body as { id: unknown }).id
    : undefined;
}

function json(
  res: ServerResponse,
  value: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}

function text(res: ServerResponse, body: string, status = 200, contentType = "text/plain"): void {
  res.writeHead(status, { "Content-Type": contentType });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // keep the raw text
      }
      hits.push({ method: req.method, contentType: req.headers["content-type"], body });
      handler(body, res, req);
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
  handler = (_b, res) => res.end();
});

const endpoint = (): RpcEndpoint => ({ url: `${base}/v1/${KEY}`, secrets: [KEY] });
const noRetry = { retry: false } as const;

async function failure(p: Promise<unknown>): Promise<RpcError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof RpcError) return e;
    throw new Error(`expected an RpcError, got ${String(e)}`, { cause: e });
  }
  throw new Error("expected the call to fail");
}

/** Every text field a user or a log could see, in one string. */
function visible(e: RpcError): string {
  return JSON.stringify({
    ...e,
    message: e.message,
    human: e.human,
    endpoint: e.endpoint,
    request: e.request,
  });
}

describe("request", () => {
  it("posts a JSON-RPC 2.0 body with incrementing ids and returns the result", async () => {
    handler = (body, res) => json(res, { jsonrpc: "2.0", id: idOf(body), result: "0x10" });
    const client = createRpcClient();
    await expect(client.request(endpoint(), "eth_blockNumber", [])).resolves.toBe("0x10");
    await expect(client.request(endpoint(), "eth_chainId", [])).resolves.toBe("0x10");
    expect(hits).toHaveLength(2);
    expect(hits[0]?.method).toBe("POST");
    expect(hits[0]?.contentType).toBe("application/json");
    expect(hits[0]?.body).toMatchObject({ jsonrpc: "2.0", method: "eth_blockNumber", params: [] });
    expect(idOf(hits[1]?.body)).toBe(Number(idOf(hits[0]?.body)) + 1);
  });

  it("validates the result with a schema and returns the parsed value", async () => {
    handler = (body, res) =>
      json(res, { jsonrpc: "2.0", id: idOf(body), result: { gasUsed: "0x5", extra: 1 } });
    const client = createRpcClient();
    const out = await client.request(endpoint(), "x_method", [], {
      schema: z.looseObject({ gasUsed: z.string() }),
    });
    expect(out.gasUsed).toBe("0x5");
  });

  it("names the first failing field of a schema, prefixed with result", async () => {
    const calls = [0, 1, 2, 3].map((i) => ({ gasUsed: i === 3 ? 5 : "0x1" }));
    handler = (body, res) => json(res, { jsonrpc: "2.0", id: idOf(body), result: { calls } });
    const schema = z.object({ calls: z.array(z.object({ gasUsed: z.string() })) });
    const e = await failure(
      createRpcClient().request(endpoint(), "debug_traceTransaction", ["0xabc"], { schema }),
    );
    expect(e).toBeInstanceOf(SchemaError);
    const s = e as SchemaError;
    expect(s.kind).toBe("schema");
    expect(s.path).toBe("result.calls[3].gasUsed");
    expect(s.human).toContain("result.calls[3].gasUsed");
    expect(s.human).toContain("got 5");
    expect(s.message).toBe(s.human);
  });
});

describe("HTTP status errors", () => {
  // What to try for each status is src/advice/advice.ts's job (advice.test.ts).
  for (const status of [401, 403, 404, 413, 500, 502, 503, 504, 418]) {
    it(`explains HTTP ${status}`, async () => {
      handler = (_b, res) => text(res, `upstream said ${status}`, status);
      const e = await failure(createRpcClient().request(endpoint(), "eth_getLogs", [{}], noRetry));
      expect(e).toBeInstanceOf(HttpStatusError);
      const h = e as HttpStatusError;
      expect(h.kind).toBe("http");
      expect(h.status).toBe(status);
      expect(h.human).toContain(`HTTP ${status}`);
      expect(h.human).toContain("eth_getLogs");
      expect(h.bodyExcerpt).toBe(`upstream said ${status}`);
      expect(h.method).toBe("eth_getLogs");
      expect(h.durationMs).toBeGreaterThanOrEqual(0);
      expect(h.request).toMatchObject({ method: "eth_getLogs", params: [{}] });
    });
  }

  it("reads Retry-After and the JSON-RPC error inside a 429", async () => {
    handler = (body, res) =>
      json(
        res,
        {
          jsonrpc: "2.0",
          id: idOf(body),
          error: {
            code: -32005,
            message: "Your account has exceeded its Compute Units Per Second capacity",
          },
        },
        429,
        { "Retry-After": "2" },
      );
    const e = (await failure(
      createRpcClient().request(endpoint(), "eth_call", [], noRetry),
    )) as HttpStatusError;
    expect(e).toBeInstanceOf(HttpStatusError);
    expect(e.status).toBe(429);
    expect(e.retryAfterMs).toBe(2000);
    expect(e.rpcCode).toBe(-32005);
    expect(e.bodyExcerpt).toContain("Compute Units Per Second");
    expect(e.human).toMatch(/HTTP 429 Too Many Requests/);
    expect(e).toBeInstanceOf(RateLimitedError);
  });

  it("keeps a nginx error page readable: tags stripped, at most 300 characters", async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center>${"<p>x</p>".repeat(200)}</body></html>`;
    handler = (_b, res) => text(res, page, 502, "text/html");
    const e = (await failure(
      createRpcClient().request(endpoint(), "eth_call", [], noRetry),
    )) as HttpStatusError;
    expect(e.bodyExcerpt.startsWith("502 Bad Gateway 502 Bad Gateway")).toBe(true);
    expect(e.bodyExcerpt.length).toBeLessThanOrEqual(300);
  });
});

describe("unreadable answers", () => {
  const cases: Array<[string, Handler, string, RegExp]> = [
    [
      "an HTML page",
      (_b, res) =>
        text(
          res,
          "<!DOCTYPE html><html><body><h1>Welcome to our site</h1></body></html>",
          200,
          "text/html",
        ),
      "html",
      /HTML page/,
    ],
    ["an empty body", (_b, res) => text(res, "", 200, "application/json"), "empty", /empty body/],
    [
      "truncated JSON",
      (body, res) =>
        text(
          res,
          `{"jsonrpc":"2.0","id":${String(idOf(body))},"result":{"calls":[{"gas":"0x1"`,
          200,
          "application/json",
        ),
      "truncated",
      /cut off/,
    ],
    ["plain text", (_b, res) => text(res, "hello there"), "not-json", /not JSON/],
    [
      "a wrong id",
      (body, res) => json(res, { jsonrpc: "2.0", id: Number(idOf(body)) + 1000, result: "0x1" }),
      "wrong-id",
      /does not belong to this request/,
    ],
    [
      "a missing jsonrpc member",
      (body, res) => json(res, { id: idOf(body), result: "0x1" }),
      "envelope",
      /"jsonrpc": "2.0" member is missing/,
    ],
    [
      "both result and error",
      (body, res) =>
        json(res, {
          jsonrpc: "2.0",
          id: idOf(body),
          result: "0x1",
          error: { code: -32000, message: "x" },
        }),
      "envelope",
      /both "result" and "error"/,
    ],
  ];
  for (const [name, h, reason, advice] of cases) {
    it(`says so for ${name}`, async () => {
      handler = h;
      const e = await failure(createRpcClient().request(endpoint(), "eth_chainId", []));
      expect(e).toBeInstanceOf(UnreadableResponseError);
      const u = e as UnreadableResponseError;
      expect(u.kind).toBe("unreadable");
      expect(u.reason).toBe(reason);
      expect(u.human).toMatch(advice);
      expect(u.human).toContain("eth_chainId");
      expect(hits).toHaveLength(1);
    });
  }

  it("treats an answer cut off by a dropped connection as truncated", async () => {
    handler = (_b, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "500" });
      res.write('{"jsonrpc":"2.0","id":1,"result":"0x');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const e = (await failure(
      createRpcClient().request(endpoint(), "eth_chainId", []),
    )) as UnreadableResponseError;
    expect(e).toBeInstanceOf(UnreadableResponseError);
    expect(e.reason).toBe("truncated");
    expect(e.excerpt).toContain('"result":"0x');
  });
});

describe("JSON-RPC errors", () => {
  it("names the code and keeps message and data", async () => {
    handler = (body, res) =>
      json(res, {
        jsonrpc: "2.0",
        id: idOf(body),
        error: { code: -32601, message: "the method eth_foo does not exist/is not available" },
      });
    const e = (await failure(createRpcClient().request(endpoint(), "eth_foo", []))) as JsonRpcError;
    expect(e).toBeInstanceOf(JsonRpcError);
    expect(e.kind).toBe("json-rpc");
    expect(e.code).toBe(-32601);
    expect(e.codeName).toBe("Method not found");
    expect(e.rpcMessage).toBe("the method eth_foo does not exist/is not available");
    expect(e.human).toContain("-32601 (Method not found)");
    expect(e).toBeInstanceOf(MethodUnsupportedError);
    expect(hits).toHaveLength(1);
  });

  it("explains a revert and keeps the revert bytes", async () => {
    const data = "0x08c379a0";
    handler = (body, res) =>
      json(res, {
        jsonrpc: "2.0",
        id: idOf(body),
        error: { code: 3, message: "execution reverted: nope", data },
      });
    const e = (await failure(
      createRpcClient().request(endpoint(), "eth_estimateGas", [{}]),
    )) as JsonRpcError;
    expect(e.code).toBe(3);
    expect(e.data).toBe(data);
    expect(e.human).toContain("Execution reverted");
    expect(e).toBeInstanceOf(ExecutionRevertedError);
    expect((e as ExecutionRevertedError).revertData).toBe(data);
  });

  it("accepts an error answered with a null id (parse error)", async () => {
    handler = (_b, res) =>
      json(res, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
    const e = (await failure(
      createRpcClient().request(endpoint(), "eth_call", []),
    )) as JsonRpcError;
    expect(e).toBeInstanceOf(JsonRpcError);
    expect(e.human).toContain("Parse error");
  });
});

describe("limits, time and cancellation", () => {
  it("refuses an announced Content-Length over the cap", async () => {
    handler = (body, res) => {
      const payload = JSON.stringify({ jsonrpc: "2.0", id: idOf(body), result: "x".repeat(5000) });
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(payload)),
      });
      res.end(payload);
    };
    const e = (await failure(
      createRpcClient({ maxResponseBytes: 1024 }).request(endpoint(), "eth_getLogs", [{}]),
    )) as ResponseTooLargeError;
    expect(e).toBeInstanceOf(ResponseTooLargeError);
    expect(e.kind).toBe("too-large");
    expect(e.limitBytes).toBe(1024);
    expect(e.receivedBytes).toBeGreaterThan(5000);
    expect(e.human).toMatch(/announces 4\.9 KB, over the 1\.0 KB limit/);
  });

  it("stops reading a streamed body at the cap", async () => {
    handler = (_b, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"jsonrpc":"2.0","id":1,"result":"');
      const timer = setInterval(() => {
        if (res.destroyed || res.writableEnded) clearInterval(timer);
        else res.write("y".repeat(400));
      }, 5);
      res.on("close", () => clearInterval(timer));
    };
    const e = (await failure(
      createRpcClient({ maxResponseBytes: 1024 }).request(endpoint(), "eth_getLogs", [{}]),
    )) as ResponseTooLargeError;
    expect(e).toBeInstanceOf(ResponseTooLargeError);
    expect(e.receivedBytes).toBeGreaterThan(1024);
    expect(e.receivedBytes).toBeLessThan(4096);
    expect(e.human).toMatch(/before the download was stopped/);
  });

  it("times out when the node never answers", async () => {
    handler = () => undefined;
    const started = Date.now();
    const e = (await failure(
      createRpcClient({ timeoutMs: 200 }).request(endpoint(), "eth_call", []),
    )) as TimeoutError;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.kind).toBe("timeout");
    expect(e.timeoutMs).toBe(200);
    expect(e.human).toMatch(/timed out.*within 0\.2 s/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hits).toHaveLength(1);
  });

  it("lets a call override the client's timeout", async () => {
    handler = () => undefined;
    const e = (await failure(
      createRpcClient({ timeoutMs: 60_000 }).request(endpoint(), "eth_call", [], {
        timeoutMs: 150,
      }),
    )) as TimeoutError;
    expect(e.timeoutMs).toBe(150);
  });

  it("reports a cancelled call as aborted, not as a timeout", async () => {
    handler = () => undefined;
    const records: RequestRecord[] = [];
    const controller = new AbortController();
    const client = createRpcClient({ timeoutMs: 5000, onRecord: (r) => records.push(r) });
    const p = client.request(endpoint(), "eth_call", [], { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const e = await failure(p);
    expect(e).toBeInstanceOf(AbortedError);
    expect(e.kind).toBe("aborted");
    expect(e.name).toBe("AbortedError");
    expect(e.human).toContain("cancelled");
    expect(records.at(-1)?.status).toBe("aborted");
  });

  it("does not send a call whose signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const e = await failure(
      createRpcClient().request(endpoint(), "eth_call", [], { signal: controller.signal }),
    );
    expect(e).toBeInstanceOf(AbortedError);
    expect(hits).toHaveLength(0);
  });
});

describe("network failures", () => {
  async function closedPortUrl(): Promise<string> {
    const s = createServer();
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((resolve) => s.close(() => resolve()));
    return `http://127.0.0.1:${port}/v1/${KEY}`;
  }

  it("explains a refused connection and retries it", async () => {
    const url = await closedPortUrl();
    const retries: string[] = [];
    const delays: number[] = [];
    const client = createRpcClient({ sleep: async (ms) => void delays.push(ms) });
    const e = (await failure(
      client.request({ url, secrets: [KEY] }, "eth_chainId", [], {
        onRetry: (i) => retries.push(i.error.kind),
      }),
    )) as NetworkError;
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.kind).toBe("network");
    expect(e.causeCode).toBe("ECONNREFUSED");
    expect(e.causeText).toContain("ECONNREFUSED");
    expect(e.human).toMatch(/could not be sent to 127\.0\.0\.1:\d+ \(.*ECONNREFUSED\)/);
    expect(retries).toEqual(["network", "network"]);
    expect(delays).toEqual([500, 1000]);
  });
});

describe("retries", () => {
  it("waits for Retry-After on a 429, then succeeds", async () => {
    let n = 0;
    handler = (body, res) => {
      n += 1;
      if (n === 1)
        json(
          res,
          { jsonrpc: "2.0", id: idOf(body), error: { code: -32005, message: "rate limited" } },
          429,
          { "Retry-After": "1" },
        );
      else json(res, { jsonrpc: "2.0", id: idOf(body), result: "0x1" });
    };
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    const started = Date.now();
    await expect(client.request(endpoint(), "eth_blockNumber", [])).resolves.toBe("0x1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits).toHaveLength(2);
    const last = records.at(-1);
    expect(last?.status).toBe("ok");
    expect(last?.retries).toBe(1);
    expect(new Set(records.map((r) => r.id)).size).toBe(1);
  });

  it("retries a 503 once, then succeeds", async () => {
    let n = 0;
    handler = (body, res) => {
      n += 1;
      if (n === 1) text(res, "overloaded", 503);
      else json(res, { jsonrpc: "2.0", id: idOf(body), result: "0x2" });
    };
    const delays: number[] = [];
    const client = createRpcClient({ sleep: async (ms) => void delays.push(ms) });
    await expect(client.request(endpoint(), "eth_blockNumber", [])).resolves.toBe("0x2");
    expect(hits).toHaveLength(2);
    expect(delays).toEqual([500]);
  });

  it("never retries a trace method", async () => {
    handler = (_b, res) => text(res, "overloaded", 503);
    const client = createRpcClient({ sleep: async () => undefined });
    for (const method of [
      "debug_jstraceTransaction",
      "debug_traceTransaction",
      "debug_traceCall",
    ]) {
      hits = [];
      const e = (await failure(
        client.request(endpoint(), method, ["0xabc", { tracer: "callTracer" }]),
      )) as HttpStatusError;
      expect(e.status).toBe(503);
      expect(hits).toHaveLength(1);
    }
  });

  it("does not retry a 400", async () => {
    handler = (_b, res) => text(res, "bad", 400);
    const e = (await failure(
      createRpcClient({ sleep: async () => undefined }).request(endpoint(), "eth_call", []),
    )) as HttpStatusError;
    expect(e.status).toBe(400);
    expect(hits).toHaveLength(1);
  });

  it("gives up after two retries and counts them in the record", async () => {
    handler = (_b, res) => text(res, "overloaded", 503);
    const delays: number[] = [];
    const records: RequestRecord[] = [];
    const client = createRpcClient({
      sleep: async (ms) => void delays.push(ms),
      onRecord: (r) => records.push(r),
    });
    const e = (await failure(client.request(endpoint(), "eth_call", []))) as HttpStatusError;
    expect(e.status).toBe(503);
    expect(hits).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
    const last = records.at(-1);
    expect(last).toMatchObject({
      status: "error",
      retries: 2,
      httpStatus: 503,
      error: { kind: "http" },
    });
  });

  it("honours retry: false and a smaller maxRetries", async () => {
    handler = (_b, res) => text(res, "overloaded", 503);
    const client = createRpcClient({ sleep: async () => undefined });
    await failure(client.request(endpoint(), "eth_call", [], { retry: false }));
    expect(hits).toHaveLength(1);
    hits = [];
    await failure(client.request(endpoint(), "eth_call", [], { maxRetries: 1 }));
    expect(hits).toHaveLength(2);
  });

  it("stops waiting when cancelled during the back-off", async () => {
    handler = (_b, res) => text(res, "overloaded", 503);
    const controller = new AbortController();
    const client = createRpcClient();
    const p = client.request(endpoint(), "eth_call", [], {
      signal: controller.signal,
      onRetry: () => controller.abort(),
    });
    const e = await failure(p);
    expect(e).toBeInstanceOf(AbortedError);
    expect(hits).toHaveLength(1);
  });
});

describe("secrets", () => {
  it("never shows the API key in errors or records", async () => {
    const records: RequestRecord[] = [];
    const client = createRpcClient({
      timeoutMs: 200,
      onRecord: (r) => records.push(r),
      sleep: async () => undefined,
    });
    const errors: RpcError[] = [];
    handler = (_b, res) => text(res, `invalid key ${KEY} for ${base}/v1/${KEY}`, 401);
    errors.push(await failure(client.request(endpoint(), "eth_call", [{ note: KEY }])));
    handler = (body, res) =>
      json(res, {
        jsonrpc: "2.0",
        id: idOf(body),
        error: { code: -32000, message: `Unauthorized ${KEY}`, data: { key: KEY } },
      });
    errors.push(await failure(client.request(endpoint(), "eth_call", [KEY])));
    handler = (body, res) =>
      text(res, `<html><body>${KEY} ${JSON.stringify(body)}</body></html>`, 200, "text/html");
    errors.push(await failure(client.request(endpoint(), "eth_call", [KEY])));
    handler = () => undefined;
    errors.push(await failure(client.request(endpoint(), "eth_call", [KEY])));

    expect(errors.map((e) => e.kind)).toEqual(["http", "json-rpc", "unreadable", "timeout"]);
    for (const e of errors) {
      const all = visible(e);
      expect(all).not.toContain(KEY);
      expect(e.endpoint).toBe(`${base}/v1/${MASKED}`);
    }
    expect(errors[1]).toBeInstanceOf(UnauthorizedError);
    expect(JSON.stringify(records)).not.toContain(KEY);
    expect(JSON.stringify(records)).toContain(MASKED);
    expect(records.every((r) => r.endpoint === `${base}/v1/${MASKED}`)).toBe(true);
  });

  it("sends a user name and password written into the URL as Basic auth, and masks them", async () => {
    let auth: string | undefined;
    handler = (_b, res, req) => {
      auth = req.headers.authorization;
      text(res, "no", 403);
    };
    const url = base.replace("http://", "http://alice:hunter22pass@");
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    const e = (await failure(client.request({ url }, "eth_call", []))) as HttpStatusError;
    expect(e.status).toBe(403);
    expect(auth).toBe(`Basic ${Buffer.from("alice:hunter22pass").toString("base64")}`);
    expect(visible(e)).not.toContain("hunter22pass");
    expect(JSON.stringify(records)).not.toContain("hunter22pass");
  });

  it("refuses an invalid URL without retrying", async () => {
    const e = (await failure(
      createRpcClient({ sleep: async () => undefined }).request(
        { url: `not a url ${KEY}`, secrets: [KEY] },
        "eth_call",
        [],
      ),
    )) as NetworkError;
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.causeCode).toBe("INVALID_URL");
    expect(e.human).toMatch(/not a valid URL/);
    expect(visible(e)).not.toContain(KEY);
  });
});

describe("records", () => {
  it("reports start and end with status, duration, size and retries", async () => {
    handler = (body, res) =>
      json(res, { jsonrpc: "2.0", id: idOf(body), result: { big: "z".repeat(100) } });
    const records: RequestRecord[] = [];
    const client = createRpcClient({ onRecord: (r) => records.push(r) });
    await client.request(endpoint(), "eth_getBlockByNumber", ["latest", false]);
    expect(records[0]).toMatchObject({
      status: "pending",
      method: "eth_getBlockByNumber",
      retries: 0,
      host: base.replace("http://", ""),
    });
    expect(records[0]?.durationMs).toBeUndefined();
    const last = records.at(-1);
    expect(last?.status).toBe("ok");
    expect(last?.httpStatus).toBe(200);
    expect(last?.sizeBytes).toBeGreaterThan(100);
    expect(last?.durationMs).toBeGreaterThanOrEqual(0);
    expect(last?.request).toMatchObject({
      method: "eth_getBlockByNumber",
      params: ["latest", false],
    });
    expect(last?.response).toMatchObject({ result: { big: "z".repeat(100) } });
    expect(records[0]).not.toBe(last);
  });

  it("keeps only the first 200 KB of a large answer as text", async () => {
    handler = (body, res) =>
      json(res, { jsonrpc: "2.0", id: idOf(body), result: "q".repeat(300 * 1024) });
    const records: RequestRecord[] = [];
    await createRpcClient({ onRecord: (r) => records.push(r) }).request(endpoint(), "eth_call", []);
    const response = records.at(-1)?.response;
    expect(typeof response).toBe("string");
    expect(String(response).length).toBeLessThan(201 * 1024);
    expect(String(response)).toMatch(/cut at 200 KB/);
  });
});
