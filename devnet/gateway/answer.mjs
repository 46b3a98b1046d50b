// What an authorised JSON-RPC request gets: checked against its endpoint, limited like the
// provider, then answered by anvil (debug_jstraceTransaction is anvil's callTracer trace).
import { rpcEnvelope } from "../rpc.mjs";
import { PARSE_ERROR, rpcError } from "./http.mjs";
import { MAX_BATCH, limitedGetLogs } from "./limits.mjs";
import { asksJsTracer, serves } from "./routes.mjs";

/**
 * @typedef {import("./http.mjs").Reply} Reply
 * @typedef {import("./routes.mjs").Route} Route
 */

/**
 * The answerer over one anvil.
 * @param {string} anvilUrl
 */
export function createAnswerer(anvilUrl) {
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
    // geth's answer when a tracer name is neither built in nor JavaScript it can run.
    if (r.mode === "no-js-tracers" && asksJsTracer(method, params))
      return rpcError(id, -32000, "tracer not found");
    if (r.endpoint === "node") return forward(method, params, id);
    if (method === "eth_getLogs") return limitedGetLogs(forward, params, id);
    if (method === "debug_jstraceTransaction") return forward("debug_traceTransaction", params, id);
    return forward(method, params, id);
  }

  /**
   * The reply to a parsed body (one request or a batch); an unauthorised request is still
   * answered per element, as the provider does.
   * @param {unknown} parsed @param {Route} r @param {boolean} authorised @returns {Promise<Reply | Reply[]>}
   */
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

  return { answer };
}
