// An HTTP gateway in front of anvil that speaks the provider's URL shapes, keys, limits and errors,
// logs every JSON-RPC request, and injects faults on request.
import { STATUS_CODES, createServer } from "node:http";
import { rpcEnvelope, toHex } from "./rpc.mjs";
import { serviceRoute, sigdbAnswer, sourcifyAnswer } from "./services.mjs";

export const API_KEY = "nodescope-demo";
/** The {chain}-{network} ids whose endpoint offers debug_jstraceTransaction (others answer -32601 for it). */
export const TRACE_NETWORKS = ["bsc-mainnet", "eth-mainnet", "polygon-mainnet"];
export const MAX_BLOCK_RANGE = 5_000;
export const MAX_RESULTS = 10_000;
export const MAX_BATCH = 500;
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_LOG_ENTRIES = 20_000;
/** Default delay of the `slow` fault (past the provider's 30 s time-out). */
export const SLOW_MS = 35_000;
/** Bytes of the `oversized` fault's body (~60 MB). */
export const OVERSIZED_BYTES = 60 * 1024 * 1024;

export const STATUS_FAULTS = [401, 403, 404, 413, 429, 500, 502, 503, 504];
/** Every fault mode; select one with the key `fault-<mode>` in any endpoint shape (`slow-<ms>` too). */
export const FAULT_MODES = [
  ...STATUS_FAULTS.map(String),
  "html",
  "empty",
  "truncated",
  "wrong-id",
  "no-jsonrpc",
  "slow",
  "drop",
  "oversized",
  "rpc-error",
  "flaky-503",
];

/**
 * The standard reads every endpoint of a full node answers (the app uses eth_call for token
 * metadata and eth_getTransactionByHash to find a transaction by its hash); each endpoint adds
 * its own method.
 */
const COMMON_METHODS = [
  "eth_chainId",
  "eth_blockNumber",
  "eth_call",
  "eth_getCode",
  "eth_getBalance",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
];
/** @type {Record<string, string[]>} */
const ENDPOINT_METHODS = {
  rollupNitro: ["eth_estimateGas", "eth_getTransactionByBlockHashAndIndex", ...COMMON_METHODS],
  rollup: ["eth_getLogs", ...COMMON_METHODS],
  trace: ["debug_jstraceTransaction", ...COMMON_METHODS],
};

/**
 * @typedef {{ endpoint: "rollupNitro" | "rollup" | "trace", key: string, network?: string, rawKey: string }} Route
 * @typedef {{ jsonrpc?: string, id?: unknown, result?: unknown, error?: { code: number, message: string, data?: unknown } }} Reply
 * @typedef {{ time: string, path: string, host?: string, endpoint: string, network?: string, key: string,
 *   fault?: string, id?: unknown, method?: string, params: unknown }} RpcLogEntry
 * @typedef {{ time: string, service: "sigdb" | "sourcify", path: string, query: string, fault?: string }} ServiceLogEntry
 *   query: the query string without its `?`; fault: `down`, `garbage` or `slow-<ms>`
 * @typedef {RpcLogEntry | ServiceLogEntry} LogEntry
 */

/**
 * Which endpoint a request addresses, or null.
 * @param {string} pathname
 * @param {string | undefined} host
 * @returns {Route | null}
 */
export function route(pathname, host) {
  const hostMatch = /^([a-z0-9]+-[a-z0-9]+)\.localhost(?::\d+)?$/i.exec(host ?? "");
  let m;
  if (hostMatch && (m = /^\/v1(?:\/([^/]*))?\/?$/.exec(pathname)))
    return {
      endpoint: "trace",
      network: /** @type {string} */ (hostMatch[1]).toLowerCase(),
      key: decode(m[1]),
      rawKey: m[1] ?? "",
    };
  if ((m = /^\/(?:([^/]*)\/)?rollup-nitro\/?$/.exec(pathname)))
    return { endpoint: "rollupNitro", key: decode(m[1]), rawKey: m[1] ?? "" };
  if ((m = /^\/(?:([^/]*)\/)?rollup\/?$/.exec(pathname)))
    return { endpoint: "rollup", key: decode(m[1]), rawKey: m[1] ?? "" };
  if ((m = /^\/([a-z0-9]+-[a-z0-9]+)\/v1(?:\/([^/]*))?\/?$/i.exec(pathname)))
    return {
      endpoint: "trace",
      network: /** @type {string} */ (m[1]).toLowerCase(),
      key: decode(m[2]),
      rawKey: m[2] ?? "",
    };
  return null;
}

