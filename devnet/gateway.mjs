// An HTTP gateway in front of anvil that speaks the provider's URL shapes, keys, limits and errors,
// logs every JSON-RPC request, and injects faults on request. This file is the server and its
// dispatch; each concern is a room of its own in gateway/: the URL shapes (routes), the limits,
// the answer from anvil, the faults, the request log, the service stand-ins, the reply shapes.
import { createServer } from "node:http";
import { serviceRoute } from "./services.mjs";
import { createAnswerer } from "./gateway/answer.mjs";
import { FAULT_MODES, createFaults, faultOf } from "./gateway/faults.mjs";
import { PARSE_ERROR, cors, createDelays, json, readBody } from "./gateway/http.mjs";
import { MAX_BODY_BYTES } from "./gateway/limits.mjs";
import { createRequestLog, testOf } from "./gateway/requestLog.mjs";
import { API_KEY, NODE_MODES, route } from "./gateway/routes.mjs";
import { serveService } from "./gateway/serviceReply.mjs";

// What other modules (index.mjs, the tests) read from the gateway, from the one place they knew.
export {
  API_KEY,
  NATIVE_TRACERS,
  NODE_MODES,
  TRACE_NETWORKS,
  maskKey,
  route,
  serves,
} from "./gateway/routes.mjs";
export { FAULT_MODES, OVERSIZED_BYTES, SLOW_MS, STATUS_FAULTS } from "./gateway/faults.mjs";
export { MAX_BATCH, MAX_BLOCK_RANGE, MAX_BODY_BYTES, MAX_RESULTS } from "./gateway/limits.mjs";
export { MAX_LOG_ENTRIES, TEST_HEADER } from "./gateway/requestLog.mjs";

/**
 * @typedef {import("./gateway/routes.mjs").Route} Route
 * @typedef {import("./gateway/http.mjs").Reply} Reply
 * @typedef {import("./gateway/requestLog.mjs").RpcLogEntry} RpcLogEntry
 * @typedef {import("./gateway/requestLog.mjs").ServiceLogEntry} ServiceLogEntry
 * @typedef {import("./gateway/requestLog.mjs").LogEntry} LogEntry
 */

/**
 * Starts the gateway on 127.0.0.1.
 * @param {{ anvilUrl: string, port?: number, manifest?: unknown,
 *   services?: import("./services.mjs").Services }} options services: what /sigdb and /sourcify answer
 */
export async function startGateway({ anvilUrl, port = 0, manifest, services }) {
  const requestLog = createRequestLog();
  const delays = createDelays();
  const faults = createFaults(delays);
  const { answer } = createAnswerer(anvilUrl);
  let currentManifest = manifest;
  let currentServices = services;

  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  async function handle(req, res) {
    cors(req, res);
    const url = new URL(req.url ?? "/", "http://gateway.invalid");
    if (req.method === "OPTIONS") {
      res.writeHead(204, { "Content-Length": "0" });
      return res.end();
    }
    if (url.pathname === "/__log") {
      // ?test=<id>: one e2e test's entries (TEST_HEADER), so tests can share the gateway
      const test = url.searchParams.get("test") ?? undefined;
      if (req.method === "DELETE") {
        const cleared = requestLog.clear(test);
        faults.reset(test);
        return json(res, 200, { cleared });
      }
      return json(res, 200, requestLog.entries(test));
    }
    if (url.pathname === "/manifest.json") {
      if (currentManifest === undefined) return json(res, 404, { error: "no manifest yet" });
      return json(res, 200, currentManifest);
    }
    const service = serviceRoute(url.pathname);
    if (service)
      return serveService(service, url, req, res, {
        log: requestLog,
        delay: delays.delay,
        services: currentServices,
      });
    const r = route(url.pathname, req.headers.host);
    if (!r) {
      if (req.method === "GET" && url.pathname === "/")
        return json(res, 200, {
          name: "nodescope devnet gateway",
          anvil: "hidden",
          manifest: "/manifest.json",
          log: "/__log",
          faults: FAULT_MODES,
          nodes: NODE_MODES.map((m) => `/node/${m}/`),
          services: { sigdb: "/sigdb", sourcify: "/sourcify", solc: "/solc" },
        });
      return json(res, 404, { error: `no endpoint at ${url.pathname}` });
    }
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST, OPTIONS");
      return json(res, 405, { error: "use POST" });
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) {
      res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      return res.end("413 Payload Too Large");
    }
    /** @type {unknown} */
    let parsed = PARSE_ERROR;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      // answered with -32700
    }
    const fault = faultOf(r.key);
    const test = testOf(req);
    requestLog.recordRpc(parsed, r, url.pathname, req.headers.host, fault, test);
    // A fault key stands in for a valid one: the fault, not a 401, is what the caller asked to see.
    // The `/node/<mode>/` endpoints are keyless, as public RPCs are.
    const authorised = r.key === API_KEY || fault !== null || r.endpoint === "node";
    if (fault === null) return json(res, 200, await answer(parsed, r, authorised));
    return faults.reply(fault, parsed, req, res, () => answer(parsed, r, authorised), test);
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
    log: () => requestLog.entries(),
    clearLog() {
      requestLog.clear();
      faults.reset();
    },
    /** @returns {Promise<void>} */
    close() {
      delays.cancelAll();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
