// One block of CROWDED_TXS transactions from one sender, pooled with automine off and mined
// together (issue 46): the replay of its 41st must first run the 40 before it, in order — its
// nonce and balance are theirs to set — so its requests and time say what a busy block costs.
// Plain transfers to fresh addresses: no token's logs or balances move (the log and activity
// scenarios count those).
import { getAddress, keccak256, toBytes } from "viem";
import { toHex } from "../rpc.mjs";
import { E18 } from "./chain.mjs";

/** Transactions in the block; the manifest's `crowded41` is the 41st (index 40). */
export const CROWDED_TXS = 45;
export const CROWDED_INDEX = 40;

/**
 * @param {{ chain: import("./chain.mjs").Chain, from: `0x${string}` }} options
 *   from: a dev account no later scenario sends from
 */
export async function runCrowdedBlock({ chain, from }) {
  const { call, send, withoutAutomine } = chain;
  /** @type {string[]} */
  const hashes = [];
  await withoutAutomine(async () => {
    for (let i = 0; i < CROWDED_TXS; i++) {
      const to = getAddress(`0x${keccak256(toBytes(`nodescope crowded ${i}`)).slice(-40)}`);
      hashes.push(await send({ from, to, value: toHex(E18 / 1000n + BigInt(i)), gas: "0x5208" }));
    }
    await call("evm_mine");
  });
  const hash = hashes[CROWDED_INDEX];
  if (!hash) throw new Error("the crowded block has no 41st transaction");
  return { sent: { crowded41: { label: `41st of ${CROWDED_TXS} in a block`, hash } } };
}
