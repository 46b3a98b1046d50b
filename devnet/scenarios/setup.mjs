// Before the token's range: the token with its balances and approvals, and the Scenarios contract
// (which deploys its Child). Every later scenario calls these, so they come first.
import { encodeDeployData, encodeFunctionData, getAddress } from "viem";
import { toHex } from "../rpc.mjs";
import { E18, need } from "./chain.mjs";

/**
 * @param {{
 *   chain: import("./chain.mjs").Chain,
 *   artifacts: Record<string, import("./chain.mjs").Artifact>,
 *   a0: `0x${string}`, a1: `0x${string}`, a2: `0x${string}`, a3: `0x${string}`, a9: `0x${string}`,
 * }} options a1 gets a million tokens, a9 only 5 (its transfer of 1,000 later reverts); a2 and
 *   a3 are spenders
 */
export async function runSetup({ chain, artifacts, a0, a1, a2, a3, a9 }) {
  const { call, mined, ok } = chain;
  const Token = need(artifacts, "NodescopeToken");
  const Scenarios = need(artifacts, "Scenarios");
  const tokenReceipt = ok(
    await mined({
      from: a0,
      data: encodeDeployData({
        abi: Token.abi,
        bytecode: Token.bytecode,
        args: [1_000_000_000n * E18],
      }),
    }),
    "token deployment",
  );
  const token = getAddress(tokenReceipt.contractAddress);
  /** @param {string} fn @param {unknown[]} args */
  const tokenData = (fn, args) => encodeFunctionData({ abi: Token.abi, functionName: fn, args });
  ok(
    await mined({ from: a0, to: token, data: tokenData("transfer", [a1, 1_000_000n * E18]) }),
    "token transfer",
  );
  ok(
    await mined({ from: a0, to: token, data: tokenData("transfer", [a9, 5n * E18]) }),
    "token transfer",
  );
  ok(
    await mined({ from: a0, to: token, data: tokenData("approve", [a2, 1_000n * E18]) }),
    "approve",
  );
  ok(
    await mined({ from: a1, to: token, data: tokenData("approve", [a3, 2n ** 256n - 1n]) }),
    "approve",
  );
  const scenariosReceipt = ok(
    await mined({
      from: a0,
      value: toHex(E18),
      data: encodeDeployData({ abi: Scenarios.abi, bytecode: Scenarios.bytecode }),
    }),
    "scenarios deployment",
  );
  const scenarios = getAddress(scenariosReceipt.contractAddress);
  /** @param {string} fn @param {unknown[]} [args] */
  const scenariosData = (fn, args = []) =>
    encodeFunctionData({ abi: Scenarios.abi, functionName: fn, args });
  const child = getAddress(
    await call("eth_call", [{ to: scenarios, data: scenariosData("child") }, "latest"]).then(
      (/** @type {string} */ r) => `0x${r.slice(-40)}`,
    ),
  );
  return { token, tokenData, scenarios, scenariosData, child };
}
