// What every scenario sends with: JSON-RPC to anvil from unlocked dev accounts, a receipt
// awaited, a failure named. One kit, so each scenario file holds only its transactions.
import { rpc } from "../rpc.mjs";

export const E18 = 10n ** 18n;

/**
 * @typedef {import("../compile.mjs").Artifact} Artifact
 * @typedef {{ status: string, transactionHash: string, contractAddress: string, [field: string]: unknown }} Receipt
 * @typedef {ReturnType<typeof connect>} Chain
 */

/**
 * The scenario kit over anvil at `url`.
 * @param {string} url
 */
export function connect(url) {
  /** @param {string} method @param {unknown[]} [params] */
  const call = (method, params = []) => rpc(url, method, params);
  /**
   * Sends a transaction from an unlocked dev account; returns its hash.
   * @param {Record<string, unknown>} tx
   */
  const send = (tx) => call("eth_sendTransaction", [tx]);
  /** @param {string} hash */
  const receipt = async (hash) => {
    for (let i = 0; i < 200; i++) {
      const r = await call("eth_getTransactionReceipt", [hash]);
      if (r) return r;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error(`no receipt for ${hash}`);
  };
  /** Sends and waits for the receipt (automine is on). @param {Record<string, unknown>} tx */
  const mined = async (tx) => receipt(await send(tx));
  /** @param {{ status: string, transactionHash?: string }} r @param {string} what */
  const ok = (r, what) => {
    if (r.status !== "0x1") throw new Error(`${what} failed (${r.transactionHash})`);
    return r;
  };
  /**
   * Runs `fn` with automine off (transactions pool until `fn` mines them) and turns it back on
   * after, also when `fn` fails, so what follows is not left waiting for a block.
   * @template T @param {() => Promise<T>} fn
   */
  const withoutAutomine = async (fn) => {
    await call("evm_setAutomine", [false]);
    try {
      return await fn();
    } finally {
      await call("evm_setAutomine", [true]);
    }
  };
  return { call, send, receipt, mined, ok, withoutAutomine };
}

/**
 * A compiled contract by name; a missing one means the contracts folder and a scenario disagree.
 * @param {Record<string, Artifact>} artifacts
 * @param {string} name
 */
export function need(artifacts, name) {
  const a = artifacts[name];
  if (!a) throw new Error(`contract ${name} was not compiled`);
  return a;
}
