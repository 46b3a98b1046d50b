// The token's transfer stream: ~12,500 blocks, a dense region, >= 20,000 Transfer logs — what the
// log table and the range scanner are tried on (the gateway's 5,000-block and 10,000-result
// limits must both bite inside it). Mined with automine off so each block's timestamp steps by
// BLOCK_INTERVAL and the stream ends about now.
import { getAddress, keccak256, toBytes } from "viem";
import { fromHex, toHex } from "../rpc.mjs";

/** Blocks the token's transfer stream spans. */
export const STREAM_BLOCKS = 12_500;
/** A steady token transaction every STEADY_EVERY blocks with STEADY_TRANSFERS transfers. */
const STEADY_EVERY = 125;
const STEADY_TRANSFERS = 100;
/** The dense region (offsets into the stream) with an extra DENSE_TRANSFERS-transfer tx every DENSE_EVERY blocks. */
export const DENSE_FROM = 6_000;
export const DENSE_TO = 7_999;
const DENSE_EVERY = 40;
const DENSE_TRANSFERS = 240;
/** Seconds between the stream's blocks (its timestamps end shortly before now). */
export const BLOCK_INTERVAL = 12;

/**
 * @param {{
 *   chain: import("./chain.mjs").Chain,
 *   token: `0x${string}`,
 *   tokenData: (fn: string, args: unknown[]) => string,
 *   accounts: `0x${string}`[],
 *   log: (msg: string) => void,
 * }} options accounts: anvil's dev accounts (0 and 1 send, 2–8 and 33 derived addresses receive)
 */
export async function runTokenStream({ chain, token, tokenData, accounts, log }) {
  const { call, send, withoutAutomine } = chain;
  const [a0, a1, a2, a3] = accounts;
  const t0 = Date.now();
  const recipients = [a2, a3, ...accounts.slice(4, 9)];
  for (let i = 0; recipients.length < 40; i++)
    recipients.push(getAddress(`0x${keccak256(toBytes(`nodescope recipient ${i}`)).slice(-40)}`));
  /** @type {Map<number, number[]>} offset → transfers per transaction */
  const plan = new Map();
  const add = (/** @type {number} */ offset, /** @type {number} */ n) =>
    plan.set(offset, [...(plan.get(offset) ?? []), n]);
  for (let o = 0; o < STREAM_BLOCKS; o += STEADY_EVERY) add(o, STEADY_TRANSFERS);
  for (let o = DENSE_FROM + 7; o <= DENSE_TO; o += DENSE_EVERY) add(o, DENSE_TRANSFERS);
  const fromBlock = fromHex(await call("eth_blockNumber")) + 1;
  const toBlock = fromBlock + STREAM_BLOCKS - 1;
  let transferCount = 0;
  let txCount = 0;
  await withoutAutomine(async () => {
    const offsets = [...plan.keys()].sort((a, b) => a - b);
    for (let k = 0; k < offsets.length; k++) {
      const offset = /** @type {number} */ (offsets[k]);
      for (const n of plan.get(offset) ?? []) {
        /** @type {`0x${string}`[]} */ const to = [];
        /** @type {bigint[]} */ const amounts = [];
        for (let j = 0; j < n; j++) {
          to.push(
            /** @type {`0x${string}`} */ (recipients[(txCount * 7 + j * 3) % recipients.length]),
          );
          amounts.push(10n ** 15n * BigInt(1 + ((txCount * 131 + j * 17) % 997)));
        }
        await send({
          from: txCount % 2 ? a1 : a0,
          to: token,
          gas: toHex(100_000 + 40_000 * n),
          data: tokenData("batchTransfer", [to, amounts]),
        });
        transferCount += n;
        txCount++;
      }
      const next = k + 1 < offsets.length ? /** @type {number} */ (offsets[k + 1]) : STREAM_BLOCKS;
      // the first mined block takes the pooled transactions
      await call("anvil_mine", [toHex(next - offset), toHex(BLOCK_INTERVAL)]);
    }
  });
  const head = fromHex(await call("eth_blockNumber"));
  if (head !== toBlock) throw new Error(`token stream ended at block ${head}, expected ${toBlock}`);
  log(
    `token stream: ${txCount} txs, ${transferCount} transfers over ${STREAM_BLOCKS} blocks in ${Date.now() - t0} ms`,
  );
  return { fromBlock, toBlock, transferCount };
}