/** @param {string | undefined} s */
function decode(s) {
  if (!s) return "";
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The key as logs show it: `••••` + its last 4 characters (fault keys are not secrets). @param {string} key */
export function maskKey(key) {
  if (!key) return "";
  if (key.startsWith("fault-")) return key;
  return `••••${key.length > 4 ? key.slice(-4) : ""}`;
}

/** @param {string} key @returns {string | null} */
function faultOf(key) {
  if (!key.startsWith("fault-")) return null;
  const mode = key.slice("fault-".length);
  if (FAULT_MODES.includes(mode) || /^slow-\d{1,7}$/.test(mode)) return mode;
  return null;
}

/** Whether a method is served at a route. @param {Route} r @param {string} method */
export function serves(r, method) {
  if (r.endpoint === "trace" && method === "debug_jstraceTransaction")
    return TRACE_NETWORKS.includes(r.network ?? "");
  return (ENDPOINT_METHODS[r.endpoint] ?? []).includes(method);
}

const rpcError = (
  /** @type {unknown} */ id,
  /** @type {number} */ code,
  /** @type {string} */ message,
) => ({ jsonrpc: "2.0", id, error: { code, message } });

/**
 * Starts the gateway on 127.0.0.1.
 * @param {{ anvilUrl: string, port?: number, manifest?: unknown,
 *   services?: import("./services.mjs").Services }} options services: what /sigdb and /sourcify answer
 */
export async function startGateway({ anvilUrl, port = 0, manifest, services }) {
  /** @type {LogEntry[]} */
  let requestLog = [];
  /** @type {Map<string, number>} */
  const flaky = new Map();
  /** @type {Set<() => void>} pending `slow` timers, cleared on close */
  const pending = new Set();
  let currentManifest = manifest;
  let currentServices = services;

  /** @param {string} method @param {unknown} params @param {unknown} id @returns {Promise<Reply>} */
  async function forward(method, params, id) {
    try {
      const body = await rpcEnvelope(
        anvilUrl,
        method,
        Array.isArray(params)
          ? params
          : params === undefined
            ? []
            : /** @type {unknown[]} */ (params),
        { timeoutMs: 120_000 },
      );
      if (body.error) return { jsonrpc: "2.0", id, error: body.error };
      return { jsonrpc: "2.0", id, result: body.result === undefined ? null : body.result };
    } catch (error) {
      return rpcError(
        id,
        -32603,
        `upstream node unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** @param {unknown} tag @param {() => Promise<number>} latest @returns {Promise<number | null>} */
  async function blockOf(tag, latest) {
    if (
      tag === undefined ||
      tag === null ||
      tag === "latest" ||
      tag === "pending" ||
      tag === "safe" ||
      tag === "finalized"
    )
      return latest();
    if (tag === "earliest") return 0;
    if (typeof tag === "string" && /^0x[0-9a-f]+$/i.test(tag)) return Number.parseInt(tag, 16);
    return null;
  }

  /** eth_getLogs with the provider's block-range and result-count limits. @param {unknown} params @param {unknown} id @returns {Promise<Reply>} */
  async function getLogs(params, id) {
    const filter = Array.isArray(params) ? params[0] : undefined;
    if (!filter || typeof filter !== "object" || Array.isArray(filter))
      return rpcError(id, -32602, "invalid argument 0: missing value for required argument");
    const f = /** @type {Record<string, unknown>} */ (filter);
    if (f.blockHash !== undefined || f.blockhash !== undefined)
      return forward("eth_getLogs", params, id);
    /** @type {number | undefined} */
    let head;
    const latest = async () => {
      if (head === undefined) {
        const r = await forward("eth_blockNumber", [], id);
        if (typeof r.result !== "string") throw new Error("eth_blockNumber failed");
        head = Number.parseInt(r.result, 16);
      }
      return head;
    };
    let from, to;
    try {
      from = await blockOf(f.fromBlock, latest);
      to = await blockOf(f.toBlock, latest);
    } catch {
      return rpcError(id, -32603, "upstream node unavailable");
    }
    if (from === null || to === null)
      return rpcError(
        id,
        -32602,
        "invalid argument 0: hex string without 0x prefix or invalid block tag",
      );
    if (to >= from && to - from + 1 > MAX_BLOCK_RANGE)
      return rpcError(id, -32005, `exceed maximum block range: ${MAX_BLOCK_RANGE}`);
    const reply = await forward(
      "eth_getLogs",
      [{ ...f, fromBlock: toHex(from), toBlock: toHex(to) }],
      id,
    );
    if (!Array.isArray(reply.result) || reply.result.length <= MAX_RESULTS) return reply;
    const blocks = reply.result
      .map((/** @type {{ blockNumber?: string }} */ l) =>
        Number.parseInt(l.blockNumber ?? "0x0", 16),
      )
      .sort((a, b) => a - b);
    const end = Math.max(from, /** @type {number} */ (blocks[MAX_RESULTS]) - 1);
    return rpcError(
      id,
      -32005,
      `query returned more than ${MAX_RESULTS} results. Try with this block range [${toHex(from)}, ${toHex(end)}].`,
    );
  }

  /** @param {unknown} el @param {Route} r @param {boolean} authorised @returns {Promise<Reply>} */
  async function answerOne(el, r, authorised) {
    if (!el || typeof el !== "object" || Array.isArray(el))
      return rpcError(null, -32600, "invalid request");
    const {
      id = null,
      method,
      params,
    } = /** @type {{ id?: unknown, method?: unknown, params?: unknown }} */ (el);
    if (typeof method !== "string") return rpcError(id, -32600, "invalid request");
    if (!authorised) return rpcError(id, -32000, "Unauthorized");
    if (!serves(r, method))
      return rpcError(id, -32601, `method ${method} does not exist/is not available.`);
    if (method === "eth_getLogs") return getLogs(params, id);
    if (method === "debug_jstraceTransaction") return forward("debug_traceTransaction", params, id);
    return forward(method, params, id);
  }

  /** @param {unknown} parsed @param {Route} r @param {boolean} authorised @returns {Promise<Reply | Reply[]>} */
  async function answer(parsed, r, authorised) {
    if (parsed === PARSE_ERROR) return rpcError(null, -32700, "parse error");
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return rpcError(null, -32600, "empty batch");
      if (parsed.length > MAX_BATCH)
        return rpcError(null, -32005, `batch size exceed limit ${MAX_BATCH}`);
      return Promise.all(parsed.map((el) => answerOne(el, r, authorised)));
    }
    return answerOne(parsed, r, authorised);
  }

  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  async function handle(req, res) {
    cors(req, res);
    const url = new URL(req.url ?? "/", "http://gateway.invalid");
    if (req.method === "OPTIONS") {
      res.writeHead(204, { "Content-Length": "0" });
      return res.end();
    }
    if (url.pathname === "/__log") {
      if (req.method === "DELETE") {
        const cleared = requestLog.length;
        requestLog = [];
        flaky.clear();
        return json(res, 200, { cleared });
      }
      return json(res, 200, requestLog);
    }
    if (url.pathname === "/manifest.json") {
      if (currentManifest === undefined) return json(res, 404, { error: "no manifest yet" });
      return json(res, 200, currentManifest);
    }
    const service = serviceRoute(url.pathname);
    if (service) return serveService(service, url, req, res);
    const r = route(url.pathname, req.headers.host);
    if (!r) {
      if (req.method === "GET" && url.pathname === "/")
        return json(res, 200, {
          name: "nodescope devnet gateway",
          anvil: "hidden",
          manifest: "/manifest.json",
          log: "/__log",
          faults: FAULT_MODES,
          services: { sigdb: "/sigdb", sourcify: "/sourcify" },
        });
      return json(res, 404, { error: `no endpoint at ${url.pathname}` });
    }
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST, OPTIONS");
      return json(res, 405, { error: "use POST" });
    }
    const body = await readBody(req);
    if (body === null) {
      res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      return res.end("413 Payload Too Large");
    }
    /** @type {unknown} */
    let parsed = PARSE_ERROR;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      // answered with -32700 below
    }
    const fault = faultOf(r.key);
    record(parsed, r, url.pathname, req.headers.host, fault);
    const authorised = r.key === API_KEY || fault !== null;
    if (fault === null) return json(res, 200, await answer(parsed, r, authorised));
    return faultReply(fault, parsed, req, res, () => answer(parsed, r, authorised));
  }

  /**
   * The signature database and Sourcify stand-ins, with their fault bases; every request logged.
   * @param {import("./services.mjs").ServiceRoute} s
   * @param {URL} url
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   */
  async function serveService(s, url, req, res) {
    const fault = s.fault === "slow" ? `slow-${s.slowMs}` : s.fault;
    requestLog.push({
      time: new Date().toISOString(),
      service: s.service,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      ...(fault ? { fault } : {}),
    });
    trimLog();
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD, OPTIONS");
      return json(res, 405, { error: "use GET" });
    }
    if (s.fault === "down") return statusReply(res, 503);
    if (s.fault === "garbage") {
      const text =
        "<!DOCTYPE html><html><body>upstream returned garbage {ok: maybe</body></html>\n";
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(text)),
      });
      return res.end(text);
    }
    if (s.fault === "slow" && !(await delay(res, s.slowMs))) return;
    if (!currentServices) return json(res, 404, { error: `no ${s.service} data on this gateway` });
    const reply =
      s.service === "sigdb"
        ? sigdbAnswer(currentServices.sigdb, s.rest, url.searchParams)
        : sourcifyAnswer(currentServices.sourcify, s.rest, url.searchParams);
    return json(res, reply.status, reply.body);
  }

  /**
   * Waits `ms` unless the client goes away or the gateway closes; true when still worth answering.
   * @param {import("node:http").ServerResponse} res @param {number} ms @returns {Promise<boolean>}
   */
  async function delay(res, ms) {
    const answered = await new Promise((resolve) => {
      const done = (/** @type {boolean} */ value) => {
        clearTimeout(timer);
        res.removeListener("close", onClose);
        pending.delete(cancel);
        resolve(value);
      };
      const onClose = () => done(false);
      const cancel = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      res.once("close", onClose);
      pending.add(cancel);
    });
    return answered && !res.destroyed;
  }

  function trimLog() {
    if (requestLog.length > MAX_LOG_ENTRIES)
      requestLog.splice(0, requestLog.length - MAX_LOG_ENTRIES);
  }

  /**
   * @param {unknown} parsed @param {Route} r @param {string} pathname @param {string | undefined} host @param {string | null} fault
   */
  function record(parsed, r, pathname, host, fault) {
    const time = new Date().toISOString();
    const path = r.rawKey ? pathname.replace(`/${r.rawKey}`, `/${maskKey(r.key)}`) : pathname;
    const base = {
      time,
      path,
      ...(host ? { host } : {}),
      endpoint: r.endpoint,
      ...(r.network ? { network: r.network } : {}),
      key: maskKey(r.key),
      ...(fault ? { fault } : {}),
    };
    const items = parsed === PARSE_ERROR ? [null] : Array.isArray(parsed) ? parsed : [parsed];
    for (const el of items) {
      const e =
        el && typeof el === "object"
          ? /** @type {{ id?: unknown, method?: unknown, params?: unknown }} */ (el)
          : {};
      requestLog.push({
        ...base,
        id: e.id ?? null,
        ...(typeof e.method === "string" ? { method: e.method } : {}),
        params: e.params ?? null,
      });
    }
    trimLog();
  }

  /**
   * @param {string} mode
   * @param {unknown} parsed
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @param {() => Promise<Reply | Reply[]>} compute the answer the request would have had
   */
  async function faultReply(mode, parsed, req, res, compute) {
    const status = Number(mode);
    if (STATUS_FAULTS.includes(status)) return statusReply(res, status);
    switch (mode) {
      case "html":
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n",
        );
      case "empty":
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "0" });
        return res.end();
      case "truncated": {
        const text = JSON.stringify(await compute());
        const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
        res.writeHead(200, {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(cut)),
        });
        return res.end(cut);
      }
      case "wrong-id": {
        const reply = await compute();
        const shift = (/** @type {Reply} */ r) => ({
          ...r,
          id: typeof r.id === "number" ? r.id + 1000 : `${String(r.id)}-other`,
        });
        return json(res, 200, Array.isArray(reply) ? reply.map(shift) : shift(reply));
      }
      case "no-jsonrpc": {
        const reply = await compute();
        const strip = (/** @type {Reply} */ r) => {
          const rest = { ...r };
          delete rest.jsonrpc;
          return rest;
        };
        return json(res, 200, Array.isArray(reply) ? reply.map(strip) : strip(reply));
      }
      case "drop":
        req.socket.destroy();
        return;
      case "oversized":
        return oversized(res, parsed);
      case "rpc-error": {
        const err = (/** @type {unknown} */ el) => rpcError(idOf(el), -32603, "internal error");
        return json(res, 200, Array.isArray(parsed) ? parsed.map(err) : err(parsed));
      }
      case "flaky-503": {
        const items = Array.isArray(parsed) ? parsed : [parsed];
        const counter = `${mode}:${items.map((el) => (el && typeof el === "object" ? String(/** @type {{ method?: unknown }} */ (el).method) : "?")).join(",")}`;
        const seen = flaky.get(counter) ?? 0;
        flaky.set(counter, seen + 1);
        if (seen === 0) return statusReply(res, 503);
        return json(res, 200, await compute());
      }
      default: {
        // slow, slow-<ms>
        const ms = mode === "slow" ? SLOW_MS : Number(mode.slice("slow-".length));
        if (!(await delay(res, ms))) return;
        return json(res, 200, await compute());
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.removeListener("error", reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://127.0.0.1:${actualPort}`;

  return {
    url,
    port: actualPort,
    /** @param {unknown} m */
    setManifest(m) {
      currentManifest = m;
    },
    /** @param {import("./services.mjs").Services} s */
    setServices(s) {
      currentServices = s;
    },
    /** The request log (a copy). */
    log: () => [...requestLog],
    clearLog() {
      requestLog = [];
      flaky.clear();
    },
    /** @returns {Promise<void>} */
    close() {
      for (const cancel of [...pending]) cancel();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const PARSE_ERROR = Symbol("parse error");

/** @param {unknown} el */
function idOf(el) {
  return el && typeof el === "object" && "id" in el ? /** @type {{ id: unknown }} */ (el).id : null;
}

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
function cors(req, res) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  const requested = req.headers["access-control-request-headers"];
  res.setHeader("Access-Control-Allow-Headers", requested ? String(requested) : "content-type");
  res.setHeader("Access-Control-Expose-Headers", "Retry-After, Content-Length");
  res.setHeader("Access-Control-Max-Age", "600");
}

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} value */
function json(res, status, value) {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/** @param {import("node:http").ServerResponse} res @param {number} status */
function statusReply(res, status) {
  const text = `${status} ${STATUS_CODES[status] ?? "Error"}\n`;
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    ...(status === 429 ? { "Retry-After": "1" } : {}),
  });
  res.end(text);
}

/** Reads a request body; null when it is larger than MAX_BODY_BYTES. @param {import("node:http").IncomingMessage} req @returns {Promise<Buffer | null>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let tooBig = false;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooBig ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Streams a valid JSON-RPC response of ~OVERSIZED_BYTES (a long hex string result), 1 MiB at a
 * time, respecting back-pressure and stopping when the client goes away.
 * @param {import("node:http").ServerResponse} res
 * @param {unknown} parsed
 */
async function oversized(res, parsed) {
  const batch = Array.isArray(parsed);
  const id = JSON.stringify(idOf(batch ? parsed[0] : parsed) ?? null);
  const head = `${batch ? "[" : ""}{"jsonrpc":"2.0","id":${id},"result":"0x`;
  const tail = `"}${batch ? "]" : ""}`;
  const chunk = Buffer.alloc(1024 * 1024, "deadbeef");
  const count = Math.ceil(OVERSIZED_BYTES / chunk.length);
  res.writeHead(200, {
    "Content-Type": "application/json",
    "Content-Length": String(head.length + count * chunk.length + tail.length),
  });
  res.write(head);
  for (let i = 0; i < count; i++) {
    if (res.destroyed) return;
    if (!res.write(chunk)) {
      const go = await new Promise((resolve) => {
        const onDrain = () => {
          res.removeListener("close", onClose);
          resolve(true);
        };
        const onClose = () => {
          res.removeListener("drain", onDrain);
          resolve(false);
        };
        res.once("drain", onDrain);
        res.once("close", onClose);
      });
      if (!go) return;
    }
  }
  res.end(tail);
}
