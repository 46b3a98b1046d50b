// The provider's limits: block range and result count of eth_getLogs, batch size, body size.
// eth_getLogs answers with the provider's own -32005 texts, which the app's range scanner reads
// to split a range (the "Try with this block range" hint included).
import { toHex } from "../rpc.mjs";
import { rpcError } from "./http.mjs";

export const MAX_BLOCK_RANGE = 5_000;
export const MAX_RESULTS = 10_000;
export const MAX_BATCH = 500;
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * @typedef {import("./http.mjs").Reply} Reply
 * @typedef {(method: string, params: unknown, id: unknown) => Promise<Reply>} Forward
 */

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

/**
 * eth_getLogs with the provider's block-range and result-count limits.
 * @param {Forward} forward asks anvil
 * @param {unknown} params
 * @param {unknown} id
 * @returns {Promise<Reply>}
 */
export async function limitedGetLogs(forward, params, id) {
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
    .map((/** @type {{ blockNumber?: string }} */ l) => Number.parseInt(l.blockNumber ?? "0x0", 16))
    .sort((a, b) => a - b);
  const end = Math.max(from, /** @type {number} */ (blocks[MAX_RESULTS]) - 1);
  return rpcError(
    id,
    -32005,
    `query returned more than ${MAX_RESULTS} results. Try with this block range [${toHex(from)}, ${toHex(end)}].`,
  );
}
