// The provider's URL shapes: which endpoint a request addresses, with which key, and which methods
// each endpoint serves. Pure functions of the path and host, so tests and the request log share
// one reading of a URL.

export const API_KEY = "nodescope-demo";
/**
 * The {chain}-{network} ids whose endpoint offers debug_jstraceTransaction and debug_traceCall
 * (others answer -32601 for them).
 */
export const TRACE_NETWORKS = ["bsc-mainnet", "eth-mainnet", "polygon-mainnet"];

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
  "eth_getTransactionCount",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  // what an in-browser replay reads an account with (issue 46)
  "eth_getProof",
];
/** @type {Record<string, string[]>} */
const ENDPOINT_METHODS = {
  rollupNitro: ["eth_estimateGas", "eth_getTransactionByBlockHashAndIndex", ...COMMON_METHODS],
  rollup: ["eth_getLogs", ...COMMON_METHODS],
  trace: ["debug_jstraceTransaction", "debug_traceCall", ...COMMON_METHODS],
};

/**
 * Keyless endpoints that stand for the nodes people have, each forwarding everything to anvil
 * except what such a node refuses (`/node/<mode>/`): the standard node of most public RPCs (no
 * `debug_*`, `trace_*`, `ots_*`), a node that serves the built-in tracers but no JavaScript ones
 * (several hosted providers, Erigon), and the full node (anvil as it is, but logged).
 */
export const NODE_MODES = ["full", "standard", "no-js-tracers"];
/** The built-in tracers a node without JavaScript tracers still serves (geth's native set). */
export const NATIVE_TRACERS = [
  "callTracer",
  "prestateTracer",
  "4byteTracer",
  "noopTracer",
  "flatCallTracer",
  "muxTracer",
];

/**
 * @typedef {{ endpoint: "rollupNitro" | "rollup" | "trace" | "node", key: string, network?: string,
 *   mode?: string, rawKey: string }} Route
 *   rawKey: the key as it stands in the path (still percent-encoded), so the log can mask it there;
 *   mode: the node's kind (NODE_MODES) on a `/node/<mode>/` path
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
  if ((m = /^\/node\/([a-z-]+)\/?$/.exec(pathname)) && NODE_MODES.includes(m[1] ?? ""))
    return { endpoint: "node", mode: m[1], key: "", rawKey: "" };
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

/** Whether a method is served at a route. @param {Route} r @param {string} method */
export function serves(r, method) {
  if (r.endpoint === "node") {
    // geth has no debug_jstraceTransaction; it is the provider's name.
    if (method === "debug_jstraceTransaction") return false;
    return r.mode !== "standard" || !/^(?:debug|trace|ots)_/.test(method);
  }
  if (
    r.endpoint === "trace" &&
    (method === "debug_jstraceTransaction" || method === "debug_traceCall")
  )
    return TRACE_NETWORKS.includes(r.network ?? "");
  return (ENDPOINT_METHODS[r.endpoint] ?? []).includes(method);
}

/**
 * Whether a trace request asks for a JavaScript tracer: a `tracer` in its config that is not one
 * of the built-in names (no tracer at all is the opcode logger, also built in).
 * @param {string} method @param {unknown} params
 */
export function asksJsTracer(method, params) {
  if (!/^debug_trace/.test(method) || !Array.isArray(params)) return false;
  const configAt = method === "debug_traceCall" ? 2 : 1;
  const config = params[configAt];
  if (!config || typeof config !== "object") return false;
  const tracer = /** @type {{ tracer?: unknown }} */ (config).tracer;
  return typeof tracer === "string" && !NATIVE_TRACERS.includes(tracer);
}
