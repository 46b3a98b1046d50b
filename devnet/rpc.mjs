// A minimal JSON-RPC 2.0 client over fetch, for talking to anvil from Node.

/** @typedef {{ code: number, message: string, data?: unknown }} RpcErrorObject */

export class RpcError extends Error {
  /**
   * @param {string} method
   * @param {RpcErrorObject} error
   */
  constructor(method, error) {
    super(`${method}: ${error.message} (${error.code})`);
    this.name = "RpcError";
    this.code = error.code;
    this.data = error.data;
  }
}

let nextId = 1;

/**
 * Posts one JSON-RPC request and returns the whole response envelope.
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} [params]
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ jsonrpc: string, id: number, result?: unknown, error?: RpcErrorObject }>}
 */
export async function rpcEnvelope(url, method, params = [], { timeoutMs = 60_000 } = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${method}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * Posts one JSON-RPC request and returns its result, throwing RpcError on an error object.
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} [params]
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<unknown>} the result (callers know its shape from the method)
 */
export async function rpc(url, method, params = [], options = {}) {
  const body = await rpcEnvelope(url, method, params, options);
  if (body.error) throw new RpcError(method, body.error);
  return body.result;
}

/** @param {number | bigint} n */
export const toHex = (n) => `0x${n.toString(16)}`;

/** @param {string} hex */
export const fromHex = (hex) => Number.parseInt(hex, 16);
