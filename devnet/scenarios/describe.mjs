// What the manifest says of the seeded chain, read back from anvil rather than remembered while
// sending: receipts, types and callTracer frame counts, the block of many types, every event.
import { getAddress, toEventSelector } from "viem";
import { fromHex } from "../rpc.mjs";

/**
 * @typedef {{ label: string, hash: string, blockHash: string, blockNumber: number, index: number,
 *   from: string, to: string | null, type: string, status: "success" | "reverted", frames: number }} TxRecord
 */

/**
 * Every transaction sent, described in the order sent.
 * @param {import("./chain.mjs").Chain} chain
 * @param {Record<string, { label: string, hash: string }>} sent
 */
export async function describeTransactions({ call, receipt }, sent) {
  /** @type {Record<string, TxRecord>} */
  const transactions = {};
  for (const [id, { label, hash }] of Object.entries(sent)) {
    const [tx, r] = await Promise.all([call("eth_getTransactionByHash", [hash]), receipt(hash)]);
    const trace = await call("debug_traceTransaction", [hash, { tracer: "callTracer" }]);
    const frames = countFrames(trace);
    transactions[id] = {
      label: id === "largeTrace" ? `${label} (${frames.toLocaleString("en-US")} frames)` : label,
      hash,
      blockHash: r.blockHash,
      blockNumber: fromHex(r.blockNumber),
      index: fromHex(r.transactionIndex),
      from: getAddress(r.from),
      to: r.to ? getAddress(r.to) : null,
      type: tx.type ?? "0x0",
      status: r.status === "0x1" ? "success" : "reverted",
      frames,
    };
  }
  // The reverting ones are the manifest's examples of a failed transaction: say so if they passed.
  for (const id of ["customError", "panic"])
    if (transactions[id]?.status !== "reverted") throw new Error(`${id} did not revert`);
  return transactions;
}

/**
 * The block that holds `tx` (the one with a transaction of every type).
 * @param {import("./chain.mjs").Chain} chain @param {TxRecord} tx
 */
export async function describeBlock({ call }, tx) {
  const block = await call("eth_getBlockByHash", [tx.blockHash, false]);
  return {
    label: `block with ${block.transactions.length} transactions`,
    hash: block.hash,
    number: fromHex(block.number),
    txCount: block.transactions.length,
  };
}

/**
 * Every event the contracts declare, once by name, with its signature and topic0.
 * @param {import("./chain.mjs").Artifact[]} arts
 */
export function eventsOf(arts) {
  const events = [];
  const seen = new Set();
  for (const art of arts)
    for (const item of art.abi)
      if (item.type === "event" && !seen.has(item.name)) {
        seen.add(item.name);
        const params = item.inputs.map(
          (/** @type {{ type: string, name: string, indexed?: boolean }} */ i) =>
            `${i.type}${i.indexed ? " indexed" : ""} ${i.name}`,
        );
        events.push({
          name: item.name,
          signature: `${item.name}(${params.join(", ")})`,
          topic0: toEventSelector(item),
        });
      }
  return events;
}

/**
 * Frames in a callTracer tree.
 * @param {{ calls?: unknown[] }} frame
 * @returns {number}
 */
export function countFrames(frame) {
  let n = 0;
  /** @type {{ calls?: unknown[] }[]} */
  const stack = [frame];
  while (stack.length) {
    const f = /** @type {{ calls?: unknown[] }} */ (stack.pop());
    n++;
    if (f.calls) stack.push(...f.calls);
  }
  return n;
}
