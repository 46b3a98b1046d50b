// One transaction that moves every kind of asset (ETH, ERC-20, WETH, ERC-721, ERC-1155) and
// writes storage — what the balance, token and state-change views are tried on.
import { encodeDeployData, encodeFunctionData, getAddress } from "viem";
import { toHex } from "../rpc.mjs";
import { E18, need } from "./chain.mjs";

/**
 * @param {{
 *   chain: import("./chain.mjs").Chain,
 *   artifacts: Record<string, import("./chain.mjs").Artifact>,
 *   a0: `0x${string}`, recipients: `0x${string}`[],
 *   token: `0x${string}`, tokenData: (fn: string, args: unknown[]) => `0x${string}`,
 * }} options
 */
export async function runAssetScenario({ chain, artifacts, a0, recipients, token, tokenData }) {
  const { mined, ok } = chain;
  const Weth = need(artifacts, "MiniWETH");
  const Nft = need(artifacts, "MiniNFT");
  const Multi = need(artifacts, "MiniMulti");
  const Insight = need(artifacts, "Insight");
  /** @param {import("./chain.mjs").Artifact} art @param {unknown[]} [args] @param {string} what */
  const deploy = async (art, what, args = []) =>
    getAddress(
      ok(
        await mined({
          from: a0,
          data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args }),
        }),
        what,
      ).contractAddress,
    );
  const weth = await deploy(Weth, "MiniWETH deployment");
  const nft = await deploy(Nft, "MiniNFT deployment");
  const multiToken = await deploy(Multi, "MiniMulti deployment");
  const insight = await deploy(Insight, "Insight deployment", [token, weth, nft, multiToken]);
  ok(
    await mined({ from: a0, to: token, data: tokenData("transfer", [insight, 50n * E18]) }),
    "token transfer to Insight",
  );
  const value = 5n * E18;
  const nftId = 42n;
  const sent = {
    insight: {
      label: "balance, token and state changes",
      hash: ok(
        await mined({
          from: a0,
          to: insight,
          value: toHex(value),
          gas: toHex(3_000_000),
          data: encodeFunctionData({
            abi: Insight.abi,
            functionName: "run",
            args: [recipients, nftId],
          }),
        }),
        "insight",
      ).transactionHash,
    },
  };
  return {
    sent,
    addresses: { weth, nft, multiToken, insight },
    insight: { recipients, value: value.toString(), nftId: nftId.toString() },
  };
}
