// The signature database and Sourcify stand-ins over HTTP (their data and answers are
// devnet/services.mjs), with their fault bases (`down`, `garbage`, `slow-<ms>`); every request
// is logged beside the JSON-RPC ones so specs can see what decoding asked for.
import { sigdbAnswer, sourcifyAnswer } from "../services.mjs";
import { solcAnswer } from "../solcBinaries.mjs";
import { json, statusReply } from "./http.mjs";
import { testOf } from "./requestLog.mjs";

/**
 * @param {import("../services.mjs").ServiceRoute} s
 * @param {URL} url
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{
 *   log: ReturnType<typeof import("./requestLog.mjs").createRequestLog>,
 *   delay: (res: import("node:http").ServerResponse, ms: number) => Promise<boolean>,
 *   services: import("../services.mjs").Services | undefined,
 * }} gateway what the gateway holds now (the services arrive after the gateway starts)
 */
export async function serveService(s, url, req, res, { log, delay, services }) {
  const fault = s.fault === "slow" ? `slow-${s.slowMs}` : s.fault;
  log.recordService(
    {
      time: new Date().toISOString(),
      service: s.service,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      ...(fault ? { fault } : {}),
    },
    testOf(req),
  );
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD, OPTIONS");
    return json(res, 405, { error: "use GET" });
  }
  if (s.fault === "down") return statusReply(res, 503);
  if (s.fault === "garbage") {
    const text = "<!DOCTYPE html><html><body>upstream returned garbage {ok: maybe</body></html>\n";
    res.writeHead(200, {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
    });
    return res.end(text);
  }
  if (s.fault === "slow" && !(await delay(res, s.slowMs))) return;
  if (!services) return json(res, 404, { error: `no ${s.service} data on this gateway` });
  if (s.service === "solc") {
    if (!services.solc) return json(res, 404, { error: "no compiler on this gateway" });
    const bin = solcAnswer(services.solc, s.rest);
    res.writeHead(bin.status, {
      "Content-Type": bin.contentType,
      "Content-Length": String(Buffer.byteLength(bin.body)),
      // a build is immutable: the browser may keep it
      "Cache-Control": bin.status === 200 ? "public, max-age=86400" : "no-store",
    });
    return res.end(req.method === "HEAD" ? undefined : bin.body);
  }
  const reply =
    s.service === "sigdb"
      ? sigdbAnswer(services.sigdb, s.rest, url.searchParams)
      : sourcifyAnswer(services.sourcify, s.rest, url.searchParams);
  return json(res, reply.status, reply.body);
}
