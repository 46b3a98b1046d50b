// One block with several transactions of every type (legacy, access list, EIP-1559, a token
// call): pooled with automine off, then mined together, so the block view has a list to show
// and each type decodes side by side.
import { toHex } from "../rpc.mjs";
import { E18 } from "./chain.mjs";

/**
 * @param {{
 *   chain: import("./chain.mjs").Chain,
 *   a0: `0x${string}`, a1: `0x${string}`, a2: `0x${string}`, a3: `0x${string}`,
 *   token: `0x${string}`, tokenData: (fn: string, args: unknown[]) => `0x${string}`,
 * }} options
 */
export async function runTypedBlock({ chain, a0, a1, a2, a3, token, tokenData }) {
  const { call, send, withoutAutomine } = chain;
  const transferData = tokenData("transfer", [a3, 12n * E18 + 5n * 10n ** 17n]);
  /** @type {Record<string, { label: string, hash: string }>} */
  const sent = {};
  await withoutAutomine(async () => {
    sent.legacyTransfer = {
      label: "legacy ETH transfer (type 0x0)",
      hash: await send({
        from: a1,
        to: a2,
        value: toHex(E18 / 4n),
        gas: "0x5208",
        gasPrice: toHex(3_000_000_000n),
        type: "0x0",
      }),
    };
    sent.accessListTransfer = {
      label: "access-list transfer (type 0x1)",
      hash: await send({
        from: a1,
        to: token,
        gas: "0x186a0",
        gasPrice: toHex(3_000_000_000n),
        type: "0x1",
        data: tokenData("transfer", [a2, E18]),
        accessList: [{ address: token, storageKeys: [`0x${"0".repeat(63)}2`] }],
      }),
    };
    sent.dynamicFeeTransfer = {
      label: "EIP-1559 ETH transfer (type 0x2)",
      hash: await send({
        from: a1,
        to: a3,
        value: toHex(E18 / 2n),
        gas: "0x5208",
        maxFeePerGas: toHex(4_000_000_000n),
        maxPriorityFeePerGas: toHex(1_000_000_000n),
        type: "0x2",
      }),
    };
    sent.tokenTransfer = {
      label: "token transfer",
      hash: await send({ from: a0, to: token, gas: "0x186a0", data: transferData }),
    };
    await call("evm_mine");
  });
  return { sent };
}
