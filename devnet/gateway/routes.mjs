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
];
/** @type {Record<string, string[]>} */
const ENDPOINT_METHODS = {
  rollupNitro: ["eth_estimateGas", "eth_getTransactionByBlockHashAndIndex", ...COMMON_METHODS],
  rollup: ["eth_getLogs", ...COMMON_METHODS],
  trace: ["debug_jstraceTransaction", "debug_traceCall", ...COMMON_METHODS],
};

/**
 * @typedef {{ endpoint: "rollupNitro" | "rollup" | "trace", key: string, network?: string, rawKey: string }} Route
 *   rawKey: the key as it stands in the path (still percent-encoded), so the log can mask it there
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

/** Whether a method is served at a route. @param {Route} r @param {string} method */
export function serves(r, method) {
  if (
    r.endpoint === "trace" &&
    (method === "debug_jstraceTransaction" || method === "debug_traceCall")
  )
    return TRACE_NETWORKS.includes(r.network ?? "");
  return (ENDPOINT_METHODS[r.endpoint] ?? []).includes(method);
}
